package org.sciycsb.study.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.html.Html;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.report.StudyOutput;
import org.sciycsb.study.seeds.StudyDef;

/**
 * The files of {@code bin/ycsb study <name> --compare A B}: {@code compare.json}, {@code compare.md},
 * {@code compare.html}, and compare's own page for every pair of runs ({@code pairs/<step>.html} and {@code .txt}).
 */
final class CompareFiles {
  private CompareFiles() {}

  /** Compare's pages (pairs/STEP.txt and .html) for every pair of usable runs: the steps paired. */
  static List<String> writePairs(CompareSide sa, CompareSide sb, Path outDir, PrintStream err) throws ConfigException {
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

  /** compare.json: both sides, the pairs and the tables. */
  static void writeJson(Path outDir, StudyDef def, CompareSide sa, CompareSide sb, List<String> paired,
      List<Report.Table> tables, Function<String, String> label) throws ConfigException {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("format", "sciycsb-study-compare");
    json.put("formatVersion", 1);
    json.put("study", def.name());
    json.put("seed", def.seed());
    json.put("A", sa.toMap());
    json.put("B", sb.toMap());
    json.put("pairs", paired);
    json.put("tables", StudyOutput.tablesJson(tables, label));
    StudyJson.write(outDir.resolve("compare.json"), StudyJson.json(json));
  }

  /** compare.md: both sides and the tables. */
  static String markdown(StudyDef def, CompareSide sa, CompareSide sb, List<Report.Table> tables,
      Function<String, String> label) {
    StringBuilder md = new StringBuilder();
    md.append("# Study ").append(def.name()).append(" (seed ").append(def.seed()).append("): A vs B\n\n");
    md.append("- A: ").append(sa.title()).append(": ").append(sa.dir()).append(", ").append(sa.hw()).append('\n');
    md.append("- B: ").append(sb.title()).append(": ").append(sb.dir()).append(", ").append(sb.hw()).append('\n');
    md.append("- scale ").append(Fmt.num(sa.header().path("scale").asDouble(), 12)).append("; ratios are B / A\n\n");
    StudyOutput.mdTables(md, tables, label, "", "");
    return md.toString();
  }

  /** compare.html: both sides, the tables, and links to the pairs' pages. */
  static String html(StudyDef def, CompareSide sa, CompareSide sb, List<Report.Table> tables,
      Function<String, String> label, List<String> paired) {
    String ta = "A: " + sa.title();
    String tb = "B: " + sb.title();
    StringBuilder html = new StringBuilder();
    String title = "Study " + def.name() + " (seed " + def.seed() + "): " + sa.title() + " vs " + sb.title();
    Html.head(html, title);
    html.append("<h1>").append(Fmt.html(title)).append("</h1>\n<ul>\n<li>").append(Fmt.html(ta)).append(": ")
        .append(Fmt.html(sa.dir().toString())).append(", ").append(Fmt.html(sa.hw())).append("</li>\n<li>")
        .append(Fmt.html(tb)).append(": ").append(Fmt.html(sb.dir().toString())).append(", ")
        .append(Fmt.html(sb.hw()))
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
}
