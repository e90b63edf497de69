package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Compare;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.Html;
import org.sciycsb.report.Interval;
import org.sciycsb.report.ResultData;

/**
 * {@code bin/ycsb study <name> --compare A B}: two finished runs of the same study (for seed 002: the same matrix on
 * two storage configurations, {@code -p label.storage=ssd} and {@code hdd}) side by side. For sandisk, the vendor's
 * layout (Figure 7: rows workload x storage x distribution, columns dataset sizes) for throughput and read/write
 * latency, with B/A ratios; for every study, a per-step table; and for every pair of runs, compare's own page
 * ({@code pairs/<step>.html} and {@code .txt}: every operation and percentile, ratios and deltas).
 */
final class StudyCompare {
  private StudyCompare() {}

  record Side(String tag, Path dir, JsonNode header, Runs runs, String title) {}

  static Side load(String tag, Path dir, StudyDef def) throws ConfigException {
    Path f = dir.resolve("study.json");
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("--compare: not a folder: " + dir);
    }
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("--compare: not a study folder: " + dir + " (no study.json)");
    }
    JsonNode h;
    try {
      h = StudyJson.MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      throw new ConfigException("--compare: cannot read " + f + ": " + e.getMessage());
    }
    if (!"sciycsb-study".equals(h.path("format").asText())) {
      throw new ConfigException("--compare: " + f + " is not a study document");
    }
    String name = h.path("study").path("name").asText();
    if (!name.equals(def.name())) {
      throw new ConfigException("--compare: " + dir + " is a run of study " + name + ", not " + def.name());
    }
    List<JsonNode> steps = new ArrayList<>();
    h.path("steps").forEach(steps::add);
    String label = h.path("storageLabel").asText("");
    String title = (label.isEmpty() ? dir.toAbsolutePath().normalize().getFileName().toString() : label) + " ("
        + h.path("host").path("name").asText("?") + ", " + h.path("binding").asText("?") + ")";
    return new Side(tag, dir.toAbsolutePath().normalize(), h, new Runs(dir.toAbsolutePath().normalize(), steps),
        title);
  }

  static int run(Path home, StudyDef def, Path a, Path b, Map<String, String> props, PrintStream out,
      PrintStream err) throws BenchmarkException {
    for (String k : props.keySet()) {
      if (!k.equals("report.out")) {
        throw new ConfigException("--compare takes only -p report.out=DIR, not " + k);
      }
    }
    Side sa = load("A", a, def);
    Side sb = load("B", b, def);
    double scaleA = sa.header().path("scale").asDouble();
    double scaleB = sb.header().path("scale").asDouble();
    if (scaleA != scaleB) {
      throw new ConfigException("--compare: the two studies ran at different scales (" + Fmt.num(scaleA, 12) + " and "
          + Fmt.num(scaleB, 12) + "): their dataset sizes differ");
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path outDir = Path.of(props.getOrDefault("report.out", "results/" + stamp + "-study-compare-" + def.name()))
        .toAbsolutePath();
    String ta = "A: " + sa.title();
    String tb = "B: " + sb.title();
    List<Report.Table> tables = new ArrayList<>();
    if (def.name().equals("sandisk")) {
      vendorTables(tables, sa, sb, ta, tb);
    }
    Report.Table steps = stepsTable(ta, tb);
    try {
      Files.createDirectories(outDir.resolve("pairs"));
    } catch (IOException e) {
      throw new ConfigException("cannot create " + outDir + ": " + e.getMessage());
    }
    addStepRows(steps, sa, sb);
    List<String> paired = writePairs(sa, sb, outDir, err);
    steps.note("ops/s for engine steps; records/min for census steps. Per-operation detail of every pair: "
        + "pairs/<step>.html (bin/ycsb compare).");
    steps.note(RATIO_NOTE);
    tables.add(steps);

    java.util.function.Function<String, String> label = g -> g.equals(Report.DERIVED) ? "B / A"
        : g.equals(Report.KEY) ? "" : g.equals(Report.RUN) ? "measured (A and B: see the storage column)" : g;
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("format", "sciycsb-study-compare");
    json.put("formatVersion", 1);
    json.put("study", def.name());
    json.put("seed", def.seed());
    json.put("A", side(sa));
    json.put("B", side(sb));
    json.put("pairs", paired);
    json.put("tables", StudyOutput.tablesJson(tables, label));
    StudyJson.write(outDir.resolve("compare.json"), StudyJson.json(json));

    StringBuilder md = new StringBuilder();
    md.append("# Study ").append(def.name()).append(" (seed ").append(def.seed()).append("): A vs B\n\n");
    md.append("- ").append(ta).append(": ").append(sa.dir()).append(", ").append(hw(sa.header())).append('\n');
    md.append("- ").append(tb).append(": ").append(sb.dir()).append(", ").append(hw(sb.header())).append('\n');
    md.append("- scale ").append(Fmt.num(scaleA, 12)).append("; ratios are B / A\n\n");
    StudyOutput.mdTables(md, tables, label, "", "");
    StudyJson.write(outDir.resolve("compare.md"), md.toString());

    String html = html(def, sa, sb, tables, label, paired);
    StudyJson.write(outDir.resolve("compare.html"), html);
    out.print(md);
    out.flush();
    err.println("study compare: " + outDir.resolve("compare.html") + " (and compare.md, compare.json, pairs/)");
    return 0;
  }

  /** The table of every step, B / A: its columns (rows: {@link #addStepRows}). */
  private static Report.Table stepsTable(String ta, String tb) {
    Report.Table steps = new Report.Table("steps", "Every step: B / A", "the two study folders' runs, step by step");
    steps.key("step", "step");
    steps.cols.add(new Report.Col("tA", "ops/s", ta, 1));
    steps.cols.add(new Report.Col("tB", "ops/s", tb, 1));
    steps.derived("tR", "ops/s B/A", 2);
    steps.cols.add(new Report.Col("r95A", "READ p95 us", ta, 0));
    steps.cols.add(new Report.Col("r95B", "READ p95 us", tb, 0));
    steps.derived("r95R", "READ p95 B/A", 2);
    return steps;
  }

  /** A row for every matrix step (its repeats together) that loads, runs or runs a census job. */
  private static void addStepRows(Report.Table steps, Side sa, Side sb) {
    Map<String, String> logical = new LinkedHashMap<>(); // a matrix step (its repeats together) -> its kind
    for (JsonNode s : sa.runs().steps()) {
      logical.putIfAbsent(s.path("tags").path("repeatOf").asText(s.path("name").asText()), s.path("kind").asText());
    }
    for (Map.Entry<String, String> e : logical.entrySet()) {
      String name = e.getKey();
      String kind = e.getValue();
      if (!(kind.equals("load") || kind.equals("run") || kind.equals("census"))) {
        continue;
      }
      Map<String, Report.Cell> row = steps.row();
      row.put("step", Report.Cell.text(name));
      String tf = kind.equals("census") ? "summary.recordsPerMinute" : "summary.throughput";
      Report.Cell ca = cell(sa, name, tf);
      Report.Cell cb = cell(sb, name, tf);
      row.put("tA", ca);
      row.put("tB", cb);
      row.put("tR", ratio(cb, ca));
      Report.Cell ra = cell(sa, name, "operations[READ].response.p95");
      Report.Cell rb = cell(sb, name, "operations[READ].response.p95");
      row.put("r95A", ra);
      row.put("r95B", rb);
      row.put("r95R", ratio(rb, ra));
    }
  }

  /** Compare's pages (pairs/STEP.txt and .html) for every pair of usable runs: the steps paired. */
  private static List<String> writePairs(Side sa, Side sb, Path outDir, PrintStream err) throws ConfigException {
    List<String> paired = new ArrayList<>();
    for (JsonNode s : sa.runs().steps()) { // compare's page for every pair of runs (repeat k of A with B's)
      String name = s.path("name").asText();
      String kind = s.path("kind").asText();
      if ((kind.equals("load") || kind.equals("run")) && sa.runs().usable(name) && sb.runs().usable(name)) {
        try {
          List<ResultData> pair = List.of(ResultData.load(sa.dir().resolve(s.path("dir").asText())),
              ResultData.load(sb.dir().resolve(s.path("dir").asText())));
          String file = name.replace('/', '_');
          StudyJson.write(outDir.resolve("pairs").resolve(file + ".txt"), Compare.text(pair));
          StudyJson.write(outDir.resolve("pairs").resolve(file + ".html"), Compare.html(pair));
          paired.add(name);
        } catch (ConfigException e) {
          err.println("warning: " + name + ": " + e.getMessage());
        }
      }
    }
    return paired;
  }

  /** compare.html: both sides, the tables, and links to the pairs' pages. */
  private static String html(StudyDef def, Side sa, Side sb, List<Report.Table> tables,
      java.util.function.Function<String, String> label, List<String> paired) {
    String ta = "A: " + sa.title();
    String tb = "B: " + sb.title();
    StringBuilder html = new StringBuilder();
    String title = "Study " + def.name() + " (seed " + def.seed() + "): " + sa.title() + " vs " + sb.title();
    Html.head(html, title);
    html.append("<h1>").append(Fmt.html(title)).append("</h1>\n<ul>\n<li>").append(Fmt.html(ta)).append(": ")
        .append(Fmt.html(sa.dir().toString())).append(", ").append(Fmt.html(hw(sa.header()))).append("</li>\n<li>")
        .append(Fmt.html(tb)).append(": ").append(Fmt.html(sb.dir().toString())).append(", ")
        .append(Fmt.html(hw(sb.header())))
        .append("</li>\n<li>ratios are B / A</li>\n</ul>\n");
    StudyOutput.htmlTables(html, tables, label);
    html.append("<h2>Pairs</h2>\n<ul>\n");
    for (String p : paired) {
      String file = p.replace('/', '_');
      html.append("<li><a href=\"pairs/").append(Fmt.html(file)).append(".html\">").append(Fmt.html(p))
          .append("</a></li>\n");
    }
    html.append("</ul>\n");
    Html.tail(html);
    return html.toString();
  }

  static String hw(JsonNode h) {
    JsonNode host = h.path("host");
    long mem = host.path("memoryBytes").asLong(-1);
    JsonNode s = h.path("storage");
    return host.path("name").asText("?") + ", " + host.path("cpus").asInt() + " CPUs, "
        + (mem > 0 ? Fmt.bytes(mem) : "?") + " RAM, storage " + h.path("storageLabel").asText("unlabelled")
        + (s.path("device").isTextual() ? " (" + s.path("device").asText()
            + (s.path("rotational").isBoolean() ? s.path("rotational").asBoolean() ? ", rotational" : ", non-rotational"
            : "") + ")" : "")
        + ", binding " + h.path("binding").asText("?") + ", scale " + h.path("scale").asText();
  }

  static Map<String, Object> side(Side s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dir", s.dir().toString());
    m.put("title", s.title());
    m.put("storageLabel", s.header().path("storageLabel").isTextual() ? s.header().path("storageLabel").asText() : null);
    m.put("host", StudyJson.MAPPER.convertValue(s.header().path("host"), Map.class));
    m.put("binding", s.header().path("binding").asText());
    m.put("scale", s.header().path("scale").asDouble());
    return m;
  }

  static final String RATIO_NOTE = "With repeats (--repeat) on both sides a ratio is of the two means, with its 95 % "
      + "interval (" + Interval.RATIO_METHOD + "); with one run a side it divides two single numbers: one sample, "
      + "no interval, and a difference within the run-to-run noise (10-25 % here) is no difference.";

  /** A measured cell of one side (a mean over the step's repeats), its source dirs absolute. */
  static Report.Cell cell(Side s, String step, String field) {
    Report.Cell c = s.runs().value(step, field);
    if (c.hasValue()) {
      for (int i = 0; i < c.sources.size(); i++) {
        Report.Source x = c.sources.get(i);
        c.sources.set(i, new Report.Source(s.tag() + ":" + x.step(), s.dir().resolve(x.dir()).toString(),
            x.field()));
      }
    }
    return c;
  }

  /**
   * b / a: with repeats on both sides the ratio of the means and its 95 % interval; otherwise the ratio of two
   * single numbers, said to be one sample.
   */
  static Report.Cell ratio(Report.Cell b, Report.Cell a) {
    boolean repeated = a.values != null && b.values != null && a.values.size() > 1 && b.values.size() > 1;
    double[] ci = repeated ? Interval.ratioCi95(a.values, b.values) : null;
    Report.Cell c = ReportBuilder.ratio(b, a, ci != null ? "B / A of the means over " + b.values.size() + " and "
        + a.values.size() + " repeats, 95 % CI [" + Fmt.num(ci[0], 3) + ", " + Fmt.num(ci[1], 3) + "] ("
        + Interval.RATIO_METHOD + ")" : "B / A of one run each: one sample, no interval");
    c.ci95 = c.hasValue() ? ci : null;
    return c;
  }

  /** Seed 002's layout: rows workload x storage (A, B) x distribution, columns the sizes; then B / A. */
  static void vendorTables(List<Report.Table> tables, Side sa, Side sb, String ta, String tb) {
    List<String> sizes = new ArrayList<>();
    sa.header().path("params").path("sizes").forEach(x -> sizes.add(x.path("label").asText()));
    List<String[]> pairs = new ArrayList<>();
    var it = sa.header().path("params").path("workloads").fields();
    while (it.hasNext()) {
      var e = it.next();
      e.getValue().forEach(d -> pairs.add(new String[] {e.getKey(), d.asText()}));
    }
    String[][] metrics = {{"throughput", "Throughput (ops/s)", "summary.throughput", "1"},
        {"read-mean", "READ mean latency (us)", "operations[READ].response.mean", "1"},
        {"read-p95", "READ p95 latency (us)", "operations[READ].response.p95", "0"},
        {"write-mean", "write (UPDATE or INSERT) mean latency (us)", "write.mean", "1"},
        {"write-p95", "write (UPDATE or INSERT) p95 latency (us)", "write.p95", "0"}};
    for (String[] m : metrics) {
      Report.Table t = new Report.Table(m[0], m[1] + ": " + sa.title() + " vs " + sb.title(),
          "seed 002, Figure 7's layout (and Figures 8-11's metrics)");
      t.key("workload", "workload").key("storage", "storage").key("distribution", "distribution");
      for (String s : sizes) {
        t.run(s, s, Integer.parseInt(m[3]));
      }
      Report.Table r = new Report.Table(m[0] + "-ratio", m[1] + ": B / A", "seed 002, the SSD vs HDD ratios of the "
          + "white paper's text");
      r.key("workload", "workload").key("distribution", "distribution");
      for (String s : sizes) {
        r.derived(s, s + " B/A", 2);
      }
      for (String[] wd : pairs) {
        Map<String, Report.Cell> ratioRow = r.row();
        ratioRow.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(wd[0])));
        ratioRow.put("distribution", Report.Cell.text(wd[1]));
        Map<String, Map<String, Report.Cell>> bySide = new LinkedHashMap<>();
        for (Side side : new Side[] {sa, sb}) {
          Map<String, Report.Cell> row = t.row();
          bySide.put(side.tag(), row);
          row.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(wd[0])));
          row.put("storage", Report.Cell.text(side.tag() + ": " + side.title()));
          row.put("distribution", Report.Cell.text(wd[1]));
          for (String s : sizes) {
            String step = s + "/" + wd[0] + "-" + wd[1];
            String field = m[2].startsWith("write.") ? "operations[" + SandiskStudy.writeOp(side.runs(), step)
                + "].response." + m[2].substring(6) : m[2];
            row.put(s, cell(side, step, field));
          }
        }
        for (String s : sizes) {
          ratioRow.put(s, ratio(bySide.get("B").get(s), bySide.get("A").get(s)));
        }
      }
      r.note(RATIO_NOTE);
      tables.add(t);
      tables.add(r);
    }
  }
}
