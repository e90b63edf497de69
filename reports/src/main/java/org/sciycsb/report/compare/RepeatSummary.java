package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.report.Interval;

/**
 * The results of a repeated run: one {@code results.json} in the usual format whose figures are the means over the
 * completed repeats, and a {@code repeats} section with, for every figure, its mean, its 95 % confidence interval
 * (Student's t over the repeats) and the value of each repeat. Repeats that failed are named and not averaged; the
 * outcome is then {@code failed}.
 */
public final class RepeatSummary {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final String METHOD = Interval.METHOD;

  /** One repeat: its folder name, its results (null when it left none), its exit code and failure. */
  public record Repeat(String name, JsonNode results, int exitCode, String failure) {
    /** Measured to the end (an SLA breach, exit 5, is still a complete measurement). */
    boolean completed() {
      return results != null && "completed".equals(results.path("summary").path("outcome").asText());
    }
  }

  /** A mean with its interval (null bounds with fewer than two values) and the values. */
  public record Estimate(double mean, Double low, Double high, List<Double> values) {}

  private RepeatSummary() {}

  /** The 95 % confidence interval of the mean of values (Student's t with n - 1 degrees of freedom). */
  public static Estimate estimate(List<Double> values) {
    double mean = Interval.mean(values);
    double[] ci = Interval.ci95(values);
    return ci == null ? new Estimate(mean, null, null, List.copyOf(values))
        : new Estimate(mean, ci[0], ci[1], List.copyOf(values));
  }

  /** The top-level results of the repeats (at least one with results). */
  public static ObjectNode aggregate(List<Repeat> repeats) {
    List<Repeat> done = repeats.stream().filter(Repeat::completed).toList();
    List<Repeat> base = done.isEmpty() ? repeats.stream().filter(r -> r.results() != null).toList() : done;
    ObjectNode top = base.get(0).results().deepCopy();
    Map<String, Estimate> figures = new LinkedHashMap<>();
    averageInto((ObjectNode) top.path("summary"), base, r -> r.path("summary"), "summary", figures);
    ArrayNode ops = (ArrayNode) top.path("operations");
    for (JsonNode op : ops) {
      String name = op.path("name").asText();
      averageInto((ObjectNode) op, base, r -> operation(r, name), name, figures);
    }
    top.putArray("timeseries"); // each repeat keeps its own, in its folder
    top.set("resources", MAPPER.createObjectNode());
    List<String> failed = repeats.stream().filter(r -> !r.completed()).map(r -> r.name()
        + (r.failure() != null ? " (" + r.failure() + ")" : "")).toList();
    String outcome = failed.isEmpty() ? "completed" : "failed";
    ((ObjectNode) top.path("summary")).put("outcome", outcome);
    ObjectNode meta = (ObjectNode) top.path("metadata");
    meta.put("outcome", outcome);
    meta.put("started", repeats.stream().filter(r -> r.results() != null).findFirst().orElseThrow().results()
        .path("metadata").path("started").asText());
    meta.put("finished", base.get(base.size() - 1).results().path("metadata").path("finished").asText());
    if (failed.isEmpty()) {
      meta.putNull("failure");
    } else {
      meta.put("failure", failed.size() + " of " + repeats.size() + " repeats failed and are not averaged: "
          + String.join("; ", failed));
    }
    top.set("repeats", section(repeats, done, failed, figures));
    return top;
  }

  private static JsonNode operation(JsonNode results, String name) {
    for (JsonNode op : results.path("operations")) {
      if (op.path("name").asText().equals(name)) {
        return op;
      }
    }
    return MAPPER.missingNode();
  }

  /** Replaces every number of target by its mean over the repeats that have it, and records the estimate. */
  private static void averageInto(ObjectNode target, List<Repeat> repeats,
      java.util.function.Function<JsonNode, JsonNode> pick, String prefix, Map<String, Estimate> figures) {
    for (String path : numberPaths(target, "")) {
      List<Double> values = new ArrayList<>();
      for (Repeat r : repeats) {
        JsonNode v = at(pick.apply(r.results()), path);
        if (v.isNumber()) {
          values.add(v.asDouble());
        }
      }
      if (values.isEmpty()) {
        continue;
      }
      Estimate e = estimate(values);
      set(target, path, e.mean());
      figures.put(prefix + "." + path, e);
    }
  }

