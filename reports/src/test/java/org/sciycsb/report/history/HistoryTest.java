package org.sciycsb.report.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.output.JsonExporter;
import org.sciycsb.report.ReportGoldenTest;
import org.sciycsb.report.ResultData;

/**
 * bin/ycsb history on fixed synthetic runs: history.json, history.html and history-junit.xml against golden files
 * (regenerate: {@code mvn -pl reports test -Dtest=HistoryTest -Dgolden.update=true}, then review the diff), the
 * ordering of build labels, and which folders count as runs.
 */
class HistoryTest {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final Path ROOT = Path.of("/jenkins/jobs/bench/archive");
  static final History.Settings SETTINGS = new History.Settings(Set.of("throughput", "p95"), 0.05, 199, 3, 1, 5.0);

  /** A run's results.json: throughput and READ/UPDATE latencies scaled, a build label when not null. */
  static ObjectNode results(String build, String started, int threads, String outcome, double tput, double lat) {
    ObjectNode j = MAPPER.createObjectNode();
    j.put("format", JsonExporter.FORMAT).put("formatVersion", 1);
    ObjectNode m = j.putObject("metadata");
    m.put("phase", "run").put("binding", "mongodb").put("workload", "core").putNull("label").put("threads", threads)
        .put("target", 0.0).put("started", started).put("outcome", outcome);
    if (build != null) {
      m.put("build", build);
    }
    m.putObject("properties").put("recordcount", "100000").put("operationcount", "1000000");
    j.putObject("summary").put("outcome", outcome).put("throughput", tput);
    var ops = j.putArray("operations");
    String[][] names = {{"OVERALL", "1"}, {"READ", "0.5"}, {"UPDATE", "0.5"}};
    for (String[] n : names) {
      double share = Double.parseDouble(n[1]);
      double l = lat * (n[0].equals("UPDATE") ? 2 : 1);
      ObjectNode o = ops.addObject().put("name", n[0]).put("throughput", tput * share);
      o.putObject("response").put("mean", l).put("p50", l * 0.8).put("p95", l * 2.4).put("p99", l * 5)
          .put("p99_9", l * 9);
    }
    return j;
  }

  /** Runs of two configurations: 14 builds at 16 threads (a 20 % slowdown from build 11 on, build 7 failed), and
   *  4 unlabelled runs at 32 threads (too few). */
  static List<ResultData> runs() {
    List<ResultData> out = new ArrayList<>();
    double[] wiggle = {1.0, 1.012, 0.991, 1.004, 0.987, 1.009, 0.996, 1.015, 0.993, 1.002, 0.989, 1.011, 0.998, 1.006};
    for (int b = 14; b >= 1; b--) { // listed out of order: the build labels order them
      double w = wiggle[b - 1];
      boolean slow = b >= 11;
      String outcome = b == 7 ? "failed" : "completed";
      double tput = (b == 7 ? 100 : 5000 * (slow ? 0.8 : 1)) * w;
      out.add(new ResultData(ROOT.resolve("build-" + b), results(Integer.toString(b),
          "2026-03-" + String.format("%02d", b) + "T02:00:00Z", 16, outcome, tput, 800 * (slow ? 1.25 : 1) / w), null));
    }
    for (int k = 1; k <= 4; k++) {
      out.add(new ResultData(ROOT.resolve("adhoc-" + k), results(null, "2026-02-0" + k + "T10:00:0" + k + "Z", 32,
          "completed", 9000 + 10 * k, 900), null));
    }
    return out;
  }

  @Test
  void historyJsonHtmlAndJunitAreGolden() throws Exception {
    List<History.Group> groups = History.analyze(runs(), ROOT, SETTINGS);
    ReportGoldenTest.golden("history.json", HistoryReport.json(groups, SETTINGS));
    ReportGoldenTest.golden("history.html", HistoryHtml.render(groups, SETTINGS));
    ReportGoldenTest.golden("history-junit.xml", HistoryReport.junitXml(groups));
    ReportGoldenTest.golden("history.txt", HistoryReport.text(groups));
  }

