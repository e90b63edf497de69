package org.sciycsb.study.plan;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.sciycsb.api.ConfigException;

/**
 * The preset settings of a plan that have an effect only on a cluster (experiments.json's {@code clusterOnly}): a
 * note per setting the plan's steps read, and the plan parameter {@code clusterOnly} the report judges against the
 * server each run met.
 */
public final class ClusterSettings {
  private ClusterSettings() {}

  /** Notes and records every cluster-only setting of the study folder {@code dir} that a step of the plan reads. */
  public static void mark(Path dir, Plan plan) throws ConfigException {
    Path file = dir.resolve("experiments.json");
    if (!Files.isRegularFile(file)) {
      return;
    }
    List<Object> marked = new ArrayList<>();
    for (Experiments.ClusterOnly c : Experiments.clusterOnly(Experiments.load(file))) {
      Path preset = dir.resolve(c.file());
      List<String> steps = new ArrayList<>();
      for (Step s : plan.steps()) {
        if (s.files().stream().anyMatch(f -> Path.of(f).equals(preset))) {
          steps.add(s.name());
        }
      }
      String value = steps.isEmpty() ? null : value(preset, c.key());
      if (value == null) {
        continue;
      }
      plan.note(c.file() + ": " + c.key() + "=" + value + " " + c.effect() + " (" + steps.size() + " step(s); "
          + "the report says what the server of each run was)");
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("file", c.file());
      m.put("key", c.key());
      m.put("value", value);
      m.put("needs", c.needs());
      if (c.needs().equals("nodes")) {
        m.put("nodes", c.nodes());
      }
      m.put("effect", c.effect());
      m.put("steps", steps);
      marked.add(m);
    }
    if (!marked.isEmpty()) {
      plan.param("clusterOnly", marked);
    }
  }

  static String value(Path preset, String key) throws ConfigException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(preset)) {
      p.load(r);
    } catch (IOException e) {
      throw new ConfigException("cannot read " + preset + ": " + e.getMessage());
    }
    return p.getProperty(key);
  }
}
