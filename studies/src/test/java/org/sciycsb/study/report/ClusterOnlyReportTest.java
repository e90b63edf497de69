package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.study.StudyReports;
import org.sciycsb.study.seeds.Studies;

/**
 * The report's "Settings with an effect only on a cluster": each setting judged from the server its first finished
 * run met (results.json metadata.store.details), "not known from the server" when the details do not tell.
 */
class ClusterOnlyReportTest {
  @TempDir
  Path tmp;

  private void setting(ArrayNode list, String file, String key, String needs, int nodes, String step) {
    ObjectNode c = list.addObject();
    c.put("file", file).put("key", key).put("value", "v").put("needs", needs).put("effect", "has an effect only on x");
    if (nodes > 0) {
      c.put("nodes", nodes);
    }
    c.putArray("steps").add(step);
  }

  private void step(ArrayNode steps, String name, String details) throws Exception {
    steps.addObject().put("name", name).put("kind", "run").put("dir", name).put("status", "ok");
    if (details != null) {
      Files.createDirectories(tmp.resolve(name));
      Files.writeString(tmp.resolve(name).resolve("results.json"), "{\"metadata\": {\"store\": {\"details\": "
          + details + "}}}");
    }
  }

  @Test
  void eachSettingIsJudgedFromTheServerItsRunMet() throws Exception {
    ObjectNode h = StudyJson.MAPPER.createObjectNode();
    ArrayNode list = h.putObject("params").putArray("clusterOnly");
    setting(list, "preset-cassandra", "cassandra.replication.factor", "nodes", 3, "one");
    setting(list, "preset-cassandra", "cassandra.replication.factor", "nodes", 3, "three");
    setting(list, "preset-mongodb", "mongodb.shardkey", "sharded", 0, "standalone");
    setting(list, "preset-mongodb", "mongodb.readpreference", "replicas", 0, "rs");
    setting(list, "preset-x", "x.y", "nodes", 3, "silent");
    setting(list, "preset-x", "x.z", "nodes", 3, "never");
    ArrayNode steps = h.putArray("steps");
    step(steps, "one", "{\"nodes\": \"1\"}");
    step(steps, "three", "{\"nodes\": \"3\"}");
    step(steps, "standalone", "{\"topology\": \"standalone\"}");
    step(steps, "rs", "{\"topology\": \"replica set rs0\"}");
    step(steps, "silent", "{\"driver\": \"x\"}");
    step(steps, "never", null);
    h.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-bankmark/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("bankmark"), tmp, h);
    Report.Table t = rb.tables.stream().filter(x -> x.id.equals(ExperimentsReport.CLUSTER_TABLE)).findFirst()
        .orElseThrow();
    assertThat(t.rows).hasSize(6);
    Map<String, Report.Cell> one = t.rows.get(0);
    assertThat(one.get("setting").text).isEqualTo("preset-cassandra: cassandra.replication.factor=v");
    assertThat(one.get("server").text).isEqualTo("1 node(s) (one/results.json metadata.store.details)");
    assertThat(one.get("server").sources).as("a text cell: e2e checks compare every sourced cell to a number")
        .isEmpty();
    assertThat(one.get("here").text).isEqualTo("no effect: 1 node(s), fewer than 3");
    assertThat(t.rows.get(1).get("here").text).isEqualTo("has an effect: 3 nodes (>= 3)");
    assertThat(t.rows.get(2).get("here").text).isEqualTo("no effect: standalone, not sharded");
    assertThat(t.rows.get(3).get("here").text).isEqualTo("has an effect: replica set rs0");
    assertThat(t.rows.get(4).get("server").text).startsWith("no node count or topology in results.json");
    assertThat(t.rows.get(4).get("here").text).startsWith("not known from the server: ");
    assertThat(t.rows.get(5).get("here").text).isEqualTo("not known from the server: no run of these steps "
        + "finished");
  }

  @Test
  void noClusterOnlySettingNoTable() throws Exception {
    ObjectNode h = StudyJson.MAPPER.createObjectNode();
    h.putObject("params");
    h.putArray("steps");
    h.set("published", StudyJson.MAPPER.readTree(Path.of("../workloads/study-bankmark/published.json").toFile()));
    ReportBuilder rb = StudyReports.build(Studies.find("bankmark"), tmp, h);
    assertThat(rb.tables.stream().map(x -> x.id)).doesNotContain(ExperimentsReport.CLUSTER_TABLE,
        ExperimentsReport.TABLE);
  }
}
