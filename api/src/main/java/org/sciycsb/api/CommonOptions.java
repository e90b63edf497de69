package org.sciycsb.api;

import java.time.Duration;

/**
 * The engine's options that workloads read too: the size of the data set, the load range of this client, the
 * operation count, the target rate, the warmup and the seed of reproducible runs. Declared here, in the API, so that a workload reads them
 * without depending on the engine; the engine lists them among its own options ({@code bin/ycsb help engine}).
 */
public final class CommonOptions {
  private CommonOptions() {}

  public static final Option<Integer> THREADS = Option.integer("threadcount", 1,
      "client threads (-threads)").check(v -> v >= 1, "must be at least 1");
  public static final Option<Double> TARGET = Option.decimal("target", 0.0,
      "target operations per second for all threads together, one global schedule (-target); 0 = as fast as possible")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Long> OPERATION_COUNT = Option.longValue("operationcount", 1000L,
      "operations of the run phase (0 = no limit, use maxexecutiontime)").check(v -> v >= 0, "must not be negative");
  public static final Option<Long> RECORD_COUNT = Option.longValue("recordcount", 1000L,
      "records in the data set").check(v -> v >= 1,
          "must be at least 1 (the number of records in the data set; YCSB's 0 for 'unlimited' is not supported)");
  public static final Option<Long> INSERT_START = Option.longValue("insertstart", 0L,
      "first record this client loads (split a load between processes)").check(v -> v >= 0, "must not be negative");
  public static final Option<Long> INSERT_COUNT = Option.longValue("insertcount", null,
      "records this client loads").check(v -> v >= 0, "must not be negative").defaultShownAs("recordcount");
  public static final Option<Long> WARMUP_OPS = Option.longValue("warmupops", 0L,
      "operations run before measuring, excluded from all results (in addition to operationcount)")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Long> SEED = Option.longValue("seed", null,
      "makes the operations reproducible: each client thread draws its operations, keys, fields and values from its "
          + "own stream, derived from this seed, the client process (client.index), the phase and the thread, and "
          + "takes a fixed share of the schedule (docs/command-line.md#reproducible-operations-seed); unset = "
          + "different draws every run");
  public static final Option<Integer> CLIENT_INDEX = Option.integer("client.index", 0,
      "this client process's index among several (0-based; set for each by --clients when seed is set): with seed, "
          + "each index draws from streams of its own").check(v -> v >= 0, "must not be negative");
  public static final Option<Duration> WARMUP_TIME = Option.duration("warmuptime", Duration.ZERO, "s",
      "time run before measuring, excluded from all results (bare number: seconds)");
}
