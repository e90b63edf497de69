package org.sciycsb.study.seeds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudySeeds;

/** The seeds of a study's engine steps: repeat k runs with base + k - 1, loads with the base, in every store. */
class StudySeedsTest {
  private static Plan sei(String binding, int repeats, StudySeeds seeds) throws ConfigException {
    return seeds.apply(StudyPlans.expand(StudyPlanTest.HOME, Studies.find("sei"), binding, StudyPlanTest.BATCHING,
        1e-3, 1000, Map.of(), "t_").repeated(repeats));
  }

  private static List<Step> engineSteps(Plan p) {
    return p.steps().stream().filter(s -> s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN).toList();
  }

  @Test
  void repeatKRunsWithBasePlusKMinusOneAndLoadsWithTheBase() throws Exception {
    Plan p = sei("fake", 3, StudySeeds.of(Map.of("seed", "100")));
    List<Step> steps = engineSteps(p);
    assertThat(steps).as("sei has loads and runs").hasSizeGreaterThan(10);
    int[] perRepeat = new int[4];
    for (Step s : steps) {
      String k = s.tag("repeat");
      if (s.kind() == Step.Kind.LOAD) {
        assertThat(k).as(s.name() + ": loads are not repeated").isNull();
        assertThat(s.prop("seed")).as(s.name()).isEqualTo("100");
      } else {
        assertThat(k).as(s.name() + ": a run of a repeat").isNotNull();
        assertThat(s.prop("seed")).as(s.name()).isEqualTo(Long.toString(100 + Integer.parseInt(k) - 1));
        perRepeat[Integer.parseInt(k)]++;
      }
      assertThat(s.argv()).as(s.name() + ": the seed is on its command line once").containsOnlyOnce("seed="
          + s.prop("seed"));
    }
    assertThat(perRepeat[1]).isPositive().isEqualTo(perRepeat[2]).isEqualTo(perRepeat[3]);
    assertThat(p.params()).containsEntry("seeds", "paired").containsEntry("seedBase", 100L);
    assertThat(p.notes()).anyMatch(n -> n.startsWith("seeds: paired: every load and run step runs with -p seed=100"
        + " + (repeat - 1) (base 100: -p seed)"));
  }

  @Test
  void twoBindingsOfOneInvocationGetTheSameSeedsAndWithoutRepeatEveryStepTheBase() throws Exception {
    StudySeeds one = StudySeeds.of(Map.of()); // random base, drawn once for the invocation
    assertThat(one.base()).isNotNull();
    assertThat(one.source()).isEqualTo("random for this invocation");
    Map<String, String> mongo = seeds(sei("mongodb", 2, one));
    Map<String, String> cassandra = seeds(sei("cassandra", 2, one));
    assertThat(mongo).as("every engine step has a seed").doesNotContainValue(null).hasSizeGreaterThan(10);
    assertThat(cassandra).as("the same step, the same seed, whatever the store").isEqualTo(mongo);
    assertThat(seeds(sei("mongodb", 1, one))).as("no --repeat: every step runs with the base")
        .allSatisfy((k, v) -> assertThat(v).as(k).isEqualTo(Long.toString(one.base())));
  }

  private static Map<String, String> seeds(Plan p) {
    Map<String, String> m = new LinkedHashMap<>();
    engineSteps(p).forEach(s -> m.put(s.name(), s.prop("seed")));
    return m;
  }

  @Test
  void theBaseOptionWinsAStepsOwnSeedIsKeptAndIndependentAddsNone() throws Exception {
    StudySeeds given = StudySeeds.of(Map.of("seed", "5", "study.seeds.base", "40"));
    assertThat(given.base()).isEqualTo(40L);
    Plan p = StudyPlans.expand(StudyPlanTest.HOME, Studies.find("sei"), "fake", StudyPlanTest.BATCHING, 1e-3, 1000,
        Map.of(), "t_").repeated(2);
    Step own = engineSteps(p).get(0).p("seed", 9);
    given.apply(p);
    assertThat(own.prop("seed")).as("a step that sets its seed keeps it").isEqualTo("9");
    StudySeeds independent = StudySeeds.of(Map.of("study.seeds", "independent"));
    assertThat(independent.paired()).isFalse();
    Plan none = sei("fake", 2, independent);
    assertThat(engineSteps(none)).allSatisfy(s -> assertThat(s.prop("seed")).as(s.name()).isNull());
    assertThat(none.params()).containsEntry("seeds", "independent").doesNotContainKey("seedBase");
  }

  @Test
  void badSeedOptionsAreBadInput() {
    assertThatThrownBy(() -> StudySeeds.of(Map.of("study.seeds", "same"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("study.seeds");
    assertThatThrownBy(() -> StudySeeds.of(Map.of("study.seeds.base", "x"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("study.seeds.base");
    assertThatThrownBy(() -> StudySeeds.of(Map.of("seed", "1.5"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("seed");
  }
}
