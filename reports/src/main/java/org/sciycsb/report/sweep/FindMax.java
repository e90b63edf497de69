package org.sciycsb.report.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.Engine;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Sla;
import org.sciycsb.report.html.Html;
import org.sciycsb.report.html.Svg;

/**
 * {@code bin/ycsb findmax}: the highest target rate at which every {@code sla.*} threshold holds and the achieved
 * rate stays within {@code findmax.tolerance} of the offered one. The rate is multiplied by {@code findmax.factor}
 * while the steps hold, then bisected between the highest rate that held and the lowest that did not, until the two
 * are within {@code findmax.precision} of each other. Each step is a complete run of {@code findmax.step} at a
 * constant target rate, with its own results folder.
 */
public final class FindMax {
  public static final Option<Double> START = Option.decimal("findmax.start", 1000.0,
      "the first target rate, operations per second").check(v -> v > 0, "must be positive");
  public static final Option<Double> FACTOR = Option.decimal("findmax.factor", 2.0,
      "while every step holds, the next rate is this times the last").check(v -> v > 1, "must be above 1");
  public static final Option<Duration> STEP = Option.duration("findmax.step", Duration.ofSeconds(30), "s",
      "how long each step runs (its operationcount is unlimited)").check(v -> v.toMillis() >= 1000,
          "must be at least 1s");
  public static final Option<Double> PRECISION = Option.decimal("findmax.precision", 5.0,
      "stop bisecting once the lowest rate that failed is within this many percent of the highest that held")
      .check(v -> v > 0 && v < 100, "must be between 0 and 100 percent");
  public static final Option<Double> TOLERANCE = Option.decimal("findmax.tolerance", 5.0,
      "a step holds only if its achieved rate is within this many percent of the offered rate")
      .check(v -> v >= 0 && v < 100, "must be between 0 and 100 percent");
  public static final Option<Integer> MAX_STEPS = Option.integer("findmax.maxsteps", 20, "at most this many steps")
      .check(v -> v >= 1, "must be at least 1");

  public static OptionSet options() {
    return OptionSet.builder("findmax").add(START, FACTOR, STEP, PRECISION, TOLERANCE, MAX_STEPS)
        .ownPrefix("findmax.").build();
  }

  /** The search's settings, read once before the first step. */
  public record Settings(double start, double factor, Duration step, double precision, double tolerance,
      int maxSteps) {
    public static Settings of(Config c) throws ConfigException {
      return new Settings(c.get(START), c.get(FACTOR), c.get(STEP), c.get(PRECISION) / 100, c.get(TOLERANCE) / 100,
          c.get(MAX_STEPS));
    }
  }

  /** One step: the rate offered, what was achieved, each threshold's outcome, and whether the step held. */
  public record Step(int index, double offered, double achieved, List<Sla.Result> sla, boolean held, String why,
      Path dir) {}

  /** The search: every step in order, and the highest rate that held (NaN: none did). */
  public record Outcome(List<Step> steps, double best) {}

  private FindMax() {}

  /**
   * Runs the search. {@code base} is the run without target, operation count, time limit, thresholds or results
   * folder; each step adds them.
   */
  public static Outcome run(RunSpec base, List<Sla.Check> checks, Settings s, Path dir, PrintStream err)
      throws BenchmarkException {
    requireThresholds(checks);
    Benchmark.check(step(base, s, s.start(), dir.resolve("check")));
    List<Step> steps = new ArrayList<>();
    double good = Double.NaN;
    double bad = Double.NaN;
    double rate = s.start();
    while (steps.size() < s.maxSteps()) {
      Step st = runStep(base, checks, s, steps.size() + 1, rate, dir, err);
      steps.add(st);
      err.println("findmax: step " + st.index() + ": " + rate(st.offered()) + " ops/s offered, "
          + rate(st.achieved()) + " achieved: " + (st.held() ? "held" : "did not hold (" + st.why() + ")"));
      if (st.held()) {
        good = rate;
      } else {
        bad = rate;
      }
      if (!Double.isNaN(good) && !Double.isNaN(bad) && (bad - good) / good <= s.precision()) {
        break;
      }
      rate = Double.isNaN(bad) ? rate * s.factor() : Double.isNaN(good) ? rate / s.factor() : (good + bad) / 2;
      if (rate < 1) {
        break; // below 1 op/s nothing holds: say so rather than search on
      }
    }
    return new Outcome(steps, good);
  }

