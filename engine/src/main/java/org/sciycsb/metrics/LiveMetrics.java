package org.sciycsb.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.LiveRun;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;

/**
 * The metrics of one run, made at each scrape or push from the engine's {@link LiveRun} (the recorders' cumulative
 * counters, the last finalized interval): a {@link MultiCollector} of the Prometheus client library, which writes the
 * exposition formats. Every series carries the run's labels ({@code label}, {@code command}, {@code binding},
 * {@code workload}, {@code client}); nothing else of the configuration is exposed, so no property value (secret or
 * not) ever appears. Before the run's live view is attached, it has no metrics.
 */
final class LiveMetrics implements MultiCollector {
  /** The quantiles of the interval gauges; 1 is the interval's maximum. */
  static final double[] QUANTILES = {0.5, 0.95, 0.99, 1.0};
  static final String[] PHASES = {"init", "warmup", "measured", "ended"};

  private final Labels runLabels;
  private volatile LiveRun run;

  LiveMetrics(String label, String client) {
    // the label is the user's text: a password pasted into it (a URL with credentials) is masked as everywhere else
    this.runLabels = Labels.of("label", label == null ? "" : Secrets.maskText(label), "client", client);
  }

  /** Attaches the run's live view: from now on the metrics have values. */
  void attach(LiveRun live) {
    this.run = live;
  }

  @Override
  public MetricSnapshots collect() {
    LiveRun r = run;
    if (r == null) {
      return MetricSnapshots.of();
    }
    Labels base = runLabels.merge(Labels.of("command", r.command(), "binding", r.binding(), "workload",
        r.workload()));
    List<MetricSnapshot> out = new ArrayList<>();
    out.add(operations(r.calls(), base));
    IntervalPoint last = r.lastInterval();
    out.add(intervalTimes("sciycsb_interval_response_seconds", "response time", last, base, false));
    out.add(intervalTimes("sciycsb_interval_service_seconds", "service time", last, base, true));
    out.add(intervalThroughput(last, base));
    out.add(gauge("sciycsb_threads", "client threads of the run", base, r.threads()));
    out.add(gauge("sciycsb_inflight", "operations in flight now (a running synchronous thread holds one)", base,
        r.inFlight()));
    out.add(gauge("sciycsb_inflight_limit", "the most operations in flight at once (inflight, or the threads)", base,
        r.inFlightLimit()));
    out.add(phase(r.phase(), base));
    out.add(CounterSnapshot.builder().name("sciycsb_workload_operations").help(
        "workload operations done, warmup included").dataPoint(CounterDataPointSnapshot.builder().labels(base)
            .value(r.operationsDone()).build()).build());
    if (r.operationsPlanned() > 0) {
      out.add(gauge("sciycsb_progress_ratio", "workload operations done / planned (absent when time-bound)", base,
          Math.min(1.0, r.operationsDone() / (double) r.operationsPlanned())));
    }
    return new MetricSnapshots(out);
  }

  /** {@code sciycsb_operations_total{operation, status}}: calls that ended, warmup included (monotonic, exact). */
  private static MetricSnapshot operations(Map<String, Map<String, Long>> calls, Labels base) {
    CounterSnapshot.Builder b = CounterSnapshot.builder().name("sciycsb_operations")
        .help("operations (calls) that ended, per operation and status, warmup included");
    calls.forEach((op, byStatus) -> byStatus.forEach((status, n) -> b.dataPoint(CounterDataPointSnapshot.builder()
        .labels(base.merge(Labels.of("operation", op, "status", status))).value(n).build())));
    return b.build();
  }

  /** The last interval's percentiles of successful operations, in seconds, per operation and quantile. */
  private static MetricSnapshot intervalTimes(String name, String what, IntervalPoint last, Labels base,
      boolean service) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).unit(Unit.SECONDS).help(what
        + " of the last measured interval (timeseries.granularity) per operation: its p50, p95, p99 and maximum"
        + " (quantile 1), from the engine's interval histograms");
    if (last != null) {
      last.ops().forEach((op, o) -> {
        LatencySummary l = service ? o.service() : o.response();
        if (l.count() == 0) {
          return;
        }
        double[] us = {l.p50Us(), l.p95Us(), l.p99Us(), l.maxUs()};
        for (int i = 0; i < QUANTILES.length; i++) {
          b.dataPoint(GaugeDataPointSnapshot.builder().labels(base.merge(Labels.of("operation", op, "quantile",
              quantile(QUANTILES[i])))).value(us[i] / 1e6).build());
        }
      });
    }
    return b.build();
  }

  private static MetricSnapshot intervalThroughput(IntervalPoint last, Labels base) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name("sciycsb_interval_throughput")
        .help("successful operations per second in the last measured interval, per operation");
    if (last != null) {
      last.ops().forEach((op, o) -> b.dataPoint(GaugeDataPointSnapshot.builder()
          .labels(base.merge(Labels.of("operation", op))).value(o.throughput()).build()));
    }
    return b.build();
  }

  /** {@code sciycsb_phase{phase}}: 1 for the phase the run is in, 0 for the others. */
  private static MetricSnapshot phase(String now, Labels base) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name("sciycsb_phase")
        .help("1 for the phase the run is in (init, warmup, measured, ended), 0 for the others");
    for (String p : PHASES) {
      b.dataPoint(GaugeDataPointSnapshot.builder().labels(base.merge(Labels.of("phase", p)))
          .value(p.equals(now) ? 1 : 0).build());
    }
    return b.build();
  }

  private static MetricSnapshot gauge(String name, String help, Labels labels, double value) {
    return GaugeSnapshot.builder().name(name).help(help)
        .dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(value).build()).build();
  }

  static String quantile(double q) {
    return q == 1.0 ? "1" : Double.toString(q);
  }
}
