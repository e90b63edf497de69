package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ReportOptions;

/**
 * The stopping rule of {@code compare --run -p compare.until=decided}: rounds are added until the 95 % interval of
 * one figure's ratio (contender / baseline, the paired t on the logs of the rounds' ratios, as {@link Verdicts} computes it)
 * decides, for every contender, against a band [low, high], or until a maximum of rounds.
 *
 * <p>The band is {@code compare.goal} alone (low = high = the goal: decided once the interval lies entirely above
 * or entirely below it) or, without a goal, the no-difference band 1 ± {@code compare.threshold} percent. An
 * interval is decided when it lies entirely above the band, entirely below it, or entirely inside it (the sides are
 * equivalent within the threshold); an interval that straddles an edge of the band is undecided.
 */
public final class UntilDecided {
  /** Where an interval lies against the band. */
  public enum State {
    ABOVE("above"), BELOW("below"), WITHIN("inside"), UNDECIDED("straddles an edge of");

    final String words;

    State(String words) {
      this.words = words;
    }

    public boolean decided() {
      return this != UNDECIDED;
    }
  }

  /**
   * The rule: the figure judged (an operation and a metric of {@link Verdicts#METRICS}), the band, whether it is a
   * goal, and the fewest and most rounds.
   */
  public record Rule(String operation, String metric, double low, double high, boolean goal, int min, int max) {
    /** "OVERALL throughput". */
    public String figure() {
      return operation + " " + metric;
    }

    /** "the goal 1.500" or "the no-difference band [0.950, 1.050]". */
    public String band() {
      return goal ? "the goal " + Fmt.fixed(low, 3) : "the no-difference band [" + Fmt.fixed(low, 3) + ", "
          + Fmt.fixed(high, 3) + "]";
    }
  }

  /** One contender's interval against the band ({@code low}, {@code high} NaN without an interval yet). */
  public record Judged(String contender, String baseline, double ratio, double low, double high, State state) {}

  /**
   * How the rounds ended: {@code decided}, {@code maximum} or {@code stopped} (a run could not start or was
   * interrupted); {@code continuing} while they go on.
   */
  public record Result(Rule rule, String ended, int rounds, List<Judged> judged) {
    /** One line: "decided after 4 rounds: ..." or "undecided: reached the maximum of 20 rounds: ...". */
    public String line() {
      String head = switch (ended) {
        case "decided" -> "decided after " + rounds + " rounds";
        case "maximum" -> "undecided: reached the maximum of " + rounds + " rounds";
        case "continuing" -> "undecided after " + rounds + " rounds, one more round";
        default -> "stopped after " + rounds + " rounds (a run failed or was interrupted), "
            + (judged.stream().allMatch(j -> j.state().decided()) ? "decided" : "undecided");
      };
      List<String> parts = new ArrayList<>();
      for (Judged j : judged) {
        String iv = Double.isNaN(j.low()) ? "no interval" : "[" + Fmt.fixed(j.low(), 3) + ", "
            + Fmt.fixed(j.high(), 3) + "]";
        parts.add(j.contender() + " / " + j.baseline() + " " + rule.figure() + " " + (Double.isNaN(j.ratio()) ? "-"
            : Fmt.fixed(j.ratio(), 3) + "x") + " " + iv + ", " + j.state().words + " " + rule.band());
      }
      return head + ": " + String.join("; ", parts);
    }

    /** The {@code until} object of compare.json. */
    public ObjectNode json() {
      ObjectNode o = RepeatSummary.MAPPER.createObjectNode();
      o.put("ended", ended).put("rounds", rounds).put("min", rule.min()).put("max", rule.max())
          .put("operation", rule.operation()).put("metric", rule.metric()).put("goal", rule.goal());
      o.putArray("band").add(rule.low()).add(rule.high());
      for (Judged j : judged) {
        ObjectNode c = o.withArray("contenders").addObject();
        c.put("contenderRun", j.contender()).put("ratio", j.ratio());
        if (!Double.isNaN(j.low())) {
          c.putArray("ci95").add(j.low()).add(j.high());
        } else {
          c.putArray("ci95");
        }
        c.put("state", j.state().name().toLowerCase(java.util.Locale.ROOT));
      }
      o.put("line", line());
      return o;
    }
  }

  private UntilDecided() {}

