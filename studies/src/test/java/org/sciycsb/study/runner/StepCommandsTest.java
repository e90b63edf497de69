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
}
