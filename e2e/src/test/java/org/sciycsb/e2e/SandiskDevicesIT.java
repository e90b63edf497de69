package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.study.report.Fields;

/**
 * {@code bin/ycsb study sandisk jdbc --devices HDD,SSD} (issue 35, items 4, 5 and 7): the whole matrix at a small
 * scale on two emulated devices the test makes (the hdd and ssd profiles), PostgreSQL (an instance of the test's own,
 * {@code -p study.server=postgres@...}, on a free port) restarted on each with the memory cap the data sets give,
 * raised to what PostgreSQL serves 32 threads with; every load ran on it without the cap and every run with it
 * (study.json's {@code server.starts}, the page cache dropped before each capped start). Every measured report
 * cell, in each device's report and in the report over both (Figure 7 side by side), is checked against the
 * results.json it names, and each B / A ratio against its two sources. Needs root, FUSE and Debian's PostgreSQL,
 * as CI has. The devices, the server, its cgroup and its state folder are removed after the test, also when it
 * fails.
 */
class SandiskDevicesIT {
  static final Path WORK = Path.of(Launcher.serversWork());
  static final Path CGROOT = Path.of("/sys/fs/cgroup/memory/sciycsb");

  @TempDir Path tmp;
  final String tag = "it-sd-" + ProcessHandle.current().pid();
  final String hdd = tag + "-hdd";
  final String ssd = tag + "-ssd";
  final String server = "postgres@" + tag;
  Map<String, String> env;