  /** A search needs something to hold: at least one threshold. */
  public static void requireThresholds(List<Sla.Check> checks) throws ConfigException {
    if (checks.isEmpty()) {
      throw new ConfigException("findmax needs at least one threshold: -p sla.<OPERATION>.<metric>=<limit>, e.g. "
          + "-p sla.READ.p95=5ms (metrics: throughput, errors, mean, p50, p90, p95, p99, p99.9, max)");
    }
  }

  /** One step's run: the base at the step's rate, for the step's time, labelled with the user's label (if any). */
  static RunSpec step(RunSpec base, Settings s, double rate, Path to) {
    String label = base.properties().get("label");
    String step = "findmax-" + rate(rate);
    return base.toBuilder().property("target", Double.toString(rate)).property("operationcount", "0")
        .property("maxexecutiontime", Long.toString(Math.max(1, s.step().toSeconds())))
        .property("results.dir", to.toString())
        .property("label", label == null || label.isBlank() ? step : label + "-" + step).build();
  }

  private static Step runStep(RunSpec base, List<Sla.Check> checks, Settings s, int index, double rate, Path dir,
      PrintStream err) throws BenchmarkException {
    Path to = dir.resolve(String.format(Locale.ROOT, "step-%02d-%s", index, rate(rate)));
    Engine.Outcome o = Benchmark.run(step(base, s, rate, to));
    if (o.report() == null) {
      return new Step(index, rate, 0, List.of(), false, "the run failed: " + o.failure(), to);
    }
    double achieved = o.report().throughput();
    List<Sla.Result> results = Sla.check(checks, o.report());
    List<String> why = new ArrayList<>();
    results.stream().filter(r -> !r.passed()).forEach(r -> why.add(r.message()));
    if (achieved < rate * (1 - s.tolerance())) {
      why.add("achieved " + rate(achieved) + " ops/s, below " + rate(rate * (1 - s.tolerance())) + " ("
          + Fmt.num(s.tolerance() * 100, 1) + " % under the offered rate)");
    }
    if (o.exitCode() != 0) {
      why.add("the run ended with exit code " + o.exitCode() + (o.failure() == null ? "" : ": " + o.failure()));
    }
    return new Step(index, rate, achieved, results, why.isEmpty(), String.join("; ", why), to);
  }

  static String rate(double r) {
    return r >= 100 ? Long.toString(Math.round(r)) : Fmt.num(r, 1);
  }

  /** The table on stdout and in findmax.md: one row per step, in the order run. */
  public static String table(Outcome o, List<Sla.Check> checks) {
    StringBuilder sb = new StringBuilder("| step | offered ops/s | achieved ops/s |");
    for (Sla.Check c : checks) {
      sb.append(' ').append(c.op()).append(' ').append(c.metric()).append(" (limit ").append(c.limitText())
          .append(") |");
    }
    sb.append(" held |\n|---:|---:|---:|").append("---:|".repeat(checks.size())).append("---|\n");
    for (Step st : o.steps()) {
      sb.append("| ").append(st.index()).append(" | ").append(rate(st.offered())).append(" | ")
          .append(rate(st.achieved())).append(" |");
      for (int i = 0; i < checks.size(); i++) {
        Sla.Result r = i < st.sla().size() ? st.sla().get(i) : null;
        sb.append(' ').append(r == null || Double.isNaN(r.actual()) ? "-" : shown(r)).append(" |");
      }
      sb.append(' ').append(st.held() ? "yes" : "no").append(" |\n");
    }
    return sb.toString();
  }

  private static String shown(Sla.Result r) {
    String m = r.check().metric();
    if (m.equals("throughput")) {
      return rate(r.actual());
    }
    if (m.equals("errors")) {
      return Fmt.num(r.actual() * 100, 3) + " %";
    }
    return Fmt.us(r.actual());
  }

