package org.sciycsb.engine.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.validity.GcWatch;
import org.sciycsb.measure.Collector;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.measure.OperationRegistry;
import org.sciycsb.measure.StatusCodes;
import org.sciycsb.measure.StatusStyle;
import org.sciycsb.measure.ThreadRecorder;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunDetail;

/**
 * The engine's part while the threads run: an interval collected at a time until every thread has ended (stopping
 * them at the deadline or at {@code errors.max}), then the end of measurement: the last interval, the summaries.
 */
final class MeasurementLoop {
  private final Collector collector;
  private final MeasurementTiming timing;
  private final Stop stop;
  /** measurement.trackjvm's sampler, or null. */
  private JvmTracker jvm;

  MeasurementLoop(Collector collector, MeasurementTiming timing, Stop stop) {
    this.collector = collector;
    this.timing = timing;
    this.stop = stop;
  }

  /**
   * The collector of the threads' recorders, its interval log in the results folder; with {@code -s}
   * ({@code status=true}) its status lines on {@code err} (and on {@code out} as well with
   * {@code measurementtype=timeseries}), in the style of upstream's measurement properties.
   */
  static Collector openCollector(OperationRegistry registry, StatusCodes codes, List<ThreadRecorder> recorders,
      ResultsDir results, long planned, Settings s, Config cfg, PrintStream out, PrintStream err)
      throws ConfigException {
    Collector collector;
    try {
      PrintStream status = cfg.get(org.sciycsb.engine.config.UpstreamClientOptions.STATUS) ? err : null;
      collector = new Collector(registry, codes, recorders, s.digits(), results.file("latency.hlog"), status,
          () -> planned, 0, s.granularityMs() * 1_000_000L);
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + results.path() + ": " + e.getMessage());
    }
    collector.setStatusInterval(s.statusSeconds() * 1_000_000_000L);
    collector.setStatusStyle(statusStyle(cfg, s), out);
    return collector;
  }

  /**
   * The status lines' style from upstream's properties as the user wrote them: unset, {@code [READ]} is the response
   * time (this project's default), {@code measurement.interval=op} (upstream's default, written out) the service time.
   * The raw values, not the options' parsed ones: the options' default of measurement.interval is not upstream's.
   */
  static StatusStyle statusStyle(Config cfg, Settings s) {
    return StatusStyle.of(cfg.raw(EngineOptions.MEASUREMENT_TYPE.name()),
        cfg.raw(EngineOptions.MEASUREMENT_INTERVAL.name()), s.label());
  }

  /** What the client threads did once they ended. */
  record Measured(List<OpSummary> ops, double seconds, long operations, int failedThreads,
      String runFailure, Map<String, Object> clientCpu, GcWatch.Pauses gc, RunDetail detail) {}

  /**
   * Collects an interval at a time until every client thread has ended, stopping them at the deadline or at
   * {@code errors.max}; true when the deadline stopped them.
   */
  boolean collectUntilDone(List<Thread> javaThreads, Settings s) {
    long granularity = s.granularityMs() * 1_000_000L;
    long next = System.nanoTime() + granularity;
    boolean stoppedByDeadline = false;
    if (s.output().trackJvm()) {
      jvm = new JvmTracker(s.statusSeconds() * 1_000_000_000L);
      jvm.maybeSample(System.nanoTime(), true);
    }
    for (Thread t : javaThreads) {
      while (t.isAlive()) {
        long now = System.nanoTime();
        if (jvm != null) {
          jvm.maybeSample(now, false);
        }
        if (timing.deadline != 0 && now >= timing.deadline && !stop.requested()) {
          stop.request("maxexecutiontime");
          stoppedByDeadline = true;
        }
        if (now >= next) {
          collector.collectNow();
          if (s.errorsMax() > 0 && !stop.requested() && collector.errorsSoFar() >= s.errorsMax()) {
            stop.request("errors.max (" + s.errorsMax() + ") reached");
          }
          next = collector.nextCollectionNanos(System.nanoTime());
        }
        try {
          t.join(Math.max(1, Math.min((next - now) / 1_000_000, 100)));
        } catch (InterruptedException e) {
          stop.request("interrupted");
          Thread.currentThread().interrupt();
        }
      }
    }
    return stoppedByDeadline;
  }

  /** The last interval collected, the summaries built and the interval log closed. */
  Measured end(List<ClientThread> clients, PrintStream err) {
    long end = timing.measureStart;
    for (ClientThread c : clients) {
      end = Math.max(end, c.endNanos());
    }
    if (!collector.isMeasuring()) {
      // every thread ended before the measured part (init failures, or a workload with nothing to do)
      collector.beginMeasurement(end);
      timing.measureStart = end;
    }
    collector.collect(end);
    ProcessCpu.Reading cpuEnd = ProcessCpu.now();
    GcWatch.Pauses gc = timing.stopGc();
    double seconds = Math.max(1e-9, (end - timing.measureStart) / 1e9);
    List<OpSummary> ops = collector.summaries(seconds);
    long measuredOps = 0;
    String runFailure = null;
    int failedThreads = 0;
    for (ClientThread c : clients) {
      measuredOps += c.measuredOps();
      if (c.runFailure() != null) {
        failedThreads++;
        runFailure = runFailure == null ? PhaseRun.describe(c.runFailure()) : runFailure;
      }
    }
    try {
      collector.close();
    } catch (IOException e) {
      err.println("warning: interval log incomplete: " + e.getMessage());
    }
    List<Long> cleanups = new ArrayList<>();
    for (ClientThread c : clients) {
      if (c.cleanupNanos() >= 0) {
        cleanups.add(c.cleanupNanos());
      }
    }
    if (jvm != null) {
      jvm.maybeSample(System.nanoTime(), true);
    }
    RunDetail detail = new RunDetail(collector.histograms(), cleanups, timing.collectors(), collector.rawPoints(),
        jvm == null ? null : jvm.stats());
    return new Measured(ops, seconds, measuredOps, failedThreads, runFailure,
        ProcessCpu.between(timing.cpuStart, cpuEnd, measuredOps, seconds), gc, detail);
  }
}
