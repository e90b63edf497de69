package org.sciycsb.report;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * Options of the reports (merge, compare, sweep, report, history), of resource sampling during a run, and of the
 * SLA checks. The {@code sla.<OPERATION>.<metric>} keys are dynamic and are validated by {@link Sla#parse}.
 */
public final class ReportOptions {
  private ReportOptions() {}

  public static final Option<Boolean> RESOURCES_SAMPLE = Option.bool("resources.sample", true,
      "sample CPU, memory, disk and network use, and the client JVM's CPU and memory, during a run (resources section, resources.csv)");
  public static final Option<Duration> RESOURCES_INTERVAL = Option.duration("resources.interval",
      Duration.ofSeconds(1), "s", "time between two resource samples (bare number: seconds)")
      .check(d -> d.toMillis() >= 100, "must be at least 100ms");
  public static final Option<String> RESOURCES_PIDS = Option.string("resources.pids", null,
      "store server processes on this host to sample beside the client JVM (their CPU and resident memory in "
          + "resources.processes and the report): PIDs or pid files, comma-separated (e.g. "
          + "work/servers/cassandra/node1/cassandra.pid), or servers:<name> for every process of a running test server"
          + " of this checkout (bin/servers pids <name>: servers:mongodb is FerretDB and its PostgreSQL)");
  public static final Option<String> STORAGE_PATH = Option.string("storage.path", null,
      "the store's data folder(s) on this host, comma-separated, or servers:<name> for a test server of this checkout "
          + "(bin/servers datadir <name>): the block device holding each (a partition, loop or device-mapper device) "
          + "is sampled from /proc/diskstats every resources.interval (operations/s, MB/s, mean service time, queue "
          + "depth, utilisation: resources.storageDevices, resources.csv, the report, compare) and described in "
          + "metadata.storage")
      .defaultShownAs("the data folders of the test servers resources.pids names (servers:<name>), else found from "
          + "where the binding's store is: an embedded store's folder; for a server on this host, the test server "
          + "serving its port (bin/servers url, datadir) or the process listening on it; a remote server is not "
          + "sampled (metadata.storage.found says how, metadata.storage.sampling why not)");
  public static final Option<String> LABEL_DEVICE = Option.string("label.device", null,
      "a path on the data device whose block device, rotational flag and model go in the metadata")
      .defaultShownAs("the results directory");
  public static final Option<String> REPORT_OUT = Option.string("report.out", null,
      "compare: the HTML file, or a directory for compare.html; report: the HTML file")
      .defaultShownAs("compare.html in the current directory; report.html in the results directory");
  public static final Option<String> REPORT_PNG = Option.choice("report.png", null,
      "render the HTML to PNG with headless Chromium: true (fail when Chromium is missing), false, auto (when found)",
      "true", "false", "auto").defaultShownAs("auto for report and sweep, false for compare");
  public static final Option<String> CHROMIUM = Option.string("report.chromium", null,
      "the Chromium (or Chrome) executable").defaultShownAs("chromium, chromium-browser or google-chrome on PATH");
  public static final Option<Integer> PNG_WIDTH = Option.integer("report.width", 1200,
      "PNG width in pixels").check(v -> v >= 200 && v <= 10000, "must be 200 to 10000");
  public static final Option<Integer> PNG_HEIGHT = Option.integer("report.height", null,
      "PNG height in pixels").check(v -> v >= 200 && v <= 20000, "must be 200 to 20000")
      .defaultShownAs("the whole page's height (measured by Chromium)");
  public static final Option<Integer> MERGE_GRANULARITY = Option.integer("merge.granularity", null,
      "milliseconds per interval of the merged time series").check(v -> v >= 10, "must be at least 10")
      .defaultShownAs("the inputs' timeseries.granularity, else 1000");
  public static final Option<Integer> MERGE_MISSING = Option.integer("merge.missing", 0,
      "client processes of the same run that left no results (a cluster run's failed clients): the merged outcome "
          + "is then failed, and metadata.merged.missing says how many").check(v -> v >= 0, "must not be negative");

  /** Options read during a run (checked with the engine's). */
  public static final Option<Integer> REPEATS = Option.integer("repeats", 1,
      "run the measured phase this many times in one invocation (results in repeat-1/ ... repeat-N/); the top-level"
          + " results are the means with their 95 % confidence intervals").check(v -> v >= 1, "must be at least 1");
  public static final Option<Duration> REPEAT_PAUSE = Option.duration("repeat.pause", Duration.ZERO, "s",
      "pause between two repeats (bare number: seconds)");

  public static final Option<String> COMPARE_METRICS = Option.string("compare.metrics", "throughput,p95",
      "the metrics compare --gate and history judge, of every operation: throughput, mean, p50, p95, p99, p99.9");
  public static final Option<Double> COMPARE_THRESHOLD = Option.decimal("compare.threshold", 5.0,
      "the equivalence band 1 +- this many percent: compare calls a ratio same only when its 95 % interval lies "
          + "inside it (undecided when the interval holds 1 but reaches past it); compare --gate fails (exit 5) when a "
          + "gated metric is worse beyond the noise by more than this; history --gate when the newest run comes after "
          + "a change for the worse by more than this")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<String> COMPARE_UNTIL = Option.choice("compare.until", "rounds",
      "compare --run: rounds (run the repeats rounds) or decided (add rounds until the 95 % interval of "
          + "compare.decide's ratio decides against compare.goal or the band 1 +- compare.threshold %, for every "
          + "contender, between compare.rounds.min and compare.rounds.max rounds)", "rounds", "decided");
  public static final Option<Integer> COMPARE_ROUNDS_MIN = Option.integer("compare.rounds.min", 3,
      "compare --run -p compare.until=decided: the fewest rounds before the rule is first applied")
      .check(v -> v >= 2, "must be at least 2");
  public static final Option<Integer> COMPARE_ROUNDS_MAX = Option.integer("compare.rounds.max", 20,
      "compare --run -p compare.until=decided: the most rounds; reached undecided, the result says so")
      .check(v -> v >= 2, "must be at least 2");
  public static final Option<String> COMPARE_DECIDE = Option.string("compare.decide", "OVERALL.throughput",
      "compare --run -p compare.until=decided: the figure whose ratio decides, OPERATION.metric (metric: throughput, "
          + "mean, p50, p95, p99, p99.9), e.g. READ.p95");
  public static final Option<Double> COMPARE_GOAL = Option.decimal("compare.goal", null,
      "compare --run -p compare.until=decided: a goal for the ratio contender / baseline of compare.decide: decided "
          + "once the interval lies entirely above or below it").check(v -> v > 0, "must be above 0")
      .defaultShownAs("none: decided once the interval lies above, below or inside 1 +- compare.threshold %");
  public static final Option<Long> COMPARE_SEED = Option.longValue("compare.seed", 1L,
      "seed of compare's bootstrap resampling (the same runs and seed give the same intervals)");
  public static final Option<String> COMPARE_SEEDS = Option.choice("compare.seeds", "paired",
      "compare --run: paired (every side of round r runs with -p seed=compare.seeds.base+r-1: the sides of a round "
          + "replay the same operations, the rounds differ) or independent (no seed: every run draws its own); a "
          + "-p seed=N of the common flags or of a side wins for its runs", "paired", "independent");
  public static final Option<Long> COMPARE_SEEDS_BASE = Option.longValue("compare.seeds.base", null,
      "compare --run -p compare.seeds=paired: the seed of round 1 (round r: base+r-1)")
      .defaultShownAs("random, for each invocation (printed, and kept in compare.json)");

  public static final Option<Double> HISTORY_PVALUE = Option.decimal("history.pvalue", 0.05,
      "history: a change point is kept when its permutation test's p-value is at most this")
      .check(v -> v > 0 && v < 1, "must be between 0 and 1 (both excluded)");
  public static final Option<Integer> HISTORY_PERMUTATIONS = Option.integer("history.permutations", 199,
      "history: permutations of each change point's test (the smallest p-value is 1 / (permutations + 1))")
      .check(v -> v >= 1 && v <= 100_000, "must be 1 to 100000");
  public static final Option<Integer> HISTORY_MIN_SEGMENT = Option.integer("history.minsegment", 3,
      "history: the fewest runs between two change points (a group needs twice as many runs)")
      .check(v -> v >= 2 && v <= 1000, "must be 2 to 1000");
  public static final Option<Long> HISTORY_SEED = Option.longValue("history.seed", 1L,
      "seed of history's permutations (the same runs and seed give the same change points)");

  public static OptionSet runOptions() {
    return OptionSet.builder("reports").add(RESOURCES_SAMPLE, RESOURCES_INTERVAL, RESOURCES_PIDS, STORAGE_PATH,
            LABEL_DEVICE, REPEATS, REPEAT_PAUSE).ownPrefix("resources.").ownPrefix("repeat.").ownPrefix("storage.")
        .build();
  }

  /** Everything, for help and the documentation. */
  public static OptionSet all() {
    return OptionSet.builder("reports")
        .add(RESOURCES_SAMPLE, RESOURCES_INTERVAL, RESOURCES_PIDS, STORAGE_PATH, LABEL_DEVICE, REPEATS, REPEAT_PAUSE, REPORT_OUT, REPORT_PNG,
            CHROMIUM, PNG_WIDTH, PNG_HEIGHT, MERGE_GRANULARITY, MERGE_MISSING, COMPARE_METRICS, COMPARE_THRESHOLD,
            COMPARE_SEED, COMPARE_SEEDS, COMPARE_SEEDS_BASE, COMPARE_UNTIL, COMPARE_ROUNDS_MIN, COMPARE_ROUNDS_MAX, COMPARE_DECIDE, COMPARE_GOAL,
            HISTORY_PVALUE, HISTORY_PERMUTATIONS, HISTORY_MIN_SEGMENT, HISTORY_SEED)
        .ownPrefix("resources.").ownPrefix("repeat.").ownPrefix("storage.").ownPrefix("report.").ownPrefix("merge.").ownPrefix("compare.")
        .ownPrefix("history.").build();
  }
}
