package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/** compare --run's stopping rule on synthetic samples: decides when the interval clears the band, else goes on. */
class UntilDecidedTest {
  static final UntilDecided.Rule BAND = new UntilDecided.Rule("OVERALL", "throughput", 0.95, 1.05, false, 3, 8);

  /**
   * Adds one round (a value a side) at a time, as compare --run does, and applies the rule after each: the values
   * are lognormal around 1000 (the baseline) and 1000 * ratio (the contender) with the given relative noise.
   */
  static List<UntilDecided.Result> rounds(UntilDecided.Rule rule, double ratio, double noise, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Double> base = new ArrayList<>();
    List<Double> contender = new ArrayList<>();
    List<UntilDecided.Result> out = new ArrayList<>();
    for (int round = 1; round <= rule.max(); round++) {
      base.add(1000 * Math.exp(noise * r.nextGaussian()));
      contender.add(1000 * ratio * Math.exp(noise * r.nextGaussian()));
      UntilDecided.Result res = UntilDecided.after(rule, round,
          List.of(UntilDecided.judge(rule, "B", "A", base, contender)));
      if (res != null) {
        out.add(res);
        if (!res.ended().equals("continuing")) {
          break;
        }
      }
    }
    return out;
  }

  static UntilDecided.Result last(List<UntilDecided.Result> results) {
    return results.get(results.size() - 1);
  }

  @Test
  void anIntervalIsDecidedAboveBelowOrInsideTheBandAndUndecidedAcrossAnEdge() {
    assertThat(UntilDecided.state(1.06, 1.2, 0.95, 1.05)).as("above").isEqualTo(UntilDecided.State.ABOVE);
    assertThat(UntilDecided.state(0.5, 0.94, 0.95, 1.05)).as("below").isEqualTo(UntilDecided.State.BELOW);
    assertThat(UntilDecided.state(0.96, 1.04, 0.95, 1.05)).as("inside").isEqualTo(UntilDecided.State.WITHIN);
    assertThat(UntilDecided.state(1.01, 1.08, 0.95, 1.05)).as("across the upper edge, though above 1")
        .isEqualTo(UntilDecided.State.UNDECIDED);
    assertThat(UntilDecided.state(0.9, 1.1, 0.95, 1.05)).as("across both edges").isEqualTo(UntilDecided.State.UNDECIDED);
    assertThat(UntilDecided.state(Double.NaN, Double.NaN, 0.95, 1.05)).as("no interval")
        .isEqualTo(UntilDecided.State.UNDECIDED);
    assertThat(UntilDecided.state(1.9, 2.1, 2, 2)).as("a goal holds nothing inside").isEqualTo(UntilDecided.State.UNDECIDED);
    assertThat(UntilDecided.state(2.0, 2.0, 2, 2)).as("an interval on the goal").isEqualTo(UntilDecided.State.UNDECIDED);
    assertThat(UntilDecided.state(2.01, 2.3, 2, 2)).as("above a goal").isEqualTo(UntilDecided.State.ABOVE);
  }

  @Test
  void aClearDifferenceIsDecidedAtTheMinimum() {
    List<UntilDecided.Result> r = rounds(BAND, 0.7, 0.03, 1);
    assertThat(r).as("one result, at the minimum of 3 rounds").hasSize(1);
    assertThat(last(r).ended()).isEqualTo("decided");
    assertThat(last(r).judged().get(0).state()).isEqualTo(UntilDecided.State.BELOW);
    assertThat(last(r).line()).as(last(r).line()).startsWith("decided after 3 rounds: B / A OVERALL throughput 0.")
        .contains("below the no-difference band [0.950, 1.050]");
  }

  @Test
  void noisySidesStraddlingTheBandGoOnToTheMaximumAndSaySo() {
    List<UntilDecided.Result> r = rounds(BAND, 1.0, 0.2, 7);
    assertThat(r).as("rounds 3 to 8 judged").hasSize(6);
    for (UntilDecided.Result x : r.subList(0, r.size() - 1)) {
      assertThat(x.ended()).as(x.line()).isEqualTo("continuing");
      assertThat(x.judged().get(0).state()).as(x.line()).isEqualTo(UntilDecided.State.UNDECIDED);
    }
    assertThat(last(r).ended()).isEqualTo("maximum");
    assertThat(last(r).rounds()).isEqualTo(8);
    assertThat(last(r).line()).as(last(r).line()).startsWith("undecided: reached the maximum of 8 rounds: ")
        .contains("straddles an edge of the no-difference band");
  }

