package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.report.StudyOutput;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;

/**
 * The report of a several-store study ({@link StoreMatrix}): each store's own report (built by the study's code from
 * its folder, as for one store), merged. A table keeps its key and published columns once and gets each store's
 * measured and derived columns side by side, grouped under the store's label (the product and version its runs'
 * drivers reported, e.g. "Apache Cassandra 5.0.9"); rows are matched by their key cells. A figure gets every
 * store's lines (or bars), each named "label: line". Every measured cell keeps its sources, their folders now under
 * the store's folder, so each number still names the results.json it comes from.
 */
final class StoresReport {
  private StoresReport() {}

  /** One store of the study: its binding, its folder, its label and its own report. */
  record Store(String binding, String dir, String label, JsonNode header, ReportBuilder report, String cluster) {}

  /** Builds the merged report from the stores' folders and writes study.json, study.md and study.html. */
  static void write(StudyDef def, Path dir, Map<String, Object> header, PrintStream err) throws BenchmarkException {
    List<Store> stores = new ArrayList<>();
    Set<String> labels = new LinkedHashSet<>();
    List<Object> storeList = new ArrayList<>();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> declared = (List<Map<String, Object>>) header.get("stores");
    for (Map<String, Object> s : declared) {
      String b = String.valueOf(s.get("binding"));
      String sdir = String.valueOf(s.get("dir"));
      Path sd = dir.resolve(sdir);
      JsonNode h = readStudy(sd);
      ReportBuilder rb = StudyReports.build(def, sd, h);
      String label = rb.runs.storeLabel(b) + (s.get("cluster") == null ? "" : ", " + s.get("cluster"))
          + (s.get("device") == null ? "" : ", device " + s.get("device") + " ("
          + h.path("server").path("device").path("profile").asText("?") + ")");
      if (!labels.add(label)) {
        label = label + " [" + sdir + "]"; // two bindings on the same product and version
        labels.add(label);
      }
      stores.add(new Store(b, sdir, label, h, rb, s.get("cluster") == null ? null : String.valueOf(s.get("cluster"))));
      s.put("label", label);
      s.put("outcome", h.path("outcome").asText());
      storeList.add(s);
    }
    JsonNode first = stores.get(0).header();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("format", StoreMatrix.FORMAT);
    out.put("formatVersion", 1);
    out.put("study", StudyJson.MAPPER.convertValue(first.path("study"), Map.class));
    out.put("binding", String.join(", ", stores.stream().map(Store::binding).distinct().toList()));
    out.put("stores", storeList);
    for (String k : List.of("scale", "maxThreads", "repeats", "repeatOrder", "host", "storageLabel", "storage")) {
      out.put(k, StudyJson.MAPPER.convertValue(first.path(k), Object.class));
    }
    out.put("command", header.get("command"));
    out.put("started", header.get("started"));
    out.put("finished", header.get("finished"));
    out.put("outcome", stores.stream().allMatch(s -> s.header().path("outcome").asText().equals("completed"))
        ? "completed" : "incomplete");
    List<String> notes = new ArrayList<>();
    for (Store s : stores) {
      notes.add("store " + s.label() + ": binding " + s.binding() + ", folder " + s.dir() + "/ (its own report: "
          + s.dir() + "/study.html), outcome " + s.header().path("outcome").asText());
    }
    for (JsonNode n : first.path("notes")) { // one base for the invocation: every store's seeds note is the same
      if (n.asText().startsWith("seeds: ")) {
        notes.add(n.asText());
      }
    }
    out.put("notes", notes);
    out.put("published", StudyJson.MAPPER.convertValue(first.path("published"), Map.class));
    List<JsonNode> steps = new ArrayList<>();
    for (Store s : stores) {
      s.header().path("steps").forEach(st -> steps.add(StoreMatrix.rooted(st, s.dir())));
    }
    out.put("steps", steps);
    JsonNode h = StudyJson.MAPPER.valueToTree(out);
    ReportBuilder merged = merge(stores, new ReportBuilder(new Runs(dir, steps), stores.get(0).report().pub, h));
    Object ref = header.get("reference");
    merged.tables.addAll(org.sciycsb.study.compare.DeviceTables.of(def, devices(declared, dir), ref == null ? null
        : Path.of(String.valueOf(ref))));
    out.put("reference", ref);
    out.putAll(StudyOutput.tablesJson(merged));
    JsonNode full = StudyJson.MAPPER.valueToTree(out);
    StudyJson.write(dir.resolve("study.json"), StudyJson.json(out));
    StudyJson.write(dir.resolve("study.md"), StudyOutput.markdown(full, merged));
    StudyJson.write(dir.resolve("study.html"), StudyOutput.html(full, merged));
    err.println("study: report over " + stores.size() + " stores " + dir.resolve("study.html")
        + " (and study.md, study.json)");
  }

