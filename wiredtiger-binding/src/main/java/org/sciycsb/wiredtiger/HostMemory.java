package org.sciycsb.wiredtiger;

import java.lang.management.ManagementFactory;

/** The memory of this host (of its container when it has a limit, as the JVM sees it), for the cache's bounds. */
final class HostMemory {
  private HostMemory() {}

  /** Bytes of memory, or -1 when the JVM cannot tell. */
  static long total() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long m = os.getTotalMemorySize();
      return m > 0 ? m : -1;
    }
    return -1;
  }
}
