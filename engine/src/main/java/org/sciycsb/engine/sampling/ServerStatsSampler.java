package org.sciycsb.engine.sampling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ServerStats;

/**
 * Samples the store's own figures ({@link BindingRun#serverStats}) in a thread of its own while a run goes on, one
 * sample per period and one more when it stops, and turns them into {@code extra.server} of the results: every
 * counter's difference and rate over the measured run (a counter that first appears during it counted from 0),
 * every gauge's mean and maximum, the gauges the binding names as trouble signals, and the samples themselves
 * (time since the measured start). A store that cannot say (no binding support, or its first answer fails) leaves
 * a one-line reason instead. {@link #start} returns once the first sample is taken (or after
 * {@link #FIRST_SAMPLE_WAIT_MS}), so that it precedes the run's first operation: the counters' differences then hold
 * every operation of the run, also those of its first moments (an HDFS run creates its files at its first inserts).
 */
final class ServerStatsSampler implements Runnable {
  /** How long {@link #start} waits for the first sample at most: a slow store delays the run no longer. */
  static final long FIRST_SAMPLE_WAIT_MS = 2000;

  /** One sample: wall-clock time and what the server said. */
  record Sample(long epochMs, ServerStats stats) {}

  private final BindingRun run;
  private final long periodMillis;
  private final Function<Throwable, String> describe;
  private final Thread thread;
  private final List<Sample> samples = new ArrayList<>();
  private final java.util.concurrent.CountDownLatch firstSample = new java.util.concurrent.CountDownLatch(1);
  private volatile boolean stop;
  private String unavailable;
  private int failures;

  /**
   * @param describe an exception in one line, for the reason when the store's first answer fails
   */
  ServerStatsSampler(BindingRun run, long periodMillis, Function<Throwable, String> describe) {
    this.run = run;
    this.periodMillis = periodMillis;
    this.describe = describe;
    this.thread = new Thread(this, "server-stats-sampler");
    this.thread.setDaemon(true);
  }

  /** Starts sampling and waits for the first sample (at most {@link #FIRST_SAMPLE_WAIT_MS}). */
  void start() {
    thread.start();
    try {
      firstSample.await(FIRST_SAMPLE_WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    boolean more = sampleOnce();
    firstSample.countDown();
    while (!stop && more) {
      try {
        Thread.sleep(periodMillis);
      } catch (InterruptedException e) {
        return;
      }
      more = sampleOnce();
    }
  }

  /** Takes one sample; false when the store cannot give any (sampling ends). */
  private boolean sampleOnce() {
    Optional<ServerStats> s;
    try {
      s = run.serverStats();
    } catch (BenchmarkException | RuntimeException e) {
      synchronized (this) {
        failures++;
        if (samples.isEmpty()) {
          unavailable = "the store's figures could not be read: " + describe.apply(e);
          return false;
        }
      }
      return true;
    }
    synchronized (this) {
      if (s.isEmpty()) {
        unavailable = "the binding does not read the store's own figures";
        return false;
      }
      samples.add(new Sample(System.currentTimeMillis(), s.get()));
    }
    return true;
  }

  /** Stops sampling and takes the closing sample. */
  void stop() {
    stop = true;
    thread.interrupt();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    boolean any;
    synchronized (this) {
      any = !samples.isEmpty();
    }
    if (any && !thread.isAlive()) {
      sampleOnce();
    }
  }

  /**
   * The section: the samples from the last one at or before the measured start (or the first) to the end, each
   * counter's delta and rate between the first and last of them, each gauge's mean and maximum.
   */
  synchronized Map<String, Object> section(long measuredStartEpochMs) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (samples.isEmpty()) {
      m.put("unavailable", unavailable != null ? unavailable : "no sample was taken");
      return m;
    }
    int from = 0;
    for (int i = 0; i < samples.size(); i++) {
      if (samples.get(i).epochMs() <= measuredStartEpochMs) {
        from = i;
      }
    }
    List<Sample> used = samples.subList(from, samples.size());
    Sample first = used.get(0);
    Sample last = used.get(used.size() - 1);
    double seconds = (last.epochMs() - first.epochMs()) / 1000.0;
    m.put("source", last.stats().source());
    m.put("intervalMs", periodMillis);
    m.put("samples", used.size());
    m.put("failedSamples", failures);
    m.put("spanMs", last.epochMs() - first.epochMs());
    m.put("counters", counters(first, last, seconds));
    m.put("gauges", gauges(used));
    m.put("trouble", new TreeSet<>(last.stats().trouble()));
    m.put("series", series(used, measuredStartEpochMs));
    return m;
  }

  private static Map<String, Object> counters(Sample first, Sample last, double seconds) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String k : new TreeSet<>(last.stats().counters().keySet())) {
      // a counter the server creates on first use (FerretDB's per-command counts) starts from 0
      double a = first.stats().counters().getOrDefault(k, 0.0);
      double delta = last.stats().counters().get(k) - a;
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("start", a);
      c.put("end", last.stats().counters().get(k));
      c.put("delta", delta);
      c.put("perSecond", seconds > 0 ? Math.round(delta / seconds * 1000) / 1000.0 : null);
      out.put(k, c);
    }
    return out;
  }

  private static Map<String, Object> gauges(List<Sample> used) {
    Map<String, Object> out = new LinkedHashMap<>();
    TreeSet<String> names = new TreeSet<>();
    used.forEach(s -> names.addAll(s.stats().gauges().keySet()));
    for (String k : names) {
      double sum = 0;
      double max = Double.NEGATIVE_INFINITY;
      int n = 0;
      for (Sample s : used) {
        Double v = s.stats().gauges().get(k);
        if (v != null) {
          sum += v;
          max = Math.max(max, v);
          n++;
        }
      }
      out.put(k, Map.of("mean", Math.round(sum / n * 1000) / 1000.0, "max", max, "samples", n));
    }
    return out;
  }

  private static List<Object> series(List<Sample> used, long measuredStartEpochMs) {
    List<Object> out = new ArrayList<>();
    for (Sample s : used) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("tMs", s.epochMs() - measuredStartEpochMs);
      p.put("counters", new java.util.TreeMap<>(s.stats().counters()));
      p.put("gauges", new java.util.TreeMap<>(s.stats().gauges()));
      out.add(p);
    }
    return out;
  }
}