  /** Device name to study folder, when every store is one device of one binding ({@code --devices}); else empty. */
  static Map<String, Path> devices(List<Map<String, Object>> declared, Path dir) {
    Map<String, Path> out = new LinkedHashMap<>();
    for (Map<String, Object> s : declared) {
      if (s.get("device") != null) {
        out.put(String.valueOf(s.get("device")), dir.resolve(String.valueOf(s.get("dir"))));
      }
    }
    boolean oneBinding = declared.stream().map(s -> s.get("binding")).distinct().count() == 1;
    return out.size() == declared.size() && oneBinding ? out : Map.of();
  }

  static JsonNode readStudy(Path dir) throws ConfigException {
    Path f = dir.resolve("study.json");
    try {
      return StudyJson.MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      throw new ConfigException("cannot read " + f + ": " + e.getMessage());
    }
  }


  /** The stores' tables and figures merged into {@code into}. */
  static ReportBuilder merge(List<Store> stores, ReportBuilder into) {
    Set<String> tableIds = new LinkedHashSet<>();
    Set<String> figureIds = new LinkedHashSet<>();
    for (Store s : stores) {
      s.report().tables.forEach(t -> tableIds.add(t.id));
      s.report().figures.forEach(f -> figureIds.add(f.id));
      s.report().notes.forEach(n -> into.notes.add(s.label() + ": " + n));
    }
    for (String id : tableIds) {
      into.tables.add(mergeTable(stores, id));
    }
    for (String id : figureIds) {
      into.figures.add(mergeFigure(stores, id));
    }
    for (String id : figureIds) {
      Report.Figure f = byNodes(stores, id);
      if (f != null) {
        into.figures.add(f);
      }
    }
    return into;
  }

  /** The store's node count as its runs reported it ({@code metadata.store.details.nodes}), or -1. */
  static int nodes(Runs runs) {
    for (JsonNode s : runs.steps()) {
      String name = s.path("name").asText();
      JsonNode n = runs.usable(name) ? runs.results(name).path("metadata").path("store").path("details")
          .path("nodes") : null;
      if (n != null && n.asText().matches("[0-9]+")) {
        return Integer.parseInt(n.asText());
      }
    }
    return -1;
  }

