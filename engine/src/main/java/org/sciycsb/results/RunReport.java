package org.sciycsb.results;

import java.util.List;
import java.util.Map;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.OpSummary;

/**
 * Everything one run produced, as the exporters see it. Exporters are pure functions of this record, so
 * golden-file tests build one by hand.
 *
 * @param metadata   ordered metadata (tool, phase, binding, host, store, masked properties, ...)
 * @param outcome    {@code completed}, {@code partial} (stopped early: signal, error limit) or {@code failed}
 * @param runtimeMs  measured time: from the measured start to the end of the last operation (flushes included)
 * @param operations workload operations in the measured time
 * @param throughput operations per second of measured time
 * @param ops        per operation, OVERALL first
 * @param series     the per-interval time series
 * @param extra      sections added by the workload (verification, job counters, ...)
 * @param errors     the first exceptions met, one line each
 * @param percentiles percentiles for the text output
 * @param resources  the resource samples taken during the run ({@code resources} in results.json), or null
 * @param validity   the validity verdict ({@code validity} in results.json), or null when not judged
 * @param detail     the histograms and samples behind the summaries, for the YCSB-format outputs
 *                   ({@link RunDetail#NONE} when a report is built from summaries alone)
 */
public record RunReport(Map<String, Object> metadata, String outcome, long runtimeMs, long operations,
    double throughput, List<OpSummary> ops, List<IntervalPoint> series, Map<String, Object> extra,
    List<String> errors, List<Double> percentiles, Map<String, Object> resources, Map<String, Object> validity,
    RunDetail detail) {

  public RunReport {
    detail = detail == null ? RunDetail.NONE : detail;
  }

  /** A report without detail. */
  public RunReport(Map<String, Object> metadata, String outcome, long runtimeMs, long operations,
      double throughput, List<OpSummary> ops, List<IntervalPoint> series, Map<String, Object> extra,
      List<String> errors, List<Double> percentiles, Map<String, Object> resources, Map<String, Object> validity) {
    this(metadata, outcome, runtimeMs, operations, throughput, ops, series, extra, errors, percentiles, resources,
        validity, RunDetail.NONE);
  }

  /** A report with resource samples and no validity verdict. */
  public RunReport(Map<String, Object> metadata, String outcome, long runtimeMs, long operations,
      double throughput, List<OpSummary> ops, List<IntervalPoint> series, Map<String, Object> extra,
      List<String> errors, List<Double> percentiles, Map<String, Object> resources) {
    this(metadata, outcome, runtimeMs, operations, throughput, ops, series, extra, errors, percentiles, resources,
        null);
  }

  /** This report with its validity verdict. */
  public RunReport withValidity(Map<String, Object> v) {
    return new RunReport(metadata, outcome, runtimeMs, operations, throughput, ops, series, extra, errors,
        percentiles, resources, v, detail);
  }

  /** This report with its detail. */
  public RunReport withDetail(RunDetail d) {
    return new RunReport(metadata, outcome, runtimeMs, operations, throughput, ops, series, extra, errors,
        percentiles, resources, validity, d);
  }

  /** A report without resource samples. */
  public RunReport(Map<String, Object> metadata, String outcome, long runtimeMs, long operations,
      double throughput, List<OpSummary> ops, List<IntervalPoint> series, Map<String, Object> extra,
      List<String> errors, List<Double> percentiles) {
    this(metadata, outcome, runtimeMs, operations, throughput, ops, series, extra, errors, percentiles, null);
  }
}
