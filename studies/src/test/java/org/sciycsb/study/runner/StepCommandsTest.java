package org.sciycsb.study.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.study.plan.Step;

/** What a step runs: its command line and its engine spec. */
class StepCommandsTest {
  @Test
  void stepFolderPlaceholdersResolveAndTheUsersPropertiesComeAfterTheSteps() throws Exception {
    // niec's read step: the ids its write step wrote, the number of reads
    Step read = Step.run("workers-20/read", "fake").p("fasta.ids", "${dir:workers-20/write}").p("fasta.reads", 80);
    Path dir = Path.of("/tmp/x");
    Map<String, String> user = Map.of("fasta.reads", "7");
    StepCommands commands = new StepCommands(Path.of("/home"), dir, user, List.of(), new InsertKeyLedger(user));
    assertThat(commands.command(read))
        .contains("fasta.ids=/tmp/x/workers-20/write", "fasta.reads=7", "results.dir=/tmp/x/workers-20/read");
    // the engine runs the same step from its spec: placeholders resolved, the user's properties above the step's
    RunSpec spec = commands.spec(read, System.out, System.err);
    assertThat(spec.phase()).isEqualTo(Phase.RUN);
    assertThat(spec.binding()).isEqualTo(read.binding());
    assertThat(spec.properties()).containsEntry("fasta.ids", "/tmp/x/workers-20/write")
        .containsEntry("fasta.reads", "7").containsEntry("results.dir", "/tmp/x/workers-20/read");
  }

  @Test
  void aLoadGetsNeitherTheUsersWarmupNorItsFaults() throws Exception {
    Map<String, String> user = Map.of("warmupops", "300", "warmuptime", "5s", "fault.at=1s".split("=")[0], "1s",
        "threadcount", "8");
    StepCommands commands = new StepCommands(Path.of("/home"), Path.of("/tmp/x"), user, List.of(),
        new InsertKeyLedger(user));
    Step load = Step.load("32GB/load", "fake").p("recordcount", 1000);
    Step run = Step.run("32GB/readlatest-latest", "fake").p("recordcount", 1000).after("32GB/load");
    assertThat(commands.spec(load, System.out, System.err).properties())
        .doesNotContainKeys("warmupops", "warmuptime", "fault.at").containsEntry("threadcount", "8");
    assertThat(commands.spec(run, System.out, System.err).properties())
        .containsEntry("warmupops", "300").containsEntry("warmuptime", "5s").containsEntry("fault.at", "1s");
  }
}