  private static List<String> numberPaths(JsonNode node, String prefix) {
    List<String> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> f = it.next();
      String path = prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey();
      if (f.getValue().isNumber()) {
        out.add(path);
      } else if (f.getValue().isObject()) {
        out.addAll(numberPaths(f.getValue(), path));
      }
    }
    return out;
  }

  private static JsonNode at(JsonNode node, String path) {
    JsonNode n = node;
    for (String part : path.split("\\.")) {
      n = n.path(part);
    }
    return n;
  }

  private static void set(ObjectNode node, String path, double value) {
    String[] parts = path.split("\\.");
    ObjectNode n = node;
    for (int i = 0; i < parts.length - 1; i++) {
      n = (ObjectNode) n.path(parts[i]);
    }
    n.put(parts[parts.length - 1], Math.round(value * 1000) / 1000.0);
  }

  private static ObjectNode section(List<Repeat> repeats, List<Repeat> done, List<String> failed,
      Map<String, Estimate> figures) {
    ObjectNode s = MAPPER.createObjectNode();
    s.put("n", repeats.size());
    s.put("averaged", done.size());
    s.put("confidence", 0.95);
    s.put("method", METHOD);
    ArrayNode runs = s.putArray("runs");
    for (Repeat r : repeats) {
      ObjectNode o = runs.addObject();
      o.put("name", r.name());
      o.put("exitCode", r.exitCode());
      o.put("outcome", r.results() == null ? "none" : r.results().path("summary").path("outcome").asText());
      o.put("failure", r.failure());
    }
    ArrayNode f = s.putArray("failed");
    failed.forEach(f::add);
    ObjectNode fig = s.putObject("figures");
    figures.forEach((k, e) -> {
      ObjectNode o = fig.putObject(k);
      o.put("mean", e.mean());
      ArrayNode ci = o.putArray("ci95");
      if (e.low() != null) {
        ci.add(e.low());
        ci.add(e.high());
      }
      ArrayNode v = o.putArray("values");
      e.values().forEach(v::add);
    });
    return s;
  }

  /**
   * The text output of a repeated run: how many repeats, then per operation the throughput and the response-time
   * percentiles as mean and 95 % interval.
   */
  public static String text(ObjectNode top) {
    JsonNode rep = top.path("repeats");
    StringBuilder sb = new StringBuilder();
    sb.append("[REPEATS], Repeats, ").append(rep.path("n").asInt()).append('\n');
    sb.append("[REPEATS], Averaged, ").append(rep.path("averaged").asInt()).append('\n');
    sb.append("[REPEATS], Interval, ").append(METHOD).append('\n');
    for (JsonNode f : rep.path("failed")) {
      sb.append("[REPEATS], Failed, ").append(f.asText()).append('\n');
    }
    JsonNode figs = rep.path("figures");
    for (JsonNode op : top.path("operations")) {
      String name = op.path("name").asText();
      line(sb, name, "Throughput(ops/sec)", figs.path(name + ".throughput"));
      for (String p : List.of("mean", "p50", "p95", "p99", "p99_9")) {
        line(sb, name, label(p) + "(" + top.path("latencyUnit").asText("us") + ")", figs.path(name + ".response." + p));
      }
    }
    return sb.toString();
  }

  private static String label(String p) {
    return switch (p) {
      case "mean" -> "AverageLatency";
      case "p99_9" -> "99.9PercentileLatency";
      default -> p.substring(1) + "thPercentileLatency";
    };
  }

  private static void line(StringBuilder sb, String op, String metric, JsonNode e) {
    if (e.isMissingNode()) {
      return;
    }
    sb.append('[').append(op).append("], ").append(metric).append(", ").append(num(e.path("mean").asDouble()));
    JsonNode ci = e.path("ci95");
    if (ci.size() == 2) {
      sb.append(", 95% CI [").append(num(ci.get(0).asDouble())).append(", ").append(num(ci.get(1).asDouble()))
          .append(']');
    }
    sb.append('\n');
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
