package org.sciycsb.study.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.DataCentres;

class DataCentresSetupTest {
  static final long GIB = 1L << 30;

  @TempDir
  Path tmp;

  @Test
  void threeDataCentresAreNineNodesWithOneCopyEachAndTheClientsInTheFirst() throws Exception {
    DataCentres d = DataCentresSetup.layout("cassandra", 3, null, 24 * GIB, 40);
    assertThat(d.nodes()).isEqualTo(9);
    assertThat(d.reason()).isNull();
    assertThat(d.hosts(1)).containsExactly("127.0.0.41", "127.0.0.42", "127.0.0.43");
    assertThat(d.hosts(3)).containsExactly("127.0.0.47", "127.0.0.48", "127.0.0.49");
    assertThat(d.replication()).isEqualTo("datacenter1:1,datacenter2:1,datacenter3:1");
    assertThat(d.pauseSeesLocalCopies()).isTrue();
    assertThat(d.toMap()).containsEntry("pausedNodeIn", "datacenter1").containsEntry("server", "cassandra@sei");
  }

  @Test
  void aHostThatCannotHoldNineNodesGetsOneADataCentreAndTheReason() throws Exception {
    // nine need 9 GiB + 2 GiB; three need 5 GiB
    DataCentres d = DataCentresSetup.layout("cassandra", 3, null, 8 * GIB, 40);
    assertThat(d.nodes()).isEqualTo(3);
    assertThat(d.perDc()).isEqualTo(1);
    assertThat(d.reason()).contains("9 nodes need about").contains("3 nodes, one a data centre, instead of 9");
    assertThat(d.toMap()).containsKey("smallerThanAsked").containsEntry("pausedNodeIn", "datacenter2");
    assertThat(d.pauseSeesLocalCopies()).isFalse();
  }

  @Test
  void anAskedNodeCountThatDoesNotFitIsOneLine() {
    assertThatThrownBy(() -> DataCentresSetup.layout("cassandra", 3, 9, 8 * GIB, 40))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("--nodes 9: 9 nodes need about")
        .hasMessageEndingWith("(--nodes 3, one a data centre, fits)");
    assertThatThrownBy(() -> DataCentresSetup.layout("cassandra", 3, null, 3 * GIB, 40))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("--nodes 9: ");
  }

  @Test
  void badLayoutsAreOneLine() throws Exception {
    assertThatThrownBy(() -> DataCentresSetup.layout("cassandra", 2, 3, 24 * GIB, 40))
        .hasMessage("--dcs must divide --nodes 3 (each data centre the same number of nodes, at most 9 nodes), "
            + "got 2");
    assertThatThrownBy(() -> DataCentresSetup.layout("cassandra", 10, null, 24 * GIB, 40))
        .hasMessage("--dcs must be 1..9, got 10");
    assertThatThrownBy(() -> DataCentresSetup.layout("jdbc", 3, null, 24 * GIB, 40))
        .hasMessage("--dcs: binding jdbc has no multi-data-centre test server in this checkout (cassandra has)");
    // four data centres: two each is the most nine allow
    assertThat(DataCentresSetup.layout("cassandra", 4, null, 24 * GIB, 40).nodes()).isEqualTo(8);
  }

  @Test
  void theAvailableMemoryIsMemAvailable() throws Exception {
    Path f = tmp.resolve("meminfo");
    Files.writeString(f, "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   8388608 kB\n");
    assertThat(DataCentresSetup.available(f)).isEqualTo(8 * GIB);
    Files.writeString(f, "MemTotal:       24576000 kB\n");
    assertThatThrownBy(() -> DataCentresSetup.available(f)).hasMessageContaining("has no MemAvailable line");
  }

  @Test
  void theStepsGoToTheFirstDataCentre() throws Exception {
    Path meminfo = tmp.resolve("meminfo");
    Files.writeString(meminfo, "MemAvailable:   25165824 kB\n");
    DataCentresSetup s = DataCentresSetup.of(tmp, "cassandra", 3, 6, meminfo, 40);
    assertThat(s.engineProps()).containsEntry("cassandra.hosts", "127.0.0.41,127.0.0.42")
        .containsEntry("cassandra.localdc", "datacenter1").containsEntry("resources.pids", "servers:cassandra@sei")
        .doesNotContainKeys("cassandra.keyspace", "cassandra.replication.dcs");
    assertThat(s.toMap()).containsEntry("command", "bin/servers start cassandra@sei --nodes 6 --dcs 3")
        .containsEntry("startedByStudy", false);
    // a running cluster of that layout is used; any other state is started
    List<String> topo = List.of("1 127.0.0.41 datacenter1 rack1 running", "2 127.0.0.42 datacenter1 rack1 running",
        "3 127.0.0.43 datacenter2 rack1 running", "4 127.0.0.44 datacenter2 rack1 running",
        "5 127.0.0.45 datacenter3 rack1 running", "6 127.0.0.46 datacenter3 rack1 running");
    assertThat(s.running(topo)).isTrue();
    assertThat(s.running(topo.subList(0, 5))).isFalse();
    List<String> paused = new java.util.ArrayList<>(topo);
    paused.set(1, "2 127.0.0.42 datacenter1 rack1 paused");
    assertThat(s.running(paused)).isFalse();
    List<String> oneDc = topo.stream().map(l -> l.replaceAll("datacenter[23]", "datacenter1")).toList();
    assertThat(s.running(oneDc)).isFalse();
  }
}
