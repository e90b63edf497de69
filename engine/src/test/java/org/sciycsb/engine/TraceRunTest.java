package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sciycsb.api.Shares;
import org.sciycsb.engine.trace.TraceFile;
import org.sciycsb.engine.trace.TraceRecord;
import org.sciycsb.engine.trace.TraceWorkload;
import org.sciycsb.api.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** trace.out writes the operations as issued; trace.in replays them, exactly, on any binding. */
class TraceRunTest {
  @TempDir
  Path tmp;

  private static final String[] MIX = {"-p", "readproportion=0.3", "-p", "updateproportion=0.2", "-p",
      "scanproportion=0.2", "-p", "insertproportion=0.1", "-p", "readmodifywriteproportion=0.2", "-p",
      "readallfields=false", "-p", "writeallfields=false", "-p", "maxscanlength=20"};

  private int runs;

  /** A run that must succeed, its results in results-0, results-1, ... */
  private LocalRun run(String... argv) {
    List<String> a = new ArrayList<>(List.of(argv));
    a.addAll(List.of("-p", "results.dir=" + tmp.resolve("results-" + runs++)));
    LocalRun r = LocalRun.run(a.toArray(String[]::new));
    assertThat(r.exit).as(r.toString()).isZero();
    return r;
  }

  /** The arguments with every operation kind in the mix. */
  private static String[] mixed(String... argv) {
    List<String> a = new ArrayList<>(List.of(argv));
    a.addAll(List.of(MIX));
    return a.toArray(String[]::new);
  }

  /** The trace's operations per thread, in the form the recording binding keeps its calls. */
  private static Map<Integer, List<String>> traced(Path file) throws Exception {
    TraceFile t = TraceFile.read(file);
    Map<Integer, List<String>> out = new TreeMap<>();
    for (int i = 0; i < t.threadCount(); i++) {
      out.put(i, t.threads().get(i).stream().map(TraceRunTest::describe).toList());
    }
    return out;
  }

  private static String describe(TraceRecord r) {
    Map<String, Long> lengths = null;
    if (r.lengths() != null) {
      lengths = new TreeMap<>();
      for (int i = 0; i < r.fields().size(); i++) {
        lengths.put(r.fields().get(i), r.lengths()[i]);
      }
    }
    return RecordBinding.describe(r.op(), r.table(), r.key(), r.fields(), lengths, r.count());
  }

  private static TraceWorkload replayOf(Path file) throws Exception {
    TraceWorkload w = new TraceWorkload();
    w.prepare(new Config(Map.of("trace.in", file.toString())));
    return w;
  }

  private static Map<Integer, List<String>> seen(String id) {
    return new TreeMap<>(RecordBinding.calls(id));
  }

