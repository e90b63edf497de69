package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.html.Html;

/** The three forms of a study report: study.json (machine-readable), study.md and study.html (self-contained). */
public final class StudyOutput {
  private StudyOutput() {}

  public static Map<String, Object> tablesJson(ReportBuilder r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tables", tablesJson(r.tables, g -> groupLabel(r, g)));
    List<Object> figs = new ArrayList<>();
    for (Report.Figure f : r.figures) {
      figs.add(f.toMap());
    }
    m.put("figures", figs);
    return m;
  }

  public static List<Object> tablesJson(List<Report.Table> list, java.util.function.Function<String, String> label) {
    List<Object> tables = new ArrayList<>();
    for (Report.Table t : list) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("id", t.id);
      x.put("title", t.title);
      x.put("reproduces", t.reproduces);
      List<Object> cols = new ArrayList<>();
      for (Report.Col c : t.cols) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("key", c.key());
        o.put("title", c.title());
        o.put("group", c.group());
        o.put("groupLabel", label.apply(c.group()));
        cols.add(o);
      }
      x.put("columns", cols);
      List<Object> rows = new ArrayList<>();
      for (Map<String, Report.Cell> row : t.rows) {
        Map<String, Object> o = new LinkedHashMap<>();
        row.forEach((k, v) -> o.put(k, v.toMap()));
        rows.add(o);
      }
      x.put("rows", rows);
      x.put("notes", t.notes);
      tables.add(x);
    }
    return tables;
  }

  static String groupLabel(ReportBuilder r, String group) {
    switch (group) {
      case Report.RUN:
        return r.runLabel();
      case Report.DERIVED:
        return "this run (derived from its numbers)";
      case Report.PUBLISHED:
        return r.pubLabel();
      case Report.KEY:
        return "";
      default:
        return group;
    }
  }

  static String cellText(Report.Cell c, int decimals) {
    if (c == null) {
      return "";
    }
    if (!c.hasValue()) {
      return c.text == null ? "" : c.text;
    }
    String v = Fmt.num(c.value, decimals);
    if (c.published != null && c.precision != null && c.precision.startsWith("upper bound")) {
      v = "<= " + v;
    } else if (c.published != null && c.precision != null && c.precision.startsWith("lower bound")) {
      v = ">= " + v;
    } else if (c.published != null && !"exact".equals(c.precision)) {
      v = "~" + v;
    }
    if (c.aggregate != null && c.ci95 != null) {
      v += " ±" + Fmt.num((c.ci95[1] - c.ci95[0]) / 2, decimals);
    } else if (c.ci95 != null) { // a ratio of two means: its interval is not symmetric (Welch's t on the logs)
      v += " [" + Fmt.num(c.ci95[0], decimals) + ", " + Fmt.num(c.ci95[1], decimals) + "]";
    }
    return v;
  }

  /** Markdown tables; column titles carry their group ("this run: ...", "published: ...", or the group). */
  public static void mdTables(StringBuilder sb, List<Report.Table> tables, java.util.function.Function<String, String> label,
      String runHw, String pubHw) {
    for (Report.Table t : tables) {
      sb.append("## ").append(t.title).append("\n\n");
      sb.append("Reproduces ").append(t.reproduces).append(".");
      if (t.hasGroup(Report.RUN)) {
        sb.append(" Columns \"this run\": ").append(runHw).append('.');
      }
      if (t.hasGroup(Report.PUBLISHED)) {
        sb.append(" Columns \"published\": ").append(pubHw).append('.');
      }
      sb.append("\n\n|");
      for (Report.Col c : t.cols) {
        String g = c.group().equals(Report.KEY) ? "" : c.group().equals(Report.RUN) ? "this run: "
            : c.group().equals(Report.DERIVED) ? "this run (derived): " : c.group().equals(Report.PUBLISHED)
            ? "published: " : c.group() + ": ";
        sb.append(' ').append(g).append(c.title()).append(" |");
      }
      sb.append("\n|");
      for (Report.Col c : t.cols) {
        sb.append(c.group().equals(Report.KEY) ? "---|" : "---:|");
      }
      sb.append('\n');
      for (Map<String, Report.Cell> row : t.rows) {
        sb.append('|');
        for (Report.Col c : t.cols) {
          sb.append(' ').append(cellText(row.get(c.key()), c.decimals()).replace("|", "\\|")).append(" |");
        }
        sb.append('\n');
      }
      sb.append('\n');
      for (String n : t.notes) {
        sb.append("- ").append(n).append('\n');
      }
      if (!t.notes.isEmpty()) {
        sb.append('\n');
      }
    }
  }

  /** HTML tables with a group header row (group labels spanning their columns). */
  public static void htmlTables(StringBuilder sb, List<Report.Table> tables,
      java.util.function.Function<String, String> label) {
    for (Report.Table t : tables) {
      sb.append("<h2 id=\"").append(Fmt.html(t.id)).append("\">").append(Fmt.html(t.title)).append("</h2>\n")
          .append("<p class=\"note\">reproduces ").append(Fmt.html(t.reproduces)).append("</p>\n");
      sb.append("<table class=\"study\" id=\"table-").append(Fmt.html(t.id)).append("\">\n<tr>");
      int i = 0;
      while (i < t.cols.size()) {
        String g = t.cols.get(i).group();
        int span = 0;
        while (i + span < t.cols.size() && t.cols.get(i + span).group().equals(g)) {
          span++;
        }
        sb.append("<th class=\"").append(cssClass(g)).append("\" colspan=\"").append(span).append("\">")
            .append(Fmt.html(label.apply(g))).append("</th>");
        i += span;
      }
      sb.append("</tr>\n<tr>");
      for (Report.Col c : t.cols) {
        sb.append("<th class=\"").append(cssClass(c.group())).append("\">").append(Fmt.html(c.title()))
            .append("</th>");
      }
      sb.append("</tr>\n");
      for (Map<String, Report.Cell> row : t.rows) {
        sb.append("<tr>");
        for (Report.Col c : t.cols) {
          Report.Cell cell = row.get(c.key());
          String tip = tooltip(cell);
          sb.append("<td class=\"").append(c.group().equals(Report.KEY) ? "" : "n ").append(cssClass(c.group()))
              .append('"').append(tip.isEmpty() ? "" : " title=\"" + Fmt.html(tip) + "\"").append('>')
              .append(Fmt.html(cellText(cell, c.decimals()))).append("</td>");
        }
        sb.append("</tr>\n");
      }
      sb.append("</table>\n");
      for (String n : t.notes) {
        sb.append("<p class=\"note\">").append(Fmt.html(n)).append("</p>\n");
      }
    }
  }

  static String cssClass(String group) {
    return group.matches("[a-z]+") ? group : "run";
  }

  // ------------------------------------------------------------------------------------------------ markdown

  public static String markdown(JsonNode header, ReportBuilder r) {
    StringBuilder sb = new StringBuilder();
    JsonNode st = header.path("study");
    sb.append("# Study ").append(st.path("name").asText()).append(" (seed ").append(st.path("seed").asText())
        .append("): ").append(st.path("title").asText()).append("\n\n");
    sb.append("- Paper: ").append(r.pub.paper()).append('\n');
    sb.append("- **published** = the paper's own figures, on its hardware: ").append(r.pub.hardware()).append(" (")
        .append(r.pub.hardwareSource()).append(")\n");
    sb.append("- **this run** = ").append(r.runHardware()).append('\n');
    sb.append("- Scale ").append(Fmt.num(header.path("scale").asDouble(), 12)).append(", outcome ")
        .append(header.path("outcome").asText()).append(", ").append(header.path("started").asText()).append(" to ")
        .append(header.path("finished").asText("-")).append('\n');
    sb.append("- Command: `").append(header.path("command").asText()).append("`\n");
    for (JsonNode n : header.path("notes")) {
      sb.append("- Note: ").append(n.asText()).append('\n');
    }
    for (String n : r.notes) {
      sb.append("- Note: ").append(n).append('\n');
    }
    sb.append('\n');
    mdTables(sb, r.tables, g -> groupLabel(r, g), r.runHardware(), r.pub.hardwareShort());
    List<JsonNode> statements = r.pub.statements();
    if (!statements.isEmpty()) {
      sb.append("## Published statements (the paper's text, on its hardware)\n\n");
      for (JsonNode s : statements) {
        sb.append("- ").append(s.path("text").asText()).append(" (").append(s.path("source").asText()).append(")\n");
      }
      sb.append('\n');
    }
    sb.append("## Steps\n\n| step | kind | status | failed ops | exit | seconds | folder |\n|---|---|---|---:|---:|---:|---|\n");
    for (JsonNode s : r.runs.steps()) {
      sb.append("| ").append(s.path("name").asText()).append(" | ").append(s.path("kind").asText()).append(" | ")
          .append(s.path("status").asText()).append(s.path("reason").isTextual() ? ": " + s.path("reason").asText() : "")
          .append(" | ").append(s.path("failedOperations").isNumber() ? s.path("failedOperations").asText() : "")
          .append(" | ").append(s.path("exitCode").isNumber() ? s.path("exitCode").asText() : "").append(" | ")
          .append(s.path("seconds").isNumber() ? Fmt.num(s.path("seconds").asDouble(), 1) : "").append(" | ")
          .append(s.path("dir").asText("")).append(s.has("report") ? " ([report](" + s.path("report").asText()
              + "): the fault on its time charts)" : "").append(" |\n");
    }
    return sb.toString();
  }

  // ------------------------------------------------------------------------------------------------ html

  public static String html(JsonNode header, ReportBuilder r) {
    StringBuilder sb = new StringBuilder();
    JsonNode st = header.path("study");
    String title = "Study " + st.path("name").asText() + " (seed " + st.path("seed").asText() + "): "
        + st.path("title").asText();
    Html.head(sb, title);
    sb.append("<style>th.published,td.published{background:#fff7e6}th.derived,td.derived{background:#eef6ff}"
        + "</style>\n");
    sb.append("<h1>").append(Fmt.html(title)).append("</h1>\n<ul>\n");
    sb.append("<li>Paper: ").append(Fmt.html(r.pub.paper())).append("</li>\n");
    sb.append("<li><b>published</b> = the paper's own figures, on its hardware: ").append(Fmt.html(r.pub.hardware()))
        .append(" (").append(Fmt.html(r.pub.hardwareSource())).append(")</li>\n");
    sb.append("<li><b>this run</b> = ").append(Fmt.html(r.runHardware())).append("</li>\n");
    sb.append("<li>scale ").append(Fmt.num(header.path("scale").asDouble(), 12)).append(", outcome ")
        .append(Fmt.html(header.path("outcome").asText())).append(", ").append(Fmt.html(header.path("started").asText()))
        .append(" to ").append(Fmt.html(header.path("finished").asText("-"))).append("</li>\n");
    sb.append("<li>command: <code>").append(Fmt.html(header.path("command").asText())).append("</code></li>\n");
    for (JsonNode n : header.path("notes")) {
      sb.append("<li class=\"note\">").append(Fmt.html(n.asText())).append("</li>\n");
    }
    for (String n : r.notes) {
      sb.append("<li class=\"note\">").append(Fmt.html(n)).append("</li>\n");
    }
    sb.append("</ul>\n");
    htmlTables(sb, r.tables, g -> groupLabel(r, g));
    List<JsonNode> statements = r.pub.statements();
    if (!statements.isEmpty()) {
      sb.append("<h2>Published statements (the paper's text, on its hardware)</h2>\n<ul>\n");
      for (JsonNode s : statements) {
        sb.append("<li>").append(Fmt.html(s.path("text").asText())).append(" <span class=\"note\">(")
            .append(Fmt.html(s.path("source").asText())).append(")</span></li>\n");
      }
      sb.append("</ul>\n");
    }
    if (!r.figures.isEmpty()) {
      sb.append("<h2>Figures (this run)</h2>\n");
      for (Report.Figure f : r.figures) {
        sb.append("<div class=\"figure\"><p class=\"note\">").append(Fmt.html(f.title)).append(": reproduces ")
            .append(Fmt.html(f.reproduces)).append(", ").append(Fmt.html(r.runLabel())).append("</p>\n")
            .append(f.svg()).append("</div>\n");
      }
    }
    sb.append("<h2>Steps</h2>\n<table id=\"steps\"><tr><th>step</th><th>kind</th><th>status</th><th>failed ops</th>")
        .append("<th>exit</th>")
        .append("<th>seconds</th><th>folder</th></tr>\n");
    for (JsonNode s : r.runs.steps()) {
      sb.append("<tr><td>").append(Fmt.html(s.path("name").asText())).append("</td><td>")
          .append(Fmt.html(s.path("kind").asText())).append("</td><td>").append(Fmt.html(s.path("status").asText()))
          .append(s.path("reason").isTextual() ? ": " + Fmt.html(s.path("reason").asText()) : "")
          .append("</td><td class=\"n\">")
          .append(s.path("failedOperations").isNumber() ? s.path("failedOperations").asText() : "")
          .append("</td><td class=\"n\">").append(s.path("exitCode").isNumber() ? s.path("exitCode").asText() : "")
          .append("</td><td class=\"n\">")
          .append(s.path("seconds").isNumber() ? Fmt.num(s.path("seconds").asDouble(), 1) : "").append("</td><td>")
          .append(Fmt.html(s.path("dir").asText(""))).append(s.has("report") ? " (<a href=\""
              + Fmt.html(s.path("report").asText()) + "\">report</a>: the fault on its time charts)" : "")
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
    Html.tail(sb);
    return sb.toString();
  }

  static String tooltip(Report.Cell c) {
    if (c == null) {
      return "";
    }
    if (c.published != null) {
      return c.published + " (" + c.precision + ")";
    }
    List<String> parts = new ArrayList<>();
    if (c.derived != null) {
      parts.add(c.derived);
    }
    if (c.aggregate != null) {
      parts.add(c.aggregate + " of " + c.sources.size() + (c.ci95 == null ? " (one sample: no interval)"
          : ", 95 % CI [" + Fmt.num(c.ci95[0], 3) + ", " + Fmt.num(c.ci95[1], 3) + "]"));
    }
    if (c.failed != null && !c.failed.isEmpty()) {
      parts.add("not averaged: " + String.join(", ", c.failed));
    }
    for (Report.Source s : c.sources) {
      parts.add(s.dir() + " " + s.field());
    }
    return String.join("; ", parts);
  }
}
