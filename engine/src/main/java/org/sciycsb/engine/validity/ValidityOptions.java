package org.sciycsb.engine.validity;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** The thresholds of the validity verdict ({@code validity.*}), each with its documented default. */
public final class ValidityOptions {
  private ValidityOptions() {}

  public static final Option<Boolean> FAIL = Option.bool("validity.fail", false,
      "a suspect run exits with code 6 (its results are written all the same): for CI jobs that must not publish "
          + "such numbers");
  public static final Option<String> ERRORS = Option.string("validity.errors", "auto",
      "the share of failed operations above which a run is suspect, a percentage (0.5%); auto: 0% for a load, 1% "
          + "for a run").check(v -> v.trim().equals("auto") || v.trim().matches("[0-9]+(\\.[0-9]+)?%?"),
          "must be a percentage (0.5%) or auto");
  public static final Option<Double> CPU = Option.decimal("validity.cpu", 0.9,
      "the client was the bottleneck when its process kept more than this share of the cores it may use busy (its "
          + "CPU time over the measured seconds, GC and JIT included)").check(v -> v > 0 && v <= 1,
          "must be above 0 and at most 1");
  public static final Option<Double> WAITS = Option.decimal("validity.waits", 0.05,
      "with a schedule (-target, arrival), the client was the bottleneck when more than this share of the operations "
          + "waited in it for a free in-flight slot (-p inflight) or thread (they began over 1 ms after their slot)")
      .check(v -> v >= 0 && v <= 1, "must be between 0 and 1");
  public static final Option<Double> GC = Option.decimal("validity.gc", 0.05,
      "a run is suspect when the JVM's garbage collection pauses took more than this share of the measured time "
          + "(judged from 1 s measured)")
      .check(v -> v >= 0 && v <= 1, "must be between 0 and 1");
  public static final Option<Double> TARGET = Option.decimal("validity.target", 0.95,
      "with -target, the share of the target rate a run must reach").check(v -> v > 0 && v <= 1,
          "must be above 0 and at most 1");
  public static final Option<Double> TREND = Option.decimal("validity.trend", 0.1,
      "not steady: throughput changed by more than this share over the measured window (Sen's slope) with a "
          + "Mann-Kendall p below 0.01; warmup too short when its second half is steady").check(v -> v >= 0, "must not be negative");
  public static final Option<Integer> SAMPLES = Option.integer("validity.samples", 10,
      "operations an operation needs beyond each percentile printed: p99.9 from n operations needs n x 0.001 of at "
          + "least this; short of it a percentile printed by default gets a note, one asked for "
          + "(hdrhistogram.percentiles set, or an sla.* threshold on it) makes the run suspect")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Double> HOST = Option.decimal("validity.host", 0.5,
      "host busy: other processes (the host's CPU in /proc/stat less the client's, the store server's on this host "
          + "that the client is connected to over TCP, and resources.pids') kept more than this many cores busy on average over the measured seconds (judged from 1 s measured, Linux)")
      .check(v -> v >= 0, "must not be negative");

  public static OptionSet all() {
    return OptionSet.builder("validity").add(FAIL, ERRORS, CPU, WAITS, GC, TARGET, TREND, SAMPLES, HOST).ownPrefix("validity.")
        .build();
  }
}
