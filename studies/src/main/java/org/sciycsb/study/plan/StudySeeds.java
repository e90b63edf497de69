package org.sciycsb.study.plan;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * The seeds of a study's engine steps ({@code -p study.seeds}): {@code paired}, the default, runs every load and run
 * step with {@code -p seed}, the steps of repeat k with {@code base + k - 1} (without {@code --repeat}, every step
 * with {@code base}), the same in every store, device and cluster of the invocation, so the things compared replay
 * the same operations and the repeats differ; {@code independent} adds no seed. The base is {@code study.seeds.base},
 * else the user's {@code -p seed}, else drawn once per invocation. {@code base} is null when independent.
 */
public record StudySeeds(String mode, Long base, String source) {
  /** The tag of a step whose seed comes from here (a run step that inserts drops it when it runs). */
  public static final String PAIRED_TAG = "pairedSeed";

  /** The seeds of an invocation with these -p properties (a bad value is bad input). */
  public static StudySeeds of(Map<String, String> props) throws ConfigException {
    Config c = new Config(props);
    String mode = c.get(StudyOptions.SEEDS);
    Long userSeed = c.get(CommonOptions.SEED);
    Long base = c.get(StudyOptions.SEEDS_BASE);
    if (mode.equals("independent")) {
      return new StudySeeds(mode, null, userSeed == null ? "none" : "-p seed=" + userSeed + " in every step");
    }
    if (base != null) {
      return new StudySeeds(mode, base, "study.seeds.base");
    }
    if (userSeed != null) {
      return new StudySeeds(mode, userSeed, "-p seed");
    }
    return new StudySeeds(mode, ThreadLocalRandom.current().nextLong(1, 1L << 31), "random for this invocation");
  }

  /** Whether the steps get seeds from here (the user's -p seed is then the base, not every step's value). */
  public boolean paired() {
    return base != null;
  }

  /**
   * Sets {@code seed} on every load and run step of the plan that does not set it itself (repeat k: base + k - 1,
   * a step of no repeat: base) and records the seeds in the plan's parameters and notes.
   */
  public Plan apply(Plan plan) {
    plan.param("seeds", mode);
    if (base == null) {
      if (!source.equals("none")) {
        plan.note("seeds: independent (study.seeds=independent), " + source);
      }
      return plan;
    }
    plan.param("seedBase", base);
    for (Step s : plan.steps()) {
      if ((s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN) && s.prop("seed") == null) {
        String k = s.tag("repeat");
        s.p("seed", base + (k == null ? 0 : Integer.parseInt(k) - 1));
        s.tag(PAIRED_TAG, true);
      }
    }
    plan.note("seeds: paired: every load and run step runs with -p seed=" + base + (plan.repeats() > 1
        ? " + (repeat - 1)" : "") + " (base " + base + ": " + source + "), the same in every store, device and "
        + "cluster of this invocation, but a run step that inserts (insertproportion > 0) runs without it: under a "
        + "seed each thread inserts keys of its own, which leaves gaps a later step on the table would read; "
        + "-p study.seeds=independent turns it off");
    return plan;
  }
}