  @Test
  void theSlowdownIsFoundAtBuild11AndFailsTheGate() {
    List<History.Group> groups = History.analyze(runs(), ROOT, SETTINGS);
    History.Group labelled = groups.stream().filter(g -> g.key().contains("threads=16")).findFirst().orElseThrow();
    assertThat(labelled.orderedBy()).isEqualTo("build");
    assertThat(labelled.runs()).extracting(History.Run::build)
        .containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14");
    assertThat(labelled.runs().get(6).included()).isFalse();
    History.Series tput = labelled.series().get(0);
    assertThat(tput.name()).isEqualTo("OVERALL throughput");
    assertThat(tput.values()).hasSize(13);
    assertThat(tput.changes()).singleElement().satisfies(c -> {
      assertThat(c.build()).isEqualTo("11");
      assertThat(c.direction()).isEqualTo("worse");
      assertThat(c.change()).isBetween(-0.22, -0.18);
    });
    assertThat(tput.failed()).isTrue();
    assertThat(labelled.series()).allSatisfy(s -> assertThat(s.failed()).as(s.name()).isTrue());
    History.Group few = groups.stream().filter(g -> g.key().contains("threads=32")).findFirst().orElseThrow();
    assertThat(few.orderedBy()).isEqualTo("started");
    assertThat(few.notes()).anyMatch(n -> n.startsWith("too few runs to find change points"));
    assertThat(few.series()).allSatisfy(s -> assertThat(s.changes()).isEmpty());
  }

  @Test
  void anImprovementPassesTheGate() {
    List<ResultData> better = new ArrayList<>();
    for (int b = 1; b <= 12; b++) {
      double f = b > 8 ? 1.3 : 1;
      better.add(new ResultData(ROOT.resolve("b" + b), results("b" + b, "2026-01-01T00:00:00Z", 4, "completed",
          1000 * f * (1 + 0.003 * (b % 3)), 500 / f), null));
    }
    History.Group g = History.analyze(better, ROOT, SETTINGS).get(0);
    assertThat(g.series().get(0).changes()).singleElement()
        .satisfies(c -> assertThat(c.direction()).isEqualTo("better"));
    assertThat(g.series()).noneMatch(History.Series::failed);
  }

  @Test
  void buildLabelsCompareTheirNumbersAsNumbers() {
    assertThat(History.compareLabels("9", "10")).isNegative();
    assertThat(History.compareLabels("build-9", "build-10")).isNegative();
    assertThat(History.compareLabels("1.10", "1.9")).isPositive();
    assertThat(History.compareLabels("007", "7")).isZero();
    assertThat(History.compareLabels("rc1", "rc")).isPositive();
    assertThat(History.compareLabels("abc", "abd")).isNegative();
  }

  @Test
  void repeatsClientsSweepsAndStudiesAreNotRunsOfTheirOwn(@TempDir Path dir) throws Exception {
    write(dir.resolve("build-1"));
    write(dir.resolve("build-2"));
    write(dir.resolve("build-2/repeat-1"));
    write(dir.resolve("build-2/repeat-2"));
    write(dir.resolve("nested/build-3"));
    write(dir.resolve("nested/build-3/clients/0"));
    write(dir.resolve("sweep-a/threads-1/run-1"));
    Files.writeString(dir.resolve("sweep-a/sweep.json"), "{}");
    Files.createDirectories(dir.resolve("broken"));
    Files.writeString(dir.resolve("broken/results.json"), "{\"format\": \"other\"}");
    HistoryRuns.Found f = HistoryRuns.find(dir);
    assertThat(f.runs()).extracting(r -> dir.relativize(r.dir()).toString())
        .containsExactly("build-1", "build-2", "nested/build-3");
    assertThat(f.skipped()).hasSize(2).anyMatch(s -> s.startsWith("sweep-a"))
        .anyMatch(s -> s.contains("not a sciycsb results document"));
  }

  @Test
  void aMissingFolderOrOneWithoutRunsIsBadInput(@TempDir Path dir) {
    assertThatThrownBy(() -> HistoryRuns.find(dir.resolve("missing"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("is not a directory");
    assertThatThrownBy(() -> HistoryRuns.find(dir)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("no runs under");
  }

  static void write(Path d) throws Exception {
    Files.createDirectories(d);
    Files.writeString(d.resolve("results.json"), results("1", "2026-01-01T00:00:00Z", 1, "completed", 10, 10)
        .toString());
  }
}
