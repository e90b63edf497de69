package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's live view as a listener sees it: the phase, the counters and the last interval of a real run. */
class LiveRunTest {
  @TempDir
  Path tmp;

  /** Keeps the live view and what it said when the threads had ended. */
  static final class Watching implements RunExtension {
    final List<String> phases = new ArrayList<>();
    LiveRun live;
    Map<String, Map<String, Long>> finalCalls;

    @Override
    public OptionSet options() {
      return OptionSet.builder("watch").build();
    }

    @Override
    public RunListener open(Config config, Path resultsDir) {
      return new RunListener() {
        @Override
        public void live(LiveRun run) {
          live = run;
          phases.add(run.phase());
        }

        @Override
        public Map<String, Object> measurementEnded(long measuredStartEpochMs) {
          phases.add(live.phase());
          finalCalls = live.calls();
          return null;
        }
      };
    }
  }

  @Test
  void theLiveViewCountsWhatTheResultsCount() throws Exception {
    Watching w = new Watching();
    Engine.Outcome o = Benchmark.run(RunSpec.builder(Phase.RUN).binding("basic")
        .propertyFile(BenchmarkTest.WORKLOADA).property("operationcount", "3000").property("threadcount", "2")
        .property("results.dir", tmp.resolve("r").toString()).handleSignals(false).workDir(tmp.resolve("work"))
        .extension(w).build());
    assertThat(o.exitCode()).isZero();
    assertThat(w.phases).containsExactly("init", "ended");
    long ok = w.finalCalls.values().stream().mapToLong(m -> m.getOrDefault("OK", 0L)).sum();
    assertThat(ok).isEqualTo(o.report().operations()).isEqualTo(3000);
    assertThat(w.finalCalls).containsOnlyKeys("READ", "UPDATE");
    assertThat(w.live.operationsDone()).isEqualTo(3000);
    assertThat(w.live.operationsPlanned()).isEqualTo(3000);
    assertThat(w.live.threads()).isEqualTo(2);
    assertThat(w.live.inFlight()).isZero();
    assertThat(w.live.inFlightLimit()).isEqualTo(2);
    assertThat(w.live.command()).isEqualTo("run");
    assertThat(w.live.binding()).isEqualTo("basic");
    assertThat(w.live.lastInterval().ops()).containsKey("OVERALL");
  }
}
