package org.sciycsb.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {
  @Test
  void utimePlusStimeOfAStatLineWhoseCommandHasSpacesAndParentheses() {
    String stat = "4242 (java (main) x) S 1 2 3 0 -1 4194560 500 0 0 0 1234 56 0 0 20 0 31 0 100 200 300";
    assertThat(ProcessCpu.fromStat(stat)).isEqualTo((1234 + 56) * ProcessCpu.TICK_NANOS);
  }

  @Test
  void cpuPerOperationAndCoresBusy() {
    Map<String, Object> m = ProcessCpu.between(new ProcessCpu.Reading(1_000_000_000L, "/proc/self/stat"),
        new ProcessCpu.Reading(4_000_000_000L, "/proc/self/stat"), 100_000, 2.0);
    assertThat(m).containsEntry("cpuMs", 3000L).containsEntry("cpuUsPerOp", 30.0).containsEntry("coresBusy", 1.5);
    assertThat(ProcessCpu.between(null, new ProcessCpu.Reading(1, "x"), 1, 1)).isEmpty();
  }

  @Test
  void aReadingOfThisProcessGrowsWithWork() {
    ProcessCpu.Reading a = ProcessCpu.now();
    long x = 0;
    // busy until this thread itself has had 300 ms of CPU (a wall-clock loop gets less on a loaded machine)
    java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
    long until = t.getCurrentThreadCpuTime() + 300_000_000L;
    while (t.getCurrentThreadCpuTime() < until) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    ProcessCpu.Reading b = ProcessCpu.now();
    assertThat(a.source()).isEqualTo("/proc/self/stat");
    // /proc counts in clock ticks (10 ms): 300 ms of this thread's CPU is at least 290 ms of the process's
    assertThat(b.nanos() - a.nanos()).as("busy for 300 ms of CPU (x=%d)", x).isGreaterThanOrEqualTo(280_000_000L);
  }
}
