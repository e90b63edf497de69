package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -p staleness=true} against the stand-in {@link LaggingBinding}, which serves a known share of reads from
 * an older version and counts them: one thread (every write acknowledged before the next read) is measured at
 * exactly what the stand-in served old, and how far behind; threads that only read beside threads that only write
 * never more than it served and most of it; a linearizable store (nothing served old) is measured with no stale
 * read under concurrent writers, synchronous and asynchronous.
 */
class StalenessRunTest {
  @TempDir
  Path tmp;

  private LocalRun load(String id) {
    LocalRun c = LocalRun.run("load", "test-lagging", "-P", "../workloads/workloada", "-p", "recordcount=100",
        "-p", "lag.id=" + id, "-p", "staleness=true", "-p", "results.dir=" + tmp.resolve(id + "-load"));
    assertThat(c.exit).as(c.toString()).isZero();
    return c;
  }

  private LocalRun run(String id, String... more) {
    load(id);
    List<String> argv = new ArrayList<>(List.of("run", "test-lagging", "-P", "../workloads/workloada",
        "-p", "recordcount=100", "-p", "operationcount=20000", "-p", "lag.id=" + id, "-p", "staleness=true",
        "-p", "results.dir=" + tmp.resolve(id)));
    argv.addAll(List.of(more));
    LocalRun c = LocalRun.run(argv.toArray(String[]::new));
    assertThat(c.exit).as(c.toString()).isZero();
    return c;
  }

  private JsonNode staleness(String id) throws Exception {
    return LocalRun.results(tmp.resolve(id)).path("extra").path("staleness").path("READ");
  }

