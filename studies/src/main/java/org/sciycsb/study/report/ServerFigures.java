package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The store's own figures beside the client's in every study report: for each measured run that sampled them
 * ({@code extra.server} of its results), the client's operations per second and the rates of the store's busiest
 * counters over the same run (the counters with the highest rates summed over the runs, at most {@link #COLUMNS}),
 * each cell naming the results field it shows. Studies whose runs did not sample the store get no table.
 */
public final class ServerFigures {
  static final int COLUMNS = 6;

  private ServerFigures() {}

  /** The runs that sampled the store, by step name. */
  private static Map<String, JsonNode> sampled(Runs runs) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (JsonNode s : runs.steps()) {
      String name = s.path("name").asText();
      if (!"run".equals(s.path("kind").asText()) || !runs.usable(name)) {
        continue;
      }
      JsonNode server = runs.results(name).path("extra").path("server");
      if (server.path("counters").size() > 0) {
        out.put(name, server);
      }
    }
    return out;
  }

  /** The counters with the highest rates summed over the runs. */
  static List<String> busiest(Iterable<JsonNode> servers, int n) {
    Map<String, Double> sum = new LinkedHashMap<>();
    for (JsonNode server : servers) {
      server.path("counters").fields().forEachRemaining(e -> sum.merge(e.getKey(),
          e.getValue().path("perSecond").asDouble(0), Double::sum));
    }
    return sum.entrySet().stream().filter(e -> e.getValue() > 0)
        .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).limit(n)
        .map(Map.Entry::getKey).toList();
  }

  /** Adds the table to the report when any run sampled the store. */
  public static void add(ReportBuilder r) {
    Map<String, JsonNode> runs = sampled(r.runs);
    List<String> counters = busiest(runs.values(), COLUMNS);
    if (counters.isEmpty()) {
      return;
    }
    Report.Table t = r.table("server", "The store's own figures during each run (per second, over the measured run)",
        "the store's side of the papers' server figures");
    t.key("step", "run").run("client", "client ops/s", 1);
    for (int i = 0; i < counters.size(); i++) {
      t.run("c" + i, counters.get(i) + "/s", 1);
    }
    List<String> sources = new ArrayList<>();
    runs.forEach((name, server) -> {
      Map<String, Report.Cell> row = t.row();
      row.put("step", Report.Cell.text(name));
      row.put("client", r.runs.value(name, "summary.throughput"));
      for (int i = 0; i < counters.size(); i++) {
        row.put("c" + i, r.runs.value(name, "extra.server.counters{" + counters.get(i) + "}.perSecond"));
      }
      String src = server.path("source").asText();
      if (!sources.contains(src)) {
        sources.add(src);
      }
    });
    t.note("Read from the store during each run (extra.server of its results.json): " + String.join("; ", sources)
        + ". The counters are the whole server's (every client's, the sampler's own queries included); the busiest "
        + COLUMNS + " are shown, every one in each run's report.html and results.json.");
  }
}
