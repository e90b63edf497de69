package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Hlog;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ResultData;

/**
 * Whether a contender differs from the baseline beyond the noise: for every operation and metric (throughput,
 * mean, p50, p95, p99, p99.9 of the response time) the ratio contender / baseline with its 95 % confidence interval
 * and a verdict:
 *
 * <ul>
 *   <li>{@code better} or {@code worse}: the interval excludes 1;</li>
 *   <li>{@code same}: the interval lies inside the equivalence band 1 &plusmn; {@code compare.threshold} percent (the
 *       band of {@link UntilDecided}): the difference, whatever it is, is smaller than the threshold;</li>
 *   <li>{@code undecided}: the interval holds 1 but reaches past the band, or there is no interval at all (no noise
 *       estimate): sameness is never claimed without evidence, nor a difference. The row says what would decide it
 *       ({@link Row#decide()}).</li>
 * </ul>
 *
 * <p>The intervals:
 *
 * <ul>
 *   <li>{@code compare --run}'s interleaved rounds on both sides (at least 2 completed by both): a paired t interval
 *       on the logarithms of each round's ratio (its two runs ran side by side, with one seed unless told
 *       otherwise), so a drift of the machine between rounds cancels instead of widening the interval.</li>
 *   <li>Repeated runs on both sides ({@code -p repeats=N}, at least 2 each): Welch's t interval on the logarithms of
 *       the repeats' values, so the interval is that of the ratio of their geometric means.</li>
 *   <li>Single runs: a block bootstrap over each run's own measured intervals (the interval histograms of
 *       {@code latency.hlog}): non-overlapping blocks of about the square root of the interval count keep the
 *       intervals' correlation; both sides are resampled independently, and the interval is the bootstrap's
 *       standard error with Student's t on the number of blocks. It sees the noise within a run, not the drift between
 *       runs: repeats are stronger, and the output says so.</li>
 *   <li>Otherwise (fewer than {@value #MIN_INTERVALS} intervals, no interval log, one side repeated and the other
 *       not): no interval, and the verdict is {@code undecided}.</li>
 * </ul>
 */
public final class Verdicts {
  /** The metrics judged: {field, title}. */
  public static final String[][] METRICS = {{"throughput", "throughput"}, {"mean", "mean"}, {"p50", "p50"},
      {"p95", "p95"}, {"p99", "p99"}, {"p99_9", "p99.9"}};
  static final int MIN_INTERVALS = 10;
  static final int BOOTSTRAP = 1000;
  public static final String WELCH = Interval.RATIO_METHOD;
  public static final String BOOT = "block bootstrap of the run's intervals (95 %, " + BOOTSTRAP + " resamples, "
      + "Student's t on the blocks); repeats (-p repeats=N) would be stronger";

  /** The verdicts' words. */
  public static final String BETTER = "better";
  public static final String WORSE = "worse";
  public static final String SAME = "same";
  public static final String UNDECIDED = "undecided";

  /**
   * One judged row. {@code low}/{@code high} are NaN when there is no interval; {@code decide} says, for an
   * {@code undecided} row, why and what would decide it (empty otherwise).
   */
  public record Row(String operation, String metric, String contenderTitle, double baseline, double contender,
      double ratio, double low, double high, String verdict, String method, String decide) {
    /** A row without a note on what would decide it. */
    public Row(String operation, String metric, String contenderTitle, double baseline, double contender,
        double ratio, double low, double high, String verdict, String method) {
      this(operation, metric, contenderTitle, baseline, contender, ratio, low, high, verdict, method, "");
    }

    boolean hasInterval() {
      return !Double.isNaN(low);
    }
  }

  /** The equivalence band: a ratio from {@code low} to {@code high} is no difference worth a verdict. */
  public record Band(double low, double high) {
    /** 1 &plusmn; thresholdPct percent, as {@code compare.threshold} (and {@link UntilDecided}'s rule) gives it. */
    public static Band of(double thresholdPct) {
      return new Band(Math.max(0, 1 - thresholdPct / 100), 1 + thresholdPct / 100);
    }

    String text() {
      return "[" + Fmt.fixed(low, 3) + ", " + Fmt.fixed(high, 3) + "]";
    }
  }

  private Verdicts() {}

