package org.sciycsb.hdfs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * HDFS's own figures, from the daemons' JMX servlets ({@link HadoopJmx}). The NameNode's {@code NameNodeActivity}
 * operation counts (every {@code *Ops}, {@code Files*} and {@code GetBlockLocations}) are counters, a few of its
 * {@code FSNamesystemState} and {@code FSNamesystem} figures (files, blocks, capacity used, live and dead DataNodes,
 * under-replicated blocks, files being written) gauges. Each live DataNode's {@code DataNodeActivity} (bytes and
 * blocks written and read, block operations) is summed over the DataNodes, their count a gauge; the DataNodes are the
 * NameNode's report of live ones, reached at their HTTP address ({@code getIpAddr():getInfoPort()}).
 *
 * <p>The DataNode sums are part of a sample only when every DataNode the first sample summed answered again (and no
 * other): a difference between two samples is then always over the same DataNodes. When the first sample could not
 * read them all, the run reports the NameNode's figures alone. Hadoop refreshes what its metrics show through JMX
 * once per metrics period ({@code *.period} of {@code hadoop-metrics2.properties}, 10 s by default, 1 s on the test
 * server), so a sample can be that old ({@code FSNamesystemState} is always current).
 */
final class HdfsServerStats {
  static final List<String> STATE_GAUGES = List.of("FilesTotal", "BlocksTotal", "CapacityUsed", "CapacityRemaining",
      "NumLiveDataNodes", "NumDeadDataNodes", "NumStaleDataNodes", "UnderReplicatedBlocks",
      "PendingReplicationBlocks", "PendingDeletionBlocks", "TotalLoad");
  static final List<String> FSNAMESYSTEM_GAUGES = List.of("NumFilesUnderConstruction", "NumActiveClients",
      "MissingBlocks", "CorruptBlocks");
  static final List<String> DATANODE_COUNTERS = List.of("BytesWritten", "BytesRead", "BlocksWritten", "BlocksRead",
      "BlocksReplicated", "BlocksRemoved", "WriteBlockOpNumOps", "ReadBlockOpNumOps", "WritesFromLocalClient",
      "WritesFromRemoteClient", "ReadsFromLocalClient", "ReadsFromRemoteClient", "FlushNanosNumOps", "FsyncCount",
      "TotalWriteTime", "TotalReadTime");
  static final String DATANODE_XCEIVERS = "DataNodeActiveXceiversCount";

  private final HadoopJmx jmx = new HadoopJmx();
  private final String nameNode;
  private final String fsUri;
  private final int rpcPort;
  /** Whether the servlet was found to be the NameNode of {@link #fsUri} (checked once). */
  private boolean sameNameNode;
  /** The DataNodes (transfer addresses) the first sample summed; null before it, empty when it summed none. */
  private Set<String> dataNodes;

  /**
   * @param nameNode host:port of the NameNode's HTTP server
   * @param fsUri the file system's URI: the source names it, and the servlet must be its NameNode's
   */
  HdfsServerStats(String nameNode, java.net.URI fsUri) {
    this.nameNode = nameNode;
    this.fsUri = fsUri.toString();
    this.rpcPort = fsUri.getPort() < 0 ? 8020 : fsUri.getPort();
  }

