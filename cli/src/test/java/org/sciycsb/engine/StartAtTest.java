package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.report.Hlog;
import org.sciycsb.testkit.Cli;

/** start.at holds the initialised threads until a wall-clock time, so that client processes begin together. */
class StartAtTest {
  @TempDir
  Path tmp;

  @Test
  void theMeasuredPartBeginsNoEarlierThanStartAt() throws Exception {
    long at = System.currentTimeMillis() + 1500;
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=100", "-threads", "2",
        "-p", "start.at=" + at, "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("for start.at");
    // the log's start is the measured start (1 ms: its clock conversion)
    assertThat(Hlog.read(tmp.resolve("run/latency.hlog")).startMs()).isGreaterThanOrEqualTo(at - 1);
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("100");
  }

  @Test
  void aTimeInSecondsIsRefused() throws Exception {
    Cli c = Cli.run("run", "basic", "-p", "start.at=1700000000", "-p", "results.dir=" + tmp.resolve("x"));
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).contains("bad value for start.at").contains("epoch milliseconds");
  }
}