  private static JsonNode op(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  @Test
  void oneThreadIsMeasuredAtExactlyTheShareServedOldAndHowFarBehind() throws Exception {
    LocalRun c = run("one", "-p", "lag.every=7", "-p", "lag.depth=2", "-p", "writeallfields=true");
    long served = LaggingBinding.servedOld("one", 2);
    JsonNode s = staleness("one");
    assertThat(served).isGreaterThan(500);
    assertThat(s.path("stale").asLong()).as(c.out).isEqualTo(served);
    assertThat(s.path("behind").path("2").asLong()).isEqualTo(served);
    assertThat(s.path("behind").size()).isEqualTo(1);
    long reads = Long.parseLong(c.text("READ", "Operations"));
    assertThat(s.path("judged").asLong() + s.path("neverWritten").asLong()).isEqualTo(reads);
    assertThat(s.path("fresh").asLong()).isEqualTo(s.path("judged").asLong() - served);
    // the stale reads are an operation of their own, its latencies the lags, and numeric lines beside it
    JsonNode staleOp = op(LocalRun.results(tmp.resolve("one")), "READ-STALE");
    assertThat(staleOp.path("operations").asLong()).isEqualTo(served);
    assertThat(staleOp.path("response").path("mean").asDouble()).isPositive();
    assertThat(c.text("READ-STALE", "Stale")).isEqualTo(Long.toString(served));
    assertThat(Double.parseDouble(c.text("READ-STALE", "StaleRate(%)")))
        .isCloseTo(100.0 * served / s.path("judged").asLong(), org.assertj.core.api.Assertions.within(0.01));
    assertThat(c.text("READ-STALE", "Behind=2")).isEqualTo(Long.toString(served));
  }

  @Test
  void oneFieldUpdatesAreJudgedByTheFieldsTheyWrote() throws Exception {
    run("fields", "-p", "lag.every=5", "-p", "lag.depth=1");
    long served = LaggingBinding.servedOld("fields", 1);
    assertThat(served).isGreaterThan(500);
    assertThat(staleness("fields").path("stale").asLong()).isEqualTo(served);
  }

  @Test
  void readersBesideWritersAreMeasuredAtMostAtWhatWasServedOldAndMostOfIt() throws Exception {
    run("split", "-threads", "4", "-p", "staleness.readers=2", "-p", "lag.every=5", "-p", "lag.depth=1");
    long served = LaggingBinding.servedOld("split", 1);
    long stale = staleness("split").path("stale").asLong();
    assertThat(served).isGreaterThan(500);
    // a read served old is judged fresh only when the newer write had not been acknowledged when it was sent
    assertThat(stale).isLessThanOrEqualTo(served).isGreaterThanOrEqualTo(served / 2);
  }

  @Test
  void aLinearizableStoreYieldsNoStaleReadUnderConcurrentWriters() throws Exception {
    run("lin", "-threads", "4", "-p", "lag.every=0");
    run("linasync", "-threads", "2", "-p", "inflight=8", "-p", "lag.every=0");
    for (String id : List.of("lin", "linasync")) {
      JsonNode s = staleness(id);
      assertThat(s.path("fresh").asLong()).as(id).isGreaterThan(5000);
      assertThat(s.path("stale").asLong()).as(id).isZero();
    }
  }

  @Test
  void asynchronousReadsAreJudgedToo() throws Exception {
    run("async", "-threads", "1", "-p", "inflight=1", "-p", "lag.every=4", "-p", "lag.depth=1",
        "-p", "writeallfields=true");
    long served = LaggingBinding.servedOld("async", 1);
    assertThat(served).isGreaterThan(500);
    assertThat(staleness("async").path("stale").asLong()).isEqualTo(served);
  }

  @Test
  void theReadOfAReadModifyWriteIsJudgedOnItsOwn() throws Exception {
    LocalRun c = run("rmw", "-p", "readproportion=0.5", "-p", "updateproportion=0", "-p",
        "readmodifywriteproportion=0.5", "-p", "lag.every=7", "-p", "lag.depth=2", "-p", "writeallfields=true");
    long served = LaggingBinding.servedOld("rmw", 2);
    JsonNode all = LocalRun.results(tmp.resolve("rmw")).path("extra").path("staleness");
    long reads = all.path("READ").path("stale").asLong();
    long rmws = all.path("READ-MODIFY-WRITE").path("stale").asLong();
    assertThat(served).isGreaterThan(500);
    assertThat(reads).as(all.toString()).isPositive();
    assertThat(rmws).as(all.toString()).isPositive();
    assertThat(reads + rmws).as("one thread: every read served old, of either, is stale").isEqualTo(served);
    assertThat(all.path("READ-MODIFY-WRITE").path("behind").path("2").asLong()).isEqualTo(rmws);
    JsonNode staleOp = op(LocalRun.results(tmp.resolve("rmw")), "READ-MODIFY-WRITE-STALE");
    assertThat(staleOp.path("operations").asLong()).isEqualTo(rmws);
    assertThat(c.text("READ-MODIFY-WRITE-STALE", "Stale")).isEqualTo(Long.toString(rmws));
    // read-modify-writes alone are enough to judge
    run("rmwonly", "-p", "readproportion=0", "-p", "updateproportion=0", "-p", "readmodifywriteproportion=1",
        "-p", "lag.every=5", "-p", "lag.depth=1", "-p", "writeallfields=true");
    JsonNode only = LocalRun.results(tmp.resolve("rmwonly")).path("extra").path("staleness");
    assertThat(only.path("READ-MODIFY-WRITE").path("stale").asLong())
        .isEqualTo(LaggingBinding.servedOld("rmwonly", 1)).isPositive();
  }

  @Test
  void badCombinationsAreOneLineAndExitTwoBeforeAnyThreadStarts() {
    String[][] bad = {
        {"-p", "readproportion=0", "-p", "updateproportion=1"},
        {"-p", "fieldlength=10"},
        {"-threads", "2", "-p", "staleness.readers=2"},
        {"-p", "dataintegrity=true"},
        {"-p", "staleness.readers=1", "-threads", "2", "-p", "readproportion=1", "-p", "updateproportion=0"},
    };
    String[] says = {"has none (readproportion=0", "fieldlength must be at least 17", "leaves no writer",
        "choose one", "needs writes"};
    for (int i = 0; i < bad.length; i++) {
      List<String> argv = new ArrayList<>(List.of("run", "test-lagging", "-P", "../workloads/workloada",
          "-p", "staleness=true", "-p", "lag.id=bad" + i, "-p", "results.dir=" + tmp.resolve("bad" + i)));
      argv.addAll(List.of(bad[i]));
      LocalRun c = LocalRun.run(argv.toArray(String[]::new));
      assertThat(c.exit).as(c.toString()).isEqualTo(2);
      assertThat(c.err.lines().filter(l -> !l.isBlank()).count()).as(c.toString()).isEqualTo(1);
      assertThat(c.err).as(c.toString()).contains(says[i]);
      assertThat(LaggingBinding.STORES.get("bad" + i)).as("nothing opened").isNull();
    }
  }
}
