package org.sciycsb.report.run;

import java.util.Map;
import org.sciycsb.report.run.ResourceSampler.ProcessSample;
import oshi.software.os.OSProcess;

/** One sampled process: the CPU times of the previous sample, and its start time (a reused PID is another). */
final class SampledProcess {
  final String name;
  final long pid;
  /** A server's figures include its descendants' (PostgreSQL's backends, a wrapper's children). */
  final boolean tree;
  /** Each descendant's start time, user and kernel ms at the last reading. */
  final Map<Long, long[]> children = new java.util.HashMap<>();
  String command;
  String problem;
  long startTime = -1;
  long lastUser;
  long lastKernel;
  boolean gone;

  SampledProcess(String name, long pid, boolean tree) {
    this.name = name;
    this.pid = pid;
    this.tree = tree;
  }

  /**
   * The descendants' user and kernel ms since the last reading (a descendant that started since counts whole;
   * one that ended since is lost for its last interval) and their resident memory.
   */
  long[] descendants(OshiHost host, boolean baseline) {
    long[] sum = new long[3];
    java.util.Set<Long> seen = new java.util.HashSet<>();
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> {
      OSProcess c = d.pid() <= Integer.MAX_VALUE ? host.os.getProcess((int) d.pid()) : null;
      if (c == null) {
        return;
      }
      seen.add(d.pid());
      long[] last = children.get(d.pid());
      boolean same = last != null && last[0] == c.getStartTime();
      if (!baseline) {
        sum[0] += c.getUserTime() - (same ? last[1] : 0);
        sum[1] += c.getKernelTime() - (same ? last[2] : 0);
      }
      sum[2] += c.getResidentSetSize();
      children.put(d.pid(), new long[] {c.getStartTime(), c.getUserTime(), c.getKernelTime()});
    }));
    children.keySet().retainAll(seen);
    return sum;
  }

  /** Reads the process; its figures when there is a previous reading to take the CPU from, else null. */
  ProcessSample sample(OshiHost host, double secs, boolean rate) {
    if (gone) {
      return null;
    }
    OSProcess p = null;
    try {
      p = pid > 0 && pid <= Integer.MAX_VALUE ? host.os.getProcess((int) pid) : null;
    } catch (RuntimeException | LinkageError e) {
      // unreadable: as gone
    }
    if (p == null || (startTime >= 0 && p.getStartTime() != startTime)) {
      gone = true;
      problem = startTime < 0 ? "no process with pid " + pid
          : "process " + pid + " ended during the run (its last figures are in the last sample that has it)";
      return null;
    }
    ProcessSample out = null;
    long[] kids = tree ? descendants(host, startTime < 0) : new long[3];
    if (startTime >= 0 && rate) {
      double ms = secs * 1000 * host.cpus / 100.0; // 1% of all CPUs over the interval, in CPU ms
      out = new ProcessSample(pid, Math.round(10 * (p.getUserTime() - lastUser + kids[0]) / ms) / 10.0,
          Math.round(10 * (p.getKernelTime() - lastKernel + kids[1]) / ms) / 10.0,
          p.getResidentSetSize() + kids[2]);
    }
    startTime = p.getStartTime();
    command = p.getName();
    lastUser = p.getUserTime();
    lastKernel = p.getKernelTime();
    return out;
  }
}