  @Test
  void aLoadAndARunOnFourThreadsTraceEveryOperationAndTheReplayIssuesExactlyThem() throws Exception {
    Path load = tmp.resolve("load.trace");
    run("load", "test-record", "-P", "../workloads/workloada", "-p", "recordcount=400", "-threads", "4",
        "-p", "record.id=trace-load", "-p", "trace.out=" + load);
    assertThat(traced(load)).as("the load's trace against the calls the store saw, per thread")
        .isEqualTo(seen("trace-load"));
    assertThat(traced(load).values().stream().mapToInt(List::size).sum()).isEqualTo(400);
    assertThat(replayOf(load).countedTable(null)).as("a load's trace: one table of inserts, counted")
        .contains("usertable");

    Path trace = tmp.resolve("run.trace.gz");
    LocalRun r = run(mixed("run", "test-record", "-P", "../workloads/workloada", "-p", "operationcount=2000",
        "-p", "warmupops=200", "-threads", "4", "-p", "record.id=trace-run", "-p", "trace.out=" + trace));
    Map<Integer, List<String>> ops = traced(trace);
    assertThat(ops).as("the run's trace against the calls the store saw").isEqualTo(seen("trace-run"));
    assertThat(ops.values().stream().flatMap(List::stream).map(s -> s.charAt(0)).distinct().sorted().toList())
        .as("reads, scans, updates and inserts all traced").containsExactly('I', 'R', 'S', 'U');
    TraceFile t = TraceFile.read(trace);
    assertThat(t.header()).containsEntry("phase", "run").containsEntry("threads", "4")
        .containsEntry("tables", "usertable").containsEntry("schedule", "none");
    long warmRecords = 0;
    for (int i = 0; i < 4; i++) {
      List<TraceRecord> mine = t.threads().get(i);
      int warm = (int) mine.stream().filter(TraceRecord::warmup).count();
      warmRecords += warm;
      assertThat(warm).as("thread %d's 50 warmup operations (a read-modify-write is two records)", i)
          .isBetween((int) Shares.share(200, 4, i), 2 * (int) Shares.share(200, 4, i));
      assertThat(mine.subList(0, warm)).as("thread %d's warmup first", i).allMatch(TraceRecord::warmup);
      assertThat(mine).allMatch(x -> x.intended() == -1);
    }
    JsonNode written = LocalRun.results(tmp.resolve("results-1")).path("metadata").path("trace").path("written");
    assertThat(written.path("operations").asLong()).isEqualTo(t.operations());

    LocalRun replay = run("run", "test-record", "-p", "trace.in=" + trace, "-p", "trace.speed=max",
        "-p", "record.id=trace-replay");
    assertThat(seen("trace-replay")).as("the replay's calls, per thread, against the trace").isEqualTo(ops);
    assertThat(replayOf(trace).countedTable(null)).as("a run's trace: not only inserts").isEmpty();
    long measuredReads = t.threads().stream().flatMap(List::stream).filter(x -> !x.warmup() && x.op() == 'R')
        .count();
    assertThat(Long.parseLong(replay.text("READ", "Operations"))).as("warmup operations replayed as warmup")
        .isEqualTo(measuredReads);
    assertThat(Long.parseLong(replay.text("OVERALL", "Operations"))).isEqualTo(t.operations() - warmRecords);
    JsonNode replayed = LocalRun.results(tmp.resolve("results-2")).path("metadata").path("trace")
        .path("replayed");
    assertThat(replayed.path("in").asText()).isEqualTo(trace.toAbsolutePath().toString());
    assertThat(replayed.path("header").path("phase").asText()).isEqualTo("run");
    assertThat(replayed.path("operations").asLong()).isEqualTo(t.operations());
  }

  /**
   * A run at -target 2000 records each operation's slot (k x 0.5 ms from the start); replayed at the recorded speed
   * with trace.out on, the replay's own trace holds the same intended starts, which are those the engine's recorders
   * counted the latency from.
   */
  @Test
  void aScheduledTraceReplaysAtItsRecordedIntendedStarts() throws Exception {
    Path first = tmp.resolve("s1.trace");
    run(mixed("run", "test-record", "-P", "../workloads/workloada", "-p", "operationcount=300", "-threads", "2",
        "-target", "2000", "-p", "warmupops=40", "-p", "record.id=sched", "-p", "trace.out=" + first));
    TraceFile t = TraceFile.read(first);
    for (boolean warm : new boolean[] {true, false}) {
      TreeSet<Long> slots = new TreeSet<>();
      t.threads().forEach(th -> th.stream().filter(r -> r.warmup() == warm).forEach(r -> slots.add(r.intended())));
      TreeSet<Long> expected = new TreeSet<>();
      for (long k = 0; k < (warm ? 40 : 300); k++) {
        expected.add(k * 500_000L);
      }
      assertThat(slots).as("the slots of the %s workload operations", warm ? "40 warmup" : "300 measured")
          .isEqualTo(expected);
    }
    assertThat(t.operations()).as("a read-modify-write is two operations of one slot").isGreaterThan(340);
    assertThat(t.header()).containsEntry("schedule", "constant 2000.0").containsEntry("warmup", "yes");

    Path second = tmp.resolve("s2.trace");
    run("run", "test-record", "-p", "trace.in=" + first, "-p", "record.id=sched-replay", "-p", "trace.out=" + second);
    TraceFile again = TraceFile.read(second);
    for (int i = 0; i < 2; i++) {
      assertThat(again.threads().get(i).stream().map(TraceRecord::line).toList())
          .as("thread %d: the replay's operations and intended starts", i)
          .isEqualTo(t.threads().get(i).stream().map(TraceRecord::line).toList());
    }
  }