  /** One sample; fails when the NameNode's JMX cannot be read. */
  Optional<ServerStats> read(DistributedFileSystem dfs) throws BindingException {
    Map<String, Double> counters = new TreeMap<>();
    Map<String, Double> gauges = new TreeMap<>();
    try {
      checkSameNameNode();
      nameNode(jmx.beans(nameNode, "Hadoop:service=NameNode,name=NameNodeActivity"),
          jmx.beans(nameNode, "Hadoop:service=NameNode,name=FSNamesystem*"), counters, gauges);
    } catch (IOException e) {
      throw new BindingException("the NameNode's JMX at http://" + nameNode + "/jmx cannot be read (" + e
          + "); hdfs.namenode.http names its HTTP address", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("interrupted while reading the NameNode's JMX", e);
    }
    if (counters.isEmpty()) {
      throw new BindingException("http://" + nameNode + "/jmx has no NameNodeActivity bean: is it a NameNode's?");
    }
    addDataNodes(dfs, counters, gauges);
    return Optional.of(new ServerStats(source(), counters, gauges));
  }

  /**
   * Refuses the servlet of another NameNode (a second cluster on the host, whose HTTP port the default named): its
   * RPC port ({@code NameNodeStatus.HostAndPort}) must be the one of {@code hdfs.url}.
   */
  private void checkSameNameNode() throws IOException, InterruptedException, BindingException {
    if (sameNameNode) {
      return;
    }
    String other = otherNameNode(jmx.beans(nameNode, "Hadoop:service=NameNode,name=NameNodeStatus"), rpcPort);
    if (other != null) {
      throw new BindingException("http://" + nameNode + "/jmx is the NameNode of " + other + ", not of " + fsUri
          + ": hdfs.namenode.http names its HTTP address");
    }
    sameNameNode = true;
  }

  /** The RPC address the servlet's NameNode serves, when its port is not {@code rpcPort}; else null. */
  static String otherNameNode(List<JsonNode> status, int rpcPort) {
    String hostAndPort = HadoopJmx.bean(status, "NameNodeStatus").path("HostAndPort").asText("");
    return hostAndPort.endsWith(":" + rpcPort) ? null : hostAndPort.isEmpty() ? "an unknown address" : hostAndPort;
  }

  private String source() {
    String s = "NameNode JMX of " + fsUri + " (http://" + nameNode + "/jmx)";
    return dataNodes == null || dataNodes.isEmpty() ? s
        : s + " and DataNodeActivity summed over " + dataNodes.size() + " DataNode(s)";
  }

  /** The NameNode's counters and gauges from its NameNodeActivity and FSNamesystem* beans. */
  static void nameNode(List<JsonNode> activity, List<JsonNode> fsNamesystem, Map<String, Double> counters,
      Map<String, Double> gauges) {
    HadoopJmx.numbers(HadoopJmx.bean(activity, "NameNodeActivity"),
        k -> k.endsWith("Ops") || k.startsWith("Files") || k.equals("GetBlockLocations"), "NameNodeActivity.",
        counters);
    HadoopJmx.numbers(HadoopJmx.bean(fsNamesystem, "FSNamesystemState"), STATE_GAUGES::contains,
        "FSNamesystemState.", gauges);
    HadoopJmx.numbers(HadoopJmx.bean(fsNamesystem, "FSNamesystem"), FSNAMESYSTEM_GAUGES::contains,
        "FSNamesystem.", gauges);
  }

  private void addDataNodes(DistributedFileSystem dfs, Map<String, Double> counters, Map<String, Double> gauges) {
    Map<String, List<JsonNode>> answered = dataNodeBeans(dfs);
    if (dataNodes == null) {
      dataNodes = answered == null ? Set.of() : Set.copyOf(answered.keySet());
    }
    if (!dataNodes.isEmpty() && answered != null && answered.keySet().equals(dataNodes)) {
      sumDataNodes(answered.values(), counters, gauges);
    }
  }

  /** Each live DataNode's DataNodeActivity beans by transfer address; null when the report or one of them fails. */
  private Map<String, List<JsonNode>> dataNodeBeans(DistributedFileSystem dfs) {
    Map<String, List<JsonNode>> out = new LinkedHashMap<>();
    try {
      for (DatanodeInfo dn : dfs.getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE)) {
        List<JsonNode> beans = jmx.beans(dn.getIpAddr() + ":" + dn.getInfoPort(),
            "Hadoop:service=DataNode,name=DataNodeActivity*");
        if (beans.isEmpty()) {
          return null;
        }
        out.put(dn.getXferAddr(), beans);
      }
      return out;
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * The DataNodes' activity counters summed, their active transfer threads summed, and their count; each DataNode's
   * beans are its answer to {@code name=DataNodeActivity*} (one bean, named after the DataNode).
   */
  static void sumDataNodes(Collection<List<JsonNode>> perDataNode, Map<String, Double> counters,
      Map<String, Double> gauges) {
    Map<String, Double> one = new TreeMap<>();
    for (List<JsonNode> beans : perDataNode) {
      one.clear();
      HadoopJmx.numbers(beans.get(0), k -> DATANODE_COUNTERS.contains(k) || k.equals(DATANODE_XCEIVERS), "", one);
      one.forEach((k, v) -> (k.equals(DATANODE_XCEIVERS) ? gauges : counters)
          .merge("DataNodeActivity." + k, v, Double::sum));
    }
    gauges.put("DataNodeActivity.dataNodes", (double) perDataNode.size());
  }
}
