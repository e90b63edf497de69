package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The studies on the embedded {@code wiredtiger} binding (issue 45, part 2). {@code study sandisk wiredtiger --devices
 * HDD,SSD} at a tiny scale on two emulated devices the test makes: no server; the data folder on each device, every
 * run step's client in a memory cgroup of its own at the cap (raised to what the client serves 32 threads with),
 * every load outside it, the cache and the cap in study.json, and the report's Figure 7 side by side with both
 * devices. Then bankmark (the in-memory case) and sei (the FHIR mix) at a tiny scale. Needs root, FUSE and Debian's
 * libwiredtiger-java, as CI has. The devices are removed after the test, also when it fails; the client's cgroup
 * must be gone.
 */
class WiredTigerStudyIT {
  static final Path WORK = Path.of(Launcher.serversWork());
  static final Path CLIENT_CG = Path.of("/sys/fs/cgroup/memory/sciycsb/client");

  @TempDir Path tmp;
  final String tag = "it-wt-" + ProcessHandle.current().pid();
  final String hdd = tag + "-hdd";
  final String ssd = tag + "-ssd";
  final Map<String, String> env = Map.of("SCIYCSB_WORK", WORK.toString());
  final List<String> made = new ArrayList<>();

  @AfterEach
  void removeDevices() throws Exception {
    List<String> failures = new ArrayList<>();
    for (String d : made) {
      try {
        Launcher.servers(env, "device", "remove", d);
      } catch (AssertionError e) {
        failures.add(e.getMessage());
      }
    }
    assertThat(failures).isEmpty();
    if (Files.isDirectory(CLIENT_CG)) {
      try (var s = Files.list(CLIENT_CG)) {
        assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("study-")).toList())
            .as("no client cgroup of a study left").noneMatch(n -> n.endsWith(hdd) || n.endsWith(ssd));
      }
    }
  }

  @Test
  void sandiskRunsOnBothDevicesWithTheClientCapped() throws Exception {
    for (String[] d : new String[][] {{hdd, "hdd"}, {ssd, "ssd"}}) {
      Launcher.servers(env, "device", "create", d[0], "--profile", d[1], "--size", "1G");
      made.add(d[0]);
    }
    String only = "32GB/load,32GB/workloada-*,1TB/load,1TB/workloadc-*";
    // the reference: the same study on another store (jdbc's H2 in the client) on the same devices and scale
    Path ref = tmp.resolve("reference");
    Launcher.Result h2 = Launcher.start(tmp, "reference", env, "ycsb", "study", "sandisk", "jdbc", "--scale", "1e-5",
        "--devices", hdd + "," + ssd, "--only", only, "-p", "study.server=embedded", "-p", "results.dir=" + ref)
        .await(Duration.ofMinutes(15));
    assertThat(h2.exit()).as(h2.toString()).isZero();
    Path notAStudy = Files.createDirectories(tmp.resolve("not-a-study"));
    Launcher.Result bad = Launcher.start(tmp, "bad-reference", env, "ycsb", "study", "sandisk", "wiredtiger",
        "--scale", "1e-5", "--devices", hdd + "," + ssd, "--only", only, "-p", "study.reference=" + notAStudy,
        "-p", "results.dir=" + tmp.resolve("bad")).await(Duration.ofMinutes(2));
    assertThat(bad.exit()).as(bad.toString()).isEqualTo(2);
    assertThat(bad.err().lines().filter(l -> l.startsWith("error:")).toList()).singleElement().asString()
        .contains("study.reference=" + notAStudy).contains("no study.json");
    assertThat(tmp.resolve("bad")).doesNotExist();

    Path dir = tmp.resolve("study");
    Launcher.Result r = Launcher.start(tmp, "study", env, "ycsb", "study", "sandisk", "wiredtiger", "--scale", "1e-5",
        "--devices", hdd + "," + ssd, "--only", only, "-p", "study.reference=" + ref, "-p", "results.dir=" + dir)
        .await(Duration.ofMinutes(15));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("memory cap raised from");
    for (String d : List.of(hdd, ssd)) {
      JsonNode one = Launcher.json(dir.resolve(d).resolve("study.json"));
      JsonNode srv = one.path("server");
      assertThat(srv.path("embedded").asText()).isEqualTo("wiredtiger");
      Path mount = WORK.resolve("devices").resolve(d).resolve("mnt");
      Path data = Path.of(srv.path("dataDir").asText());
      assertThat(data.getParent()).as("the data folder on the device").isEqualTo(mount);
      assertThat(data.resolve("WiredTiger")).as("WiredTiger's files there").isRegularFile();
      JsonNode res = Launcher.json(dir.resolve(d).resolve("1TB/workloadc-uniform/results.json"));
      assertThat(res.toString()).as("the runs used that folder").contains(data.toString());
      long cap = srv.path("memoryCapBytes").asLong();
      assertThat(cap).as("raised to what the client serves 32 threads with").isEqualTo(320L << 20);
      assertThat(srv.path("ratioKept").asBoolean()).isFalse();
      long cache = srv.path("cacheBytes").asLong();
      assertThat(cache).isEqualTo(srv.path("memory").path("cacheBytes").asLong()).isPositive().isLessThan(cap / 2);
      assertThat(srv.path("cacheKey").asText()).isEqualTo("wiredtiger.cache_size");
      Map<String, Boolean> capped = SandiskDevicesIT.cappedByStep(one);
      for (JsonNode step : one.path("steps")) {
        String name = step.path("name").asText();
        String kind = step.path("kind").asText();
        assertThat(capped.get(name)).as(name + " ran capped").isEqualTo(kind.equals("run"));
        assertThat(step.path("process").asText()).as(name + "'s process")
            .contains("wiredtiger.cache_size=" + cache).contains("-jvm-args -Xmx")
            .contains(kind.equals("run") ? "memcap exec study-" : "bin/ycsb");
      }
      for (JsonNode start : srv.path("starts")) {
        if (start.path("memoryCapped").asBoolean()) {
          assertThat(start.path("command").asText()).endsWith("--memory " + cap / 1024 + "K");
          assertThat(start.path("pageCache").asText()).as("dropped before the capped runs").startsWith("drop-cache: ");
          assertThat(start.path("removed").asText()).as("the cgroup's end").contains("limit=" + cap)
              .contains("oom_kills=0");
        }
      }
      assertThat(one.path("outcome").asText()).isEqualTo("completed");
      assertThat(SandiskDevicesIT.checkCells(dir.resolve(d), one)).isGreaterThan(10);
    }
    JsonNode all = Launcher.json(dir.resolve("study.json"));
    JsonNode ratio = SandiskDevicesIT.table(all, "devices-" + ssd + "-vs-" + hdd + "-throughput-ratio");
    assertThat(ratio.toString()).contains("1TB").contains("32GB");
    JsonNode tput = SandiskDevicesIT.table(all, "devices-" + ssd + "-vs-" + hdd + "-throughput");
    assertThat(tput.toString()).contains(hdd).contains(ssd);
    // Figure 7 beside the reference run and the paper, each group named by the product its runs reported
    JsonNode fig7 = SandiskDevicesIT.table(all, "figure7-reference");
    assertThat(fig7.path("columns").findValuesAsText("title")).anyMatch(t -> t.contains("WiredTiger 3.2.1"))
        .anyMatch(t -> t.contains("H2 ")).anyMatch(t -> t.endsWith("paper"));
    assertThat(fig7.path("rows")).hasSizeGreaterThanOrEqualTo(4);
    JsonNode fig7ratio = SandiskDevicesIT.table(all, "figure7-reference-ratio");
    assertThat(fig7ratio.path("rows")).isNotEmpty();
    assertThat(fig7ratio.toString()).contains("1TB").contains("32GB");
    String md = Files.readString(dir.resolve("study.md"));
    assertThat(md).contains("WiredTiger 3.2.1").contains("device " + hdd).contains("device " + ssd)
        .doesNotContain("MongoDB 3.").doesNotContain("MongoDB 4.");
    assertThat(SandiskDevicesIT.checkCells(dir, all)).isGreaterThan(20);
  }

  @Test
  void bankmarkAndSeiRunOnIt() throws Exception {
    Path bm = tmp.resolve("bankmark");
    Launcher.Result b = Launcher.start(tmp, "bankmark", env, "ycsb", "study", "bankmark", "wiredtiger", "--scale",
        "1e-5", "--only", "tcII/workload2/*", "-p", "results.dir=" + bm).await(Duration.ofMinutes(10));
    assertThat(b.exit()).as(b.toString()).isZero();
    JsonNode bj = Launcher.json(bm.resolve("study.json"));
    assertThat(bj.path("outcome").asText()).isEqualTo("completed");
    assertThat(bj.path("notes").toString()).contains("preset-wiredtiger").contains("wiredtiger.journal.sync=commit");
    assertThat(Files.readString(bm.resolve("study.md"))).contains("WiredTiger 3.2.1");
    assertThat(SandiskDevicesIT.checkCells(bm, bj)).isGreaterThan(3);
    Path sei = tmp.resolve("sei");
    Launcher.Result s = Launcher.start(tmp, "sei", env, "ycsb", "study", "sei", "wiredtiger", "--scale", "1e-3",
        "--repeat", "1", "--only", "strong/load,strong/8020/*", "-p", "results.dir=" + sei)
        .await(Duration.ofMinutes(10));
    assertThat(s.exit()).as(s.toString()).isZero();
    JsonNode sj = Launcher.json(sei.resolve("study.json"));
    assertThat(sj.path("outcome").asText()).isEqualTo("completed");
    JsonNode run = Launcher.json(sei.resolve("strong/8020/threads-1/results.json"));
    assertThat(run.path("summary").path("operations").asLong()).isPositive();
    assertThat(run.path("operations").findValuesAsText("name")).as("the FHIR mix's reads and writes")
        .contains("FHIR_RECENT", "FHIR_INSERT_OBS");
    assertThat(SandiskDevicesIT.checkCells(sei, sj)).isGreaterThan(3);
  }
}
