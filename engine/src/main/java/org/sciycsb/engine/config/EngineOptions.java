package org.sciycsb.engine.config;

import java.time.Duration;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.output.OutputOptions;

/**
 * Every property the engine itself reads: typed, with defaults and descriptions, in one place. The ones workloads
 * read too (record counts, target, warmup) are declared in {@link CommonOptions} and listed here under the same
 * names, so that {@code bin/ycsb help engine} shows them where users look for them.
 */
public final class EngineOptions {
  private EngineOptions() {}

  public static final Option<Integer> THREADS = CommonOptions.THREADS;
  public static final Option<Double> TARGET = CommonOptions.TARGET;
  public static final Option<String> ARRIVAL = Option.choice("arrival", "constant",
      "arrival process of the scheduled operations: constant (even gaps at -target), poisson (exponential gaps of"
          + " mean 1/target), ramp (arrival.from to arrival.to ops/s over arrival.duration, then the run ends), steps"
          + " (arrival.steps, each rate held for its duration, then the run ends); every intended start comes from"
          + " the process, so response times include the waits of late operations",
      "constant", "poisson", "ramp", "steps");
  public static final Option<Double> ARRIVAL_FROM = Option.decimal("arrival.from", null,
      "arrival=ramp: the rate at the start, operations per second for all threads").check(v -> v >= 0,
          "must not be negative");
  public static final Option<Double> ARRIVAL_TO = Option.decimal("arrival.to", null,
      "arrival=ramp: the rate at the end, operations per second for all threads").check(v -> v >= 0,
          "must not be negative");
  public static final Option<Duration> ARRIVAL_DURATION = Option.duration("arrival.duration", null, "s",
      "arrival=ramp: how long the ramp lasts (the run ends with it)").check(v -> !v.isZero(), "must be positive");
  public static final Option<String> ARRIVAL_STEPS = Option.string("arrival.steps", null,
      "arrival=steps: rates and how long each is held, e.g. 1000:30s,2000:30s,4000:1m (operations per second for"
          + " all threads; the run ends after the last)");

  public static final Option<Long> OPERATION_COUNT = CommonOptions.OPERATION_COUNT;
  public static final Option<Long> RECORD_COUNT = CommonOptions.RECORD_COUNT;
  public static final Option<Long> INSERT_START = CommonOptions.INSERT_START;
  public static final Option<Long> INSERT_COUNT = CommonOptions.INSERT_COUNT;
  public static final Option<Long> MAX_EXECUTION_TIME = Option.longValue("maxexecutiontime", 0L,
      "stop after this many seconds of measured time (0 = no limit)").check(v -> v >= 0, "must not be negative");
  public static final Option<Long> WARMUP_OPS = CommonOptions.WARMUP_OPS;
  public static final Option<Duration> WARMUP_TIME = CommonOptions.WARMUP_TIME;
  public static final Option<Long> SEED = CommonOptions.SEED;
  public static final Option<Integer> CLIENT_INDEX = CommonOptions.CLIENT_INDEX;
  public static final Option<Integer> STATUS_INTERVAL = Option.integer("status.interval", 10,
      "seconds between status lines on stderr (-s)").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> GRANULARITY = Option.integer("timeseries.granularity", 1000,
      "milliseconds per interval of the time series and the interval log").check(v -> v >= 10, "must be at least 10");
  public static final Option<Integer> DIGITS = Option.integer("histogram.digits", 3,
      "significant digits of the latency histograms (HdrHistogram)").check(v -> v >= 1 && v <= 5, "must be 1 to 5");
  public static final Option<String> PERCENTILES = Option.string("hdrhistogram.percentiles", "95,99",
      "percentiles printed in the text output, any list (as YCSB: 95thPercentileLatency(us), 99.9Percentile...);"
          + " results.json has 50, 90, 95, 99, 99.9, 99.99");
  public static final Option<String> RESULTS_DIR = Option.string("results.dir", null,
      "directory for this run's results").defaultShownAs("results/<time>-<phase>-<binding>[-<label>]");
  public static final Option<String> LABEL = Option.string("label", null, "label of this run in every output (-l)");
  public static final Option<String> LABEL_STORAGE = Option.string("label.storage", null,
      "storage label (ssd, hdd, ...) recorded in the metadata");
  public static final Option<String> LABEL_BUILD = Option.string("label.build", null,
      "the build this run belongs to (a CI build number: -p label.build=$BUILD_NUMBER), recorded as metadata.build;"
          + " bin/ycsb history orders runs by it (numbers as numbers)");
  public static final Option<String> WORKLOAD = Option.string("workload", "site.ycsb.workloads.CoreWorkload",
      "workload: a registered name or a class (ours or any site.ycsb.Workload)");
  public static final Option<String> DB = Option.string("db", null,
      "a site.ycsb.DB class to run instead of a named binding (-db)");
  public static final Option<String> EXPORT_FILE = OutputOptions.EXPORT_FILE;
  public static final Option<String> EXPORTER = OutputOptions.EXPORTER;
  public static final Option<String> MEASUREMENT_TYPE = OutputOptions.MEASUREMENT_TYPE;
  public static final Option<String> MEASUREMENT_INTERVAL = OutputOptions.MEASUREMENT_INTERVAL;
  public static final Option<Boolean> CHECK_COUNT = Option.bool("load.checkcount", true,
      "after a load, compare the store's record count with what was inserted, when the binding can count");

