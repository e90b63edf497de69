package org.sciycsb.fhir;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;

/**
 * End to end on the Cassandra test server ({@code bin/servers start cassandra}): load + verify, the 80/20 run +
 * verify with the strong preset, the table layout (partition per patient, clustering by time DESC). Fails when the
 * server is missing.
 */
class FhirCassandraIT {
  @TempDir
  static Path tmp;
  private static String oldHome;
  private static final String KS = "sciycsb_fhir_it_" + System.currentTimeMillis();

  static String hosts() {
    String env = System.getenv("SCIYCSB_CASSANDRA_HOSTS");
    return System.getProperty("sciycsb.cassandra.hosts", env == null ? "127.0.0.1" : env);
  }

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString());
  }

  private static CqlSession session() {
    return CqlSession.builder().addContactPoint(new InetSocketAddress(hosts().split(",")[0].trim(), 9042))
        .withLocalDatacenter("datacenter1").build();
  }

  @AfterAll
  static void cleanUp() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
    try (CqlSession s = session()) {
      s.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + KS)
          .setTimeout(java.time.Duration.ofSeconds(60)));
    }
  }

  static InProcessRun cli(String phase, String workload, String results, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "cassandra", "-P", "../../workloads/" + workload,
        "-p", "cassandra.hosts=" + hosts(), "-p", "cassandra.keyspace=" + KS, "-p", "fhir.patients=200",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  @Test
  void loadRunAndVerify() throws Exception {
    InProcessRun load = cli("load", "fhir-8020", "load", "-threads", "2", "-p", "fhir.verify=true");
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(load.text("FHIR_LOAD_PATIENT", "Return=OK")).isEqualTo("200");
    JsonNode lf = InProcessRun.results(tmp.resolve("load")).path("extra").path("fhir");
    long generated = lf.path("load").path("observationsGenerated").asLong();
    assertThat(generated).isPositive();
    assertThat(lf.path("load").path("observationsInStore").asLong()).isEqualTo(generated);
    assertThat(lf.path("verify").path("matched").asLong()).isEqualTo(200);

    try (CqlSession s = session()) {
      var cols = s.execute("SELECT column_name, kind, clustering_order FROM system_schema.columns"
          + " WHERE keyspace_name = ? AND table_name = 'observation'", KS).all();
      assertThat(cols).anySatisfy(r -> {
        assertThat(r.getString(0)).isEqualTo("subject");
        assertThat(r.getString(1)).isEqualTo("partition_key");
      });
      assertThat(cols).anySatisfy(r -> {
        assertThat(r.getString(0)).isEqualTo("effective");
        assertThat(r.getString(1)).isEqualTo("clustering");
        assertThat(r.getString(2)).isEqualTo("desc");
      });
    }

    InProcessRun run = cli("run", "fhir-8020", "run", "-threads", "4", "-p", "operationcount=1500", "-p",
        "fhir.verify=true", "-p", "fhir.consistency=strong", "-p", "requestdistribution=zipfian");
    assertThat(run.exit).as(run.toString()).isZero();
    assertThat(run.err).contains("sets {cassandra.consistency=strong}");
    assertThat(run.text("OVERALL", "Return=OK")).as(run.toString()).isEqualTo("1500");
    JsonNode j = InProcessRun.results(tmp.resolve("run"));
    assertThat(j.path("metadata").path("store").path("details").path("write_consistency").asText())
        .isEqualTo("EACH_QUORUM");
    JsonNode v = j.path("extra").path("fhir").path("verify");
    assertThat(v.path("mismatched").asLong()).as(v.toString()).isZero();
    assertThat(v.path("withRunInserts").asLong()).isPositive();

    InProcessRun ev = cli("run", "fhir-writeonly", "run2", "-p", "operationcount=200", "-p",
        "fhir.consistency=eventual");
    assertThat(ev.exit).as(ev.toString()).isZero();
    assertThat(InProcessRun.results(tmp.resolve("run2")).path("metadata").path("store").path("details")
        .path("write_consistency").asText()).isEqualTo("ONE");
  }
}