  /** With -p inflight=N, operations sent from completion threads (read-modify-write) are traced with their own. */
  @Test
  void theAsynchronousPathIsTracedAndReplayed() throws Exception {
    Path trace = tmp.resolve("async.trace");
    run(mixed("run", "test-record", "-P", "../workloads/workloada", "-p", "operationcount=3000", "-threads", "2",
        "-p", "inflight=32", "-p", "record.id=async", "-p", "trace.out=" + trace));
    Map<Integer, List<String>> ops = traced(trace);
    assertThat(sorted(ops)).as("the same calls per thread (their order depends on completions)")
        .isEqualTo(sorted(seen("async")));
    assertThat(ops.values().stream().mapToInt(List::size).sum()).as("3000 workload operations, RMW ones two")
        .isGreaterThan(3000);
    run("run", "test-record", "-p", "trace.in=" + trace, "-p", "inflight=32", "-p", "record.id=async-replay");
    assertThat(sorted(seen("async-replay"))).isEqualTo(sorted(ops));
  }

  private static Map<Integer, List<String>> sorted(Map<Integer, List<String>> m) {
    Map<Integer, List<String>> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.stream().sorted().toList()));
    return out;
  }

  /** Without a seed, one thread reading keys in sequence is deterministic: two runs write the same bytes. */
  @Test
  void twoRunsOfOneDeterministicThreadWriteByteIdenticalTraces() throws Exception {
    for (String name : new String[] {"a.trace", "b.trace", "a.trace.gz", "b.trace.gz"}) {
      run("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=300", "-p",
          "trace.out=" + tmp.resolve("load-" + name));
      run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=300", "-p", "readproportion=1",
          "-p", "updateproportion=0", "-p", "requestdistribution=sequential",
          "-p", "trace.out=" + tmp.resolve("run-" + name));
    }
    for (String kind : new String[] {"load-", "run-"}) {
      for (String ext : new String[] {".trace", ".trace.gz"}) {
        byte[] a = Files.readAllBytes(tmp.resolve(kind + "a" + ext));
        assertThat(a.length).isPositive();
        byte[] b = Files.readAllBytes(tmp.resolve(kind + "b" + ext));
        if (ext.equals(".trace")) {
          assertThat(new String(b, StandardCharsets.UTF_8)).as(kind + ext)
              .isEqualTo(new String(a, StandardCharsets.UTF_8));
        }
        assertThat(java.util.Arrays.equals(a, b)).as(kind + ext + " byte-identical").isTrue();
      }
    }
    assertThat(TraceFile.read(tmp.resolve("run-a.trace.gz")).operations()).isEqualTo(300);
  }

  /**
   * Four seeded threads on a schedule, with inserts and the latest distribution (which follows the inserts): two runs
   * with one seed write the same bytes, intended starts included; another seed writes other operations.
   */
  @Test
  void twoSeededRunsOnFourThreadsWriteByteIdenticalTraces() throws Exception {
    for (String name : new String[] {"a", "b", "c"}) {
      run(mixed("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=2000", "-threads", "4",
          "-p", "insertproportion=0.2", "-p", "readproportion=0.4", "-p", "requestdistribution=latest",
          "-target", "8000", "-p", "seed=" + (name.equals("c") ? 43 : 42),
          "-p", "trace.out=" + tmp.resolve(name + ".trace.gz")));
    }
    assertThat(Files.readAllBytes(tmp.resolve("b.trace.gz"))).as("one seed, two runs")
        .isEqualTo(Files.readAllBytes(tmp.resolve("a.trace.gz")));
    assertThat(traced(tmp.resolve("c.trace.gz"))).as("another seed").isNotEqualTo(traced(tmp.resolve("a.trace.gz")));
    assertThat(TraceFile.read(tmp.resolve("a.trace.gz")).operations())
        .as("2000 operations, each read-modify-write as its read and its update").isGreaterThan(2000);
  }
}
