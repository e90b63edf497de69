package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.workloads.CoreWorkload;

/**
 * {@code -p seed=N}: the same seed gives every thread the same operations (operation, table, key, fields, value
 * bytes) on every run, a load the same keys as an unseeded one, client processes streams of their own, and a warmup
 * of any length the same measured operations. In-process runs on a store that records what it is asked.
 */
class SeedTest {
  /** A run mix with inserts, so that the threads' own insert keys and the latest bound are exercised. */
  static final String[] MIX = {"-p", "recordcount=500", "-p", "operationcount=2000", "-p", "readproportion=0.5",
      "-p", "updateproportion=0.3", "-p", "insertproportion=0.2", "-p", "scanproportion=0", "-threads", "4"};

  @TempDir
  Path tmp;
  private int runs;

  private Map<String, List<String>> run(String phase, String... props) {
    List<String> argv = new ArrayList<>(List.of(phase, "-db", SeedRecordingDb.class.getName(), "-P",
        "../workloads/workloada", "-p", "results.dir=" + tmp.resolve("r" + runs++)));
    argv.addAll(List.of(props));
    SeedRecordingDb.take();
    LocalRun c = LocalRun.run(argv.toArray(String[]::new));
    assertThat(c.exit).as(c.toString()).isZero();
    return SeedRecordingDb.take();
  }

  private static String[] with(String[] base, String... more) {
    List<String> l = new ArrayList<>(List.of(base));
    l.addAll(List.of(more));
    return l.toArray(String[]::new);
  }

  @Test
  void theSameSeedGivesEveryThreadTheSameOperationsEveryRun() {
    for (String dist : new String[] {"latest", "zipfian"}) {
      String[] p = with(MIX, "-p", "requestdistribution=" + dist, "-p", "seed=42");
      Map<String, List<String>> a = run("run", p);
      Map<String, List<String>> b = run("run", p);
      assertThat(a).as(dist + ": the four threads' calls").hasSize(4);
      assertThat(a.values()).as(dist + ": every thread worked").allSatisfy(l -> assertThat(l).hasSizeGreaterThan(400));
      assertThat(b).as(dist + ": the second run, thread by thread, call by call").isEqualTo(a);
      assertThat(a.values().stream().flatMap(List::stream).filter(s -> s.startsWith("INSERT")).count())
          .as(dist + ": inserts in the mix").isGreaterThan(200);
      Map<String, List<String>> other = run("run", with(MIX, "-p", "requestdistribution=" + dist, "-p", "seed=43"));
      assertThat(other.get("client-0")).as(dist + ": another seed").isNotEqualTo(a.get("client-0"));
    }
  }

  @Test
  void aScheduleLeavesEveryThreadItsOperations() {
    // each thread's lane of a Poisson schedule has as many slots as its share of an unscheduled run's operations
    String[] p = {"-p", "recordcount=500", "-p", "operationcount=600", "-p", "seed=11", "-threads", "4"};
    Map<String, List<String>> scheduled = run("run", with(p, "-target", "3000", "-p", "arrival=poisson"));
    assertThat(scheduled).isEqualTo(run("run", p));
  }

