package org.sciycsb.fhir;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;
import org.sciycsb.testkit.TestServers;

/**
 * End to end on the MongoDB-wire test server ({@code bin/servers start mongodb}: FerretDB): load + verify, the
 * 80/20 run + verify, the consistency preset reaching the binding, and the index the mapping creates. Fails when
 * the server is missing.
 */
class FhirMongoDbIT {
  @TempDir
  static Path tmp;
  private static String oldHome;
  private static final String DB = "sciycsb_fhir_it_" + System.currentTimeMillis();

  static String url() {
    return TestServers.mongodb();
  }

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString());
  }

  @AfterAll
  static void cleanUp() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
    try (MongoClient c = MongoClients.create(url())) {
      c.getDatabase(DB).drop();
    }
  }

  static InProcessRun cli(String phase, String workload, String results, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "mongodb", "-P", "../../workloads/" + workload,
        "-p", "mongodb.url=" + TestServers.mongodb(DB), "-p", "mongodb.connecttimeout=5s", "-p", "fhir.patients=60",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  @Test
  void loadRunAndVerify() throws Exception {
    InProcessRun load = cli("load", "fhir-8020", "load", "-threads", "2", "-p", "fhir.verify=true", "-p",
        "mongodb.batchsize=25");
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(load.text("FHIR_LOAD_PATIENT", "Return=OK")).isEqualTo("60");
    JsonNode lf = InProcessRun.results(tmp.resolve("load")).path("extra").path("fhir");
    long generated = lf.path("load").path("observationsGenerated").asLong();
    assertThat(generated).isPositive();
    assertThat(lf.path("load").path("observationsInStore").asLong()).isEqualTo(generated);
    assertThat(lf.path("verify").path("matched").asLong()).isEqualTo(60);

    try (MongoClient c = MongoClients.create(url())) {
      List<Document> idx = c.getDatabase(DB).getCollection("observation").listIndexes().into(new ArrayList<>());
      assertThat(idx).anySatisfy(d -> assertThat(d.get("key", Document.class))
          .isEqualTo(new Document("subject", 1).append("effective", -1)));
      Document p = c.getDatabase(DB).getCollection("patient").find().first();
      assertThat(p.getString("resourceType")).isEqualTo("Patient");
      assertThat(p.getString("_id")).matches("[0-9a-f]{16}");
    }

    InProcessRun run = cli("run", "fhir-8020", "run", "-threads", "2", "-p", "operationcount=150", "-p",
        "fhir.verify=true", "-p", "fhir.consistency=strong", "-p", "mongodb.batchsize=25");
    assertThat(run.exit).as(run.toString()).isZero();
    assertThat(run.err).contains("sets {mongodb.consistency=strong}");
    assertThat(run.text("OVERALL", "Return=OK")).as(run.toString()).isEqualTo("150");
    JsonNode j = InProcessRun.results(tmp.resolve("run"));
    assertThat(j.path("metadata").path("store").path("details").path("consistency").asText()).isEqualTo("strong");
    JsonNode v = j.path("extra").path("fhir").path("verify");
    assertThat(v.path("mismatched").asLong()).as(v.toString()).isZero();
    assertThat(v.path("withRunInserts").asLong()).isPositive();
  }
}
