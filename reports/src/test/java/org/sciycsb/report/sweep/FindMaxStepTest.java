package org.sciycsb.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.sciycsb.api.Phase;
import org.junit.jupiter.api.Test;
import org.sciycsb.engine.RunSpec;

/** A findmax step's run: the step's rate, time and folder, and the user's label kept in front of the step's. */
class FindMaxStepTest {
  private final FindMax.Settings settings = new FindMax.Settings(100, 2, Duration.ofSeconds(7), 0.05, 0.05, 20);

  @Test
  void aStepKeepsTheUsersLabel() {
    RunSpec base = RunSpec.builder(Phase.RUN).property("label", "ssd").build();
    RunSpec step = FindMax.step(base, settings, 400, Path.of("/tmp/x/step-02-400"));
    assertThat(step.properties()).containsEntry("label", "ssd-findmax-400").containsEntry("target", "400.0")
        .containsEntry("maxexecutiontime", "7").containsEntry("operationcount", "0")
        .containsEntry("results.dir", "/tmp/x/step-02-400");
  }

  @Test
  void withoutALabelTheStepNamesItself() {
    RunSpec step = FindMax.step(RunSpec.builder(Phase.RUN).build(), settings, 400, Path.of("s"));
    assertThat(step.properties()).containsEntry("label", "findmax-400");
  }
}
