package org.sciycsb.engine.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.engine.config.EngineOptions;

/**
 * When the operations of a scheduled run are intended to start ({@code -target}, {@code -p arrival=...}): a rate that
 * is piecewise linear in time (constant, a ramp, steps) and the gaps between arrivals, even or exponential (Poisson).
 *
 * <p>Arrival {@code k} is intended at the time the rate's integral {@code N(t)} reaches {@code u_k}: {@code u_k = k}
 * for even gaps, a sum of {@code k + 1} exponential draws of mean 1 for Poisson arrivals (the time-rescaling of a
 * Poisson process). Every intended start is computed from the process alone, never from when an operation ended,
 * so an operation that is late still counts its response time from its slot: coordinated omission cannot happen.
 * A ramp or a list of steps ends the schedule when its last segment ends; a constant rate runs until the run's
 * operation count or time limit.
 *
 * @param segments the rate's pieces in order; only the last may be unbounded ({@code seconds} infinite)
 * @param poisson  exponential gaps (a Poisson process) instead of even ones
 */
public record ArrivalProcess(List<Segment> segments, boolean poisson) {
  /** A piece of the rate: from {@code fromRate} to {@code toRate} operations per second, linearly, over its length. */
  record Segment(double seconds, double fromRate, double toRate) {
    /** Expected arrivals in the first {@code s} seconds of the segment. */
    double arrivalsWithin(double s) {
      if (Double.isInfinite(seconds)) {
        return fromRate * s;
      }
      return fromRate * s + (toRate - fromRate) * s * s / (2 * seconds);
    }

    /** The time into the segment at which {@code u} arrivals are reached ({@code u <= arrivalsWithin(seconds)}). */
    double timeOf(double u) {
      if (u <= 0) {
        return 0;
      }
      if (Double.isInfinite(seconds) || toRate == fromRate) {
        return u / fromRate;
      }
      double slope = (toRate - fromRate) / seconds;
      // the root of slope/2 t^2 + fromRate t - u = 0, in the form without cancellation (either sign of slope)
      return 2 * u / (fromRate + Math.sqrt(Math.max(0, fromRate * fromRate + 2 * slope * u)));
    }
  }

  /** The run's arrival process, or null when the run goes as fast as it can (no target, arrival=constant). */
  public static ArrivalProcess of(Config cfg) throws ConfigException {
    String kind = cfg.get(EngineOptions.ARRIVAL);
    double target = cfg.get(EngineOptions.TARGET);
    refuseUnused(cfg, kind);
    switch (kind) {
      case "ramp": {
        noTarget(target, kind, "arrival.from and arrival.to");
        double from = cfg.require(EngineOptions.ARRIVAL_FROM);
        double to = cfg.require(EngineOptions.ARRIVAL_TO);
        if (from == 0 && to == 0) {
          throw new ConfigException("bad value for arrival.to: a ramp from 0 to 0 ops/s never starts an operation");
        }
        double seconds = seconds(cfg.require(EngineOptions.ARRIVAL_DURATION));
        return new ArrivalProcess(List.of(new Segment(seconds, from, to)), false);
      }
      case "steps":
        noTarget(target, kind, "arrival.steps");
        return new ArrivalProcess(parseSteps(cfg.require(EngineOptions.ARRIVAL_STEPS)), false);
      case "poisson":
        if (target <= 0) {
          throw new ConfigException("arrival=poisson needs -target (the mean rate in operations per second)");
        }
        return constant(target, true);
      default:
        return target > 0 ? constant(target, false) : null;
    }
  }

  public static ArrivalProcess constant(double rate, boolean poisson) {
    return new ArrivalProcess(List.of(new Segment(Double.POSITIVE_INFINITY, rate, rate)), poisson);
  }

  private static void refuseUnused(Config cfg, String kind) throws ConfigException {
    for (Option<?> o : List.of(EngineOptions.ARRIVAL_FROM, EngineOptions.ARRIVAL_TO,
        EngineOptions.ARRIVAL_DURATION)) {
      if (cfg.isSet(o) && !kind.equals("ramp")) {
        throw new ConfigException(o.name() + " is set but arrival is " + kind + " (it applies to arrival=ramp)");
      }
    }
    if (cfg.isSet(EngineOptions.ARRIVAL_STEPS) && !kind.equals("steps")) {
      throw new ConfigException("arrival.steps is set but arrival is " + kind + " (it applies to arrival=steps)");
    }
  }

  private static void noTarget(double target, String kind, String from) throws ConfigException {
    if (target > 0) {
      throw new ConfigException("arrival=" + kind + " takes its rates from " + from + "; do not set -target too");
    }
  }

