package org.sciycsb.study.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;

/**
 * The hook before the engine steps (what restarts the study's server with or without its memory cap): called before
 * every load and run that runs, in plan order, not before a pause or a skipped step; its failure is the step's.
 * Runs the basic binding in this process.
 */
class StudyRunnerHookTest {
  @TempDir Path tmp;

  static Plan twoSizes() {
    Plan plan = new Plan();
    for (String size : List.of("32GB", "1TB")) {
      plan.add(Step.load(size + "/load", "basic").p("recordcount", 20));
      plan.add(Step.pause(size + "/pause", 0).after(size + "/load"));
      for (String w : List.of("a", "c")) {
        plan.add(Step.run(size + "/" + w, "basic").p("recordcount", 20).p("operationcount", 20)
            .after(size + "/load"));
      }
    }
    return plan;
  }

  @Test
  void theHookRunsBeforeEveryLoadAndRunThatRunsAndItsFailureIsTheSteps() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(console, true, StandardCharsets.UTF_8);
    StudyRunner runner = new StudyRunner(tmp, tmp.resolve("study"), Map.of(), List.of(), null, err);
    List<String> seen = new ArrayList<>();
    runner.beforeEngineSteps(s -> {
      seen.add(s.name());
      if (s.name().equals("1TB/load")) {
        throw new ConfigException("bin/servers start postgres --device hdd: refused");
      }
    });
    Map<String, Object> header = new LinkedHashMap<>();
    int code = runner.run(twoSizes(), header, h -> { });
    assertThat(seen).as(console.toString(StandardCharsets.UTF_8))
        .containsExactly("32GB/load", "32GB/a", "32GB/c", "1TB/load");
    assertThat(code).isEqualTo(2);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> steps = (List<Map<String, Object>>) header.get("steps");
    assertThat(steps).extracting(m -> m.get("status")).containsExactly("ok", "ok", "ok", "ok", "failed", "skipped",
        "skipped", "skipped");
    assertThat(steps.get(4)).containsEntry("exitCode", 2)
        .containsEntry("reason", "error: bin/servers start postgres --device hdd: refused");
  }
}
