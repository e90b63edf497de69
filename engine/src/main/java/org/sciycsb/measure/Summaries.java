package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.Operation;

/**
 * The measured part's totals and the results built from them: a total histogram per slot (operation, outcome, time
 * kind) and the {@code OVERALL} ones, each the exact sum of the intervals' histograms, and the {@link OpSummary} per
 * operation (counts by status, throughput, percentiles through {@link LatencySummary}).
 *
 * <p>Threads: the collector side only, under the {@link Collector}'s lock: {@link IntervalAggregator} adds each
 * finalized interval, the engine asks for the summaries once every thread has ended.
 */
final class Summaries {
  private final OperationRegistry registry;
  private final StatusCodes codes;
  private final RunningCounts counts;
  private final Histogram[] total;
  private final Histogram overallResponse;
  private final Histogram overallService;

  Summaries(OperationRegistry registry, StatusCodes codes, RunningCounts counts, int digits) {
    this.registry = registry;
    this.codes = codes;
    this.counts = counts;
    this.total = registry.newSlotHistograms(digits);
    this.overallResponse = new Histogram(digits);
    this.overallService = new Histogram(digits);
  }

  /** Adds one interval's histogram of a slot ({@link OperationRegistry#slot}). */
  void add(int slot, Histogram interval) {
    total[slot].add(interval);
  }

  /** Adds one interval's {@code OVERALL} histograms. */
  void addOverall(Histogram response, Histogram service) {
    overallResponse.add(response);
    overallService.add(service);
  }

  /** A copy of the total histogram of a slot. */
  Histogram total(int opIndex, boolean failed, boolean service) {
    return total[OperationRegistry.slot(opIndex, failed, service)].copy();
  }

  /**
   * The total histograms of every operation that {@link #build} reports, composite ones included, in registration
   * order; {@code OVERALL} is not among them. Not copies (a run's heap may be nearly full when it ends): once every
   * thread has ended and the last interval is in, nothing changes them any more.
   */
  List<OpHistograms> histograms() {
    List<OpHistograms> out = new ArrayList<>();
    for (Operation op : registry.all()) {
      int o = op.index();
      long calls = 0;
      for (int s = 0; s < StatusCodes.MAX; s++) {
        calls += counts.status(o, s);
      }
      Histogram r = total[OperationRegistry.slot(o, false, false)];
      Histogram fr = total[OperationRegistry.slot(o, true, false)];
      if (calls == 0 && r.getTotalCount() == 0 && fr.getTotalCount() == 0) {
        continue;
      }
      out.add(new OpHistograms(op.name(), r, total[OperationRegistry.slot(o, false, true)], fr,
          total[OperationRegistry.slot(o, true, true)]));
    }
    return out;
  }

  /**
   * {@code OVERALL} (when a non-composite operation was called), then every operation called, in registration order;
   * throughputs over {@code measuredSeconds}. The status counts are the recorders' cumulative ones.
   */
  List<OpSummary> build(double measuredSeconds) {
    List<OpSummary> out = new ArrayList<>();
    long ovCalls = 0;
    Map<String, Long> ovStatuses = new LinkedHashMap<>();
    List<OpSummary> ops = new ArrayList<>();
    for (Operation op : registry.all()) {
      int o = op.index();
      Map<String, Long> statuses = new LinkedHashMap<>();
      long calls = 0;
      for (int s = 0; s < StatusCodes.MAX; s++) {
        long n = counts.status(o, s);
        if (n > 0) {
          statuses.put(codes.name(s), n);
          calls += n;
          if (!op.composite()) {
            ovStatuses.merge(codes.name(s), n, Long::sum);
          }
        }
      }
      Histogram r = total[OperationRegistry.slot(o, false, false)];
      if (calls == 0 && r.getTotalCount() == 0) {
        continue;
      }
      if (!op.composite()) {
        ovCalls += calls;
      }
      ops.add(new OpSummary(op.name(), r.getTotalCount(), statuses, r.getTotalCount() / measuredSeconds,
          LatencySummary.of(r), LatencySummary.of(total[OperationRegistry.slot(o, false, true)]),
          LatencySummary.of(total[OperationRegistry.slot(o, true, false)])));
    }
    if (ovCalls > 0) {
      out.add(new OpSummary("OVERALL", overallResponse.getTotalCount(), ovStatuses,
          overallResponse.getTotalCount() / measuredSeconds, LatencySummary.of(overallResponse),
          LatencySummary.of(overallService), LatencySummary.EMPTY));
    }
    out.addAll(ops);
    return out;
  }
}
