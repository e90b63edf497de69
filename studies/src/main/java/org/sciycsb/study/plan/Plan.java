package org.sciycsb.study.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A study's expanded matrix: its steps in order, the scaled parameters, and notes (caps, substitutions). */
public final class Plan {
  private final List<Step> steps = new ArrayList<>();
  private final Map<String, Object> params = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private int defaultRepeats = 1;
  private int repeats = 1;

  /** How the repeats of a study run, for the plan and the report. */
  public static final String ORDER = "repeat-major: repeat 1 runs every measured step of the matrix, then repeat 2 runs "
      + "them all again, ... (seed 003's order, and the more robust against drift); loads are not repeated";

  public Step add(Step s) {
    for (Step x : steps) {
      if (x.name().equals(s.name())) {
        throw new IllegalStateException("two steps named " + s.name());
      }
    }
    steps.add(s);
    return s;
  }

  public void param(String key, Object value) {
    params.put(key, value);
  }

  public void note(String text) {
    if (!notes.contains(text)) {
      notes.add(text);
    }
  }

  /** The study's own number of repeats when --repeat is not given (seed 003's matrix: 3). */
  public void defaultRepeats(int n) {
    this.defaultRepeats = n;
  }

  public int defaultRepeats() {
    return defaultRepeats;
  }

  /** How many times the measured steps run (1 unless {@link #repeated} made more). */
  public int repeats() {
    return repeats;
  }

  /**
   * This plan with its repeated steps ({@link Step#isRepeated}) run n times, repeat-major: for k in 1..n, every
   * step in plan order, each repeated step as its repeat k ({@code <step>/run-<k>}), the others only in repeat 1.
   * With n = 1 the plan is unchanged (no {@code run-1} folders).
   */
  public Plan repeated(int n) {
    Plan out = new Plan();
    params.forEach(out::param);
    notes.forEach(out::note);
    out.defaultRepeats = defaultRepeats;
    out.repeats = n;
    out.param("repeats", n);
    out.param("repeatOrder", ORDER);
    java.util.Set<String> rep = new java.util.LinkedHashSet<>();
    for (Step s : steps) {
      if (s.isRepeated()) {
        rep.add(s.name());
      }
    }
    if (n <= 1 || rep.isEmpty()) {
      steps.forEach(out::add);
      return out;
    }
    for (int k = 1; k <= n; k++) {
      for (Step s : steps) {
        if (rep.contains(s.name())) {
          out.add(s.repeat(k, rep));
        } else if (k == 1) {
          out.add(s);
        }
      }
    }
    return out;
  }

  public List<Step> steps() {
    return List.copyOf(steps);
  }

  public Step step(String name) {
    for (Step s : steps) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    return null;
  }

  public Map<String, Object> params() {
    return new LinkedHashMap<>(params);
  }

  public List<String> notes() {
    return List.copyOf(notes);
  }
}
