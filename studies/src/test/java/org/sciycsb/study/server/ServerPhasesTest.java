package org.sciycsb.study.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.seeds.SandiskStudy;
import org.sciycsb.study.seeds.StudyDef;
import org.sciycsb.study.seeds.Studies;

/**
 * Which server starts a study makes, in which order, with its memory cap or without: loads uncapped, runs capped,
 * a restart (with the page cache of the server's files dropped before a capped start) only where the way changes;
 * against {@link FakeServers}, which writes down every stop, start and drop-cache.
 */
class ServerPhasesTest {
  static final String CAP = "--memory 262144K";

  @TempDir Path home;
  Path calls;
  final ByteArrayOutputStream console = new ByteArrayOutputStream();
  final PrintStream log = new PrintStream(console, true, StandardCharsets.UTF_8);

  @BeforeEach
  void fakeServers() throws IOException {
    calls = FakeServers.write(home);
  }

  /** Two sizes, each a load and two runs (sandisk's order), then a second repeat's runs of both sizes. */
  static List<Step> twoSizes() {
    return List.of(Step.load("32GB/load", "jdbc"), Step.run("32GB/a-uniform", "jdbc").after("32GB/load"),
        Step.run("32GB/c-uniform", "jdbc").after("32GB/load"), Step.pause("32GB/pause", 0),
        Step.load("1TB/load", "jdbc"), Step.run("1TB/a-uniform", "jdbc").after("1TB/load"),
        Step.run("1TB/c-uniform", "jdbc").after("1TB/load"), Step.run("32GB/a-uniform/run-2", "jdbc"),
        Step.run("1TB/a-uniform/run-2", "jdbc"));
  }

  List<String> run(ServerSetup s, List<Step> steps) throws BenchmarkException, IOException {
    s.start(log, steps);
    for (Step step : steps) {
      s.beforeStep(step, log);
    }
    s.stop(log);
    return Files.readAllLines(calls);
  }

  @Test
  void loadsRunUncappedAndRunsCappedRestartingOnlyWhereTheWayChanges() throws Exception {
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), ServerSetupTest.sandisk(1L << 20, 10L << 20), "jdbc",
        "hdd1", null, Map.of());
    assertThat(s.loadUncapped()).isTrue();
    String data = home.resolve("work/devices/hdd1/mnt/postgres/data").toString();
    assertThat(run(s, twoSizes())).containsExactly(
        "stop postgres", "start postgres --device hdd1", // 32GB/load
        "stop postgres", "drop-cache " + data, "start postgres --device hdd1 " + CAP, // 32GB/a-uniform
        "stop postgres", "start postgres --device hdd1", // 1TB/load
        "stop postgres", "drop-cache " + data, "start postgres --device hdd1 " + CAP, // 1TB/a-uniform
        "stop postgres"); // the study's end
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> starts = (List<Map<String, Object>>) s.toMap().get("starts");
    assertThat(starts).extracting(m -> m.get("beforeStep")).containsExactly(null, "32GB/a-uniform", "1TB/load",
        "1TB/a-uniform");
    assertThat(starts).extracting(m -> m.get("memoryCapped")).containsExactly(false, true, false, true);
    assertThat(starts.get(1)).containsEntry("command", "bin/servers start postgres --device hdd1 " + CAP)
        .containsEntry("pageCache", "drop-cache: 3 files, 24K under " + data + ": cached before 24K, after 0");
    assertThat(starts.get(2)).containsEntry("command", "bin/servers start postgres --device hdd1")
        .doesNotContainKey("pageCache");
    assertThat(s.toMap()).containsEntry("loadUncapped", true)
        .containsEntry("loadCommand", "bin/servers start postgres --device hdd1")
        .containsEntry("command", "bin/servers start postgres --device hdd1 " + CAP);
    assertThat(s.notes()).anyMatch(n -> n.startsWith("the loads run on postgres without its memory cap"));
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("(without the cap for the loads)", "restarting postgres with its memory cap for the runs",
            "restarting postgres without its memory cap for the load");
  }

  @Test
  void aStudyThatStartsWithARunStartsCapped() throws Exception {
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), ServerSetupTest.sandisk(1L << 20, 10L << 20), "jdbc",
        null, null, Map.of());
    List<Step> runsFirst = List.of(Step.run("32GB/a-uniform", "jdbc"), Step.load("1TB/load", "jdbc"),
        Step.run("1TB/a-uniform", "jdbc"));
    String data = home.resolve("work/devices/hdd1/mnt/postgres/data").toString();
    assertThat(run(s, runsFirst)).containsExactly("stop postgres", "start postgres " + CAP,
        "stop postgres", "start postgres", "stop postgres", "drop-cache " + data, "start postgres " + CAP,
        "stop postgres");
  }

  @Test
  void capsOnTheLoadsTooKeepOneStartAsBefore() throws Exception {
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), ServerSetupTest.sandisk(1L << 20, 10L << 20), "jdbc",
        "hdd1", null, Map.of("study.load.capped", "true"));
    assertThat(s.loadUncapped()).isFalse();
    assertThat(run(s, twoSizes())).containsExactly("stop postgres", "start postgres --device hdd1 " + CAP,
        "stop postgres");
    assertThat(s.toMap()).containsEntry("loadUncapped", false).doesNotContainKey("loadCommand");
    assertThat(s.notes()).noneMatch(n -> n.contains("without its memory cap"));
  }

  @Test
  void bankmarksLoadsAreFiguresSoTheyRunCappedUnlessAsked() throws Exception {
    Plan p = new Plan();
    p.param("testcases", Map.of("I", 2_000_000L));
    p.param("recordBytes", 1000L);
    StudyDef bankmark = Studies.find("bankmark");
    assertThat(ServerSetup.of(home, bankmark, p, "jdbc", "hdd1", null, Map.of()).loadUncapped()).isFalse();
    assertThat(ServerSetup.of(home, bankmark, p, "jdbc", "hdd1", null, Map.of("study.load.capped", "false"))
        .loadUncapped()).isTrue();
  }

  @Test
  void withoutACapThereIsNothingToSwitch() throws Exception {
    ServerSetup s = ServerSetup.of(home, Studies.find("niec"), new Plan(), "jdbc", "hdd1", null, Map.of());
    assertThat(s.loadUncapped()).isFalse();
    assertThat(run(s, twoSizes())).containsExactly("stop postgres", "start postgres --device hdd1", "stop postgres");
  }
}
