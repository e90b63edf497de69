package org.sciycsb.study.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.ConfigException;

/**
 * A study's {@code workloads/study-<name>/experiments.json}: every table and figure of its paper, what this tool
 * reproduces of it and why not, and the preset settings that have an effect only on a cluster; read and checked.
 */
public final class Experiments {
  private Experiments() {}

  public static final String FORMAT = "sciycsb-experiments";
  public static final String REPRODUCED = "reproduced";
  public static final String SMALLER = "reproduced smaller";
  public static final String NOT = "not reproduced";
  /** What a cluster-only setting needs: a node count, a sharded MongoDB, replicas (a replica set or shards). */
  public static final List<String> NEEDS = List.of("nodes", "sharded", "replicas");

  /** One table or figure of the paper; {@code ratioKept} null: not known (it depends on the host or --scale). */
  public record Experiment(String id, String title, String status, Boolean ratioKept, String ratio, String reason,
      List<String> shownIn) {
    public boolean reproduced() {
      return !status.equals(NOT);
    }
  }

  /** A preset file's setting that changes nothing on a single server. */
  public record ClusterOnly(String file, String key, String needs, int nodes, String effect) {}

  /** The file of a study's folder, read and checked: one clear line naming the file and the entry on bad input. */
  public static JsonNode load(Path file) throws ConfigException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigException("cannot read " + file + ": " + e.getMessage());
    }
    if (root == null || !FORMAT.equals(root.path("format").asText())) {
      throw new ConfigException(file + " is not a " + FORMAT + " document");
    }
    for (Experiment x : of(root)) {
      String bad = problem(x);
      if (bad != null) {
        throw new ConfigException(file + ": experiment '" + x.id() + "' " + bad);
      }
    }
    for (ClusterOnly c : clusterOnly(root)) {
      if (!NEEDS.contains(c.needs()) || c.key().isEmpty() || c.file().isEmpty() || c.effect().isEmpty()
          || (c.needs().equals("nodes") && c.nodes() < 2)) {
        throw new ConfigException(file + ": clusterOnly entry '" + c.file() + " " + c.key() + "' needs file, key, "
            + "effect and needs (" + String.join(", ", NEEDS) + "; nodes: a count of 2 or more)");
      }
    }
    return root;
  }

  static String problem(Experiment x) {
    if (x.id().isEmpty() || x.title().isEmpty()) {
      return "has no id or title";
    }
    if (!List.of(REPRODUCED, SMALLER, NOT).contains(x.status())) {
      return "has status '" + x.status() + "' (reproduced, reproduced smaller or not reproduced)";
    }
    if (x.reason().isEmpty() && !x.status().equals(REPRODUCED)) {
      return "says no reason";
    }
    if (x.reproduced() && x.shownIn().isEmpty()) {
      return "is reproduced but names no report table or figure (shownIn)";
    }
    if (x.status().equals(SMALLER) && x.ratio().isEmpty()) {
      return "is reproduced smaller but says nothing of the paper's ratio (ratio, ratioKept)";
    }
    return null;
  }

  /** The study's experiments, in the paper's order. */
  public static List<Experiment> of(JsonNode root) {
    List<Experiment> out = new ArrayList<>();
    for (JsonNode e : root.path("experiments")) {
      List<String> shown = new ArrayList<>();
      e.path("shownIn").forEach(s -> shown.add(s.asText()));
      JsonNode k = e.path("ratioKept");
      out.add(new Experiment(e.path("id").asText(""), e.path("title").asText(""), e.path("status").asText(""),
          k.isBoolean() ? k.asBoolean() : null, e.path("ratio").asText(""), e.path("reason").asText(""), shown));
    }
    return out;
  }

  public static List<ClusterOnly> clusterOnly(JsonNode root) {
    List<ClusterOnly> out = new ArrayList<>();
    for (JsonNode c : root.path("clusterOnly")) {
      out.add(new ClusterOnly(c.path("file").asText(""), c.path("key").asText(""), c.path("needs").asText(""),
          c.path("nodes").asInt(0), c.path("effect").asText("")));
    }
    return out;
  }

  /** "reproduced smaller (ratio kept: ...)" and the like: the status in one cell. */
  public static String statusText(Experiment x) {
    if (!x.status().equals(SMALLER)) {
      return x.status();
    }
    String kept = x.ratioKept() == null ? "ratio kept or not: depends" : x.ratioKept() ? "ratio kept"
        : "ratio not kept";
    return x.status() + ", " + kept + ": " + x.ratio();
  }
}
