package org.sciycsb.report.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.compare.Verdicts;

/**
 * {@code bin/ycsb history DIR}: the runs a CI job archived, grouped by configuration, ordered by build label (or
 * start time), and every gated metric's series cut at its change points ({@link EDivisive}). A change point splits
 * a series into segments; the gate fails a series whose last change point is for the worse by more than the
 * threshold, so the newest run is in a worse segment than the one before.
 */
public final class History {
  /** The configuration fields that make a group, in the key's order. */
  static final String[] KEY = {"phase", "binding", "workload", "operations", "threads", "target", "recordcount",
      "operationcount", "label", "storageLabel"};

  /** The settings: gated metrics (compare.metrics), E-Divisive's, and compare.threshold for the gate. */
  public record Settings(Set<String> metrics, double pValue, int permutations, int minSize, long seed,
      double thresholdPct) {
    int minRuns() {
      return 2 * minSize;
    }
  }

  /** One run of a group: its folder (relative to DIR), build label, start, outcome and gated values. */
  public record Run(String dir, String build, String started, String outcome, boolean included,
      Map<String, Double> values) {}

  /** A change point of a series; {@code index} is the run's index in its group. */
  public record Change(String operation, String metric, int index, String run, String build, String direction,
      double before, double after, double change, double pValue) {
    /** The relative change, as a percentage worse (negative: better). */
    double worsePct(boolean higherIsBetter) {
      return change * 100 * (higherIsBetter ? -1 : 1);
    }
  }

  /** A segment between change points: runs [from, to] (group indices) and the mean of its values. */
  public record Segment(int from, int to, double mean) {}

  /** One gated metric of one operation over a group's included runs. */
  public record Series(String operation, String metric, boolean higherIsBetter, List<Integer> runs, double[] values,
      List<Change> changes, List<Segment> segments, boolean failed, String message) {
    String name() {
      return operation + " " + metric;
    }
  }

  /** A configuration's runs in order, and its series. */
  public record Group(String key, Map<String, String> config, String orderedBy, List<Run> runs, List<Series> series,
      List<String> notes) {}

  private History() {}

  /** Groups the runs (their folders shown relative to root), orders them and finds every series' change points. */
  public static List<Group> analyze(List<ResultData> runs, java.nio.file.Path root, Settings s) {
    Map<String, List<ResultData>> byKey = new LinkedHashMap<>();
    Map<String, Map<String, String>> configs = new LinkedHashMap<>();
    for (ResultData r : runs) {
      Map<String, String> c = config(r);
      String key = key(c);
      byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
      configs.putIfAbsent(key, c);
    }
    List<Group> groups = new ArrayList<>();
    byKey.forEach((key, list) -> groups.add(group(key, configs.get(key), list, root, s)));
    groups.sort(Comparator.comparing(Group::key));
    return groups;
  }

  /** The configuration of a run: the fields of {@link #KEY}. */
  static Map<String, String> config(ResultData r) {
    JsonNode m = r.metadata();
    Map<String, String> c = new LinkedHashMap<>();
    c.put("phase", ResultData.text(m.path("phase")));
    c.put("binding", ResultData.text(m.path("binding")));
    c.put("workload", ResultData.text(m.path("workload")));
    c.put("operations", String.join("+", r.opNames()));
    c.put("threads", ResultData.text(m.path("threads")));
    c.put("target", ResultData.text(m.path("target")));
    c.put("recordcount", ResultData.text(m.path("properties").path("recordcount")));
    c.put("operationcount", ResultData.text(m.path("properties").path("operationcount")));
    c.put("label", ResultData.text(m.path("label")));
    c.put("storageLabel", ResultData.text(m.path("storageLabel")));
    return c;
  }

  static String key(Map<String, String> c) {
    List<String> parts = new ArrayList<>();
    for (String k : KEY) {
      if (c.get(k) != null) {
        parts.add(k + "=" + c.get(k));
      }
    }
    return String.join(" ", parts);
  }