  public static final Option<Boolean> EMPTY = Option.bool("load.empty", false,
      "before a load, remove every record of the workload's table (" + ProjectBindings.get("empty") + " can; "
      + "set for every repeat by -p repeats=N on load)");

  public static final Option<Long> START_AT = Option.longValue("start.at", 0L,
      "wall-clock time (epoch milliseconds) at which the initialised threads begin (warmup, then the measured part), "
          + "so that client processes on several hosts start together; a client not ready by then begins when it "
          + "is; 0 = at once").check(v -> v == 0 || v > 1_000_000_000_000L, "must be epoch milliseconds (or 0)");

  public static final Option<Boolean> SERVER_STATS = Option.bool("serverstats.sample", true,
      "sample the store's own counters and gauges during the run, where the binding reads them ("
          + ProjectBindings.get("serverstats") + "): extra.server of results.json");
  public static final Option<java.time.Duration> SERVER_STATS_INTERVAL = Option.duration("serverstats.interval",
      java.time.Duration.ofSeconds(1), "s", "time between two samples of the store's own figures")
      .check(d -> d.toMillis() >= 100, "must be at least 100 ms");

  public static final Option<String> START_FILE = Option.string("start.file", null,
      "a start barrier for client processes on one host (bin/ycsb study --clients): once each of its threads is "
          + "initialised or has failed to (the run then reports the failure) the client creates "
          + "<start.file>.ready-<pid> and waits until a coordinator writes the common start time (epoch "
          + "milliseconds, as start.at) into start.file (at most 10 minutes, then it begins at once)");
  public static final Option<Long> STOP_WITH_PID = Option.longValue("stop.withpid", 0L,
      "end the run as a signal would (what was measured is written, marked partial, exit 130) when the process of "
          + "this pid on this host ends; bin/ycsb study --clients gives its client processes its own, so that a "
          + "study killed outright leaves no client loading the store; 0 = never")
      .check(v -> v >= 0, "must be a process id (or 0)");

  public static final Option<String> CONNECTIONS = Option.choice("connections", "shared",
      "shared: one binding client for the run, whose connections the threads share (a pool, or one per thread, as the"
          + " binding does); perthread: each client thread opens a client of its own with its own connections, as"
          + " separate worker processes would (bindings that support it: " + ProjectBindings.get("perthread") + ")",
      "shared", "perthread");

  public static final Option<Integer> INFLIGHT = Option.integer("inflight", null,
      "operations in flight at once for the whole run, spread over the threads: with an asynchronous binding ("
          + ProjectBindings.get("async") + ") a few threads keep many operations pending; unset = one per thread")
      .check(v -> v >= 1, "must be at least 1");

  public static final Option<Long> ERRORS_MAX = Option.longValue("errors.max", 0L,
      "end the run early (outcome partial, exit 4) once this many operations have failed; 0 = never")
      .check(v -> v >= 0, "must not be negative");

  public static final Option<String> TRACE_OUT = org.sciycsb.engine.trace.TraceOptions.OUT;
  public static final Option<String> TRACE_IN = org.sciycsb.engine.trace.TraceOptions.IN;
  public static final Option<String> TRACE_SPEED = org.sciycsb.engine.trace.TraceOptions.SPEED;

  public static OptionSet all() {
    return OptionSet.builder("engine")
        .add(THREADS, TARGET, ARRIVAL, ARRIVAL_FROM, ARRIVAL_TO, ARRIVAL_DURATION, ARRIVAL_STEPS, OPERATION_COUNT, RECORD_COUNT, INSERT_START, INSERT_COUNT, MAX_EXECUTION_TIME,
            WARMUP_OPS, WARMUP_TIME, SEED, CLIENT_INDEX, STATUS_INTERVAL, GRANULARITY, DIGITS, PERCENTILES, RESULTS_DIR, LABEL,
            LABEL_STORAGE, LABEL_BUILD, WORKLOAD, DB, CHECK_COUNT, EMPTY, INFLIGHT, ERRORS_MAX, START_AT, START_FILE, STOP_WITH_PID, SERVER_STATS,
            SERVER_STATS_INTERVAL, CONNECTIONS, TRACE_OUT, TRACE_IN, TRACE_SPEED)
        .addAll(OutputOptions.all())
        .addAll(org.sciycsb.engine.validity.ValidityOptions.all())
        .addAll(UpstreamClientOptions.all())
        .ownPrefix("timeseries.").ownPrefix("histogram.").ownPrefix("results.").ownPrefix("status.")
        .ownPrefix("warmup").ownPrefix("label.").ownPrefix("errors.").ownPrefix("arrival.").ownPrefix("serverstats.").ownPrefix("trace.")
        .build();
  }
}
