package org.sciycsb.output;

import java.util.List;
import java.util.Locale;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * {@code results.csv} (one row per operation and time kind) and {@code timeseries.csv} (one row per interval and
 * operation). The columns are fixed, for the Jenkins Plot plugin and spreadsheets; latencies in microseconds.
 */
public final class CsvExporter {
  public static final String SUMMARY_HEADER =
      "operation,kind,operations,errors,throughput,mean_us,min_us,p50_us,p90_us,p95_us,p99_us,p99_9_us,p99_99_us,max_us";
  public static final String SERIES_HEADER =
      "start_ms,end_ms,operation,count,errors,throughput,mean_us,p50_us,p95_us,p99_us,max_us,service_p95_us,offered";

  private CsvExporter() {}

  public static String summary(RunReport r) {
    StringBuilder sb = new StringBuilder(SUMMARY_HEADER).append('\n');
    for (OpSummary op : r.ops()) {
      row(sb, op.name(), "response", op.operations(), op.errors(), op.throughput(), op.response());
      row(sb, op.name(), "service", op.operations(), op.errors(), op.throughput(), op.service());
      if (op.failedResponse().count() > 0) {
        row(sb, op.name(), "failed", op.failedResponse().count(), op.errors(), 0, op.failedResponse());
      }
    }
    return sb.toString();
  }

  private static void row(StringBuilder sb, String op, String kind, long ops, long errors, double tput,
      LatencySummary l) {
    sb.append(op).append(',').append(kind).append(',').append(ops).append(',').append(errors).append(',');
    join(sb, List.of(tput, l.meanUs(), l.minUs(), l.p50Us(), l.p90Us(), l.p95Us(), l.p99Us(), l.p999Us(),
        l.p9999Us(), l.maxUs()));
    sb.append('\n');
  }

  public static String series(RunReport r) {
    StringBuilder sb = new StringBuilder(SERIES_HEADER).append('\n');
    for (IntervalPoint p : r.series()) {
      p.ops().forEach((name, io) -> {
        sb.append(p.startMs()).append(',').append(p.endMs()).append(',').append(name).append(',')
            .append(io.count()).append(',').append(io.errors()).append(',');
        join(sb, List.of(io.throughput(), io.response().meanUs(), io.response().p50Us(), io.response().p95Us(),
            io.response().p99Us(), io.response().maxUs(), io.service().p95Us()));
        sb.append(',');
        if (p.offered() != null && name.equals("OVERALL")) {
          join(sb, List.of(p.offered())); // the schedule's rate: on the OVERALL row only
        }
        sb.append('\n');
      });
    }
    return sb.toString();
  }

  private static void join(StringBuilder sb, List<Double> values) {
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(String.format(Locale.ROOT, "%.3f", values.get(i)));
    }
  }
}
