package org.sciycsb.report.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.JunitXml;

/** The outputs of {@code bin/ycsb history}: {@code history.json}, the text on stdout and {@code history-junit.xml}. */
public final class HistoryReport {
  public static final String FORMAT = "sciycsb-history";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  static final String METHOD = "E-Divisive means (Matteson and James 2014): divisive bisection with the energy "
      + "statistic (alpha = 1), each change point tested by permutations within the segments";

  private HistoryReport() {}

  /** history.json: the settings, then every group with its runs in order, its change points and segments. */
  public static String json(List<History.Group> groups, History.Settings s) {
    ObjectNode top = MAPPER.createObjectNode();
    top.put("format", FORMAT).put("formatVersion", 1);
    ObjectNode m = top.putObject("method");
    m.put("name", METHOD).put("pValue", s.pValue()).put("permutations", s.permutations())
        .put("minSegment", s.minSize()).put("seed", s.seed()).put("threshold", s.thresholdPct());
    ArrayNode metrics = m.putArray("metrics");
    History.metrics(s).forEach(x -> metrics.add(x[1]));
    ArrayNode arr = top.putArray("groups");
    for (History.Group g : groups) {
      group(arr.addObject(), g);
    }
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(top) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void group(ObjectNode o, History.Group g) {
    o.put("key", g.key());
    ObjectNode c = o.putObject("config");
    g.config().forEach(c::put);
    o.put("orderedBy", g.orderedBy());
    ArrayNode notes = o.putArray("notes");
    g.notes().forEach(notes::add);
    ArrayNode runs = o.putArray("runs");
    for (int i = 0; i < g.runs().size(); i++) {
      History.Run r = g.runs().get(i);
      ObjectNode x = runs.addObject();
      x.put("index", i).put("dir", r.dir()).put("build", r.build()).put("started", r.started())
          .put("outcome", r.outcome()).put("included", r.included());
      ObjectNode v = x.putObject("values");
      r.values().forEach(v::put);
    }
    ArrayNode cps = o.putArray("changePoints");
    ArrayNode series = o.putArray("series");
    for (History.Series s : g.series()) {
      for (History.Change ch : s.changes()) {
        cps.addObject().put("index", ch.index()).put("run", ch.run()).put("build", ch.build())
            .put("operation", ch.operation()).put("metric", ch.metric()).put("direction", ch.direction())
            .put("meanBefore", ch.before()).put("meanAfter", ch.after()).put("change", ch.change())
            .put("pValue", ch.pValue());
      }
      ObjectNode so = series.addObject();
      so.put("operation", s.operation()).put("metric", s.metric()).put("higherIsBetter", s.higherIsBetter())
          .put("runs", s.values().length).put("gate", s.failed() ? "failed" : "passed").put("message", s.message());
      ArrayNode segs = so.putArray("segments");
      s.segments().forEach(seg -> segs.addObject().put("from", seg.from()).put("to", seg.to())
          .put("mean", seg.mean()));
    }
  }

  /** stdout: one line per group and series with change points, then the summary line. */
  public static String text(List<History.Group> groups) {
    StringBuilder sb = new StringBuilder();
    int runs = 0;
    int changes = 0;
    int failed = 0;
    for (History.Group g : groups) {
      runs += g.runs().size();
      for (History.Series s : g.series()) {
        changes += s.changes().size();
        failed += s.failed() ? 1 : 0;
        if (!s.changes().isEmpty()) {
          sb.append(g.key()).append(": ").append(s.name()).append(": ").append(changeList(s))
              .append(s.failed() ? "  REGRESSION" : "").append('\n');
        }
      }
    }
    sb.append("history: ").append(runs).append(" runs in ").append(groups.size()).append(" group(s), ")
        .append(changes).append(" change point(s), ").append(failed).append(" gated series with the newest run ")
        .append("after a change for the worse\n");
    return sb.toString();
  }

  private static String changeList(History.Series s) {
    StringBuilder sb = new StringBuilder();
    for (History.Change c : s.changes()) {
      sb.append(sb.length() == 0 ? "" : "; ").append(c.direction()).append(" at ").append(History.label(c))
          .append(" (").append(Fmt.num(c.before())).append(" -> ").append(Fmt.num(c.after())).append(", ")
          .append(c.change() >= 0 ? "+" : "").append(Fmt.fixed(c.change() * 100, 1)).append(" %, p = ")
          .append(Fmt.fixed(c.pValue(), 3)).append(')');
    }
    return sb.toString();
  }

  /** history-junit.xml: one testcase per group and gated series; a failure for the newest run after a regression. */
  public static String junitXml(List<History.Group> groups) {
    List<JunitXml.Case> cases = new java.util.ArrayList<>();
    for (History.Group g : groups) {
      for (History.Series s : g.series()) {
        cases.add(new JunitXml.Case("history." + g.key(), s.name(), !s.failed(), s.message(),
            "PerformanceRegression", s.message() + " (" + METHOD + ")"));
      }
    }
    return JunitXml.suite("sciycsb.history", cases);
  }
}