  /** Parses {@code rate:duration,...}; every rate at least 0, every duration positive, at least one rate above 0. */
  static List<Segment> parseSteps(String raw) throws ConfigException {
    List<Segment> out = new ArrayList<>();
    Option<Duration> d = Option.duration("arrival.steps", null, "s", "");
    boolean anyArrival = false;
    for (String step : raw.split(",")) {
      String s = step.trim();
      int colon = s.indexOf(':');
      double rate;
      Duration length;
      try {
        if (colon < 0) {
          throw new IllegalArgumentException();
        }
        rate = Double.parseDouble(s.substring(0, colon).trim());
        length = d.parse(s.substring(colon + 1));
      } catch (IllegalArgumentException | ConfigException e) {
        throw new ConfigException("bad value for arrival.steps: step '" + s
            + "' is not <ops per second>:<duration> (e.g. 1000:30s)");
      }
      if (!(rate >= 0) || Double.isInfinite(rate) || length.isZero()) {
        throw new ConfigException("bad value for arrival.steps: step '" + s
            + "' needs a rate of at least 0 and a positive duration");
      }
      anyArrival |= rate > 0;
      out.add(new Segment(seconds(length), rate, rate));
    }
    if (!anyArrival) {
      throw new ConfigException("bad value for arrival.steps: every rate is 0, no operation would ever start");
    }
    return out;
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }

  /** Expected arrivals from the start to {@code t} seconds after it. */
  double arrivalsBy(double t) {
    double total = 0;
    double at = 0;
    for (Segment s : segments) {
      if (t <= at + s.seconds()) {
        return total + s.arrivalsWithin(t - at);
      }
      total += s.arrivalsWithin(s.seconds());
      at += s.seconds();
    }
    return total;
  }

  /** The time in seconds from the start at which {@code u} arrivals are reached; NaN when the process ends first. */
  double timeOf(double u) {
    double total = 0;
    double at = 0;
    for (Segment s : segments) {
      double within = s.arrivalsWithin(s.seconds());
      if (u < total + within || Double.isInfinite(s.seconds()) && s.fromRate() > 0) {
        return at + s.timeOf(u - total);
      }
      total += within;
      at += s.seconds();
    }
    return Double.NaN;
  }

  /** The properties that give one of {@code clients} client processes its share of the process. */
  public static java.util.Map<String, String> shareOf(Config cfg, int clients) throws ConfigException {
    String kind = cfg.get(EngineOptions.ARRIVAL);
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
    double target = cfg.get(EngineOptions.TARGET);
    if (target > 0) {
      m.put(EngineOptions.TARGET.name(), Double.toString(target / clients));
    }
    if (kind.equals("ramp")) {
      m.put(EngineOptions.ARRIVAL_FROM.name(), Double.toString(cfg.require(EngineOptions.ARRIVAL_FROM) / clients));
      m.put(EngineOptions.ARRIVAL_TO.name(), Double.toString(cfg.require(EngineOptions.ARRIVAL_TO) / clients));
    } else if (kind.equals("steps")) {
      List<String> steps = new ArrayList<>();
      for (Segment s : parseSteps(cfg.require(EngineOptions.ARRIVAL_STEPS))) {
        steps.add(s.fromRate() / clients + ":" + Math.round(s.seconds() * 1e9) + "ns");
      }
      m.put(EngineOptions.ARRIVAL_STEPS.name(), String.join(",", steps));
    }
    return m;
  }

  /** One line for the metadata and the banner, e.g. {@code ramp 100 -> 1000 ops/s over 60s}. */
  public String describe() {
    Segment first = segments.get(0);
    if (segments.size() == 1 && Double.isInfinite(first.seconds())) {
      return (poisson ? "poisson, mean " : "constant ") + rate(first.fromRate()) + " ops/s";
    }
    if (segments.size() == 1 && first.fromRate() != first.toRate()) {
      return "ramp " + rate(first.fromRate()) + " -> " + rate(first.toRate()) + " ops/s over "
          + Option.formatDuration(Duration.ofNanos(Math.round(first.seconds() * 1e9)));
    }
    List<String> parts = new ArrayList<>();
    for (Segment s : segments) {
      parts.add(rate(s.fromRate()) + ":" + Option.formatDuration(Duration.ofNanos(Math.round(s.seconds() * 1e9))));
    }
    return "steps " + String.join(",", parts) + " (ops/s:duration)";
  }

  /**
   * The warmup's rate: the first rate above 0 (steps skip their leading pauses), or for a ramp from 0 its mean
   * (a warmup at 0 would never end). Every process has one: {@link #of} refuses processes without arrivals.
   */
  public double initialRate() {
    for (Segment s : segments) {
      if (s.fromRate() > 0) {
        return s.fromRate();
      }
      if (s.toRate() > 0) {
        return s.toRate() / 2;
      }
    }
    throw new IllegalStateException("an arrival process without arrivals");
  }

  private static String rate(double r) {
    return r == Math.rint(r) && Math.abs(r) < 1e15 ? Long.toString((long) r) : String.format(Locale.ROOT, "%.3f", r);
  }
}
