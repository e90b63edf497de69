package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.HdrHistogram.HistogramLogReader;

/** start.at holds the initialised threads until a wall-clock time, so that client processes begin together. */
class StartAtTest {
  @TempDir
  Path tmp;

  @Test
  void theMeasuredPartBeginsNoEarlierThanStartAt() throws Exception {
    long at = System.currentTimeMillis() + 1500;
    LocalRun c = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=100", "-threads",
        "2",
        "-p", "start.at=" + at, "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("for start.at");
    // the log's start is the measured start (1 ms: its clock conversion)
    assertThat(logStartMs(tmp.resolve("run/latency.hlog"))).isGreaterThanOrEqualTo(at - 1);
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("100");
  }

  @Test
  void aTimeInSecondsIsRefused() throws Exception {
    LocalRun c = LocalRun.run("run", "basic", "-p", "start.at=1700000000", "-p", "results.dir=" + tmp.resolve("x"));
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).contains("bad value for start.at").contains("epoch milliseconds");
  }

  /** The interval log's StartTime in epoch ms (read with the header, before the first interval). */
  private static long logStartMs(Path hlog) throws Exception {
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    try {
      reader.nextIntervalHistogram();
      return Math.round(reader.getStartTimeSec() * 1000);
    } finally {
      reader.close();
    }
  }
}
