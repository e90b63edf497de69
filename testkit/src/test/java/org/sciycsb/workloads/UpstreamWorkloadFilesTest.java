package org.sciycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sciycsb.testkit.InProcessRun;

/**
 * Every workload file of upstream YCSB's workloads/ folder runs unchanged, a load and a run on the basic binding,
 * with no warning about a property nobody uses: workloads A-F (this checkout's workloads/ holds upstream's
 * settings), upstream's workload_template of 0.17 and of master, and tsworkloada (upstream's TimeSeriesWorkload,
 * run by its own class). The templates and tsworkloada are our fixtures of the key=value pairs those files set
 * (src/test/resources/upstream-workloads, each saying what it stands for). Only the counts are lowered, with -p.
 */
class UpstreamWorkloadFilesTest {
  private static final Path FIXTURES = Path.of("src/test/resources/upstream-workloads");

  @TempDir
  Path tmp;

  private InProcessRun phase(String phase, Path file, String... counts) {
    String[] head = {phase, "basic", "-P", file.toString(), "-p", "results.dir=" + tmp.resolve(phase + "-"
        + file.getFileName())};
    String[] argv = new String[head.length + counts.length];
    System.arraycopy(head, 0, argv, 0, head.length);
    System.arraycopy(counts, 0, argv, head.length, counts.length);
    return InProcessRun.run(argv);
  }

  @ParameterizedTest
  @ValueSource(strings = {"../workloads/workloada", "../workloads/workloadb", "../workloads/workloadc",
      "../workloads/workloadd", "../workloads/workloade", "../workloads/workloadf",
      "src/test/resources/upstream-workloads/workload_template-0.17",
      "src/test/resources/upstream-workloads/workload_template-master"})
  void loadsAndRunsWithNoWarning(String file) {
    Path f = Path.of(file);
    assertThat(f).exists();
    for (String phase : new String[] {"load", "run"}) {
      InProcessRun r = phase(phase, f, "-p", "recordcount=200", "-p", "operationcount=300");
      assertThat(r.exit).as(phase + " " + file + "\n" + r).isZero();
      assertThat(r.err.lines().filter(l -> l.startsWith("warning:"))).as(phase + " " + file).isEmpty();
      // a run's OVERALL counts each read-modify-write's read and update too (workload F)
      assertThat(Long.parseLong(r.text("OVERALL", "Operations"))).as(r.toString())
          .isGreaterThanOrEqualTo(phase.equals("load") ? 200 : 300);
    }
  }

  /**
   * tsworkloada sets delayedSeries and delayedIntervals, which TimeSeriesWorkload never reads (it reads
   * delayedseries and delayedintervals): upstream ignores them silently, this tool says so, and nothing else.
   * Its run needs enough records for a query's time span (upstream's own client fails likewise with fewer).
   */
  @Test
  void theTimeSeriesWorkloadRunsOnItsOwnClassAndOnlyItsMiscasedKeysAreNamed() throws Exception {
    Path f = FIXTURES.resolve("tsworkloada-0.17");
    assertThat(Files.readString(f)).contains("delayedSeries=");
    InProcessRun load = phase("load", f, "-p", "recordcount=2048");
    InProcessRun run = phase("run", f, "-p", "recordcount=100000", "-p", "operationcount=300");
    for (InProcessRun r : new InProcessRun[] {load, run}) {
      assertThat(r.exit).as(r.toString()).isZero();
      assertThat(r.err.lines().filter(l -> l.startsWith("warning:"))).as(r.toString()).containsExactlyInAnyOrder(
          "warning: property delayedIntervals is not one site.ycsb.workloads.TimeSeriesWorkload declares (it"
              + " declares delayedintervals; YCSB's property names are case-sensitive)",
          "warning: property delayedSeries is not one site.ycsb.workloads.TimeSeriesWorkload declares (it declares"
              + " delayedseries; YCSB's property names are case-sensitive)");
    }
    assertThat(run.text("OVERALL", "Operations")).isEqualTo("300");
  }
}