  /** One line: the answer. */
  public static String verdict(Outcome o, Settings s) {
    if (Double.isNaN(o.best())) {
      return "findmax: no rate held (the lowest tried: " + rate(o.steps().stream().mapToDouble(Step::offered)
          .min().orElse(0)) + " ops/s)";
    }
    double lowestBad = o.steps().stream().filter(st -> !st.held()).mapToDouble(Step::offered)
        .filter(r -> r > o.best()).min().orElse(Double.NaN);
    return "findmax: highest rate that held: " + rate(o.best()) + " ops/s" + (Double.isNaN(lowestBad)
        ? " (no higher rate failed within " + s.maxSteps() + " steps: raise findmax.maxsteps or findmax.start)"
        : "; " + rate(lowestBad) + " ops/s did not");
  }

  /** findmax.json, findmax.md and findmax.html (p95 and the achieved rate against the offered rate). */
  public static void write(Outcome o, List<Sla.Check> checks, Settings s, Path dir) throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", "sciycsb-findmax");
    root.put("formatVersion", 1);
    root.put("best", Double.isNaN(o.best()) ? null : o.best());
    root.put("thresholds", checks.stream().map(c -> c.key() + "=" + c.limitText()).toList());
    root.put("tolerance", s.tolerance());
    List<Object> steps = new ArrayList<>();
    for (Step st : o.steps()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("step", st.index());
      m.put("offered", st.offered());
      m.put("achieved", st.achieved());
      m.put("held", st.held());
      m.put("why", st.why());
      m.put("results", dir.relativize(st.dir()).toString());
      m.put("thresholds", st.sla().stream().map(r -> Map.of("key", r.check().key(), "actual", Double.isNaN(
          r.actual()) ? "none" : r.actual(), "passed", r.passed())).toList());
      steps.add(m);
    }
    root.put("steps", steps);
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    AtomicFiles.write(dir.resolve("findmax.json"), json.writeValueAsString(root));
    AtomicFiles.write(dir.resolve("findmax.md"), verdict(o, s) + "\n\n" + table(o, checks));
    AtomicFiles.write(dir.resolve("findmax.html"), html(o, checks, s));
  }

  private static String html(Outcome o, List<Sla.Check> checks, Settings s) {
    List<Step> sorted = o.steps().stream().sorted(java.util.Comparator.comparingDouble(Step::offered)).toList();
    double[] x = sorted.stream().mapToDouble(Step::offered).toArray();
    List<Svg.Series> rates = List.of(new Svg.Series("achieved", x, sorted.stream().mapToDouble(Step::achieved)
        .toArray()), new Svg.Series("offered", x, x));
    List<Svg.Series> latencies = new ArrayList<>();
    for (int i = 0; i < checks.size(); i++) {
      Sla.Check c = checks.get(i);
      if (c.metric().equals("throughput") || c.metric().equals("errors")) {
        continue;
      }
      int k = i;
      latencies.add(new Svg.Series(c.op() + " " + c.metric(), x, sorted.stream().mapToDouble(st -> k < st.sla()
          .size() ? st.sla().get(k).actual() / 1000.0 : Double.NaN).toArray()));
    }
    StringBuilder sb = new StringBuilder();
    Html.head(sb, "findmax");
    sb.append("<h1>findmax</h1>\n<p>").append(Fmt.html(verdict(o, s))).append("</p>\n");
    sb.append(Svg.lineChart("findmax-rates", "Achieved against offered rate", "offered (ops/s)", "ops/s", rates,
        false, false));
    if (!latencies.isEmpty()) {
      sb.append(Svg.lineChart("findmax-latency", "Response time at each offered rate (thresholds: "
          + String.join(", ", checks.stream().map(c -> c.key() + "=" + c.limitText()).toList()) + ")",
          "offered (ops/s)", "response time (ms)", latencies, false, false));
    }
    sb.append("<pre>").append(Fmt.html(table(o, checks))).append("</pre>\n");
    Html.tail(sb);
    return sb.toString();
  }
}