  /**
   * Every operation and metric of one contender against the baseline, {@code same} meaning inside 1 &plusmn;
   * thresholdPct percent ({@code compare.threshold}).
   */
  public static List<Row> judge(ResultData base, ResultData contender, String title, long seed, double thresholdPct)
      throws ConfigException {
    Map<String, Side> bSides = sides(base);
    Map<String, Side> cSides = sides(contender);
    Map<String, Blocks> b = blocks(bSides);
    Map<String, Blocks> c = blocks(cSides);
    Band band = Band.of(thresholdPct);
    SplittableRandom random = new SplittableRandom(seed);
    List<Row> rows = new ArrayList<>();
    for (String op : Compare.operations(List.of(base, contender))) {
      for (String[] m : METRICS) {
        double bv = Compare.value(base, op, m[0]);
        double cv = Compare.value(contender, op, m[0]);
        if (Double.isNaN(bv) || Double.isNaN(cv)) {
          continue; // an operation one side does not have: no row (the table shows "-")
        }
        Row r = row(op, m, title, bv, cv, base, contender, b.get(op), c.get(op), random, band);
        rows.add(r.verdict().equals(UNDECIDED) ? withDecide(r, base, contender, bSides.get(op), cSides.get(op), band)
            : r);
      }
    }
    return rows;
  }

  private static Row row(String op, String[] m, String title, double bv, double cv, ResultData base,
      ResultData contender, Blocks bs, Blocks cs, SplittableRandom random, Band band) {
    double ratio = bv == 0 ? Double.NaN : cv / bv;
    boolean higherIsBetter = m[0].equals("throughput");
    List<Double> br = repeats(base, op, m[0]);
    List<Double> cr = repeats(contender, op, m[0]);
    double[] ci;
    String method;
    List<List<Double>> paired = pairedRounds(base, contender, op, m[0]);
    if (paired != null) {
      ci = Interval.pairedRatioCi95(paired.get(0), paired.get(1));
      ci = ci == null ? new double[] {Double.NaN, Double.NaN} : ci;
      method = Interval.PAIRED_METHOD;
    } else if (br.size() >= 2 && cr.size() >= 2) {
      ci = welchLogRatio(br, cr);
      method = WELCH;
    } else if (br.size() < 2 && cr.size() < 2 && bs != null && cs != null) {
      ci = bootstrapRatio(bs, cs, m[0], random);
      method = BOOT;
    } else {
      ci = null;
      method = "none: " + (br.size() >= 2 || cr.size() >= 2 ? "one side repeated, the other not"
          : "fewer than " + MIN_INTERVALS + " measured intervals on a side (or no interval log)")
          + "; no noise estimate, so neither a difference nor sameness is claimed";
    }
    double lo = ci == null ? Double.NaN : ci[0];
    double hi = ci == null ? Double.NaN : ci[1];
    return new Row(op, m[1], title, bv, cv, ratio, lo, hi, verdict(lo, hi, higherIsBetter, band), method);
  }

