package org.sciycsb.fhir;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FhirGeneratorTest {
  private final ObjectMapper mapper = new ObjectMapper();
  private final FhirGenerator gen = new FhirGenerator(3, 1_000_000, 20, 7.0);

  @Test
  void sameSeedSameData() {
    FhirGenerator again = new FhirGenerator(3, 1_000_000, 20, 7.0);
    for (long i : new long[] {0, 1, 17, 999_999}) {
      assertThat(again.patientId(i)).isEqualTo(gen.patientId(i));
      assertThat(again.patientJson(i)).isEqualTo(gen.patientJson(i));
      assertThat(again.observations(i)).isEqualTo(gen.observations(i));
    }
    FhirGenerator other = new FhirGenerator(4, 1_000_000, 20, 7.0);
    assertThat(other.patientId(17)).isNotEqualTo(gen.patientId(17));
  }

  @Test
  void idsAreDistinctAndNotMonotonic() {
    Set<String> ids = new HashSet<>();
    int increasing = 0;
    String prev = null;
    for (long i = 0; i < 200_000; i++) {
      String id = gen.patientId(i);
      assertThat(id).matches("[0-9a-f]{16}");
      assertThat(ids.add(id)).as("id of patient %d is new", i).isTrue();
      if (prev != null && id.compareTo(prev) > 0) {
        increasing++;
      }
      prev = id;
    }
    // a monotonic key would give 199,999 increasing steps; hashed ids give about half
    assertThat(increasing).isBetween(95_000, 105_000);
  }

  @Test
  void observationCountsAreZeroToTwentyWithMeanSeven() {
    long sum = 0;
    int n = 200_000;
    int[] hist = new int[21];
    for (long i = 0; i < n; i++) {
      int c = gen.observationCount(i);
      assertThat(c).isBetween(0, 20);
      hist[c]++;
      sum += c;
    }
    double mean = (double) sum / n;
    assertThat(mean).isCloseTo(7.0, org.assertj.core.data.Offset.offset(0.05));
    assertThat(hist[0]).as("some patients have no observation").isPositive();
    assertThat(hist[15] + hist[16] + hist[17]).as("some have many").isPositive();
    assertThat(hist[7]).as("the mode is near the mean").isGreaterThan(hist[3]).isGreaterThan(hist[12]);
  }

  @Test
  void timelinesAreStrictlyIncreasingAndInThePast() {
    long now = System.currentTimeMillis();
    for (long i = 0; i < 10_000; i++) {
      long[] t = gen.observationTimes(i);
      assertThat(t.length).isEqualTo(gen.observationCount(i));
      for (int j = 0; j < t.length; j++) {
        assertThat(t[j]).isLessThan(now);
        if (j > 0) {
          assertThat(t[j]).isGreaterThan(t[j - 1]);
        }
      }
    }
  }

  @Test
  void newestIsNewestFirst() {
    long i = firstWith(8);
    List<FhirGenerator.Obs> all = gen.observations(i);
    List<FhirGenerator.Obs> top = gen.newest(i, 5);
    assertThat(top).hasSize(5);
    assertThat(top.get(0)).isEqualTo(all.get(all.size() - 1));
    assertThat(top.get(4)).isEqualTo(all.get(all.size() - 5));
    long none = firstWith(0);
    assertThat(gen.newest(none, 5)).isEmpty();
    long two = firstWith(2);
    assertThat(gen.newest(two, 5)).hasSize(2);
  }

  private long firstWith(int count) {
    for (long i = 0; ; i++) {
      if (gen.observationCount(i) == count) {
        return i;
      }
    }
  }

  @Test
  void patientIsAValidFhirR4Patient() throws Exception {
    Set<String> genders = new HashSet<>();
    for (long i = 0; i < 500; i++) {
      JsonNode p = mapper.readTree(gen.patientJson(i));
      assertThat(p.path("resourceType").asText()).isEqualTo("Patient");
      assertThat(p.path("id").asText()).isEqualTo(gen.patientId(i)).matches("[A-Za-z0-9\\-.]{1,64}");
      JsonNode ident = p.path("identifier").get(0);
      assertThat(ident.path("system").asText()).startsWith("urn:oid:");
      assertThat(ident.path("value").asText()).isNotEmpty();
      JsonNode name = p.path("name").get(0);
      assertThat(name.path("family").asText()).isNotEmpty();
      assertThat(name.path("given").isArray()).isTrue();
      assertThat(name.path("given").get(0).asText()).isNotEmpty();
      String gender = p.path("gender").asText();
      assertThat(gender).isIn("male", "female", "other", "unknown");
      genders.add(gender);
      assertThat(p.path("birthDate").asText()).matches("(19|20)\\d\\d-\\d\\d-\\d\\d");
      JsonNode addr = p.path("address").get(0);
      assertThat(addr.path("city").asText()).isNotEmpty();
      assertThat(addr.path("postalCode").asText()).matches("\\d{5}");
      assertThat(addr.path("line").get(0).asText()).isNotEmpty();
      JsonNode telecom = p.path("telecom");
      assertThat(telecom.get(0).path("system").asText()).isEqualTo("phone");
      assertThat(telecom.get(1).path("system").asText()).isEqualTo("email");
      assertThat(telecom.get(1).path("value").asText()).contains("@");
    }
    assertThat(genders).contains("male", "female");
  }

  @Test
  void observationIsAValidFhirR4Observation() throws Exception {
    Set<String> codes = new HashSet<>();
    int sizeSum = 0;
    int count = 0;
    for (long i = 0; i < 300; i++) {
      for (FhirGenerator.Obs o : gen.observations(i)) {
        JsonNode n = mapper.readTree(o.json());
        assertThat(n.path("resourceType").asText()).isEqualTo("Observation");
        assertThat(n.path("id").asText()).isEqualTo(o.id()).matches("[A-Za-z0-9\\-.]{1,64}");
        assertThat(n.path("status").asText()).isEqualTo("final");
        JsonNode coding = n.path("code").path("coding").get(0);
        assertThat(coding.path("system").asText()).isEqualTo("http://loinc.org");
        assertThat(coding.path("code").asText()).matches("\\d+-\\d");
        assertThat(coding.path("display").asText()).isNotEmpty();
        codes.add(coding.path("code").asText());
        assertThat(n.path("subject").path("reference").asText()).isEqualTo("Patient/" + gen.patientId(i));
        assertThat(Instant.parse(n.path("effectiveDateTime").asText()).toEpochMilli()).isEqualTo(o.timeMillis());
        JsonNode q = n.path("valueQuantity");
        assertThat(q.path("value").isNumber()).isTrue();
        assertThat(q.path("unit").asText()).isNotEmpty();
        assertThat(q.path("system").asText()).isEqualTo("http://unitsofmeasure.org");
        assertThat(q.path("code").asText()).isNotEmpty();
        sizeSum += o.json().length();
        count++;
      }
    }
    assertThat(codes.size()).as("many LOINC tests").isGreaterThan(10);
    assertThat(sizeSum / count).as("mean observation size, bytes").isBetween(400, 1200);
    assertThat(gen.patientJson(0).length()).as("patient size, bytes").isBetween(500, 1500);
  }

  @Test
  void insertedObservationsUseTheGivenIdAndTime() throws Exception {
    long t = System.currentTimeMillis();
    FhirGenerator.Obs o = gen.newObservation(5, gen.patientId(5) + "-x1", t, new Rng(1));
    JsonNode n = mapper.readTree(o.json());
    assertThat(n.path("id").asText()).isEqualTo(gen.patientId(5) + "-x1");
    assertThat(Instant.parse(n.path("effectiveDateTime").asText()).toEpochMilli()).isEqualTo(t);
    assertThat(o.timeMillis()).isGreaterThan(gen.observationTimes(5)[gen.observationCount(5) - 1]);
  }
}