  @Test
  void aWorkloadThatCannotTakeTheSeedIsNamedInAWarning() {
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=100", "-p",
        "coreworkload.impl=upstream", "-p", "seed=1", "-p", "results.dir=" + tmp.resolve("upstream"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("warning: workload", "seed makes its schedule reproducible, not its operations");
    LocalRun ours = LocalRun.run("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=100", "-p",
        "seed=1", "-p", "results.dir=" + tmp.resolve("ours"));
    assertThat(ours.err).doesNotContain("seed makes its schedule");
  }

  @Test
  void withoutASeedRunsDiffer() {
    assertThat(run("run", MIX).get("client-0")).isNotEqualTo(run("run", MIX).get("client-0"));
  }

  @Test
  void underASeedTheThreadsInsertKeysOfTheirOwnAndReadOnlyWhatTheyOrTheLoadWrote() throws Exception {
    Map<String, List<String>> a = run("run", with(MIX, "-p", "requestdistribution=latest", "-p", "seed=1",
        "-p", "insertorder=ordered"));
    long next = LocalRun.results(tmp.resolve("r" + (runs - 1))).path("extra").path("core").path("nextInsertKey")
        .asLong();
    Set<Long> all = new HashSet<>();
    for (int t = 0; t < 4; t++) {
      Set<Long> own = new HashSet<>();
      for (String call : a.get("client-" + t)) {
        long n = Long.parseLong(call.split(" ")[2].substring(4));
        if (call.startsWith("INSERT")) {
          assertThat(n >= 500 && (n - 500) % 4 == t).as("thread %d inserts %d", t, n).isTrue();
          assertThat(all.add(n)).as("key %d inserted twice", n).isTrue();
          own.add(n);
        } else {
          assertThat(n < 500 || own.contains(n)).as("thread %d reads %d", t, n).isTrue();
        }
      }
    }
    assertThat(next).as("extra.core.nextInsertKey: after the highest key inserted").isEqualTo(
        all.stream().mapToLong(Long::longValue).max().orElseThrow() + 1);
  }

  @Test
  void aSeededLoadIsReproducibleAndInsertsTheKeysOfAnUnseededOne() {
    String[] p = {"-p", "recordcount=1003", "-threads", "4"};
    Map<String, List<String>> a = run("load", with(p, "-p", "seed=9"));
    assertThat(run("load", with(p, "-p", "seed=9"))).isEqualTo(a);
    assertThat(keys(a)).hasSize(1003).isEqualTo(keys(run("load", p)));
    assertThat(a.get("client-3")).hasSize(250);
  }

  private static Set<String> keys(Map<String, List<String>> calls) {
    Set<String> out = new HashSet<>();
    calls.values().forEach(l -> l.forEach(s -> out.add(s.split(" ")[2])));
    return out;
  }

  @Test
  void aWarmupDoesNotShiftTheMeasuredOperations() {
    // reads and updates only: the warmup's draws come from a stream of their own
    String[] p = {"-p", "recordcount=500", "-p", "operationcount=800", "-p", "seed=5", "-threads", "4",
        "-p", "requestdistribution=zipfian"};
    Map<String, List<String>> cold = run("run", p);
    Map<String, List<String>> warm = run("run", with(p, "-p", "warmupops=100"));
    for (int t = 0; t < 4; t++) {
      List<String> w = warm.get("client-" + t);
      assertThat(w.subList(25, w.size())).as("thread %d after its 25 warmup operations", t)
          .isEqualTo(cold.get("client-" + t));
    }
  }

  @Test
  void clientProcessesDrawStreamsOfTheirOwnAndEachIsReproducible() throws Exception {
    Map<String, String> common = Map.of("recordcount", "500", "operationcount", "2000", "seed", "3",
        "insertproportion", "0.2", "readproportion", "0.8", "updateproportion", "0");
    List<Map<String, String>> shares = ClientShares.of(new CoreWorkload(), Phase.RUN, new Config(common), 2);
    assertThat(shares.get(1)).containsEntry("client.index", "1").containsEntry("coreworkload.client", "1");
    List<Map<String, List<String>>> got = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      List<String> props = new ArrayList<>(List.of("-threads", "2"));
      Map<String, String> all = new java.util.TreeMap<>(common);
      all.putAll(shares.get(i));
      all.forEach((k, v) -> props.addAll(List.of("-p", k + "=" + v)));
      String[] argv = props.toArray(String[]::new);
      Map<String, List<String>> first = run("run", argv);
      assertThat(run("run", argv)).as("client %d again", i).isEqualTo(first);
      got.add(first);
    }
    assertThat(got.get(1).get("client-0")).as("client 1's thread 0 against client 0's")
        .isNotEqualTo(got.get(0).get("client-0"));
    Set<String> inserted0 = inserted(got.get(0));
    inserted0.retainAll(inserted(got.get(1)));
    assertThat(inserted0).as("keys both clients inserted").isEmpty();
  }

  private static Set<String> inserted(Map<String, List<String>> calls) {
    Set<String> out = new HashSet<>();
    calls.values().forEach(l -> l.stream().filter(s -> s.startsWith("INSERT")).forEach(s -> out.add(s.split(" ")[2])));
    return out;
  }
}
