package org.sciycsb.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * Thresholds checked at the end of a run, for CI gates: {@code sla.throughput=1000} (minimum ops/s overall),
 * {@code sla.<OP>.throughput} (per operation), {@code sla.<OP>.mean|p50|p90|p95|p99|p99.9|max=5ms} (maximum
 * response time; bare numbers are milliseconds) and {@code sla.<OP>.errors=0.01} (maximum error rate, a fraction
 * or a percentage such as {@code 1%}), {@code sla.<OP>.stale=0.1%} (maximum share of the judged reads that were stale,
 * under {@code staleness=true}; a run that judged none breaches it). {@code <OP>} is an operation name as in the results ({@code READ},
 * {@code OVERALL}, ...). A breach ends the run with exit code {@link #EXIT_SLA_BREACHED}.
 */
public final class Sla {
  /** Exit code of a completed run that breached at least one threshold. */
  public static final int EXIT_SLA_BREACHED = 5;
  public static final String PREFIX = "sla.";

  private static final List<String> LATENCY = List.of("mean", "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max");

  /** One threshold. kind: throughput (min ops/s), errors (max rate), or a latency metric (max us). */
  public record Check(String key, String op, String metric, double limit, String limitText) {
    public boolean isMinimum() {
      return metric.equals("throughput");
    }
  }

  /** The outcome of one check. actual is NaN when the operation is missing from the results. */
  public record Result(Check check, double actual, boolean passed, String message) {}

  private Sla() {}

  public static boolean isSlaKey(String key) {
    return key.startsWith(PREFIX);
  }

  /** Parses every {@code sla.*} key; a bad key or value is a ConfigException naming it. */
  public static List<Check> parse(Map<String, String> props) throws ConfigException {
    List<Check> out = new ArrayList<>();
    for (Map.Entry<String, String> e : new TreeMap<>(props).entrySet()) {
      String key = e.getKey();
      if (!isSlaKey(key)) {
        continue;
      }
      String rest = key.substring(PREFIX.length());
      String value = e.getValue().trim();
      if (rest.equals("throughput")) {
        out.add(new Check(key, "OVERALL", "throughput", number(key, value), value));
        continue;
      }
      int dot = rest.indexOf('.');
      if (dot <= 0 || dot == rest.length() - 1) {
        throw new ConfigException("bad SLA key " + key + ": expected sla.throughput or sla.<OPERATION>.<metric> "
            + "(metric: throughput, errors, " + String.join(", ", LATENCY) + ")");
      }
      String op = rest.substring(0, dot).toUpperCase(Locale.ROOT);
      String metric = rest.substring(dot + 1).toLowerCase(Locale.ROOT);
      if (metric.equals("p999")) {
        metric = "p99.9";
      }
      if (metric.equals("throughput")) {
        out.add(new Check(key, op, metric, number(key, value), value));
      } else if (metric.equals("errors") || metric.equals("stale")) {
        double rate;
        if (value.endsWith("%")) {
          rate = number(key, value.substring(0, value.length() - 1)) / 100.0;
        } else {
          rate = number(key, value);
        }
        if (rate > 1) {
          throw new ConfigException("bad value for " + key + ": '" + value
              + "' is not " + (metric.equals("stale") ? "a stale-read" : "an error") + " rate (a fraction 0..1 or a"
              + " percentage such as 1%)");
        }
        out.add(new Check(key, op, metric, rate, value));
      } else if (LATENCY.contains(metric)) {
        Duration d = Option.duration(key, null, "ms", "latency limit").parse(value);
        out.add(new Check(key, op, metric, d.toNanos() / 1000.0, value));
      } else {
        throw new ConfigException("bad SLA key " + key + ": unknown metric '" + metric + "' (use throughput, "
            + "errors, stale, " + String.join(", ", LATENCY) + ")");
      }
    }
    return out;
  }

  private static double number(String key, String value) throws ConfigException {
    try {
      double d = Double.parseDouble(value.trim());
      if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for " + key + ": '" + value + "' is not a non-negative number");
    }
  }

  /** Checks every threshold against a finished run. */
  public static List<Result> check(List<Check> checks, RunReport r) {
    List<Result> out = new ArrayList<>();
    for (Check c : checks) {
      if (c.metric().equals("stale")) {
        out.add(stale(c, r));
        continue;
      }
      OpSummary op = null;
      for (OpSummary s : r.ops()) {
        if (s.name().equals(c.op())) {
          op = s;
        }
      }
      if (op == null) {
        out.add(new Result(c, Double.NaN, false, c.op() + " " + c.metric() + ": no " + c.op()
            + " operations in the results (limit " + c.limitText() + ")"));
        continue;
      }
      double actual;
      String shownActual;
      String shownLimit;
      switch (c.metric()) {
        case "throughput":
          actual = c.op().equals("OVERALL") && c.key().equals("sla.throughput") ? r.throughput() : op.throughput();
          shownActual = Fmt.num(actual, 1) + " ops/s";
          shownLimit = Fmt.num(c.limit(), 1) + " ops/s";
          break;
        case "errors": {
          long calls = op.operations() + op.errors();
          actual = calls == 0 ? 0 : (double) op.errors() / calls;
          shownActual = Fmt.num(actual * 100, 3) + "% (" + op.errors() + " of " + calls + ")";
          shownLimit = Fmt.num(c.limit() * 100, 3) + "%";
          break;
        }
        default:
          actual = latency(op.response(), c.metric());
          shownActual = Fmt.us(actual);
          shownLimit = Fmt.us(c.limit());
      }
      boolean passed = c.isMinimum() ? actual >= c.limit() : actual <= c.limit();
      String msg = c.op() + " " + c.metric() + " = " + shownActual + (passed ? " within " : " breaches ")
          + (c.isMinimum() ? "minimum " : "maximum ") + shownLimit;
      out.add(new Result(c, actual, passed, msg));
    }
    return out;
  }

  /** {@code sla.<OP>.stale}: the stale share of the judged reads, from {@code extra.staleness.<OP>}. */
  private static Result stale(Check c, RunReport r) {
    Object byOp = r.extra() == null ? null : r.extra().get("staleness");
    Object figures = byOp instanceof Map<?, ?> m ? m.get(c.op()) : null;
    if (!(figures instanceof Map<?, ?> f) || !(f.get("judged") instanceof Number judged)
        || judged.longValue() == 0) {
      return new Result(c, Double.NaN, false, c.op() + " stale: no judged " + c.op() + " in the results (limit "
          + c.limitText() + "; staleness=true judges reads)");
    }
    long stale = f.get("stale") instanceof Number n ? n.longValue() : 0;
    double actual = (double) stale / judged.longValue();
    boolean passed = actual <= c.limit();
    return new Result(c, actual, passed, c.op() + " stale = " + Fmt.num(actual * 100, 3) + "% (" + stale + " of "
        + judged.longValue() + ")" + (passed ? " within " : " breaches ") + "maximum " + Fmt.num(c.limit() * 100, 3)
        + "%");
  }

  static double latency(LatencySummary l, String metric) {
    switch (metric) {
      case "mean": return l.meanUs();
      case "p50": return l.p50Us();
      case "p90": return l.p90Us();
      case "p95": return l.p95Us();
      case "p99": return l.p99Us();
      case "p99.9": return l.p999Us();
      case "p99.99": return l.p9999Us();
      case "max": return l.maxUs();
      default: throw new IllegalArgumentException(metric);
    }
  }

  public static boolean allPassed(List<Result> results) {
    return results.stream().allMatch(Result::passed);
  }

  /**
   * JUnit XML: one {@code testsuite} (the Jenkins JUnit and Performance plugins read it), one testcase per
   * check, a {@code failure} with actual vs limit for each breach. No timestamps: the file is deterministic.
   */
  public static String junitXml(String suite, List<Result> results) {
    return JunitXml.suite(suite, cases(results));
  }

  private static List<JunitXml.Case> cases(List<Result> results) {
    return new java.util.ArrayList<>(results.stream().map(r -> {
      Check c = r.check();
      return new JunitXml.Case("sla." + c.op(), c.metric() + (c.isMinimum() ? " >= " : " <= ") + c.limitText(),
          r.passed(), r.message(), "SlaBreached", c.key() + "=" + c.limitText() + ": " + r.message());
    }).toList());
  }

  /**
   * As {@link #junitXml(String, List)}, with one more test case, {@code sciycsb.validity / verdict}: passed when the
   * run is valid; when suspect, a failure ({@code SuspectRun}) with {@code validity.fail=true}, else skipped, its
   * reasons as the message. Results without a verdict add no case.
   */
  public static String junitXml(String suite, List<Result> results, Map<String, Object> validity,
      boolean validityFails) {
    List<JunitXml.Case> cases = cases(results);
    if (validity != null && validity.get("verdict") != null) {
      String line = org.sciycsb.engine.validity.Validity.line(validity);
      boolean valid = "valid".equals(validity.get("verdict"));
      cases.add(new JunitXml.Case("sciycsb.validity", "verdict", valid, line, "SuspectRun", line,
          !valid && !validityFails));
    }
    return JunitXml.suite(suite, cases);
  }
}
