package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.report.Interval;

/**
 * The steps of a study as recorded in {@code study.json}, and their results documents ({@code results.json} of the
 * engine or of {@code bin/census}), read on demand. Only steps that finished (exit 0, or 5 = an SLA threshold
 * breached, whose numbers are complete) give numbers to the report.
 */
public final class Runs {
  /** The status of a step that ran to its end with failed operations the study did not expect. */
  public static final String FAILED_OPERATIONS = "failed operations";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private final Path studyDir;
  private final List<JsonNode> steps;
  private final Map<String, JsonNode> cache = new HashMap<>();

  public Runs(Path studyDir, List<JsonNode> steps) {
    this.studyDir = studyDir;
    this.steps = steps;
  }

  public List<JsonNode> steps() {
    return steps;
  }

  JsonNode step(String name) {
    for (JsonNode s : steps) {
      if (s.path("name").asText().equals(name)) {
        return s;
      }
    }
    return null;
  }

  /** Steps whose tags include every given tag, in plan order. */
  public List<JsonNode> where(Map<String, String> tags) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode s : steps) {
      boolean all = true;
      for (Map.Entry<String, String> t : tags.entrySet()) {
        if (!s.path("tags").path(t.getKey()).asText().equals(t.getValue())) {
          all = false;
          break;
        }
      }
      if (all) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * The repeats of a matrix step run with {@code --repeat N} (steps tagged {@code repeatOf} = name, in plan order),
   * empty when the step ran once under its own name.
   */
  List<String> repeatsOf(String name) {
    List<String> out = new ArrayList<>();
    if (step(name) == null) {
      for (JsonNode s : steps) {
        if (s.path("tags").path("repeatOf").asText().equals(name)) {
          out.add(s.path("name").asText());
        }
      }
    }
    return out;
  }

  public boolean usable(String name) {
    List<String> reps = repeatsOf(name);
    if (!reps.isEmpty()) {
      return reps.stream().anyMatch(this::usable);
    }
    JsonNode s = step(name);
    String st = s == null ? "" : s.path("status").asText();
    return (st.equals("ok") || st.equals(FAILED_OPERATIONS)) && results(name) != null;
  }

  /** The step's results document, or null. */
  public JsonNode results(String name) {
    if (cache.containsKey(name)) {
      return cache.get(name);
    }
    List<String> reps = repeatsOf(name);
    if (!reps.isEmpty()) { // a repeated step: its first usable repeat's (for what the runs share: operations, ...)
      JsonNode first = reps.stream().filter(this::usable).findFirst().map(this::results).orElse(null);
      cache.put(name, first);
      return first;
    }
    JsonNode s = step(name);
    JsonNode j = null;
    if (s != null && s.path("dir").isTextual()) {
      Path f = studyDir.resolve(s.path("dir").asText()).resolve("results.json");
      if (Files.isRegularFile(f)) {
        try {
          j = MAPPER.readTree(f.toFile());
        } catch (IOException e) {
          j = null;
        }
      }
    }
    cache.put(name, j);
    return j;
  }

  /** The number at field of a finished step, or NaN. */
  public double number(String name, String field) {
    if (!repeatsOf(name).isEmpty()) {
      return Runs.of(mean(repeatsOf(name), field));
    }
    if (!usable(name)) {
      return Double.NaN;
    }
    int resp = field.indexOf(".response.");
    if (resp > 0 && Fields.number(results(name), field.substring(0, resp) + ".response.count") == 0) {
      return Double.NaN;
    }
    return Fields.number(results(name), field);
  }

  /** A measured cell: the number at field of one step, with its source; or why there is none. */
  public Report.Cell value(String name, String field) {
    List<String> reps = repeatsOf(name);
    if (!reps.isEmpty()) {
      return mean(reps, field);
    }
    JsonNode s = step(name);
    if (s == null) {
      return Report.Cell.missing("not in plan");
    }
    if (!usable(name)) {
      return Report.Cell.missing(s.path("status").asText("not run"));
    }
    int resp = field.indexOf(".response.");
    if (resp > 0 && Fields.number(results(name), field.substring(0, resp) + ".response.count") == 0) {
      return Report.Cell.missing("no ops");
    }
    double v = Fields.number(results(name), field);
    if (Double.isNaN(v)) {
      return Report.Cell.missing(resp > 0 ? "-" : "n/a");
    }
    Report.Cell c = new Report.Cell();
    c.value = v;
    c.sources.add(new Report.Source(name, s.path("dir").asText(), field));
    return c;
  }

  /** The mean of field over the finished steps among names (the paper's "averaged over the runs"). */
  public Report.Cell mean(List<String> names, String field) {
    return mean(names, n -> field);
  }

  /** The mean over the finished steps among names of each one's field (fieldOf may pick per step). */
  public Report.Cell mean(List<String> names, java.util.function.Function<String, String> fieldOf) {
    List<Double> vals = new ArrayList<>();
    Report.Cell c = new Report.Cell();
    for (String n : names) {
      String field = fieldOf.apply(n);
      double v = number(n, field);
      if (!Double.isNaN(v)) {
        vals.add(v);
        c.sources.add(new Report.Source(n, step(n).path("dir").asText(), field));
      }
    }
    if (vals.isEmpty()) {
      c.text = names.isEmpty() ? "not in plan" : "no finished run";
      return c;
    }
    c.value = Interval.mean(vals);
    c.aggregate = "mean";
    c.stdev = Interval.stdev(vals);
    c.ci95 = Interval.ci95(vals);
    c.values = vals;
    List<String> failed = new ArrayList<>();
    for (String n : names) {
      if (Double.isNaN(number(n, fieldOf.apply(n))) && step(n) != null && !"ok".equals(step(n).path("status")
          .asText())) {
        failed.add(n + " (" + step(n).path("status").asText("not run") + ")");
      }
    }
    c.failed = failed;
    return c;
  }

  public static double of(Report.Cell c) {
    return c != null && c.hasValue() ? c.value : Double.NaN;
  }

  /** Half the width of a mean's 95 % interval (its error bar), NaN when it has none (one value). */
  static double halfWidth(Report.Cell c) {
    return c != null && c.ci95 != null ? (c.ci95[1] - c.ci95[0]) / 2 : Double.NaN;
  }

  /** A figure's point: x, the cell's value and its error bar (the 95 % interval's half width, or none). */
  public static double[] point(double x, Report.Cell c) {
    return new double[] {x, of(c), halfWidth(c)};
  }

  /**
   * The store's label (its results' {@code details.label}, else "product version") from the first finished step
   * whose results name the store; the binding when none did.
   */
  public String storeLabel(String binding) {
    for (JsonNode s : steps()) {
      JsonNode r = usable(s.path("name").asText()) ? results(s.path("name").asText()) : null;
      JsonNode st = r == null ? null : r.path("metadata").path("store");
      String label = st == null ? null : org.sciycsb.report.ResultData.storeLabel(st);
      if (label != null) {
        return label;
      }
    }
    return binding + " (no finished run named its store)";
  }
}
