package org.sciycsb.census.nativemongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.sciycsb.census.CensusException;
import org.sciycsb.census.CensusGenerator;
import org.sciycsb.census.CensusSchema;
import org.sciycsb.census.JobReport;
import org.sciycsb.census.Locations;
import org.sciycsb.testkit.TestServers;

/** Against {@code bin/servers start mongodb} (FerretDB) or any MongoDB; fails when the server is down. */
class NativeFilterIT {
  static String url() {
    return TestServers.mongodb();
  }

  @Test
  void loadReadAndFilterMatchTheIndependentCount() throws Exception {
    long n = 1200;
    CensusGenerator gen = new CensusGenerator(5, 100);
    List<String> header = Arrays.asList(CensusSchema.header().split(","));
    Set<Long> expected = new TreeSet<>();
    long valid = 0;
    for (long i = 0; i < n; i++) {
      String[] f = gen.line(i).split(",", -1);
      if (f.length == 111) {
        valid++;
        if (Long.parseLong(f[header.indexOf("female_total")]) > Long.parseLong(f[header.indexOf("male_total")])) {
          expected.add(Long.parseLong(f[0]));
        }
      }
    }
    Locations in = Locations.parse("in", TestServers.mongodb("sciycsb_census_it.input"));
    Locations out = Locations.parse("out", TestServers.mongodb("sciycsb_census_it.female"));
    try (NativeMongo m = new NativeMongo(in.uri())) {
      JobReport load = m.load(in, gen, n, 500, true, false);
      assertThat(load.recordsWritten).isEqualTo(n);
      JobReport read = m.read(in);
      assertThat(read.recordsRead).isEqualTo(valid);
      assertThat(read.malformed).isEqualTo(n - valid);
      JobReport f = m.filter(in, out, true);
      assertThat(f.recordsWritten).isEqualTo(expected.size());
      assertThat(f.malformed).isEqualTo(n - valid);
      Set<Long> ids = new TreeSet<>();
      for (Document d : m.collection(out).find()) {
        ids.add(((Number) d.get("_id")).longValue());
      }
      assertThat(ids).isEqualTo(expected);
      assertThatThrownBy(() -> m.filter(Locations.parse("in", TestServers.mongodb("sciycsb_census_it.absent")), out, true))
          .isInstanceOf(CensusException.class).hasMessageContaining("does not exist");
      m.collection(in).drop();
      m.collection(out).drop();
    }
  }

  @Test
  void unreachableServerIsExit3() {
    assertThatThrownBy(() -> new NativeMongo("mongodb://127.0.0.1:1/x.y").close())
        .isInstanceOf(CensusException.class).hasMessageContaining("not reachable")
        .satisfies(e -> assertThat(((CensusException) e).exitCode()).isEqualTo(3));
  }

  @Test
  void commandLineExitCodes() {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int code = NativeMain.run(new String[] {"native-filter", "-p", "census.input=" + TestServers.mongodb("sciycsb_census_it.none"),
        "-p", "census.output=" + TestServers.mongodb("sciycsb_census_it.none_out")}, System.out, new java.io.PrintStream(err, true));
    assertThat(code).as("a missing input collection is bad input").isEqualTo(2);
    assertThat(err.toString()).contains("does not exist");
  }
}
