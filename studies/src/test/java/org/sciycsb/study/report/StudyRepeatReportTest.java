package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.study.StudyReports;
import org.sciycsb.study.seeds.Studies;

/**
 * Seed 003's report over a study run with --repeat 2 (its run folders written here, no store): each point is the
 * mean of its repeats with the 95 % interval, its figure has the interval as error bars, a failed repeat is named.
 */
class StudyRepeatReportTest {
  @TempDir
  Path tmp;

  private ObjectNode step(ArrayNode steps, String name, int threads, int k, String status, double tput)
      throws Exception {
    ObjectNode s = steps.addObject();
    s.put("name", name + "/run-" + k);
    s.put("kind", "run");
    s.put("dir", name + "/run-" + k);
    s.put("status", status);
    ObjectNode tags = s.putObject("tags");
    tags.put("consistency", "strong").put("mix", "8020").put("threads", "" + threads).put("role", "run")
        .put("repeat", "" + k).put("repeatOf", name);
    ObjectNode res = StudyJson.MAPPER.createObjectNode();
    res.putObject("summary").put("throughput", tput).put("outcome", "completed");
    ArrayNode ops = res.putArray("operations");
    ops.addObject().put("name", "FHIR_RECENT").putObject("response").put("count", 10).put("mean", tput / 10)
        .put("p95", tput / 5);
    Files.createDirectories(tmp.resolve(name + "/run-" + k));
    Files.writeString(tmp.resolve(name + "/run-" + k + "/results.json"), res.toString());
    return s;
  }

  @Test
  void seiShowsTheMeanOfTheRepeatsWithItsInterval() throws Exception {
    ObjectNode header = StudyJson.MAPPER.createObjectNode();
    ObjectNode params = header.putObject("params");
    params.putArray("points").addObject().put("threads", 1).putArray("nominal").add(1);
    params.withArray("points").addObject().put("threads", 2).putArray("nominal").add(2);
    params.putObject("mixes").putArray("strong").add("8020");
    ArrayNode steps = header.putArray("steps");
    // repeat-major: both points in repeat 1, then both in repeat 2 (the second one of 2 threads failed)
    step(steps, "strong/8020/threads-1", 1, 1, "ok", 100);
    step(steps, "strong/8020/threads-2", 2, 1, "ok", 180);
    step(steps, "strong/8020/threads-1", 1, 2, "ok", 110);
    step(steps, "strong/8020/threads-2", 2, 2, "failed", 1);
    header.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-sei/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("sei"), tmp, header);
    Report.Table t = rb.tables.get(0);
    Report.Cell one = t.rows.get(0).get("strong-8020");
    assertThat(one.value).isCloseTo(105, within(1e-9));
    assertThat(one.sources).hasSize(2);
    // t(0.975, 1) = 12.706, s = 7.071, n = 2: half width 63.53
    assertThat(one.ci95[0]).isCloseTo(105 - 63.53, within(0.01));
    assertThat(one.ci95[1]).isCloseTo(105 + 63.53, within(0.01));
    Report.Cell two = t.rows.get(1).get("strong-8020");
    assertThat(two.value).isEqualTo(180);
    assertThat(two.ci95).as("one sample: no interval").isNull();
    assertThat(two.failed).containsExactly("strong/8020/threads-2/run-2 (failed)");
    assertThat(two.toMap()).containsEntry("ci95", List.of()).containsEntry("n", 1);
    Report.Figure f = rb.figures.get(0);
    assertThat(f.series.get(0).err()[0]).isCloseTo(63.53, within(0.01));
    JsonNode fig = StudyJson.MAPPER.valueToTree(f.toMap());
    assertThat(fig.path("series").get(0).path("ci95HalfWidths").get(0).asDouble()).isCloseTo(63.53, within(0.01));
    assertThat(StudyOutput.tooltip(one)).contains("95 % CI [41.469, 168.531]");
    assertThat(StudyOutput.tooltip(two)).contains("one sample").contains("not averaged: strong/8020/threads-2/run-2");
  }
}