  /**
   * The verdict of an interval [lo, hi] of a ratio: better or worse when it excludes 1, same when it lies inside
   * the band, else (it holds 1 and reaches past the band, or it is missing: NaN) undecided.
   */
  public static String verdict(double lo, double hi, boolean higherIsBetter, Band band) {
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return UNDECIDED;
    }
    if (lo > 1 || hi < 1) {
      return (lo > 1) == higherIsBetter ? BETTER : WORSE;
    }
    return UntilDecided.state(lo, hi, band.low(), band.high()) == UntilDecided.State.WITHIN ? SAME : UNDECIDED;
  }

  /** An undecided row with what would decide it. */
  private static Row withDecide(Row r, ResultData base, ResultData contender, Side bs, Side cs, Band band) {
    return new Row(r.operation(), r.metric(), r.contenderTitle(), r.baseline(), r.contender(), r.ratio(), r.low(),
        r.high(), r.verdict(), r.method(), Decide.why(r, base, contender, bs, cs, band));
  }

  /** The repeats' values of a figure (empty for a single run). */
  static List<Double> repeats(ResultData r, String op, String metric) {
    String key = metric.equals("throughput") ? op + ".throughput" : op + ".response." + metric;
    List<Double> out = new ArrayList<>();
    for (JsonNode v : r.json().path("repeats").path("figures").path(key).path("values")) {
      out.add(v.asDouble());
    }
    return out;
  }

  /**
   * The two sides' values of a figure paired by round, when both are {@code compare --run}'s interleaved rounds
   * ({@code repeats.rounds}): the rounds both completed, in order; null otherwise or with fewer than two such rounds.
   */
  static List<List<Double>> pairedRounds(ResultData base, ResultData contender, String op, String metric) {
    Map<String, Double> b = byRun(base, op, metric);
    Map<String, Double> c = byRun(contender, op, metric);
    if (b == null || c == null) {
      return null;
    }
    List<List<Double>> p = Interval.pairs(b, c);
    return p.get(0).size() < 2 ? null : p;
  }

  /** A side's values by round name (its completed rounds, in order); null unless it holds interleaved rounds. */
  private static Map<String, Double> byRun(ResultData r, String op, String metric) {
    JsonNode rep = r.json().path("repeats");
    if (!rep.path("rounds").asBoolean(false)) {
      return null;
    }
    List<Double> values = repeats(r, op, metric);
    List<String> done = new ArrayList<>();
    rep.path("runs").forEach(run -> {
      if (run.path("outcome").asText().equals("completed")) { // the runs averaged (RepeatSummary's)
        done.add(run.path("name").asText());
      }
    });
    if (done.size() != values.size()) {
      return null; // not the layout this reads: no pairing claimed
    }
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < done.size(); i++) {
      out.put(done.get(i), values.get(i));
    }
    return out;
  }

  /** Welch's 95 % interval of mean(log c) - mean(log b), as a ratio; NaNs when a value is not positive. */
  static double[] welchLogRatio(List<Double> b, List<Double> c) {
    double[] ci = Interval.ratioCi95(b, c);
    return ci == null ? new double[] {Double.NaN, Double.NaN} : ci;
  }

  static double mean(double[] v) {
    return Arrays.stream(v).sum() / v.length;
  }

  static double variance(double[] v) {
    double m = mean(v);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    return s / (v.length - 1);
  }

  /** One side of one operation: its measured interval histograms (response time, ns) and lengths (ms). */
  record Side(List<Histogram> histograms, long[] lengthMs) {
    int size() {
      return histograms.size();
    }
  }

  /** Every operation's intervals, from the run's latency.hlog (none without one). */
  static Map<String, Side> sides(ResultData r) throws ConfigException {
    Map<String, List<Hlog.Interval>> byOp = new LinkedHashMap<>();
    if (r.dir() == null || !Files.isRegularFile(r.dir().resolve("latency.hlog"))) {
      return Map.of();
    }
    try (Hlog.Cursor c = new Hlog.Cursor(r.dir().resolve("latency.hlog"))) {
      Hlog.Interval i;
      while ((i = c.next()) != null) {
        Hlog.TagParts t = Hlog.TagParts.of(i.tag());
        if (!t.service() && !t.failed()) {
          byOp.computeIfAbsent(t.op(), k -> new ArrayList<>()).add(i);
        }
      }
    }
    Map<String, Side> out = new LinkedHashMap<>();
    byOp.forEach((op, list) -> out.put(op, new Side(list.stream().map(Hlog.Interval::histogram).toList(),
        list.stream().mapToLong(x -> Math.max(1, x.endMs() - x.startMs())).toArray())));
    return out;
  }

  /** The blocks of every operation with enough intervals to estimate its noise (merged once per run). */
  static Map<String, Blocks> blocks(Map<String, Side> sides) {
    Map<String, Blocks> out = new LinkedHashMap<>();
    sides.forEach((op, s) -> {
      if (s.size() >= MIN_INTERVALS) {
        out.put(op, new Blocks(s));
      }
    });
    return out;
  }

  static double[] bootstrapRatio(Side b, Side c, String metric, SplittableRandom random) {
    return bootstrapRatio(new Blocks(b), new Blocks(c), metric, random);
  }

  /**
   * The 95 % interval of statistic(c) / statistic(b): the bootstrap's standard error of the log of each side's
   * statistic, corrected for the few blocks a run has (times k / (k - 1)), around the runs' own log ratio, with
   * Student's t on the blocks (Welch-Satterthwaite degrees of freedom). A run of k blocks holds about k independent
   * values, so a percentile interval (normal quantiles) would be too narrow: this is the overlapping batch-means
   * interval of simulation output analysis, its variance estimated by the block bootstrap.
   */
  static double[] bootstrapRatio(Blocks bb, Blocks cb, String metric, SplittableRandom random) {
    double[] lb = new double[BOOTSTRAP];
    double[] lc = new double[BOOTSTRAP];
    for (int k = 0; k < BOOTSTRAP; k++) {
      lb[k] = Math.log(bb.resampleStatistic(random, metric));
      lc[k] = Math.log(cb.resampleStatistic(random, metric));
    }
    double centre = Math.log(statistic(cb.all, metric)) - Math.log(statistic(bb.all, metric));
    if (!Double.isFinite(centre) || !Arrays.stream(lb).allMatch(Double::isFinite)
        || !Arrays.stream(lc).allMatch(Double::isFinite)) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return Interval.logRatio(centre, variance(lb) * bb.count / (bb.count - 1.0),
        variance(lc) * cb.count / (cb.count - 1.0), bb.count - 1, cb.count - 1);
  }

  /**
   * The blocks of a side: its intervals cut into k = n / sqrt(n) consecutive, non-overlapping blocks of about
   * sqrt(n) intervals each (the last takes the remainder), each merged once, so that a resample (k blocks drawn with
   * replacement: Carlstein's non-overlapping block bootstrap) merges k histograms instead of n. Non-overlapping
   * blocks make the corrected bootstrap variance the batch-means variance, which overlapping (moving) blocks of a
   * short run underestimate: calibrated on resampled real runs, those called 9 % of A/A comparisons different.
   */
  static final class Blocks {
    final List<Histogram> merged = new ArrayList<>();
    final long[] lengthMs;
    final int count;
    final Side all;
    /** The blocks' counts on their buckets, made at the first percentile resample. */
    private BlockCounts buckets;

    Blocks(Side s) {
      all = s;
      int n = s.size();
      int len = Math.max(1, (int) Math.round(Math.sqrt(n)));
      count = Math.max(1, n / len);
      lengthMs = new long[count];
      for (int b = 0; b < count; b++) {
        int end = b == count - 1 ? n : (b + 1) * len;
        Histogram h = new Histogram(s.histograms().get(b * len).getNumberOfSignificantValueDigits());
        long ms = 0;
        for (int j = b * len; j < end; j++) {
          h.add(s.histograms().get(j));
          ms += s.lengthMs()[j];
        }
        merged.add(h);
        lengthMs[b] = ms;
      }
    }

    /**
     * The statistic of a resample: count blocks drawn with replacement (the same draws as {@link #resample}); a
     * percentile from the blocks' counts ({@link BlockCounts}), not a merge of the drawn histograms.
     */
    double resampleStatistic(SplittableRandom random, String metric) {
      double pct = switch (metric) {
        case "p50" -> 50;
        case "p95" -> 95;
        case "p99" -> 99;
        case "throughput", "mean" -> Double.NaN;
        default -> 99.9;
      };
      if (Double.isNaN(pct)) {
        return statistic(resample(random), metric);
      }
      int[] times = new int[merged.size()];
      for (int i = 0; i < count; i++) {
        times[random.nextInt(merged.size())]++;
      }
      if (buckets == null) {
        buckets = new BlockCounts(merged);
      }
      return buckets.valueAtPercentile(times, pct) / 1000.0;
    }

    /** count blocks drawn with replacement. */
    Side resample(SplittableRandom random) {
      List<Histogram> h = new ArrayList<>(count);
      long[] ms = new long[count];
      for (int i = 0; i < count; i++) {
        int b = random.nextInt(merged.size());
        h.add(merged.get(b));
        ms[i] = lengthMs[b];
      }
      return new Side(h, ms);
    }
  }

  /** Throughput (operations per second) or a response-time statistic in microseconds, of the merged intervals. */
  static double statistic(Side s, String metric) {
    if (metric.equals("throughput")) {
      long count = 0;
      long ms = 0;
      for (int i = 0; i < s.size(); i++) {
        count += s.histograms().get(i).getTotalCount();
        ms += s.lengthMs()[i];
      }
      return count * 1000.0 / ms;
    }
    Histogram merged = new Histogram(s.histograms().get(0).getNumberOfSignificantValueDigits());
    s.histograms().forEach(merged::add);
    return switch (metric) {
      case "mean" -> merged.getMean() / 1000.0;
      case "p50" -> merged.getValueAtPercentile(50) / 1000.0;
      case "p95" -> merged.getValueAtPercentile(95) / 1000.0;
      case "p99" -> merged.getValueAtPercentile(99) / 1000.0;
      default -> merged.getValueAtPercentile(99.9) / 1000.0;
    };
  }
}