  @Test
  void identicalSidesWithLittleNoiseAreDecidedEquivalentOnceTheIntervalFitsInsideTheBand() {
    UntilDecided.Rule rule = new UntilDecided.Rule("OVERALL", "throughput", 0.95, 1.05, false, 2, 20);
    List<UntilDecided.Result> r = rounds(rule, 1.0, 0.02, 3);
    assertThat(last(r).ended()).as(last(r).line()).isEqualTo("decided");
    assertThat(last(r).judged().get(0).state()).isEqualTo(UntilDecided.State.WITHIN);
    UntilDecided.Judged j = last(r).judged().get(0);
    assertThat(j.low()).as("the interval inside the band").isGreaterThanOrEqualTo(0.95);
    assertThat(j.high()).isLessThanOrEqualTo(1.05);
  }

  @Test
  void aGoalIsDecidedOnceTheIntervalLiesOnOneSideOfIt() {
    UntilDecided.Rule goal = new UntilDecided.Rule("READ", "p95", 2.0, 2.0, true, 3, 30);
    List<UntilDecided.Result> r = rounds(goal, 1.8, 0.15, 5);
    assertThat(last(r).ended()).as(last(r).line()).isEqualTo("decided");
    assertThat(last(r).judged().get(0).state()).isEqualTo(UntilDecided.State.BELOW);
    assertThat(last(r).judged().get(0).high()).isLessThan(2.0);
    assertThat(last(r).line()).contains("below the goal 2.000").contains("READ p95");
    ObjectNode json = last(r).json();
    assertThat(json.path("ended").asText()).isEqualTo("decided");
    assertThat(json.path("rounds").asInt()).isEqualTo(last(r).rounds());
    assertThat(json.path("contenders").get(0).path("state").asText()).isEqualTo("below");
    assertThat(json.path("contenders").get(0).path("ci95").size()).isEqualTo(2);
  }

  @Test
  void theRuleComesFromTheCompareOptions() throws Exception {
    assertThat(UntilDecided.rule(new Config(Map.of()))).as("rounds: no rule").isNull();
    UntilDecided.Rule r = UntilDecided.rule(new Config(Map.of("compare.until", "decided", "compare.decide",
        "READ.p99.9", "compare.threshold", "10")));
    assertThat(r.operation()).isEqualTo("READ");
    assertThat(r.metric()).isEqualTo("p99.9");
    assertThat(r.low()).isEqualTo(0.9, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(r.high()).isEqualTo(1.1, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(r.min()).isEqualTo(3);
    assertThat(r.max()).isEqualTo(20);
    UntilDecided.Rule g = UntilDecided.rule(new Config(Map.of("compare.until", "decided", "compare.goal", "1.5")));
    assertThat(g.goal()).isTrue();
    assertThat(g.low()).isEqualTo(1.5);
    assertThat(g.high()).isEqualTo(1.5);
    assertThatThrownBy(() -> UntilDecided.rule(new Config(Map.of("compare.until", "decided", "compare.decide",
        "throughput")))).isInstanceOf(ConfigException.class).hasMessageContaining("OPERATION.metric");
    assertThatThrownBy(() -> UntilDecided.rule(new Config(Map.of("compare.until", "decided", "compare.rounds.min",
        "5", "compare.rounds.max", "4")))).isInstanceOf(ConfigException.class).hasMessageContaining("above");
  }

  @Test
  void theValuesAreThoseOfTheCompletedRepeats() throws Exception {
    var mapper = RepeatSummary.MAPPER;
    List<RepeatSummary.Repeat> repeats = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      String outcome = i == 2 ? "failed" : "completed";
      repeats.add(new RepeatSummary.Repeat("repeat-" + i, mapper.readTree("{\"summary\":{\"outcome\":\"" + outcome
          + "\"},\"operations\":[{\"name\":\"READ\",\"throughput\":" + (100 * i) + ",\"response\":{\"p99_9\":"
          + (10 * i) + "}}]}"), 0, null));
    }
    assertThat(UntilDecided.values(new UntilDecided.Rule("READ", "p99.9", 1, 1, true, 2, 3), repeats))
        .as("the failed repeat left out").containsExactly(10.0, 30.0);
    assertThat(UntilDecided.values(new UntilDecided.Rule("READ", "throughput", 1, 1, true, 2, 3), repeats))
        .containsExactly(100.0, 300.0);
    assertThat(UntilDecided.values(new UntilDecided.Rule("UPDATE", "p95", 1, 1, true, 2, 3), repeats))
        .as("no such operation").isNull();
  }
}
