package org.sciycsb.fhir;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;

/** End to end in-process (InProcessRun) on the embedded store: load + verify, run + verify, a failing verify. */
class FhirJdbcTest {
  @TempDir
  static Path tmp;
  private static String oldHome;

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString()); // the work folder goes to the temp dir, not the module
  }

  @AfterAll
  static void restore() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
  }

  static InProcessRun cli(String phase, String db, String workload, String results, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "jdbc", "-P", "../../workloads/" + workload,
        "-p", "db.url=jdbc:h2:file:" + tmp.resolve(db).resolve("fhir"), "-p", "fhir.patients=300",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  @Test
  void loadRunAndVerify() throws Exception {
    InProcessRun load = cli("load", "db1", "fhir-8020", "load1", "-threads", "3", "-p", "fhir.verify=true",
        "-p", "db.batchsize=50");
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(load.text("FHIR_LOAD_PATIENT", "Operations")).isEqualTo("300");
    JsonNode fhir = InProcessRun.results(tmp.resolve("load1")).path("extra").path("fhir");
    long generated = fhir.path("load").path("observationsGenerated").asLong();
    assertThat(generated).isBetween(1500L, 2700L);
    assertThat(fhir.path("load").path("observationsInStore").asLong()).isEqualTo(generated);
    long obsOps = Long.parseLong(load.text("FHIR_LOAD_OBS", "Operations"));
    assertThat(obsOps).isEqualTo(generated);
    assertThat(fhir.path("verify").path("checked").asLong()).isEqualTo(300);
    assertThat(fhir.path("verify").path("matched").asLong()).isEqualTo(300);
    assertThat(fhir.path("verify").path("mismatched").asLong()).isZero();
    assertThat(fhir.path("throughput").path("operations").asLong()).isEqualTo(300 + generated);

    InProcessRun run = cli("run", "db1", "fhir-8020", "run1", "-threads", "4", "-p", "operationcount=2000",
        "-p", "fhir.verify=true", "-p", "requestdistribution=zipfian");
    assertThat(run.exit).as(run.toString()).isZero();
    long reads = Long.parseLong(run.text("FHIR_RECENT", "Operations"));
    long writes = Long.parseLong(run.text("FHIR_INSERT_OBS", "Operations"));
    assertThat(reads + writes).isEqualTo(2000);
    assertThat(writes).isBetween(300L, 500L);
    assertThat(run.text("FHIR_RECENT", "Return=OK")).isEqualTo(Long.toString(reads));
    JsonNode rf = InProcessRun.results(tmp.resolve("run1")).path("extra").path("fhir");
    assertThat(rf.path("verify").path("mismatched").asLong()).as(rf.toString()).isZero();
    assertThat(rf.path("verify").path("withRunInserts").asLong()).isPositive();
    assertThat(rf.path("throughput").path("operations").asLong()).isEqualTo(2000);
    assertThat(rf.path("throughput").path("opsPerSec").asDouble()).isPositive();

    // the other mixes and distributions on the same data
    InProcessRun ro = cli("run", "db1", "fhir-readonly", "run2", "-p", "operationcount=300", "-p",
        "requestdistribution=latest", "-p", "fhir.consistency=strong");
    assertThat(ro.exit).as(ro.toString()).isZero();
    assertThat(ro.text("FHIR_RECENT", "Operations")).isEqualTo("300");
    assertThat(ro.text("FHIR_INSERT_OBS", "Operations")).isNull();
    InProcessRun wo = cli("run", "db1", "fhir-writeonly", "run3", "-p", "operationcount=200", "-threads", "2",
        "-p", "db.batchsize=10");
    assertThat(wo.exit).as(wo.toString()).isZero();
    assertThat(wo.text("FHIR_INSERT_OBS", "Return=OK")).isEqualTo("200");
  }

  /** -p seed=N: a load gives each thread its own patients (all loaded, verified); runs repeat their mix exactly. */
  @Test
  void seededRunsRepeatTheirOperations() throws Exception {
    InProcessRun load = cli("load", "db4", "fhir-8020", "load4", "-threads", "3", "-p", "fhir.verify=true",
        "-p", "seed=5");
    assertThat(load.exit).as(load.toString()).isZero();
    JsonNode v = InProcessRun.results(tmp.resolve("load4")).path("extra").path("fhir").path("verify");
    assertThat(v.path("matched").asLong()).as(v.toString()).isEqualTo(300);
    List<String> mixes = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      InProcessRun run = cli("run", "db4", "fhir-8020", "run4-" + i, "-threads", "3", "-p", "operationcount=600",
          "-p", "seed=5", "-p", "requestdistribution=zipfian");
      assertThat(run.exit).as(run.toString()).isZero();
      mixes.add(run.text("FHIR_RECENT", "Operations") + "/" + run.text("FHIR_INSERT_OBS", "Operations"));
    }
    assertThat(mixes.get(1)).as("reads/inserts of the second run").isEqualTo(mixes.get(0));
  }

  @Test
  void verifyFailsTheRunOnAMismatchAndReportsIt() throws Exception {
    InProcessRun load = cli("load", "db2", "fhir-8020", "load2", "-p", "fhir.patients=50");
    assertThat(load.exit).as(load.toString()).isZero();
    // the store holds the seed-3 data set; verifying against seed 4 expects other patients and observations
    InProcessRun run = cli("run", "db2", "fhir-readonly", "run4", "-p", "fhir.patients=50", "-p", "operationcount=10",
        "-p", "fhir.verify=true", "-p", "fhir.seed=4");
    assertThat(run.exit).as(run.toString()).isEqualTo(4);
    assertThat(run.err).contains("fhir verify failed");
    JsonNode v = InProcessRun.results(tmp.resolve("run4")).path("extra").path("fhir").path("verify");
    assertThat(v.path("mismatched").asLong()).isPositive();
    assertThat(v.path("mismatches").size()).isPositive();
  }

  @Test
  void reloadWithDropTableStartsEmpty() throws Exception {
    InProcessRun a = cli("load", "db3", "fhir-8020", "load3", "-p", "fhir.patients=40");
    assertThat(a.exit).as(a.toString()).isZero();
    InProcessRun b = cli("load", "db3", "fhir-8020", "load4", "-p", "fhir.patients=40", "-p", "jdbc.droptable=true",
        "-p", "fhir.verify=true");
    assertThat(b.exit).as(b.toString()).isZero();
    assertThat(b.text("FHIR_LOAD_PATIENT", "Return=OK")).isEqualTo("40");
  }

  @Test
  void badValuesFailBeforeTheRun() {
    InProcessRun c = cli("run", "db5", "fhir-8020", "bad1", "-p", "requestdistribution=hotspot");
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err).contains("requestdistribution");
    InProcessRun d = cli("run", "db5", "fhir-8020", "bad2", "-p", "fhir.recnt=3");
    assertThat(d.exit).as(d.toString()).isEqualTo(2);
    assertThat(d.err).contains("fhir.recent");
  }
}
