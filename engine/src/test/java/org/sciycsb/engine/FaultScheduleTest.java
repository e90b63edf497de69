package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.engine.fault.FaultSchedule;
import org.sciycsb.engine.servers.ServerControl;

/**
 * The fault schedule of a run ({@code fault.*}) with shell commands as the fault and its restore, on the no-op
 * binding: both run at their times, inside the measured part, their output in fault.log and their times in
 * metadata.faults; a failing command or a run that ends first fails the run (exit 4, results kept, the fault
 * undone); bad schedules are one line, exit 2, nothing run. Through {@link LocalRun}.
 */
class FaultScheduleTest {
  @TempDir
  Path tmp;

  private LocalRun run(String... props) {
    List<String> argv = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada", "-threads", "2",
        "-target", "500", "-p", "recordcount=100"));
    for (String p : props) {
      argv.add("-p");
      argv.add(p);
    }
    return LocalRun.run(argv.toArray(String[]::new));
  }

  @Test
  void theFaultAndItsRestoreRunAtTheirTimesAndAreRecorded() throws Exception {
    Path dir = tmp.resolve("r");
    Path mark = tmp.resolve("mark.txt");
    LocalRun c = run("maxexecutiontime=4", "operationcount=100000", "fault.at=1s", "fault.action=command:echo down >> "
        + mark, "fault.restore=2500ms", "fault.restorecommand=echo up >> " + mark, "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Files.readAllLines(mark)).containsExactly("down", "up");
    JsonNode faults = LocalRun.results(dir).path("metadata").path("faults");
    assertThat(faults).hasSize(2);
    assertThat(faults.get(0).path("what").asText()).isEqualTo("fault");
    assertThat(faults.get(0).path("exitCode").asInt()).isZero();
    assertThat(faults.get(1).path("what").asText()).isEqualTo("restore");
    assertThat(faults.get(1).path("early").asBoolean()).isFalse();
    long at = faults.get(0).path("atMs").asLong();
    long back = faults.get(1).path("atMs").asLong();
    // relative to the measured start (no warmup: the threads start with it), inside the 4-second run
    assertThat(at).isBetween(500L, 2000L);
    assertThat(back - at).isBetween(1000L, 2500L);
    assertThat(Files.readString(dir.resolve("fault.log"))).contains("$ sh -c echo down").contains("(exit 0)");
    // the report marks both on its time charts: the command line's FaultReportTest
  }

  @Test
  void aFailingFaultCommandFailsTheRunWithItsResultsKept() throws Exception {
    Path dir = tmp.resolve("f");
    LocalRun c = run("maxexecutiontime=2", "operationcount=100000", "fault.at=500ms", "fault.action=command:exit 7",
        "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    assertThat(c.err).contains("the fault command failed").contains("exit 7").doesNotContain("\tat ");
    assertThat(LocalRun.results(dir).path("metadata").path("faults").get(0).path("exitCode").asInt()).isEqualTo(7);
  }

  @Test
  void aRunThatEndsFirstUndoesTheFaultAndSaysSo() throws Exception {
    Path dir = tmp.resolve("e");
    Path mark = tmp.resolve("early.txt");
    LocalRun c = run("maxexecutiontime=2", "operationcount=100000", "fault.at=500ms",
        "fault.action=command:echo down >> "
        + mark, "fault.restore=60s", "fault.restorecommand=echo up >> " + mark, "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    assertThat(c.err).contains("the run ended before its fault schedule did");
    assertThat(Files.readAllLines(mark)).containsExactly("down", "up");
    JsonNode faults = LocalRun.results(dir).path("metadata").path("faults");
    assertThat(faults.get(1).path("early").asBoolean()).isTrue();
  }

  @Test
  void aRestoreAtTheEndRunsWhenTheRunEndsAsPlanned() throws Exception {
    Path dir = tmp.resolve("end");
    Path mark = tmp.resolve("end.txt");
    LocalRun c = run("maxexecutiontime=2", "operationcount=100000", "fault.at=500ms",
        "fault.action=command:echo down >> "
        + mark, "fault.restoreatend=true", "fault.restorecommand=echo up >> " + mark, "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Files.readAllLines(mark)).containsExactly("down", "up");
    JsonNode faults = LocalRun.results(dir).path("metadata").path("faults");
    assertThat(faults.get(1).path("what").asText()).isEqualTo("restore");
    assertThat(faults.get(1).path("atEnd").asBoolean()).isTrue();
    assertThat(faults.get(1).path("early").asBoolean()).isFalse();
    assertThat(faults.get(1).path("atMs").asLong()).isBetween(1500L, 4000L);
  }

  @Test
  void severalNodesAreKilledInOneCommandAndRestoredInOne() throws Exception {
    List<FaultSchedule.Step> hdfs = FaultSchedule.plan(new org.sciycsb.api.Config(java.util.Map.of("fault.at", "1s",
        "fault.action", "kill-node:2,3", "fault.server", "hdfs@dn3", "fault.restoreatend", "true")),
        ServerControl.local());
    assertThat(hdfs).hasSize(2);
    assertThat(hdfs.get(0).command().subList(1, hdfs.get(0).command().size()))
        .containsExactly("kill-node", "hdfs@dn3", "2", "3");
    assertThat(hdfs.get(1).command()).endsWith("restore-node", "hdfs@dn3", "2", "3");
    assertThat(hdfs.get(1).atEnd()).isTrue();
    List<FaultSchedule.Step> cas = FaultSchedule.plan(new org.sciycsb.api.Config(java.util.Map.of("fault.at", "1s",
        "fault.action", "kill-node:2", "fault.server", "cassandra", "fault.restore", "5s")), ServerControl.local());
    assertThat(cas.stream().map(s -> s.what() + " " + String.join(" ", s.command().subList(1, 4)))).containsExactly(
        "fault kill-node cassandra 2", "restore restore-node cassandra 2");
    assertThat(cas.get(0).command().get(0)).endsWith("bin/servers");
  }

  @Test
  void aPauseIsResumedAtItsTimeOrAtTheEnd() throws Exception {
    List<FaultSchedule.Step> p = FaultSchedule.plan(new org.sciycsb.api.Config(java.util.Map.of("fault.at", "2s",
        "fault.action", "pause-node:2,3", "fault.server", "cassandra@dc3", "fault.restore", "12s",
        "maxexecutiontime", "30")), ServerControl.local());
    assertThat(p.stream().map(s -> s.what() + " " + s.at().toSeconds() + " " + String.join(" ",
        s.command().subList(1, s.command().size())))).containsExactly("fault 2 pause-node cassandra@dc3 2 3",
        "restore 12 resume-node cassandra@dc3 2 3");
    List<FaultSchedule.Step> end = FaultSchedule.plan(new org.sciycsb.api.Config(java.util.Map.of("fault.at", "2s",
        "fault.action", "pause-node:1", "fault.server", "cassandra", "fault.restoreatend", "true",
        "maxexecutiontime", "10")), ServerControl.local());
    assertThat(end.get(1).command()).endsWith("resume-node", "cassandra", "1");
    assertThat(end.get(1).atEnd()).isTrue();
  }

  /** A server whose bin/servers script kills no nodes is refused before the run, asked of the checkout's script. */
  @Test
  void aServerWithoutNodeFaultsIsOneLineAndExitTwo() {
    Path home = Path.of("").toAbsolutePath();
    while (!Files.isExecutable(home.resolve("bin/servers"))) {
      home = home.getParent();
    }
    String before = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", home.toString());
    try {
      for (String server : List.of("mongodb", "riak@x")) {
        LocalRun c = run("fault.at=1s", "fault.action=kill-node:2", "fault.server=" + server, "results.dir="
            + tmp.resolve("bad"));
        assertThat(c.exit).as(c.toString()).isEqualTo(2);
        assertThat(c.err.lines().filter(l -> l.startsWith("error:")).toList()).singleElement().isEqualTo("error:"
            + " fault.action=kill-node:2: bin/servers kills nodes of the cassandra and hdfs test servers, not of '"
            + server + "' (use fault.action=command:... for other stores, e.g. a Riak cluster of your own)");
        assertThat(tmp.resolve("bad")).doesNotExist();
      }
    } finally {
      if (before == null) {
        System.clearProperty("sciycsb.home");
      } else {
        System.setProperty("sciycsb.home", before);
      }
    }
  }

  @Test
  void badSchedulesAreOneLineAndExitTwo() {
    String[][] cases = {
        {"a fault needs both fault.at (when) and fault.action (what)", "fault.at=1s"},
        {"a fault needs both fault.at (when) and fault.action (what)", "fault.action=kill-node:2"},
        {"bad value for fault.action: 'reboot'", "fault.at=1s", "fault.action=reboot"},
        {"fault.action=kill-node:2 needs fault.server", "fault.at=1s", "fault.action=kill-node:2"},
        {"fault.restore (1s) must come after fault.at (2s)", "fault.at=2s", "fault.action=command:true",
            "fault.restore=1s", "fault.restorecommand=true"},
        {"needs fault.restorecommand", "fault.at=1s", "fault.action=command:true", "fault.restore=2s"},
        {"fault.restore and fault.restorecommand need fault.at", "fault.restore=2s"},
        {"names a node twice", "fault.at=1s", "fault.action=kill-node:2,2", "fault.server=hdfs"},
        // no bin/servers where sciycsb.home points (a release, or here the module's folder)
        {"fault.server=cassandra acts on this checkout's test servers through", "fault.at=1s",
            "fault.action=kill-node:2", "fault.server=cassandra"},
        {"bad value for fault.action: 'kill-node:2,'", "fault.at=1s", "fault.action=kill-node:2,"},
        {"exclude each other", "fault.at=1s", "fault.action=command:true", "fault.restore=2s",
            "fault.restoreatend=true", "fault.restorecommand=true"},
        {"fault.restoreatend with fault.action=command:... needs fault.restorecommand", "fault.at=1s",
            "fault.action=command:true", "fault.restoreatend=true"},
        {"fault.action=pause-node:2 needs fault.restore (when the node goes on) or fault.restoreatend=true",
            "fault.at=1s", "fault.action=pause-node:2", "fault.server=cassandra"},
        {"fault.action=pause-node:2: a pause longer than the run: fault.restore (30s) is not before the run's end"
            + " (maxexecutiontime=20)", "fault.at=1s", "fault.action=pause-node:2", "fault.server=cassandra",
            "fault.restore=30s", "maxexecutiontime=20"},
        {"bad value for fault.action: 'pause-node:x'", "fault.at=1s", "fault.action=pause-node:x",
            "fault.restoreatend=true"},
        {"fault.action=pause-node:3,3 names a node twice", "fault.at=1s", "fault.action=pause-node:3,3",
            "fault.restoreatend=true", "fault.server=cassandra"},
    };
    for (String[] k : cases) {
      List<String> props = new ArrayList<>(List.of(k).subList(1, k.length));
      props.add("results.dir=" + tmp.resolve("bad"));
      LocalRun c = run(props.toArray(String[]::new));
      assertThat(c.exit).as(String.join(" ", props) + ": " + c).isEqualTo(2);
      assertThat(c.err.lines().filter(l -> l.startsWith("error:")).toList()).singleElement()
          .satisfies(l -> assertThat(l).contains(k[0]));
      assertThat(tmp.resolve("bad")).doesNotExist();
    }
  }
}