  private static Group group(String key, Map<String, String> config, List<ResultData> list, java.nio.file.Path root,
      Settings s) {
    boolean byBuild = list.stream().allMatch(r -> build(r) != null);
    List<ResultData> sorted = new ArrayList<>(list);
    Comparator<ResultData> byStart = Comparator.comparing(History::startKey).thenComparing(r -> dir(r, root));
    sorted.sort(byBuild ? Comparator.comparing(History::build, History::compareLabels).thenComparing(byStart)
        : byStart);
    List<String> ops = Compare.operations(sorted);
    List<String[]> metrics = metrics(s);
    List<Run> runs = new ArrayList<>();
    for (ResultData r : sorted) {
      runs.add(run(r, root, ops, metrics));
    }
    List<String> notes = new ArrayList<>();
    long included = runs.stream().filter(Run::included).count();
    if (included < runs.size()) {
      notes.add((runs.size() - included) + " of " + runs.size() + " runs failed or are partial: listed, but not in "
          + "the series");
    }
    if (included < s.minRuns()) {
      notes.add("too few runs to find change points: " + included + " completed, " + s.minRuns() + " needed");
    }
    List<Series> series = new ArrayList<>();
    for (String op : ops) {
      for (String[] m : metrics) {
        series.add(series(op, m[1], runs, s));
      }
    }
    return new Group(key, config, byBuild ? "build" : "started", runs, series, notes);
  }

  /** The gated metrics as {results.json field, name}, in Verdicts' order. */
  static List<String[]> metrics(Settings s) {
    List<String[]> out = new ArrayList<>();
    for (String[] m : Verdicts.METRICS) {
      if (s.metrics().contains(m[1])) {
        out.add(m);
      }
    }
    return out;
  }

  private static Run run(ResultData r, java.nio.file.Path root, List<String> ops, List<String[]> metrics) {
    String outcome = ResultData.text(r.json().path("summary").path("outcome"));
    boolean included = "completed".equals(outcome);
    Map<String, Double> values = new LinkedHashMap<>();
    for (String op : ops) {
      for (String[] m : metrics) {
        double v = Compare.value(r, op, m[0]);
        if (!Double.isNaN(v)) {
          values.put(op + " " + m[1], v);
        }
      }
    }
    return new Run(dir(r, root), build(r), ResultData.text(r.metadata().path("started")), outcome, included,
        values);
  }

  private static String dir(ResultData r, java.nio.file.Path root) {
    if (r.dir() == null) {
      return ".";
    }
    String rel = root == null ? r.dir().toString() : root.toAbsolutePath().relativize(r.dir().toAbsolutePath())
        .toString();
    return rel.isEmpty() ? "." : rel;
  }

  static String build(ResultData r) {
    return ResultData.text(r.metadata().path("build"));
  }

  /** The start as an instant when it parses (ISO-8601), so that 05Z and 05.123Z order correctly. */
  private static String startKey(ResultData r) {
    String s = ResultData.text(r.metadata().path("started"));
    if (s == null) {
      return "";
    }
    try {
      Instant i = Instant.parse(s);
      return String.format(java.util.Locale.ROOT, "%020d%09d", i.getEpochSecond(), i.getNano());
    } catch (DateTimeParseException e) {
      return s;
    }
  }

