package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;

class ThreadCapacityTest {
  @Test
  void theHeapBoundsTheThreadCount() {
    long heap = 512L * 1024 * 1024;
    long fits = heap / ThreadCapacity.MIN_HEAP_PER_THREAD;
    assertThatCode(() -> ThreadCapacity.checkHeap((int) fits, heap)).doesNotThrowAnyException();
    assertThatThrownBy(() -> ThreadCapacity.checkHeap((int) fits + 1, heap)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("threadcount " + (fits + 1) + " needs at least").hasMessageContaining("maximum of 512 MB");
  }

  @Test
  void theTightestKernelLimitIsNamed() throws Exception {
    Map<String, Long> limits = new LinkedHashMap<>();
    limits.put("ulimit -u (max user processes)", 96365L);
    limits.put("kernel.pid_max", 32768L);
    limits.put("unknown", -1L);
    ThreadCapacity.checkKernel(32768, limits);
    assertThatThrownBy(() -> ThreadCapacity.checkKernel(32769, limits)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("at most 32768, from kernel.pid_max");
    ThreadCapacity.checkKernel(1_000_000, Map.of("unknown", -1L)); // nothing known: nothing refused
  }

  @Test
  void thisHostsLimitsAreRead() throws Exception {
    // Linux: /proc has them (procfs files report size 0: read whole, not one byte)
    long pidMax = Long.parseLong(java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/sys/kernel/pid_max"))
        .get(0).trim());
    assertThat(ThreadCapacity.kernelLimits()).containsEntry("kernel.pid_max", pidMax);
    assertThat(ThreadCapacity.kernelLimits().values()).allMatch(v -> v == -1 || v > 1000);
  }
}
