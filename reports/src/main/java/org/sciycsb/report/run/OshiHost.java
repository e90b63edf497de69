package org.sciycsb.report.run;

import oshi.PlatformEnum;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OperatingSystem;
import oshi.util.GlobalConfig;

/** OSHI's view of this system, made once per JVM; null where OSHI cannot read CPU and memory. */
final class OshiHost {
  private static final Object LOCK = new Object();
  private static boolean tried;
  private static OshiHost instance;

  final HardwareAbstractionLayer hal;
  final OperatingSystem os;
  final CentralProcessor cpu;
  final int cpus;

  private OshiHost(SystemInfo si) {
    hal = si.getHardware();
    os = si.getOperatingSystem();
    cpu = hal.getProcessor();
    cpus = Math.max(1, cpu.getLogicalProcessorCount());
  }

  static OshiHost get() {
    synchronized (LOCK) {
      if (!tried) {
        tried = true;
        instance = open();
      }
      return instance;
    }
  }

  private static OshiHost open() {
    try {
      if (SystemInfo.getCurrentPlatform() == PlatformEnum.UNKNOWN) {
        return null;
      }
      ResourceSampler.quietSlf4j();
      // OSHI caches what it reads for 300 ms: sampling every 100 ms or more needs fresh values each time
      GlobalConfig.set(GlobalConfig.OSHI_UTIL_MEMOIZER_EXPIRATION, 10);
      OshiHost h = new OshiHost(new SystemInfo());
      long[] ticks = h.cpu.getSystemCpuLoadTicks();
      long sum = 0;
      for (long t : ticks) {
        sum += t;
      }
      return sum > 0 && h.hal.getMemory().getTotal() > 0 ? h : null;
    } catch (RuntimeException | LinkageError e) {
      return null; // no native access (JNA), or a system OSHI does not read
    }
  }
}
