package org.sciycsb.study.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.SandiskStudy;

/**
 * How a study sizes and names its test server: against a checkout whose bin/servers is a script of the test's own
 * ({@link FakeServers}), so that the sizing rules are checked exactly.
 */
class ServerSetupTest {
  @TempDir Path home;

  @BeforeEach
  void fakeServers() throws IOException {
    FakeServers.write(home);
  }

  static Plan sandisk(long... bytes) {
    Plan p = new Plan();
    List<Object> sizes = new java.util.ArrayList<>();
    for (long b : bytes) {
      sizes.add(Map.of("label", b + "B", "bytes", b, "records", b / 1024));
    }
    p.param("sizes", sizes);
    return p;
  }

  @Test
  void theCapIsTheLargestDataSetOverThePapersRatio() throws ConfigException {
    long data = 10L << 30; // 10 GiB: 10.667 -> 960 MiB
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 30, data), "jdbc", "hdd1", null, Map.of());
    assertThat(s.startArgs()).containsExactly("--device", "hdd1", "--memory", (long) Math.ceil(data / (1024 / 96.0)
        / 1024) + "K");
    assertThat(s.ratio()).isCloseTo(1024 / 96.0, org.assertj.core.api.Assertions.within(0.001));
    assertThat(s.toMap()).containsEntry("ratioKept", true).containsEntry("datasetBytes", data)
        .containsEntry("server", "postgres");
    assertThat(s.engineProps()).containsEntry("db.url", "jdbc:postgresql://127.0.0.1:5433/ycsb?user=ycsb&password=ycsb")
        .containsEntry("storage.path", "servers:postgres").containsEntry("label.storage", "hdd1 (hdd profile)");
    assertThat(s.device().profileNumber("random_ms", -1)).isEqualTo(8.0);
    assertThat(s.notes()).as("a 1.0G device for 10 GiB of data").anyMatch(n -> n.contains("may not hold the data"));
  }

  @Test
  void aCapBelowWhatTheServerServesWithIsRaisedAndSaidSo() throws ConfigException {
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 20, 10L << 20), "jdbc", null, null,
        Map.of());
    assertThat(s.startArgs()).containsExactly("--memory", "262144K");
    assertThat(s.toMap()).containsEntry("ratioKept", false);
    assertThat(s.notes()).anyMatch(n -> n.startsWith("memory cap raised from") && n.contains("256 MiB"));
  }

  @Test
  void anAskedRatioWinsAndTheCommandLinesKeysWin() throws ConfigException {
    ServerSetup s = ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 30), "jdbc", null, 2.0,
        Map.of("db.url", "jdbc:postgresql://elsewhere/x"));
    assertThat(s.startArgs()).containsExactly("--memory", (512 * 1024) + "K");
    assertThat(s.engineProps()).doesNotContainKey("db.url");
    assertThat(s.toMap()).containsEntry("askedRatio", 2.0).containsEntry("ratioKept", false);
  }

  @Test
  void badInputIsOneLineBeforeAnythingRuns() {
    assertThatThrownBy(() -> ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 30), "jdbc", "nvme9", null,
        Map.of())).isInstanceOf(ConfigException.class)
        .hasMessage("--devices: no device 'nvme9' (devices: hdd1; bin/servers device create nvme9 --profile hdd|ssd "
            + "--size SIZE)");
    assertThatThrownBy(() -> ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 30), "riak", "hdd1", null,
        Map.of())).isInstanceOf(ConfigException.class).hasMessageContaining("binding riak has none in this checkout");
    assertThatThrownBy(() -> ServerSetup.of(home, new SandiskStudy(), sandisk(1L << 30), "jdbc", "hdd1", null,
        Map.of("study.server", "hdfs"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("start --memory is not supported for hdfs");
    assertThatThrownBy(() -> ServerSetup.of(home, Studies.find("niec"), new Plan(), "jdbc", null,
        3.0, Map.of())).isInstanceOf(ConfigException.class)
        .hasMessage("--memory-ratio: study niec has no data set to size a memory cap from (sandisk and bankmark have)");
  }

  @Test
  void bankmarksDataSetIsTestCaseOnesRecordsAtTheBaseFilesSize() {
    Plan p = new Plan();
    p.param("testcases", Map.of("I", 2000L, "II", 1000L));
    p.param("recordBytes", 1000L);
    assertThat(Studies.find("bankmark").datasetBytes(p)).isEqualTo(2_000_000L);
    assertThat(Studies.find("bankmark").paperMemory().ratio()).isEqualTo(0.45);
  }

  @Test
  void sizesAsDeviceListPrintsThem() {
    assertThat(Sizes.parse("512M")).isEqualTo(512L << 20);
    assertThat(Sizes.parse("1.5G")).isEqualTo(3L << 29);
    assertThat(Sizes.parse("4096")).isEqualTo(4096);
    assertThat(Sizes.parse("lots")).isEqualTo(-1);
  }
}
