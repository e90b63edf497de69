package org.sciycsb.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * The JMX answers recorded from the test server (bin/servers start hdfs: one NameNode, one DataNode, after three
 * files were created, one of them holding one block of 405,264 bytes) read as counters and gauges.
 */
class HdfsServerStatsTest {
  final Map<String, Double> counters = new TreeMap<>();
  final Map<String, Double> gauges = new TreeMap<>();

  static List<JsonNode> recorded(String name) throws IOException {
    try (InputStream in = HdfsServerStatsTest.class.getResourceAsStream("/jmx/" + name + ".json")) {
      return HadoopJmx.beans(new ObjectMapper().readTree(in));
    }
  }

  @Test
  void theNameNodesOperationCountsAreCountersAndItsStateGauges() throws IOException {
    HdfsServerStats.nameNode(recorded("namenode-activity"), recorded("namenode-fsnamesystem"), counters, gauges);
    assertThat(counters).containsEntry("NameNodeActivity.CreateFileOps", 3.0)
        .containsEntry("NameNodeActivity.FilesCreated", 3.0)
        .containsEntry("NameNodeActivity.AddBlockOps", 1.0)
        .containsEntry("NameNodeActivity.GetBlockLocations", 0.0)
        .containsEntry("NameNodeActivity.TransactionsNumOps", 11.0)
        // averages, queue lengths and times are no counters
        .doesNotContainKeys("NameNodeActivity.TransactionsAvgTime", "NameNodeActivity.PendingEditsCount",
            "NameNodeActivity.FsImageLoadTime", "NameNodeActivity.BlockOpsQueued");
    assertThat(counters.keySet()).allMatch(k -> k.startsWith("NameNodeActivity."));
    assertThat(gauges).containsEntry("FSNamesystemState.FilesTotal", 6.0)
        .containsEntry("FSNamesystemState.BlocksTotal", 1.0)
        .containsEntry("FSNamesystemState.NumLiveDataNodes", 1.0)
        .containsEntry("FSNamesystemState.NumDeadDataNodes", 0.0)
        .containsEntry("FSNamesystemState.CapacityUsed", 433015.0)
        .containsEntry("FSNamesystem.NumFilesUnderConstruction", 0.0)
        .doesNotContainKey("FSNamesystemState.BlockDeletionStartTime");
    assertThat(gauges).hasSize(HdfsServerStats.STATE_GAUGES.size() + HdfsServerStats.FSNAMESYSTEM_GAUGES.size());
  }

  @Test
  void theDataNodesActivityIsSummedOverTheDataNodes() throws IOException {
    List<JsonNode> one = recorded("datanode-activity");
    HdfsServerStats.sumDataNodes(List.of(one), counters, gauges);
    assertThat(counters).containsEntry("DataNodeActivity.BytesWritten", 405264.0)
        .containsEntry("DataNodeActivity.BlocksWritten", 1.0)
        .containsEntry("DataNodeActivity.WriteBlockOpNumOps", 1.0)
        .containsEntry("DataNodeActivity.BytesRead", 0.0)
        .doesNotContainKeys("DataNodeActivity.BlocksInPendingIBR", "DataNodeActivity.DataNodeActiveXceiversCount");
    assertThat(counters).hasSize(HdfsServerStats.DATANODE_COUNTERS.size());
    assertThat(gauges).containsEntry("DataNodeActivity.dataNodes", 1.0)
        .containsEntry("DataNodeActivity.DataNodeActiveXceiversCount", 0.0);

    counters.clear();
    gauges.clear();
    HdfsServerStats.sumDataNodes(List.of(one, one, one), counters, gauges);
    assertThat(counters).containsEntry("DataNodeActivity.BytesWritten", 3 * 405264.0)
        .containsEntry("DataNodeActivity.BlocksWritten", 3.0);
    assertThat(gauges).containsEntry("DataNodeActivity.dataNodes", 3.0);
  }

  @Test
  void theServletOfAnotherNameNodeIsToldApartByItsRpcPort() throws IOException {
    // the test server's NameNode answers HostAndPort localhost:9000
    assertThat(HdfsServerStats.otherNameNode(recorded("namenode-status"), 9000)).isNull();
    assertThat(HdfsServerStats.otherNameNode(recorded("namenode-status"), 9200)).isEqualTo("localhost:9000");
    assertThat(HdfsServerStats.otherNameNode(List.of(), 9000)).isEqualTo("an unknown address");
  }

  @Test
  void anUnreachableNameNodeIsABindingErrorThatNamesTheOption() {
    // nothing listens on port 1 of the loopback: the connection is refused at once
    HdfsServerStats s = new HdfsServerStats("127.0.0.1:1", URI.create("hdfs://127.0.0.1:9000"));
    assertThatThrownBy(() -> s.read(null)).isInstanceOf(BindingException.class)
        .hasMessageContaining("http://127.0.0.1:1/jmx").hasMessageContaining("hdfs.namenode.http");
  }

  @Test
  void theNameNodesHttpAddressIsTheOptionElseTheUrlsHostWithTheConfiguredPort() throws ConfigException {
    URI uri = URI.create("hdfs://10.1.2.3:8020");
    Configuration conf = new Configuration(false);
    assertThat(HdfsRun.nameNodeHttp(new Config(Map.of()), uri, conf)).isEqualTo("10.1.2.3:9870");
    conf.set("dfs.namenode.http-address", "0.0.0.0:50070");
    assertThat(HdfsRun.nameNodeHttp(new Config(Map.of()), uri, conf)).isEqualTo("10.1.2.3:50070");
    assertThat(HdfsRun.nameNodeHttp(new Config(Map.of("hdfs.namenode.http", "nn:9871")), uri, conf))
        .isEqualTo("nn:9871");
  }
}
