package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.api.access.SubjectTimeline;
import org.sciycsb.testkit.BindingConformance;
import org.sciycsb.testkit.InProcessRun;
import org.sciycsb.testkit.TestServers;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The conformance suite against a REAL Riak KV node that the user brings (no package registry ships Riak KV; last
 * run on Riak KV 3.2.2, leveled backend, so secondary indexes work), at {@link TestServers#riakHosts()}: tagged
 * {@code server-riak}, so only {@code bin/test --server riak=HOST:PORT} runs it. Without the node it fails: it is
 * never skipped. The node: {@code SCIYCSB_RIAK_HOSTS=host[:port],...}; optional
 * {@code RIAK_BUCKET_TYPE} (default {@code default}), {@code RIAK_CONSISTENCY} (strong, eventual or default),
 * {@code RIAK_SCAN_BUCKET_TYPE} (with a strongly consistent {@code RIAK_BUCKET_TYPE}: sets
 * {@code riak.strong_consistency=true} and names the eventually consistent type of the index entries).
 *
 * <p>Beyond CRUD it checks the access paths of the domain workloads on the real node: the SubjectTimeline through
 * {@code timeline_bin} (directly, and the FHIR workload's load + run with {@code fhir.verify=true}) and the
 * DocumentStore (directly, and the FASTA workload's write and read phases), and the post-load count.
 */
@Tag("server-riak")
class RiakIT extends BindingConformance {
  static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? dflt : v;
  }

  RiakIT() {
    super(new RiakBinding(), RiakIT::props);
  }

  static Map<String, String> props() {
    Map<String, String> p = new HashMap<>();
    p.put("riak.hosts", TestServers.riakHosts());
    p.put("riak.bucket_type", env("RIAK_BUCKET_TYPE", "default"));
    p.put("riak.consistency", env("RIAK_CONSISTENCY", "strong"));
    String scanType = env("RIAK_SCAN_BUCKET_TYPE", null);
    if (scanType != null) {
      p.put("riak.strong_consistency", "true");
      p.put("riak.scan_bucket_type", scanType);
    }
    return p;
  }

  static String obs(String id) {
    return "{\"resourceType\":\"Observation\",\"id\":\"" + id + "\"}";
  }

  @Test
  void subjectTimelineReturnsTheNewestEventsOfOneSubjectInOrder() throws Exception {
    SubjectTimeline.Schema schema = new SubjectTimeline.Schema(table + "_patient", table + "_obs");
    try (SubjectTimeline setup = run.accessPath(SubjectTimeline.class, -1)) {
      setup.prepare(schema);
    }
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0)) {
      assertThat(t.putSubject("p1", "{\"resourceType\":\"Patient\",\"id\":\"p1\"}")).isEqualTo(Status.OK);
      long[] times = {1_300_000_003_000L, 1_300_000_001_000L, 1_300_000_005_000L, 1_300_000_002_000L,
          1_300_000_004_000L, 1_300_000_006_000L, 1_300_000_000_500L};
      for (long time : times) {
        assertThat(t.putEvent("p1", time, "p1-" + time, obs("p1-" + time))).isEqualTo(Status.OK);
      }
      assertThat(t.putEvent("p10", 1_400_000_000_000L, "p10-a", obs("p10-a"))).isEqualTo(Status.OK);
      assertThat(t.putEvent("p", 1_400_000_000_000L, "p-a", obs("p-a"))).isEqualTo(Status.OK);
      List<String> out = new ArrayList<>();
      assertThat(t.recentEvents("p1", 5, out)).isEqualTo(Status.OK);
      assertThat(out).containsExactly(obs("p1-1300000006000"), obs("p1-1300000005000"), obs("p1-1300000004000"),
          obs("p1-1300000003000"), obs("p1-1300000002000"));
      out.clear();
      assertThat(t.recentEvents("nobody", 5, out)).isEqualTo(Status.OK);
      assertThat(out).isEmpty();
      assertThat(t.countEvents()).isEqualTo(9);
    }
  }

  @Test
  void documentStoreWritesReadsAndCountsABucketPerCollection() throws Exception {
    String coll = table + "_rna";
    try (DocumentStore setup = run.accessPath(DocumentStore.class, -1)) {
      setup.prepare(List.of(coll));
    }
    try (DocumentStore d = run.accessPath(DocumentStore.class, 0)) {
      for (int i = 0; i < 20; i++) {
        assertThat(d.insert(coll, "id" + i, "{\"_id\":\"id" + i + "\",\"s\":\"ACGU\"}")).isEqualTo(Status.OK);
      }
      DocumentStore.Result r = d.read(coll, "id7");
      assertThat(r.status()).isEqualTo(Status.OK);
      assertThat(r.json()).isEqualTo("{\"_id\":\"id7\",\"s\":\"ACGU\"}");
      assertThat(d.read(coll, "nobody").status()).isEqualTo(Status.NOT_FOUND);
      long n = d.count(coll);
      assertThat(n).as("-1 only when the bucket is not indexed").isIn(20L, -1L);
    }
  }

  @Test
  void fhirWorkloadLoadsRunsAndVerifies(@TempDir Path tmp) throws Exception {
    List<String> common = new ArrayList<>();
    for (Map.Entry<String, String> e : properties().entrySet()) {
      common.add("-p");
      common.add(e.getKey() + "=" + e.getValue());
    }
    common.addAll(List.of("-p", "fhir.patients=40", "-p", "fhir.patienttable=" + table + "_p", "-p",
        "fhir.observationtable=" + table + "_o", "-p", "fhir.verify=true"));
    List<String> load = new ArrayList<>(List.of("load", "riak", "-P", "../workloads/fhir-8020", "-threads", "2",
        "-p", "results.dir=" + tmp.resolve("load")));
    load.addAll(common);
    InProcessRun l = InProcessRun.run(load.toArray(new String[0]));
    assertThat(l.exit).as(l.toString()).isZero();
    assertThat(InProcessRun.results(tmp.resolve("load")).path("extra").path("fhir").path("verify").path("mismatched")
        .asLong()).isZero();
    List<String> runArgs = new ArrayList<>(List.of("run", "riak", "-P", "../workloads/fhir-8020", "-threads", "2",
        "-p", "operationcount=200", "-p", "results.dir=" + tmp.resolve("run")));
    runArgs.addAll(common);
    InProcessRun r = InProcessRun.run(runArgs.toArray(new String[0]));
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(r.text("OVERALL", "Return=OK")).isEqualTo("200");
    assertThat(InProcessRun.results(tmp.resolve("run")).path("extra").path("fhir").path("verify").path("mismatched")
        .asLong()).isZero();
  }

  @Test
  void fastaWorkloadWritesAndReadsItsDocuments(@TempDir Path tmp) throws Exception {
    List<String> common = new ArrayList<>();
    for (Map.Entry<String, String> e : properties().entrySet()) {
      common.add("-p");
      common.add(e.getKey() + "=" + e.getValue());
    }
    common.addAll(List.of("-p", "workload=fasta", "-p", "fasta.table.prefix=" + table + "_"));
    List<String> load = new ArrayList<>(List.of("load", "riak", "-threads", "3", "-p", "fasta.corpus.files=2",
        "-p", "fasta.corpus.hits=100", "-p", "fasta.corpus.dir=" + tmp.resolve("corpus"),
        "-p", "results.dir=" + tmp.resolve("load")));
    load.addAll(common);
    InProcessRun l = InProcessRun.run(load.toArray(new String[0]));
    assertThat(l.exit).as(l.toString()).isZero();
    assertThat(InProcessRun.results(tmp.resolve("load")).path("extra").path("fasta").path("countCheck").asText())
        .isEqualTo("ok");
    List<String> runArgs = new ArrayList<>(List.of("run", "riak", "-threads", "2", "-p", "fasta.reads=500",
        "-p", "fasta.ids=" + tmp.resolve("load"), "-p", "results.dir=" + tmp.resolve("run")));
    runArgs.addAll(common);
    InProcessRun r = InProcessRun.run(runArgs.toArray(new String[0]));
    assertThat(r.exit).as(r.toString()).isZero();
    long found = 0;
    for (com.fasterxml.jackson.databind.JsonNode n : InProcessRun.results(tmp.resolve("run")).path("extra").path("fasta")
        .path("reads")) {
      found += n.path("found").asLong();
    }
    assertThat(found).isEqualTo(500);
  }

  @Test
  void storeInfoNamesTheServerVersion() {
    StoreInfo info = run.storeInfo();
    assertThat(info.product()).isEqualTo("Riak KV");
    assertThat(info.version()).isNotEqualTo("unknown");
    assertThat(info.details()).containsKey("node");
  }

  @Test
  void updateOfMissingRecordIsNotFound() {
    assertThat(db.update(table, "ghost", record("field0", "x"))).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void insertOverwrites() {
    db.insert(table, "k", record("field0", "a"));
    assertThat(db.insert(table, "k", record("field0", "b"))).isEqualTo(Status.OK);
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "k", null, out)).isEqualTo(Status.OK);
    assertThat(out.get("field0").toString()).isEqualTo("b");
  }

  @Test
  void aLoadIsCountedOnTheNodeAfterwards(@TempDir Path tmp) throws Exception {
    String counted = table + "_counted";
    List<String> args = new ArrayList<>(List.of("load", "riak", "-threads", "3", "-p", "recordcount=250",
        "-p", "insertorder=ordered", "-p", "table=" + counted, "-p", "results.dir=" + tmp.resolve("load")));
    for (Map.Entry<String, String> e : properties().entrySet()) {
      args.addAll(List.of("-p", e.getKey() + "=" + e.getValue()));
    }
    InProcessRun l = InProcessRun.run(args.toArray(new String[0]));
    assertThat(l.exit).as(l.toString()).isZero();
    assertThat(InProcessRun.results(tmp.resolve("load")).path("extra").path("countCheck").asText()).isEqualTo("ok");
    // the count the check used, read again through the binding: every record's key_bin entry on the node
    assertThat(run.count(counted)).hasValue(250);
    assertThat(db.delete(counted, "user7")).isEqualTo(Status.OK);
    assertThat(run.count(counted)).hasValue(249);
  }

  /** Riak lists no keys cheaply: the binding cannot empty a bucket, and a repeated load is refused. */
  @Override
  protected boolean canEmpty() {
    return false;
  }
}
