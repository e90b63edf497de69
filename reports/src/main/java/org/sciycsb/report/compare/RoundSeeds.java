package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.ReportOptions;

/**
 * The seeds of {@code compare --run}'s runs ({@code -p compare.seeds}): {@code paired}, the default, gives round r one
 * seed, {@code base + r - 1}, that every side of the round runs with ({@code -p seed}), so A and B of a round replay
 * the same operations while the rounds still differ; {@code independent} adds no seed (each run its own random
 * streams). A side whose properties set {@code seed} itself (the common flags' {@code -p seed=N}, its spec, a
 * property file) keeps it in every round.
 */
public final class RoundSeeds {
  /** Paired: the rounds' seeds. */
  public static final String PAIRED = "paired";
  /** Independent: no seed added. */
  public static final String INDEPENDENT = "independent";

  private final String mode;
  private final Long base;
  private final boolean baseGiven;
  private final Map<String, Long> own = new LinkedHashMap<>();
  private final List<Long> used = new ArrayList<>();

  private RoundSeeds(String mode, Long base, boolean baseGiven) {
    this.mode = mode;
    this.base = base;
    this.baseGiven = baseGiven;
  }

  /**
   * The seeds for these sides from {@code cfg}'s compare.seeds and compare.seeds.base (null: random); the sides'
   * own {@code seed} (a bad one is bad input, before anything runs).
   */
  public static RoundSeeds of(Config cfg, List<Interleaved.Side> sides) throws ConfigException {
    String mode = cfg.get(ReportOptions.COMPARE_SEEDS);
    Long given = cfg.get(ReportOptions.COMPARE_SEEDS_BASE);
    long base = given != null ? given : ThreadLocalRandom.current().nextLong(1, 1L << 31);
    Map<String, Long> own = new LinkedHashMap<>();
    for (Interleaved.Side side : sides) {
      Long seed;
      try {
        seed = new Config(side.run().properties()).get(CommonOptions.SEED);
      } catch (ConfigException e) {
        throw new ConfigException("side " + side.name() + ": " + e.getMessage());
      }
      if (seed != null) {
        own.put(side.name(), seed);
      }
    }
    boolean rounds = mode.equals(PAIRED) && own.size() < sides.size(); // a side that takes the rounds' seeds
    RoundSeeds s = new RoundSeeds(mode, rounds ? base : null, given != null);
    s.own.putAll(own);
    return s;
  }

  /** The seed side {@code side} runs round r with (null: none added, the run draws its own). */
  Long seed(String side, int round) {
    if (own.containsKey(side) || base == null) {
      return null;
    }
    return base + round - 1;
  }

  /** Round r starts: its seed is recorded. */
  void started(int round) {
    if (base != null && used.size() < round) {
      used.add(base + round - 1);
    }
  }

  /** The line that says which seeds the runs use, before the first round. */
  public String line(int sides) {
    if (own.size() == sides) {
      return "seeds: every run uses its side's own -p seed (" + ownText() + "): the same operations in every round";
    }
    String rest = own.isEmpty() ? "" : "; " + ownText() + " kept by " + (own.size() == 1 ? "its side" : "their sides");
    if (base == null) {
      return "seeds: independent (compare.seeds=independent): every run draws its own operations" + rest;
    }
    return "seeds: paired: round r's runs all use -p seed=" + base + "+r-1 (compare.seeds.base=" + base
        + (baseGiven ? "" : ", random for this invocation") + "; compare.seeds=independent turns it off)" + rest;
  }

  private String ownText() {
    List<String> parts = new ArrayList<>();
    own.forEach((k, v) -> parts.add(k + ": " + v));
    return String.join(", ", parts);
  }

  /** The {@code seeds} object of compare.json: mode, base, the seeds of the rounds run and the sides' own. */
  public ObjectNode json() {
    ObjectNode o = RepeatSummary.MAPPER.createObjectNode();
    o.put("mode", mode);
    if (base != null) {
      o.put("base", base).put("baseGiven", baseGiven);
      used.forEach(o.putArray("rounds")::add);
    }
    if (!own.isEmpty()) {
      ObjectNode sides = o.putObject("sides");
      own.forEach(sides::put);
    }
    return o;
  }
}
