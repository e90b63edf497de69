package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.study.StudyReports;
import org.sciycsb.study.seeds.Studies;

/**
 * The store's own figures in a study report (run folders written here, no store): one row per measured run that
 * sampled the store, the client's rate and the busiest counters' rates (at most six, idle ones left out), each
 * cell naming its field, counters with dots in their names included; a load and a run without samples get no row.
 */
class ServerFiguresTest {
  @TempDir
  Path tmp;

  private void step(ArrayNode steps, String name, String kind, double tput, double scale, boolean sampled)
      throws Exception {
    ObjectNode s = steps.addObject();
    s.put("name", name).put("kind", kind).put("dir", name).put("status", "ok");
    ObjectNode res = StudyJson.MAPPER.createObjectNode();
    res.putObject("summary").put("throughput", tput).put("outcome", "completed");
    if (sampled) {
      ObjectNode server = res.putObject("extra").putObject("server");
      server.put("source", "system_views of 1 node(s): /127.0.0.1:9042");
      ObjectNode c = server.putObject("counters");
      String[] names = {"threadpool.Native-Transport-Requests.completed", "coordinator_read.count",
          "local_read.count", "threadpool.ReadStage.completed", "coordinator_write.count", "local_write.count",
          "threadpool.MutationStage.completed", "idle"};
      double[] rates = {900, 800, 790, 780, 100, 90, 80, 0};
      for (int i = 0; i < names.length; i++) {
        c.putObject(names[i]).put("delta", rates[i] * scale * 10).put("perSecond", rates[i] * scale);
      }
    }
    Files.createDirectories(tmp.resolve(name));
    Files.writeString(tmp.resolve(name).resolve("results.json"), res.toString());
  }

  @Test
  void theBusiestCountersOfEachSampledRunBesideTheClientsRate() throws Exception {
    ObjectNode header = StudyJson.MAPPER.createObjectNode();
    ArrayNode steps = header.putArray("steps");
    step(steps, "strong/load", "load", 5000, 1, true);
    step(steps, "strong/8020/threads-1", "run", 400, 1, true);
    step(steps, "strong/8020/threads-2", "run", 700, 2, true);
    step(steps, "strong/8020/threads-5", "run", 900, 1, false);
    header.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-sei/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("sei"), tmp, header);
    Report.Table t = rb.tables.stream().filter(x -> x.id.equals("server")).findFirst().orElseThrow();
    assertThat(t.cols.stream().map(Report.Col::title)).containsExactly("run", "client ops/s",
        "threadpool.Native-Transport-Requests.completed/s", "coordinator_read.count/s", "local_read.count/s",
        "threadpool.ReadStage.completed/s", "coordinator_write.count/s", "local_write.count/s");
    assertThat(t.rows).hasSize(2);
    assertThat(t.rows.get(0).get("step").text).isEqualTo("strong/8020/threads-1");
    assertThat(t.rows.get(1).get("client").value).isEqualTo(700);
    Report.Cell read = t.rows.get(1).get("c1");
    assertThat(read.value).isEqualTo(1600);
    assertThat(read.sources.get(0).field()).isEqualTo("extra.server.counters{coordinator_read.count}.perSecond");
    assertThat(Fields.number(StudyJson.MAPPER.readTree(tmp.resolve("strong/8020/threads-2/results.json")
        .toFile()), read.sources.get(0).field())).isEqualTo(1600);
    assertThat(t.notes.get(0)).contains("system_views of 1 node(s)");
  }

  @Test
  void noSampledRunNoTable() throws Exception {
    ObjectNode header = StudyJson.MAPPER.createObjectNode();
    step(header.putArray("steps"), "strong/8020/threads-1", "run", 400, 1, false);
    header.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-sei/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("sei"), tmp, header);
    assertThat(rb.tables.stream().map(x -> x.id)).doesNotContain("server");
  }
}
