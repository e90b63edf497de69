package org.sciycsb.fhir;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The deterministic FHIR R4 data set: patient {@code i} (0-based) always has the same id, the same Patient
 * resource and the same Observations, computed from {@code (seed, i)} alone, so any patient's timeline can be
 * recomputed at verify time without reading the store.
 *
 * <ul>
 *   <li>Patient ids are 16 hex digits of a bijective 64-bit mix of {@code i}: distinct, and not monotonically
 *       increasing (seed 003's MongoDB range-sharding pitfall).</li>
 *   <li>Observations per patient follow a binomial distribution B(max, mean/max): 0 to {@code max} (20), mean
 *       {@code mean} (7), as in seed 003.</li>
 *   <li>Observation times start between 2010 and 2015 and grow by 1 hour to 90 days, so a patient's loaded
 *       observations are strictly ordered and all lie in the past; an observation inserted during a run takes
 *       the wall clock, newer than all of them.</li>
 * </ul>
 */
public final class FhirGenerator {
  /** One observation: its id, effective time (epoch ms, the timeline order) and its FHIR JSON. */
  public record Obs(String id, long timeMillis, String json) {}

  private static final long T0 = Instant.parse("2010-01-01T00:00:00Z").toEpochMilli();
  private static final long FIVE_YEARS_S = 5L * 365 * 86_400;
  private static final long HOUR_S = 3_600;
  private static final long NINETY_DAYS_S = 90L * 86_400;
  private static final String[] FAMILY = {"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller",
      "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor",
      "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez",
      "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Nguyen", "Hill", "Flores"};
  private static final String[] MALE = {"James", "Robert", "John", "Michael", "David", "William", "Richard",
      "Joseph", "Thomas", "Charles", "Daniel", "Matthew", "Anthony", "Mark", "Steven", "Paul", "Andrew", "Kevin"};
  private static final String[] FEMALE = {"Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan",
      "Jessica", "Sarah", "Karen", "Lisa", "Nancy", "Betty", "Sandra", "Ashley", "Emily", "Donna", "Michelle"};
  private static final String[] STREET = {"Main Street", "Oak Avenue", "Pine Road", "Maple Drive", "Cedar Lane",
      "Elm Street", "Washington Boulevard", "Lake View Drive", "Hillcrest Road", "Park Avenue", "Sunset Boulevard",
      "River Road", "Church Street", "Highland Avenue", "Mill Street"};
  private static final String[][] CITY = {{"Frederick", "MD", "217"}, {"Pittsburgh", "PA", "152"},
      {"Austin", "TX", "787"}, {"San Diego", "CA", "921"}, {"Seattle", "WA", "981"}, {"Denver", "CO", "802"},
      {"Columbus", "OH", "432"}, {"Nashville", "TN", "372"}, {"Portland", "OR", "972"}, {"Tampa", "FL", "336"},
      {"Omaha", "NE", "681"}, {"Albany", "NY", "122"}, {"Madison", "WI", "537"}, {"Tucson", "AZ", "857"}};

  private final long seed;
  private final long seedMix;
  private final long patients;
  private final int maxObs;
  private final double perTrial;

  /**
   * @param seed     the data set's seed ({@code fhir.seed})
   * @param patients patients in the data set
   * @param maxObs   most observations a patient has (20)
   * @param meanObs  mean observations a patient has (7)
   */
  public FhirGenerator(long seed, long patients, int maxObs, double meanObs) {
    if (maxObs < 0 || meanObs < 0 || meanObs > maxObs) {
      throw new IllegalArgumentException("need 0 <= mean (" + meanObs + ") <= max (" + maxObs + ")");
    }
    this.seed = seed;
    this.seedMix = Rng.mix(seed ^ 0x5eed_f41bL);
    this.patients = patients;
    this.maxObs = maxObs;
    this.perTrial = maxObs == 0 ? 0 : meanObs / maxObs;
  }

  public long seed() {
    return seed;
  }

  public long patients() {
    return patients;
  }

  public int maxObservations() {
    return maxObs;
  }

  /** The patient's id: 16 hex digits, distinct for distinct {@code i}, in no increasing order. */
  public String patientId(long i) {
    return hex16(Rng.mix(i ^ seedMix));
  }

  private long patientSeed(long i) {
    return Rng.mix(Rng.mix(i + 0x1234_5678L) ^ seedMix);
  }

  /** How many observations the patient has at load: B(max, mean/max). */
  public int observationCount(long i) {
    Rng r = new Rng(patientSeed(i));
    int n = 0;
    for (int k = 0; k < maxObs; k++) {
      if (r.nextDouble() < perTrial) {
        n++;
      }
    }
    return n;
  }

  /** The effective times (epoch ms) of the patient's loaded observations, oldest first, strictly increasing. */
  public long[] observationTimes(long i) {
    Rng r = new Rng(patientSeed(i));
    int n = 0;
    for (int k = 0; k < maxObs; k++) {
      if (r.nextDouble() < perTrial) {
        n++;
      }
    }
    long[] t = new long[n];
    long s = r.between(0, FIVE_YEARS_S);
    for (int j = 0; j < n; j++) {
      if (j > 0) {
        s += r.between(HOUR_S, NINETY_DAYS_S);
      }
      t[j] = T0 + s * 1000;
    }
    return t;
  }

  /** The patient's loaded observations, oldest first. */
  public List<Obs> observations(long i) {
    long[] t = observationTimes(i);
    String pid = patientId(i);
    List<Obs> out = new ArrayList<>(t.length);
    for (int j = 0; j < t.length; j++) {
      Rng r = new Rng(Rng.mix(patientSeed(i) + 0x9e37_79b9L * (j + 1)));
      String id = pid + "-" + j;
      out.add(new Obs(id, t[j], observationJson(id, pid, t[j], r)));
    }
    return out;
  }

  /** The patient's {@code n} newest loaded observations, newest first. */
  public List<Obs> newest(long i, int n) {
    List<Obs> all = observations(i);
    List<Obs> out = new ArrayList<>(Math.min(n, all.size()));
    for (int j = all.size() - 1; j >= 0 && out.size() < n; j--) {
      out.add(all.get(j));
    }
    return out;
  }

  /** A new observation of a patient at the given time, its test and value drawn from {@code r}. */
  public Obs newObservation(long i, String id, long timeMillis, Rng r) {
    String pid = patientId(i);
    return new Obs(id, timeMillis, observationJson(id, pid, timeMillis, r));
  }

  // ------------------------------------------------------------------------------------------------ Patient

  /** The patient's FHIR R4 Patient resource as JSON. */
  public String patientJson(long i) {
    Rng r = new Rng(Rng.mix(patientSeed(i) ^ 0x7a7e_17L));
    String id = patientId(i);
    int g = r.nextInt(100);
    String gender = g < 49 ? "male" : g < 98 ? "female" : g < 99 ? "other" : "unknown";
    String[] given = gender.equals("male") ? MALE : gender.equals("female") ? FEMALE : r.nextInt(2) == 0 ? MALE
        : FEMALE;
    String family = FAMILY[r.nextInt(FAMILY.length)];
    String first = given[r.nextInt(given.length)];
    String middle = given[r.nextInt(given.length)];
    LocalDate birth = LocalDate.of(1930, 1, 1).plusDays(r.between(0, 90L * 365));
    String[] city = CITY[r.nextInt(CITY.length)];
    String phone = "+1-555-" + pad(r.between(100, 999), 3) + "-" + pad(r.between(0, 9999), 4);
    StringBuilder sb = new StringBuilder(900);
    sb.append("{\"resourceType\":\"Patient\",\"id\":\"").append(id).append('"');
    sb.append(",\"meta\":{\"profile\":[\"http://hl7.org/fhir/StructureDefinition/Patient\"]}");
    sb.append(",\"identifier\":[{\"use\":\"usual\",\"type\":{\"coding\":[{\"system\":")
        .append("\"http://terminology.hl7.org/CodeSystem/v2-0203\",\"code\":\"MR\",\"display\":")
        .append("\"Medical record number\"}],\"text\":\"MRN\"},\"system\":\"urn:oid:2.16.840.1.113883.19.5\"")
        .append(",\"value\":\"").append(pad(10_000_000L + i, 8)).append("\"}]");
    sb.append(",\"active\":true");
    sb.append(",\"name\":[{\"use\":\"official\",\"family\":\"").append(Json.esc(family))
        .append("\",\"given\":[\"").append(Json.esc(first)).append("\",\"").append(Json.esc(middle))
        .append("\"]}]");
    sb.append(",\"telecom\":[{\"system\":\"phone\",\"value\":\"").append(phone).append("\",\"use\":\"")
        .append(r.nextInt(2) == 0 ? "home" : "mobile").append("\",\"rank\":1},{\"system\":\"email\",\"value\":\"")
        .append(first.toLowerCase(java.util.Locale.ROOT)).append('.')
        .append(family.toLowerCase(java.util.Locale.ROOT)).append(r.between(1, 99))
        .append("@example.org\",\"use\":\"home\"}]");
    sb.append(",\"gender\":\"").append(gender).append('"');
    sb.append(",\"birthDate\":\"").append(birth).append('"');
    sb.append(",\"address\":[{\"use\":\"home\",\"type\":\"physical\",\"line\":[\"").append(r.between(1, 9999))
        .append(' ').append(STREET[r.nextInt(STREET.length)]).append("\"],\"city\":\"").append(city[0])
        .append("\",\"state\":\"").append(city[1]).append("\",\"postalCode\":\"").append(city[2])
        .append(pad(r.between(0, 99), 2)).append("\",\"country\":\"US\"}]");
    sb.append('}');
    return sb.toString();
  }

  // ------------------------------------------------------------------------------------------------ Observation

  static String observationJson(String id, String patientId, long timeMillis, Rng r) {
    LabTest t = LabTest.ALL[r.nextInt(LabTest.ALL.length)];
    String value = decimal(t.min() + (t.max() - t.min()) * r.nextDouble(), t.decimals());
    StringBuilder sb = new StringBuilder(900);
    sb.append("{\"resourceType\":\"Observation\",\"id\":\"").append(Json.esc(id)).append('"');
    sb.append(",\"status\":\"final\"");
    sb.append(",\"category\":[{\"coding\":[{\"system\":")
        .append("\"http://terminology.hl7.org/CodeSystem/observation-category\",\"code\":\"").append(t.category())
        .append("\",\"display\":\"").append(t.category().equals("laboratory") ? "Laboratory" : "Vital Signs")
        .append("\"}]}]");
    sb.append(",\"code\":{\"coding\":[{\"system\":\"http://loinc.org\",\"code\":\"").append(t.loinc())
        .append("\",\"display\":\"").append(Json.esc(t.display())).append("\"}],\"text\":\"")
        .append(Json.esc(t.text())).append("\"}");
    sb.append(",\"subject\":{\"reference\":\"Patient/").append(patientId).append("\"}");
    sb.append(",\"effectiveDateTime\":\"").append(Instant.ofEpochMilli(timeMillis)).append('"');
    sb.append(",\"valueQuantity\":{\"value\":").append(value).append(",\"unit\":\"").append(Json.esc(t.unit()))
        .append("\",\"system\":\"http://unitsofmeasure.org\",\"code\":\"").append(Json.esc(t.ucum()))
        .append("\"}");
    if (t.refHigh() > 0) {
      sb.append(",\"referenceRange\":[{\"low\":");
      quantity(sb, decimal(t.refLow(), t.decimals()), t);
      sb.append(",\"high\":");
      quantity(sb, decimal(t.refHigh(), t.decimals()), t);
      sb.append("}]");
    }
    sb.append('}');
    return sb.toString();
  }

  private static void quantity(StringBuilder sb, String value, LabTest t) {
    sb.append("{\"value\":").append(value).append(",\"unit\":\"").append(Json.esc(t.unit()))
        .append("\",\"system\":\"http://unitsofmeasure.org\",\"code\":\"").append(Json.esc(t.ucum()))
        .append("\"}");
  }

  /** A FHIR decimal with the given number of decimals (0: an integer). */
  static String decimal(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
  }

  static String hex16(long v) {
    String h = Long.toHexString(v);
    return h.length() == 16 ? h : "0".repeat(16 - h.length()) + h;
  }

  private static String pad(long v, int width) {
    String s = Long.toString(v);
    return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
  }
}