  /**
   * With --clusters whose runs report different node counts, a line figure's twin over node count: x = the
   * cluster's nodes, one line per store product and line of the figure, at the largest x of the figure every
   * cluster measured (the highest thread count they all ran, for example); null when it does not apply.
   */
  static Report.Figure byNodes(List<Store> stores, String id) {
    Map<String, List<Store>> byBinding = new LinkedHashMap<>();
    for (Store s : stores) {
      Report.Figure sf = figure(s, id);
      if (s.cluster() == null || sf == null || sf.bar || nodes(s.report().runs) < 0) {
        return null;
      }
      byBinding.computeIfAbsent(s.binding(), k -> new ArrayList<>()).add(s);
    }
    Report.Figure base = figure(stores.get(0), id);
    Report.Figure f = new Report.Figure(id + "-by-nodes", base.title + ", by node count", base.reproduces, false,
        "nodes", base.yLabel);
    for (List<Store> cl : byBinding.values()) {
      if (cl.stream().map(s -> nodes(s.report().runs)).distinct().count() < 2) {
        continue;
      }
      String product = cl.get(0).report().runs.storeLabel(cl.get(0).binding());
      for (var line : figure(cl.get(0), id).series) {
        double x = commonMaxX(cl, id, line.name());
        if (Double.isNaN(x)) {
          continue;
        }
        List<double[]> pts = new ArrayList<>();
        for (Store s : cl) {
          pts.add(new double[] {nodes(s.report().runs), yAt(figure(s, id), line.name(), x)});
        }
        pts.sort(java.util.Comparator.comparingDouble(p -> p[0]));
        f.line(product + ": " + line.name() + " at " + base.xLabel + " " + org.sciycsb.report.Fmt.num(x, 6), pts);
      }
    }
    return f.series.isEmpty() ? null : f;
  }

  /** The largest x of line {@code name} that every store's figure has, or NaN. */
  private static double commonMaxX(List<Store> stores, String id, String name) {
    java.util.TreeSet<Double> common = null;
    for (Store s : stores) {
      java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
      figure(s, id).series.stream().filter(l -> l.name().equals(name))
          .forEach(l -> java.util.Arrays.stream(l.x()).forEach(xs::add));
      if (common == null) {
        common = xs;
      } else {
        common.retainAll(xs);
      }
    }
    return common == null || common.isEmpty() ? Double.NaN : common.last();
  }

  private static double yAt(Report.Figure f, String name, double x) {
    for (var l : f.series) {
      if (l.name().equals(name)) {
        for (int i = 0; i < l.x().length; i++) {
          if (l.x()[i] == x) {
            return l.y()[i];
          }
        }
      }
    }
    return Double.NaN;
  }

  private static Report.Table table(Store s, String id) {
    return s.report().tables.stream().filter(t -> t.id.equals(id)).findFirst().orElse(null);
  }

  private static Report.Figure figure(Store s, String id) {
    return s.report().figures.stream().filter(f -> f.id.equals(id)).findFirst().orElse(null);
  }

  private static boolean measured(Report.Col c) {
    return c.group().equals(Report.RUN) || c.group().equals(Report.DERIVED);
  }

  static Report.Table mergeTable(List<Store> stores, String id) {
    Report.Table base = stores.stream().map(s -> table(s, id)).filter(t -> t != null).findFirst().orElseThrow();
    Report.Table t = new Report.Table(id, base.title, base.reproduces);
    base.cols.stream().filter(c -> c.group().equals(Report.KEY)).forEach(t.cols::add);
    for (Store s : stores) {
      Report.Table st = table(s, id);
      if (st == null) {
        continue;
      }
      for (Report.Col c : st.cols) {
        if (measured(c)) {
          t.cols.add(new Report.Col(s.dir() + ":" + c.key(), c.title(),
              c.group().equals(Report.RUN) ? s.label() : s.label() + " (derived)", c.decimals()));
        }
      }
    }
    base.cols.stream().filter(c -> c.group().equals(Report.PUBLISHED)).forEach(t.cols::add);
    Map<String, Map<String, Report.Cell>> rows = new LinkedHashMap<>();
    for (Store s : stores) {
      Report.Table st = table(s, id);
      if (st == null) {
        continue;
      }
      for (Map<String, Report.Cell> row : st.rows) {
        Map<String, Report.Cell> m = rows.computeIfAbsent(rowKey(base, row), k -> new LinkedHashMap<>());
        for (Report.Col c : st.cols) {
          Report.Cell cell = row.get(c.key());
          if (cell == null) {
            continue;
          }
          if (measured(c)) {
            m.put(s.dir() + ":" + c.key(), rooted(cell, s.dir()));
          } else {
            m.putIfAbsent(c.key(), cell);
          }
        }
      }
    }
    t.rows.addAll(rows.values());
    stores.forEach(s -> {
      Report.Table st = table(s, id);
      if (st != null) {
        st.notes.stream().filter(n -> !t.notes.contains(n)).forEach(t.notes::add);
      }
    });
    return t;
  }

