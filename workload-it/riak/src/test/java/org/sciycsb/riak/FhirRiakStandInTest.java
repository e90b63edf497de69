package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;
import shaded.com.basho.riak.protobuf.RiakKvPB;

/**
 * The FHIR workload (seed 003) end to end through the engine and the riak binding's 2i timeline against
 * {@link RiakStandIn}, a protocol-level STAND-IN for a Riak node in test scope: load + verify, the 80/20 run +
 * verify ({@code fhir.verify=true}: FHIR_RECENT returns exactly each sampled patient's newest observations in
 * order, this run's inserts included) with the strong preset reaching the binding, and the refusals before the
 * run. It checks the binding's requests and their results over the real client and wire protocol; it is not Riak
 * and its timings are never benchmark figures.
 */
class FhirRiakStandInTest {
  @TempDir
  static Path tmp;
  private static String oldHome;
  private RiakStandIn standIn;

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString());
  }

  @AfterAll
  static void restoreHome() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
  }

  @AfterEach
  void stop() throws Exception {
    if (standIn != null) {
      standIn.close();
    }
  }

  InProcessRun cli(String phase, String workload, String results, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "riak", "-P", "../../workloads/" + workload,
        "-p", "riak.hosts=" + standIn.hosts(), "-p", "fhir.patients=60", "-p", "status.interval=1",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  @Test
  void loadRunAndVerify() throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
    InProcessRun load = cli("load", "fhir-8020", "load", "-threads", "2", "-p", "fhir.verify=true");
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(load.text("FHIR_LOAD_PATIENT", "Return=OK")).isEqualTo("60");
    JsonNode lf = InProcessRun.results(tmp.resolve("load")).path("extra").path("fhir");
    long generated = lf.path("load").path("observationsGenerated").asLong();
    assertThat(generated).isGreaterThan(200);
    assertThat(load.text("FHIR_LOAD_OBS", "Return=OK")).isEqualTo(Long.toString(generated));
    assertThat(lf.path("load").path("observationsInStore").asLong()).as("counted through timeline_bin")
        .isEqualTo(generated);
    assertThat(lf.path("verify").path("matched").asLong()).as(lf.toString()).isEqualTo(60);
    assertThat(lf.path("verify").path("mismatched").asLong()).isZero();
    assertThat(standIn.postings("default", "observation", "timeline_bin")).hasSize((int) generated);

    standIn.clearReceived();
    InProcessRun run = cli("run", "fhir-8020", "run", "-threads", "3", "-p", "operationcount=300", "-p",
        "fhir.verify=true", "-p", "fhir.consistency=strong", "-p", "requestdistribution=zipfian");
    assertThat(run.exit).as(run.toString()).isZero();
    assertThat(run.err).contains("sets {riak.consistency=strong}");
    assertThat(run.text("OVERALL", "Return=OK")).as(run.toString()).isEqualTo("300");
    long recent = Long.parseLong(run.text("FHIR_RECENT", "Operations"));
    long inserts = Long.parseLong(run.text("FHIR_INSERT_OBS", "Operations"));
    assertThat(recent + inserts).isEqualTo(300);
    assertThat(recent).isPositive();
    assertThat(inserts).isPositive();
    JsonNode j = InProcessRun.results(tmp.resolve("run"));
    assertThat(j.path("metadata").path("store").path("version").asText()).isEqualTo(RiakStandIn.VERSION);
    assertThat(j.path("metadata").path("store").path("details").path("consistency").asText()).isEqualTo("strong");
    JsonNode v = j.path("extra").path("fhir").path("verify");
    assertThat(v.path("mismatched").asLong()).as(v.toString()).isZero();
    assertThat(v.path("matched").asLong()).isEqualTo(v.path("checked").asLong());
    assertThat(v.path("withRunInserts").asLong()).isPositive();
    // on the wire: the reads were timeline_bin range queries of at most 5 with terms, fetched at r = quorum, the
    // inserts puts at w = quorum carrying their term
    // (besides the one-result probes of open and prepare)
    List<RiakKvPB.RpbIndexReq> queries = standIn.received(RiakKvPB.RpbIndexReq.class).stream()
        .filter(q -> q.getMaxResults() != 1).toList();
    assertThat(queries).hasSize((int) (recent + v.path("checked").asLong())).allSatisfy(q -> {
      assertThat(q.getIndex().toStringUtf8()).isEqualTo("timeline_bin");
      assertThat(q.getMaxResults()).isEqualTo(5);
      assertThat(q.getReturnTerms()).isTrue();
    });
    assertThat(standIn.received(RiakKvPB.RpbGetReq.class)).isNotEmpty()
        .allSatisfy(g -> assertThat(g.getR()).isEqualTo(RiakRequestsTest.QUORUM));
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).hasSize((int) inserts).allSatisfy(p -> {
      assertThat(p.getW()).isEqualTo(RiakRequestsTest.QUORUM);
      assertThat(p.getContent().getIndexes(0).getKey().toStringUtf8()).isEqualTo("timeline_bin");
    });
  }

  /** The same load and run with 2 threads keeping 32 operations in flight: same counts, and verify holds. */
  @Test
  void loadRunAndVerifyWithOperationsInFlight() throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
    InProcessRun load = cli("load", "fhir-8020", "aload", "-threads", "2", "-p", "inflight=32", "-p",
        "fhir.verify=true");
    assertThat(load.exit).as(load.toString()).isZero();
    assertThat(load.text("FHIR_LOAD_PATIENT", "Return=OK")).isEqualTo("60");
    JsonNode lf = InProcessRun.results(tmp.resolve("aload")).path("extra").path("fhir");
    long generated = lf.path("load").path("observationsGenerated").asLong();
    assertThat(load.text("FHIR_LOAD_OBS", "Return=OK")).isEqualTo(Long.toString(generated));
    assertThat(lf.path("load").path("observationsInStore").asLong()).isEqualTo(generated);
    assertThat(lf.path("verify").path("mismatched").asLong()).as(lf.toString()).isZero();
    JsonNode lm = InProcessRun.results(tmp.resolve("aload")).path("metadata").path("inflight");
    assertThat(lm.path("mode").asText()).isEqualTo("asynchronous");

    InProcessRun run = cli("run", "fhir-8020", "arun", "-threads", "2", "-p", "inflight=32", "-p", "operationcount=400",
        "-p", "fhir.verify=true");
    assertThat(run.exit).as(run.toString()).isZero();
    assertThat(run.text("OVERALL", "Return=OK")).as(run.toString()).isEqualTo("400");
    JsonNode j = InProcessRun.results(tmp.resolve("arun"));
    assertThat(j.path("metadata").path("inflight").path("mode").asText()).isEqualTo("asynchronous");
    assertThat(j.path("metadata").path("inflight").path("operationsSent").asLong()).isEqualTo(400);
    JsonNode v = j.path("extra").path("fhir").path("verify");
    assertThat(v.path("mismatched").asLong()).as(v.toString()).isZero();
    assertThat(v.path("withRunInserts").asLong()).isPositive();
  }

  @Test
  void aStronglyConsistentBucketTypeWithoutAnIndexTypeIsRefusedBeforeTheRun() throws Exception {
    standIn = RiakStandIn.start(new RiakStandIn.Mode(true, false, true));
    InProcessRun load = cli("load", "fhir-8020", "sc", "-p", "riak.strong_consistency=true");
    assertThat(load.exit).as(load.toString()).isEqualTo(2);
    List<String> errors = load.err.lines().filter(l -> l.startsWith("error")).toList();
    assertThat(errors).singleElement().satisfies(l -> assertThat(l).contains("strongly consistent bucket types")
        .contains("riak.scan_bucket_type"));
    assertThat(load.err).doesNotContain("\tat ");
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).as("nothing written").isEmpty();
  }

  @Test
  void aBackendWithoutSecondaryIndexesIsRefusedBeforeTheRun() throws Exception {
    standIn = RiakStandIn.start(new RiakStandIn.Mode(false, false, false));
    InProcessRun load = cli("load", "fhir-8020", "bitcask");
    assertThat(load.exit).as(load.toString()).isEqualTo(2);
    assertThat(load.err).contains("needs secondary indexes").doesNotContain("\tat ");
    assertThat(standIn.received(RiakKvPB.RpbPutReq.class)).as("nothing written").isEmpty();
  }
}
