package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb study dede, only its checkpoint grid (seed 000 §6.1), in-process at a tiny scale on the embedded H2 store
 * (here, where the checkpoint workload is on the classpath): every step runs the checkpoint workload with the plan's
 * tasks, D and I, and the report's Figure 2 and Figure 3 tables hold the runs' own results.json numbers.
 */
class DedeCheckpointStudyTest {
  @TempDir
  Path tmp;

  static JsonNode results(Path dir, JsonNode step) throws Exception {
    return StudyCommandTest.MAPPER.readTree(dir.resolve(step.path("dir").asText()).resolve("results.json").toFile());
  }

  static JsonNode row(JsonNode table, String key, String value) {
    for (JsonNode r : table.path("rows")) {
      if (r.path(key).path("text").asText().equals(value)) {
        return r;
      }
    }
    throw new AssertionError("no row " + key + "=" + value + " in " + table.path("id"));
  }

  @Test
  void theCheckpointGridRunsAndItsReportHoldsTheRunsNumbers() throws Exception {
    Path dir = tmp.resolve("study");
    // one repeat (the study's default is the paper's three)
    StudyCommandTest.Out r = StudyCommandTest.study("dede", "jdbc", "--scale", "1e-3", "--only", "checkpoint/*",
        "--repeat", "1", "-p", "results.dir=" + dir, "-p", "db.url=jdbc:h2:file:" + tmp.resolve("h2").resolve("ck"));
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = StudyCommandTest.MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    // Figure 2: intervals 0..5 s; Figure 3 at 1e-3: 96..1344 tasks -> 1 (one run), 1920 -> 2, for 64k and 1m
    List<String> names = new ArrayList<>();
    doc.path("steps").forEach(s -> names.add(s.path("name").asText()));
    assertThat(names).containsExactly("checkpoint/fig2/interval-0s", "checkpoint/fig2/interval-1s",
        "checkpoint/fig2/interval-2s", "checkpoint/fig2/interval-3s", "checkpoint/fig2/interval-4s",
        "checkpoint/fig2/interval-5s", "checkpoint/fig3/64k/tasks-1", "checkpoint/fig3/64k/tasks-2",
        "checkpoint/fig3/1m/tasks-1", "checkpoint/fig3/1m/tasks-2");

    // every run ran the plan's point: tasks, D, I, S, every task finished, nothing failed
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.path("name").asText()).isEqualTo("ok");
      JsonNode ck = results(dir, s).path("extra").path("checkpoint");
      JsonNode tags = s.path("tags");
      assertThat(ck.path("tasks").asText()).isEqualTo(tags.path("tasks").asText());
      assertThat(ck.path("tasksFinished").asInt()).isEqualTo(ck.path("tasks").asInt());
      assertThat(ck.path("durationS").asDouble()).isEqualTo(1.0);
      assertThat(ck.path("intervalS").asDouble()).isEqualTo(tags.path("intervalSeconds").asDouble());
      assertThat(ck.path("sizeBytes").asLong()).isEqualTo(tags.path("size").asText().equals("1m") ? 1 << 20 : 1 << 16);
      assertThat(ck.path("checkpointsFailed").asLong()).isZero();
      assertThat(ck.path("checkpointsWritten").asLong())
          .isEqualTo(ck.path("tasks").asLong() * ck.path("checkpointsPerTask").asLong());
      // seed 000's workers: a new connection for every checkpoint (jdbc opens clients of its own)
      JsonNode meta = results(dir, s).path("metadata");
      assertThat(meta.path("properties").path("checkpoint.connect").asText()).isEqualTo("checkpoint");
      assertThat(meta.path("connections").path("clientOpened").asLong())
          .isGreaterThan(ck.path("checkpointsWritten").asLong());
    }

    // every measured cell of the report is the field of the run it names: 7 per Figure 2 row (5 at interval 0, no
    // CHECKPOINT), 3 per size and Figure 3 row
    assertThat(StudyCommandTest.checkCells(dir, doc)).isEqualTo(5 * 7 + 5 + 2 * 2 * 3);

    JsonNode f2 = StudyCommandTest.table(doc, "checkpoint-fig2");
    assertThat(f2.path("rows")).hasSize(6);
    for (String i : new String[] {"1", "2", "3", "4", "5"}) {
      JsonNode row = row(f2, "interval", i);
      JsonNode res = StudyCommandTest.MAPPER.readTree(dir.resolve("checkpoint/fig2/interval-" + i + "s")
          .resolve("results.json").toFile());
      double job = StudyCommandTest.field(res, "extra.checkpoint.overhead.jobS");
      assertThat(row.path("job").path("value").asDouble()).isEqualTo(job);
      assertThat(row.path("job").path("sources").get(0).path("field").asText())
          .isEqualTo("extra.checkpoint.overhead.jobS");
      assertThat(row.path("pct").path("value").asDouble()).isCloseTo(100 * job
          / StudyCommandTest.field(res, "extra.checkpoint.durationS"), within(1e-9));
      assertThat(row.path("ckP95").path("value").asDouble())
          .isEqualTo(StudyCommandTest.field(res, "operations[CHECKPOINT].response.p95"));
    }
    JsonNode base = row(f2, "interval", "0 (no checkpoint)");
    assertThat(base.path("perTask").path("value").asDouble()).isZero();
    assertThat(base.path("ckP95").has("value")).as("no CHECKPOINT without checkpoints").isFalse();
    // the paper's numbers beside, labelled published and never in a this-run column
    JsonNode one = row(f2, "interval", "1");
    assertThat(one.path("pub-min").path("value").asDouble()).isEqualTo(25);
    assertThat(one.path("pub-min").path("precision").asText()).startsWith("lower bound");
    assertThat(one.path("pub-pct").path("value").asDouble()).isEqualTo(250);
    assertThat(row(f2, "interval", "5").path("pub-pct").path("precision").asText()).startsWith("upper bound");
    assertThat(row(f2, "interval", "3").path("pub-min").path("text").asText()).isEqualTo("-");
    assertThat(f2.path("columns").findValuesAsText("groupLabel")).anyMatch(g -> g.startsWith("published, ")
        && g.contains("Hopper"));

    JsonNode f3 = StudyCommandTest.table(doc, "checkpoint-fig3");
    assertThat(f3.path("rows")).hasSize(2);
    JsonNode last = row(f3, "tasks", "2");
    assertThat(last.path("cores").path("text").asText()).isEqualTo("480");
    double j64 = StudyCommandTest.field(StudyCommandTest.MAPPER.readTree(dir.resolve("checkpoint/fig3/64k/tasks-2")
        .resolve("results.json").toFile()), "extra.checkpoint.overhead.jobS");
    double j1m = StudyCommandTest.field(StudyCommandTest.MAPPER.readTree(dir.resolve("checkpoint/fig3/1m/tasks-2")
        .resolve("results.json").toFile()), "extra.checkpoint.overhead.jobS");
    assertThat(last.path("job-64k").path("value").asDouble()).isEqualTo(j64);
    assertThat(last.path("job-1m").path("value").asDouble()).isEqualTo(j1m);
    if (j64 > 0) {
      assertThat(last.path("ratio").path("value").asDouble()).isCloseTo(j1m / j64, within(1e-9));
    }
    assertThat(last.path("pub-ratio").path("value").asDouble()).isEqualTo(1.3);
    JsonNode first = row(f3, "tasks", "1");
    assertThat(first.path("cores").path("text").asText()).isEqualTo("24, 48, 96, 192, 288, 336");
    assertThat(first.path("pub-ratio").path("text").asText()).isEqualTo("-");

    String md = Files.readString(dir.resolve("study.md"));
    assertThat(md).contains("## Figure 2: job overhead by checkpoint interval")
        .contains("## Figure 3: overhead by cores").contains("| published: overhead (minutes) |");
    assertThat(Files.readString(dir.resolve("study.html"))).contains("id=\"table-checkpoint-fig2\"")
        .contains("id=\"table-checkpoint-fig3\"").contains("<svg class=\"chart\" id=\"checkpoint-fig3\"");
  }
}
