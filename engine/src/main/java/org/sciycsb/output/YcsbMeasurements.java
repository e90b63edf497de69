package org.sciycsb.output;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.sciycsb.results.JvmStats;
import org.sciycsb.results.RunReport;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * A run's measurements as YCSB 0.17 exports them, through any {@link MeasurementsExporter}: {@code [OVERALL]}
 * run time and throughput, the garbage collectors ({@code [TOTAL_GCS_<collector>]} ... then the totals), then one
 * section per measurement in upstream's order ({@link YcsbSections}), each as its {@code measurementtype} writes it
 * ({@link YcsbSectionWriter}). Every value has upstream's type: counts and whole microseconds as integers, means
 * and shares as doubles. A run with staleness=true ends with its {@link StalenessLines}.
 */
public final class YcsbMeasurements {
  private YcsbMeasurements() {}

  /**
   * Writes everything but the exporter's close.
   *
   * @param stdout where {@code raw} points go without {@code measurement.raw.output_file} (upstream: stdout)
   */
  public static void write(RunReport r, OutputSettings o, MeasurementsExporter e, PrintStream stdout)
      throws IOException {
    List<YcsbSection> sections = YcsbSections.of(r, o.interval());
    YcsbSectionWriter w = new YcsbSectionWriter(r, o, e, stdout);
    w.announceRaw(sections);
    e.write("OVERALL", "RunTime(ms)", r.runtimeMs());
    e.write("OVERALL", "Throughput(ops/sec)", r.throughput());
    gc(r, e);
    for (YcsbSection s : sections) {
      w.write(s);
    }
    for (StalenessLines.Line l : StalenessLines.of(r)) {
      if (l.value() instanceof Long n) {
        e.write(l.section(), l.metric(), n);
      } else {
        e.write(l.section(), l.metric(), (Double) l.value());
      }
    }
  }

  /** A time's share of the run time in %, as upstream computes it; 0.0 for a run shorter than 1 ms (not NaN). */
  private static double share(long ms, long runtimeMs) {
    return runtimeMs <= 0 ? 0.0 : ((double) ms / runtimeMs) * 100.0;
  }

  /** Upstream's per-collector lines, then the totals; the time share over the run time, as a double. */
  private static void gc(RunReport r, MeasurementsExporter e) throws IOException {
    long count = 0;
    long time = 0;
    for (Map.Entry<String, long[]> c : r.detail().gc().entrySet()) {
      e.write("TOTAL_GCS_" + c.getKey(), "Count", c.getValue()[0]);
      e.write("TOTAL_GC_TIME_" + c.getKey(), "Time(ms)", c.getValue()[1]);
      e.write("TOTAL_GC_TIME_%_" + c.getKey(), "Time(%)", share(c.getValue()[1], r.runtimeMs()));
      count += c.getValue()[0];
      time += c.getValue()[1];
    }
    e.write("TOTAL_GCs", "Count", count);
    e.write("TOTAL_GC_TIME", "Time(ms)", time);
    e.write("TOTAL_GC_TIME_%", "Time(%)", share(time, r.runtimeMs()));
    JvmStats j = r.detail().jvm();
    if (j != null) {
      e.write("MAX_MEM_USED", "MBs", j.maxMemMb());
      e.write("MIN_MEM_USED", "MBs", j.minMemMb());
      e.write("MAX_THREADS", "Count", j.maxThreads());
      e.write("MIN_THREADS", "Count", j.minThreads());
      e.write("MAX_SYS_LOAD_AVG", "Load", j.maxLoad());
      e.write("MIN_SYS_LOAD_AVG", "Load", j.minLoad());
    }
  }
}
