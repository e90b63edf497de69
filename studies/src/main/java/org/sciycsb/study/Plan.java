package org.sciycsb.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A study's expanded matrix: its steps in order, the scaled parameters, and notes (caps, substitutions). */
public final class Plan {
  private final List<Step> steps = new ArrayList<>();
  private final Map<String, Object> params = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();

  Step add(Step s) {
    for (Step x : steps) {
      if (x.name().equals(s.name())) {
        throw new IllegalStateException("two steps named " + s.name());
      }
    }
    steps.add(s);
    return s;
  }

  void param(String key, Object value) {
    params.put(key, value);
  }

  void note(String text) {
    if (!notes.contains(text)) {
      notes.add(text);
    }
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