  /** Labels compared with their digit runs as numbers: 9 before 10, build-9 before build-10. */
  static int compareLabels(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ei = chunkEnd(a, i);
      int ej = chunkEnd(b, j);
      String ca = a.substring(i, ei);
      String cb = b.substring(j, ej);
      int c;
      if (Character.isDigit(ca.charAt(0)) && Character.isDigit(cb.charAt(0))) {
        String na = ca.replaceFirst("^0+(?=.)", "");
        String nb = cb.replaceFirst("^0+(?=.)", "");
        c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
      } else {
        c = ca.compareTo(cb);
      }
      if (c != 0) {
        return c;
      }
      i = ei;
      j = ej;
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static int chunkEnd(String s, int from) {
    boolean digit = Character.isDigit(s.charAt(from));
    int k = from + 1;
    while (k < s.length() && Character.isDigit(s.charAt(k)) == digit) {
      k++;
    }
    return k;
  }

  /** One series: the included runs' values, E-Divisive's change points, the segments and the gate. */
  static Series series(String op, String metric, List<Run> runs, Settings s) {
    String name = op + " " + metric;
    List<Integer> idx = new ArrayList<>();
    List<Double> vals = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Double v = runs.get(i).values().get(name);
      if (runs.get(i).included() && v != null && Double.isFinite(v)) {
        idx.add(i);
        vals.add(v);
      }
    }
    double[] values = vals.stream().mapToDouble(Double::doubleValue).toArray();
    boolean higherIsBetter = metric.equals("throughput");
    List<EDivisive.ChangePoint> cps = values.length < s.minRuns() ? List.of()
        : new EDivisive(s.pValue(), s.permutations(), s.minSize(), s.seed()).changePoints(values);
    List<Segment> segments = segments(idx, values, cps);
    List<Change> changes = new ArrayList<>();
    for (int k = 0; k < cps.size(); k++) {
      Segment before = segments.get(k);
      Segment after = segments.get(k + 1);
      double rel = before.mean() == 0 ? 0 : (after.mean() - before.mean()) / before.mean();
      boolean better = higherIsBetter ? after.mean() > before.mean() : after.mean() < before.mean();
      int run = idx.get(cps.get(k).index());
      changes.add(new Change(op, metric, run, runs.get(run).dir(), runs.get(run).build(),
          better ? "better" : "worse", before.mean(), after.mean(), rel, cps.get(k).pValue()));
    }
    return gate(op, metric, higherIsBetter, idx, values, changes, segments, s);
  }

  private static List<Segment> segments(List<Integer> idx, double[] values, List<EDivisive.ChangePoint> cps) {
    List<Segment> out = new ArrayList<>();
    int start = 0;
    for (int k = 0; k <= cps.size(); k++) {
      int end = k < cps.size() ? cps.get(k).index() : values.length;
      if (end > start) {
        double sum = 0;
        for (int i = start; i < end; i++) {
          sum += values[i];
        }
        out.add(new Segment(idx.get(start), idx.get(end - 1), sum / (end - start)));
      }
      start = end;
    }
    return out;
  }

  /** The gate of a series: its last change point is for the worse beyond the threshold. */
  private static Series gate(String op, String metric, boolean higherIsBetter, List<Integer> idx, double[] values,
      List<Change> changes, List<Segment> segments, Settings s) {
    String name = op + " " + metric;
    if (changes.isEmpty()) {
      String why = values.length < s.minRuns() ? "too few runs to find change points (" + values.length + ")"
          : "no change point in " + values.length + " runs";
      return new Series(op, metric, higherIsBetter, idx, values, changes, segments, false, name + ": " + why);
    }
    Change last = changes.get(changes.size() - 1);
    double worse = last.worsePct(higherIsBetter);
    boolean failed = last.direction().equals("worse") && worse > s.thresholdPct();
    String msg = name + ": " + last.direction() + " from " + label(last) + " on: " + Fmt.num(last.before())
        + " -> " + Fmt.num(last.after()) + " (" + (last.change() >= 0 ? "+" : "") + Fmt.fixed(last.change() * 100, 1)
        + " %, p = " + Fmt.fixed(last.pValue(), 3) + ")" + (failed ? ", worse by " + Fmt.fixed(worse, 1) + " % > "
        + Fmt.fixed(s.thresholdPct(), 1) + " %" : "");
    return new Series(op, metric, higherIsBetter, idx, values, changes, segments, failed, msg);
  }

  /** A run as people name it: its build label, else its folder. */
  static String label(Change c) {
    return c.build() != null ? "build " + c.build() : "run " + c.run();
  }
}