  /** The row's key cells' texts (or values), joined: rows of the stores with the same keys are one row. */
  private static String rowKey(Report.Table base, Map<String, Report.Cell> row) {
    StringBuilder sb = new StringBuilder();
    for (Report.Col c : base.cols) {
      if (c.group().equals(Report.KEY)) {
        Report.Cell k = row.get(c.key());
        sb.append(k == null ? "" : k.text != null ? k.text : String.valueOf(k.value)).append('\u0001');
      }
    }
    return sb.toString();
  }

  /** A copy of a measured cell whose sources are under the store's folder. */
  static Report.Cell rooted(Report.Cell c, String store) {
    Report.Cell x = new Report.Cell();
    x.value = c.value;
    x.text = c.text;
    x.aggregate = c.aggregate;
    x.stdev = c.stdev;
    x.ci95 = c.ci95;
    x.values = c.values;
    x.failed = c.failed == null ? null : c.failed.stream().map(f -> store + "/" + f).toList();
    x.published = c.published;
    x.precision = c.precision;
    x.derived = c.derived;
    for (Report.Source s : c.sources) {
      x.sources.add(new Report.Source(store + "/" + s.step(), store + "/" + s.dir(), s.field()));
    }
    return x;
  }

  static Report.Figure mergeFigure(List<Store> stores, String id) {
    Report.Figure base = stores.stream().map(s -> figure(s, id)).filter(f -> f != null).findFirst().orElseThrow();
    Report.Figure f = new Report.Figure(id, base.title, base.reproduces, base.bar, base.xLabel, base.yLabel);
    f.logX = base.logX;
    if (base.bar) {
      Set<String> cats = new LinkedHashSet<>();
      stores.stream().map(s -> figure(s, id)).filter(x -> x != null).forEach(x -> cats.addAll(x.categories));
      f.categories.addAll(cats);
    }
    for (Store s : stores) {
      Report.Figure sf = figure(s, id);
      if (sf == null) {
        continue;
      }
      for (var line : sf.series) {
        if (line.x().length == 0) {
          continue; // nothing measured (not in the plan): no empty entry per store in the legend
        }
        f.series.add(new org.sciycsb.report.html.Svg.Series(s.label() + ": " + line.name(), line.x(), line.y(),
            line.err()));
      }
      for (int i = 0; i < sf.names.size(); i++) {
        double[] v = new double[f.categories.size()];
        java.util.Arrays.fill(v, Double.NaN);
        for (int k = 0; k < sf.categories.size(); k++) {
          v[f.categories.indexOf(sf.categories.get(k))] = sf.barValues.get(i)[k];
        }
        f.bars(s.label() + ": " + sf.names.get(i), v);
      }
    }
    return f;
  }

  /** bin/ycsb study report DIR on a several-store folder: each store's report again, then the merged one. */
  static void rebuild(Path dir, PrintStream err) throws BenchmarkException {
    JsonNode h = readStudy(dir);
    @SuppressWarnings("unchecked")
    Map<String, Object> header = StudyJson.MAPPER.convertValue(h, LinkedHashMap.class);
    for (JsonNode s : h.path("stores")) {
      Path sd = dir.resolve(s.path("dir").asText());
      if (!Files.isRegularFile(sd.resolve("study.json"))) {
        throw new ConfigException("store folder " + sd + " of the study has no study.json");
      }
      StudyReports.rebuild(sd, err);
    }
    JsonNode study = readStudy(dir.resolve(h.path("stores").get(0).path("dir").asText())).path("study");
    StudyDef def = Studies.find(study.path("name").asText());
    if (def == null) {
      throw new ConfigException(dir.resolve("study.json") + " names no known study");
    }
    write(def, dir, header, err);
  }
}