  @BeforeEach
  void devicesAndPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      env = Map.of("SCIYCSB_WORK", WORK.toString(), "PGPORT_SCIYCSB", Integer.toString(s.getLocalPort()));
    }
    Launcher.servers(env, "device", "create", hdd, "--profile", "hdd", "--size", "384M");
    Launcher.servers(env, "device", "create", ssd, "--profile", "ssd", "--size", "384M");
  }

  @AfterEach
  void removeWhatWasMade() throws Exception {
    List<String> failures = new ArrayList<>();
    for (String[] cmd : new String[][] {{"stop", server}, {"device", "remove", hdd}, {"device", "remove", ssd}}) {
      try {
        if (!cmd[0].equals("device") || Files.exists(WORK.resolve("devices").resolve(cmd[2]))) {
          Launcher.servers(env, cmd);
        }
      } catch (AssertionError e) {
        failures.add(e.getMessage());
      }
    }
    Path state = WORK.resolve("servers").resolve(server);
    if (Files.exists(state)) {
      try (Stream<Path> all = Files.walk(state)) {
        all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
    assertThat(failures).isEmpty();
    assertThat(CGROOT.resolve(server)).as("the server's cgroup").doesNotExist();
  }

  @Test
  void theMatrixRunsOnBothDevicesAndEveryCellIsItsResultsJson() throws Exception {
    Path dir = tmp.resolve("study");
    Launcher.Result r = Launcher.start(tmp, "study", env, "ycsb", "study", "sandisk", "jdbc", "--scale", "1e-5",
        "--devices", hdd + "," + ssd, "-p", "study.server=" + server, "-p", "results.dir=" + dir)
        .await(Duration.ofMinutes(20));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("memory cap raised from").contains("study: stopping " + server);
    JsonNode all = Launcher.json(dir.resolve("study.json"));
    assertThat(all.path("stores")).hasSize(2);
    assertThat(all.path("command").asText().split(" --devices ", -1)).as("--devices named once: " + all.path("command"))
        .hasSize(2);
    for (String d : List.of(hdd, ssd)) {
      JsonNode one = Launcher.json(dir.resolve(d).resolve("study.json"));
      JsonNode srv = one.path("server");
      assertThat(srv.path("device").path("name").asText()).isEqualTo(d);
      assertThat(srv.path("memoryCapBytes").asLong()).as("raised to what PostgreSQL serves 32 threads with")
          .isEqualTo(256L << 20);
      assertThat(srv.path("ratioKept").asBoolean()).isFalse();
      assertThat(srv.path("loadUncapped").asBoolean()).as("loads on the server without its cap").isTrue();
      Map<String, Boolean> capped = cappedByStep(one);
      for (JsonNode step : one.path("steps")) {
        String kind = step.path("kind").asText();
        if (kind.equals("load") || kind.equals("run")) {
          assertThat(capped.get(step.path("name").asText())).as(step.path("name").asText() + " ran capped")
              .isEqualTo(kind.equals("run"));
        }
      }
      for (JsonNode start : srv.path("starts")) {
        if (start.path("memoryCapped").asBoolean()) {
          assertThat(start.path("command").asText()).endsWith("--memory 262144K");
          if (!start.path("beforeStep").isNull()) {
            assertThat(start.path("pageCache").asText()).as("dropped before the capped start")
                .startsWith("drop-cache: ");
          }
        } else {
          assertThat(start.path("command").asText()).doesNotContain("--memory").endsWith("--device " + d);
        }
      }
      assertThat(one.path("outcome").asText()).isEqualTo("completed");
      JsonNode res = Launcher.json(dir.resolve(d).resolve("1TB/workloadc-uniform/results.json"));
      assertThat(res.path("metadata").path("storage").path("sampling").asText()).as("the device under its data")
          .startsWith("sampled");
      assertThat(checkCells(dir.resolve(d), one)).as("cells checked in " + d).isGreaterThan(50);
    }
    assertThat(checkCells(dir, all)).isGreaterThan(100);
    JsonNode ratio = table(all, "devices-" + ssd + "-vs-" + hdd + "-throughput-ratio");
    assertThat(ratio.path("rows")).as("A, B, C uniform and zipfian, read latest 3").hasSize(9);
    JsonNode a = ratio.path("rows").get(0);
    assertThat(a.path("paper-1TB").path("value").asDouble()).as("Figure 7's workload A, SSD / HDD at 1TB")
        .isGreaterThan(10);
    assertThat(a.path("model-1TB").path("value").isNumber()).as("the profiles' prediction").isTrue();
  }

  /**
   * Each step's server from study.json: capped or not as the last of {@code server.starts} at or before it (each
   * names the step it came before; the first, null: the study's start). Every start must come before a step.
   */
  static Map<String, Boolean> cappedByStep(JsonNode study) {
    JsonNode starts = study.path("server").path("starts");
    Map<String, Boolean> out = new java.util.LinkedHashMap<>();
    Boolean now = null;
    int next = 0;
    for (JsonNode step : study.path("steps")) {
      String name = step.path("name").asText();
      while (next < starts.size() && (starts.get(next).path("beforeStep").isNull()
          || starts.get(next).path("beforeStep").asText().equals(name))) {
        now = starts.get(next++).path("memoryCapped").asBoolean();
      }
      out.put(name, now);
    }
    assertThat(next).as("every start before a step: " + starts).isEqualTo(starts.size());
    return out;
  }

  static JsonNode table(JsonNode study, String id) {
    for (JsonNode t : study.path("tables")) {
      if (t.path("id").asText().equals(id)) {
        return t;
      }
    }
    throw new AssertionError("no table " + id);
  }

  /**
   * Every cell with sources: one source, its value is that results.json field; a ratio of two (B / A), the first's
   * over the second's. Returns how many were checked.
   */
  static int checkCells(Path base, JsonNode study) throws IOException {
    int n = 0;
    for (JsonNode t : study.path("tables")) {
      for (JsonNode row : t.path("rows")) {
        for (var it = row.fields(); it.hasNext(); ) {
          JsonNode c = it.next().getValue();
          JsonNode src = c.path("sources");
          if (!c.path("value").isNumber() || src.size() == 0 || c.has("aggregate")) {
            continue;
          }
          double[] v = new double[src.size()];
          for (int i = 0; i < src.size(); i++) {
            Path d = Path.of(src.get(i).path("dir").asText());
            JsonNode res = Launcher.json((d.isAbsolute() ? d : base.resolve(d)).resolve("results.json"));
            v[i] = Fields.get(res, src.get(i).path("field").asText()).asDouble(Double.NaN);
          }
          double want = src.size() == 1 ? v[0] : v[0] / v[1];
          assertThat(c.path("value").asDouble()).as(t.path("id").asText() + " " + c)
              .isCloseTo(want, org.assertj.core.api.Assertions.within(Math.abs(want) * 1e-9 + 1e-9));
          n++;
        }
      }
    }
    return n;
  }
}
