package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.study.StudyReports;
import org.sciycsb.study.seeds.Studies;

/**
 * The experiments added for issue 35: niec's Figure 4.1 (the client alone on the no-op binding) and sei's 32-thread
 * consistency cost, each cell read from the results.json field it names, beside the published numbers.
 */
class PaperPointsReportTest {
  @TempDir
  Path tmp;

  private void results(String step, String json) throws Exception {
    Files.createDirectories(tmp.resolve(step));
    Files.writeString(tmp.resolve(step).resolve("results.json"), json);
  }

  static Report.Table table(ReportBuilder rb, String id) {
    return rb.tables.stream().filter(t -> t.id.equals(id)).findFirst().orElseThrow();
  }

  @Test
  void niecShowsTheClientAloneBesideThePapersProgram() throws Exception {
    ObjectNode h = ExperimentsTest.header(Studies.find("niec"));
    for (JsonNode s : h.path("steps")) {
      if (s.path("name").asText().startsWith("client/")) {
        ((ObjectNode) s).put("status", "ok");
      }
    }
    results("client/write", "{\"extra\": {\"fasta\": {\"docsPerSecond\": {\"mean\": 19000.5, \"peak\": 23000}}}}");
    results("client/read", "{\"summary\": {\"throughput\": 65000}}");
    ReportBuilder rb = StudyReports.build(Studies.find("niec"), tmp, h);
    Report.Table t = table(rb, "no-database");
    Map<String, Report.Cell> write = t.rows.get(0);
    assertThat(write.get("phase").text).isEqualTo("write");
    assertThat(write.get("rate").value).isEqualTo(19000.5);
    assertThat(write.get("rate").sources.get(0).field()).isEqualTo("extra.fasta.docsPerSecond.mean");
    assertThat(write.get("rate").sources.get(0).dir()).isEqualTo("client/write");
    assertThat(write.get("peak").value).isEqualTo(23000);
    assertThat(write.get("pub").value).isEqualTo(21444);
    assertThat(write.get("pub").precision).isEqualTo("exact");
    Map<String, Report.Cell> read = t.rows.get(1);
    assertThat(read.get("rate").value).isEqualTo(65000);
    assertThat(read.get("rate").sources.get(0).field()).isEqualTo("summary.throughput");
    assertThat(read.get("pub").value).isEqualTo(60000);
    assertThat(StudyOutput.cellText(read.get("pub"), 0)).startsWith(">= ");
    assertThat(t.notes.get(0)).contains("no-op binding basic").contains("1 worker(s)");
  }

  private void seiStep(ArrayNode steps, String con, int threads, double tput) throws Exception {
    String name = con + "/8020/threads-" + threads;
    ObjectNode s = steps.addObject();
    s.put("name", name).put("kind", "run").put("dir", name).put("status", "ok");
    s.putObject("tags").put("consistency", con).put("mix", "8020").put("threads", "" + threads).put("role", "run");
    results(name, "{\"summary\": {\"throughput\": " + tput + "}}");
  }

  @Test
  void seiShowsItsChangeAt32ThreadsBesideThePublishedCosts() throws Exception {
    ObjectNode h = StudyJson.MAPPER.createObjectNode();
    h.put("binding", "cassandra");
    ObjectNode params = h.putObject("params");
    params.putArray("points").addObject().put("threads", 1).putArray("nominal").add(1);
    params.putObject("mixes").putArray("strong").add("8020");
    params.withObject("/mixes").putArray("eventual").add("8020");
    params.put("costThreads", 32);
    ArrayNode steps = h.putArray("steps");
    seiStep(steps, "strong", 1, 50);
    seiStep(steps, "eventual", 1, 60);
    seiStep(steps, "strong", 32, 75);
    seiStep(steps, "eventual", 32, 100);
    h.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-sei/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("sei"), tmp, h);
    Report.Table t = table(rb, "consistency-published");
    Map<String, Report.Cell> own = t.rows.get(0);
    assertThat(own.get("store").text).isEqualTo("this run (cassandra)");
    assertThat(own.get("threads").text).isEqualTo("32");
    assertThat(own.get("strong").value).isEqualTo(75);
    assertThat(own.get("strong").sources.get(0).dir()).isEqualTo("strong/8020/threads-32");
    assertThat(own.get("eventual").sources.get(0).field()).isEqualTo("summary.throughput");
    assertThat(own.get("cost").value).isCloseTo(-25.0, within(1e-9));
    assertThat(own.get("cost").sources).hasSize(2);
    assertThat(t.rows.get(1).get("store").text).isEqualTo("Cassandra");
    assertThat(t.rows.get(1).get("pub").value).isEqualTo(25);
    assertThat(t.rows.get(2).get("store").text).isEqualTo("Riak");
    assertThat(t.rows.get(2).get("pub").value).isEqualTo(10);
    // the 32-thread runs are not points of the thread sweep
    assertThat(table(rb, "consistency").rows).hasSize(1);
  }

  @Test
  void dedeFigure11HasARowPerReplicationAndAFailedJobAsItsResult() throws Exception {
    ObjectNode h = ExperimentsTest.header(Studies.find("dede"));
    for (JsonNode s : h.path("steps")) {
      String name = s.path("name").asText();
      if (name.equals("faults/hdfs-hdfs-r1/0-killed")) {
        ((ObjectNode) s).put("status", "ok");
        results(name, "{\"summary\": {\"totalMs\": 4000, \"recordsRead\": 3720}}");
      } else if (name.equals("faults/hdfs-hdfs-r1/1-killed")) {
        ((ObjectNode) s).put("status", "job failed (a result)");
      }
    }
    ReportBuilder rb = StudyReports.build(Studies.find("dede"), tmp, h);
    Report.Table t = table(rb, "faults");
    assertThat(t.rows).hasSize(12);
    assertThat(t.rows.stream().map(r -> r.get("replication").text)).containsExactly("3", "3", "3", "2", "2", "2",
        "1", "1", "1", "- (MongoDB input)", "- (MongoDB input)", "- (MongoDB input)");
    Map<String, Report.Cell> none = t.rows.get(6);
    assertThat(none.get("path").text).isEqualTo("HDFS -> HDFS, replication 1");
    assertThat(none.get("time").value).isEqualTo(4000);
    assertThat(none.get("time").sources.get(0).dir()).isEqualTo("faults/hdfs-hdfs-r1/0-killed");
    assertThat(none.get("time").sources.get(0).field()).isEqualTo("summary.totalMs");
    Map<String, Report.Cell> killed = t.rows.get(7);
    assertThat(killed.get("killed").text).isEqualTo("1");
    assertThat(killed.get("time").text).isEqualTo("job failed (a result)");
    assertThat(killed.get("overhead").hasValue()).isFalse();
    assertThat(t.notes.get(0)).contains("census.replication").contains("job failed (a result)");
  }
}
