package org.sciycsb.report.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.JunitXml;

/**
 * {@code bin/ycsb compare BASE CONTENDER --gate}: the Jenkins gate. A gated row (a metric of
 * {@code compare.metrics}, every operation) fails when its verdict is {@code worse} and the change is beyond
 * {@code compare.threshold} percent; a difference inside the noise never fails, and neither does an
 * {@code undecided} row (its testcase is skipped, with what would decide it; {@link #summary} says how many). The
 * result is JUnit XML, one testcase per gated row.
 */
public final class CompareGate {
  /** One gated row and whether it passed. */
  public record Check(Verdicts.Row row, boolean passed, String message) {}

  static final Set<String> KNOWN = Arrays.stream(Verdicts.METRICS).map(m -> m[1]).collect(Collectors.toSet());

  private CompareGate() {}

  /** The gated metrics, checked ("p99.9", "throughput", ...). */
  public static Set<String> metrics(String list) throws ConfigException {
    Set<String> out = new java.util.LinkedHashSet<>();
    for (String m : list.split(",")) {
      String t = m.trim();
      if (t.isEmpty()) {
        continue;
      }
      if (!KNOWN.contains(t)) {
        throw new ConfigException("bad value for compare.metrics: '" + t + "' is not one of " + String.join(", ",
            Arrays.stream(Verdicts.METRICS).map(x -> x[1]).toList()));
      }
      out.add(t);
    }
    return out;
  }

  public static List<Check> check(List<Verdicts.Row> rows, Set<String> metrics, double thresholdPct) {
    List<Check> out = new ArrayList<>();
    for (Verdicts.Row r : rows) {
      if (!metrics.contains(r.metric())) {
        continue;
      }
      boolean higherIsBetter = r.metric().equals("throughput");
      double change = (r.ratio() - 1) * 100 * (higherIsBetter ? -1 : 1); // positive: this much worse
      boolean failed = r.verdict().equals("worse") && change > thresholdPct;
      String msg = r.contenderTitle() + " " + r.operation() + " " + r.metric() + ": " + Fmt.fixed(r.ratio(), 3)
          + "x of the baseline" + (r.hasInterval() ? " [" + Fmt.fixed(r.low(), 3) + ", " + Fmt.fixed(r.high(), 3)
          + "]" : "") + ", " + r.verdict() + (failed ? ", worse by " + Fmt.fixed(change, 1) + " % > "
          + Fmt.fixed(thresholdPct, 1) + " %" : "") + (undecided(r) ? " (not failing the build): " + r.decide()
          : "");
      out.add(new Check(r, !failed, msg));
    }
    return out;
  }

  private static boolean undecided(Verdicts.Row r) {
    return r.verdict().equals(Verdicts.UNDECIDED);
  }

  /**
   * The gate's one line for stderr: how many gated rows passed, and how many of them are undecided (which never fail
   * a build: the noise hides whether they moved).
   */
  public static String summary(List<Check> checks, java.nio.file.Path junit) {
    long failed = checks.stream().filter(c -> !c.passed()).count();
    long undecided = checks.stream().filter(c -> undecided(c.row())).count();
    return "gate: " + (checks.size() - failed) + " of " + checks.size() + " gated rows passed" + (undecided == 0 ? ""
        : ", " + undecided + " of them undecided (not failing the build: too little evidence either way; compare's "
        + "verdicts say what would decide them)") + " (" + junit + ")";
  }

  /** JUnit XML: a testcase per gated row, a PerformanceRegression failure when it failed, skipped when undecided. */
  public static String junitXml(List<Check> checks) {
    return JunitXml.suite("sciycsb.compare", checks.stream().map(c -> new JunitXml.Case("compare."
        + c.row().operation(), c.row().metric() + " " + c.row().contenderTitle(), c.passed(), c.message(),
        "PerformanceRegression", c.message() + " (" + c.row().method() + ")", undecided(c.row()))).toList());
  }
}