  /** The rule of {@code compare.*}: null unless {@code compare.until=decided}; bad values are bad input. */
  public static Rule rule(Config cfg) throws ConfigException {
    if (!"decided".equals(cfg.get(ReportOptions.COMPARE_UNTIL))) {
      return null;
    }
    String decide = cfg.get(ReportOptions.COMPARE_DECIDE).trim();
    int dot = decide.indexOf('.');
    String metric = dot < 0 ? "" : decide.substring(dot + 1);
    if (dot <= 0 || Arrays.stream(Verdicts.METRICS).noneMatch(m -> m[1].equals(metric))) {
      throw new ConfigException("bad value for compare.decide: '" + decide + "' is not OPERATION.metric (e.g. "
          + "OVERALL.throughput, READ.p95; metrics: " + String.join(", ", Arrays.stream(Verdicts.METRICS)
          .map(m -> m[1]).toList()) + ")");
    }
    int min = cfg.get(ReportOptions.COMPARE_ROUNDS_MIN);
    int max = cfg.get(ReportOptions.COMPARE_ROUNDS_MAX);
    if (min > max) {
      throw new ConfigException("compare.rounds.min (" + min + ") is above compare.rounds.max (" + max + ")");
    }
    Double goal = cfg.get(ReportOptions.COMPARE_GOAL);
    double t = cfg.get(ReportOptions.COMPARE_THRESHOLD) / 100;
    return goal != null ? new Rule(decide.substring(0, dot), metric, goal, goal, true, min, max)
        : new Rule(decide.substring(0, dot), metric, Math.max(0, 1 - t), 1 + t, false, min, max);
  }

  /**
   * The rule after {@code rounds} complete rounds: {@code decided} when every contender's interval is, else
   * {@code maximum} at the rule's maximum, else {@code continuing}; null before the rule's minimum.
   */
  public static Result after(Rule rule, int rounds, List<Judged> judged) {
    if (rounds < rule.min()) {
      return null;
    }
    boolean decided = !judged.isEmpty() && judged.stream().allMatch(j -> j.state().decided());
    return new Result(rule, decided ? "decided" : rounds >= rule.max() ? "maximum" : "continuing", rounds, judged);
  }

  /** Where [lo, hi] lies against [bandLow, bandHigh]; undecided when the interval is missing (NaN). */
  public static State state(double lo, double hi, double bandLow, double bandHigh) {
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return State.UNDECIDED;
    }
    if (lo > bandHigh) {
      return State.ABOVE;
    }
    if (hi < bandLow) {
      return State.BELOW;
    }
    return lo >= bandLow && hi <= bandHigh && bandLow < bandHigh ? State.WITHIN : State.UNDECIDED;
  }

  /**
   * One contender's values against the baseline's, paired by round ({@code base.get(i)} and {@code values.get(i)}
   * ran side by side: the rounds both completed): the ratio of their geometric means with the paired t interval of
   * the rounds' ratios, as {@link Verdicts} judges compare --run's rounds.
   */
  public static Judged judge(Rule rule, String contender, String baseline, List<Double> base, List<Double> values) {
    double ratio = base.isEmpty() || values.isEmpty() ? Double.NaN
        : Math.exp(Interval.mean(values.stream().map(Math::log).toList())
            - Interval.mean(base.stream().map(Math::log).toList()));
    double[] ci = Interval.pairedRatioCi95(base, values);
    double lo = ci == null ? Double.NaN : ci[0];
    double hi = ci == null ? Double.NaN : ci[1];
    return new Judged(contender, baseline, ratio, lo, hi, state(lo, hi, rule.low(), rule.high()));
  }

  /**
   * The figure's values over a side's completed repeats (as {@link RepeatSummary} averages them); null when a
   * completed repeat has no such operation.
   */
  public static List<Double> values(Rule rule, List<RepeatSummary.Repeat> repeats) {
    java.util.Map<String, Double> m = byRound(rule, repeats);
    return m == null ? null : new ArrayList<>(m.values());
  }

  /**
   * The figure's values of two sides' rounds that both completed, paired by round name ({base, contender}); null
   * when a completed round of either has no such operation.
   */
  public static List<List<Double>> paired(Rule rule, List<RepeatSummary.Repeat> base,
      List<RepeatSummary.Repeat> contender) {
    java.util.Map<String, Double> b = byRound(rule, base);
    java.util.Map<String, Double> c = byRound(rule, contender);
    if (b == null || c == null) {
      return null;
    }
    return Interval.pairs(b, c);
  }

  /** The figure's value of each completed round, by its name, in order; null when one lacks the operation. */
  private static java.util.Map<String, Double> byRound(Rule rule, List<RepeatSummary.Repeat> repeats) {
    java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
    for (RepeatSummary.Repeat r : repeats) {
      if (!r.completed()) {
        continue;
      }
      JsonNode op = null;
      for (JsonNode o : r.results().path("operations")) {
        if (o.path("name").asText().equals(rule.operation())) {
          op = o;
        }
      }
      if (op == null) {
        return null;
      }
      String field = rule.metric().equals("p99.9") ? "p99_9" : rule.metric();
      out.put(r.name(), field.equals("throughput") ? op.path("throughput").asDouble()
          : op.path("response").path(field).asDouble());
    }
    return out;
  }
}
