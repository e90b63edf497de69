package org.sciycsb.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ManifestDiffTest {
  static JsonNode run(String threads, String dflt, String kernel, String jar, String dir) throws Exception {
    return new ObjectMapper().readTree(("{'metadata': {'toolVersion': 'dev', 'gitRevision': 'abc', 'binding': 'jdbc', "
        + "'phase': 'run', 'workload': 'core', 'store': {'product': 'PostgreSQL', 'version': '15.18'},"
        + "'properties': {'threadcount': '" + threads + "', 'results.dir': '" + dir + "'},"
        + "'manifest': {'resolved': {'threadcount': '" + threads + "', 'fieldlength': '" + dflt + "'},"
        + "'environment': {'kernel': '" + kernel + "', 'cores': 2}, 'classpath': ['a-1.jar', '" + jar + "']}}}")
        .replace('\'', '"'));
  }

  @Test
  void differencesAreTheOverridesAskedAndEverythingElseNot() throws Exception {
    JsonNode a = run("4", "100", "Linux 6.1", "driver-5.1.jar", "/a");
    JsonNode b = run("8", "200", "Linux 6.18", "driver-5.2.jar", "/b");
    List<String> lines = ManifestDiff.of(a, b, Set.of("threadcount")).stream().map(ManifestDiff.Diff::line).toList();
    assertThat(lines).containsExactly("fieldlength: 100 -> 200", "threadcount: 4 -> 8 (asked)",
        "environment kernel: Linux 6.1 -> Linux 6.18", "jar driver-5.1.jar: loaded -> -",
        "jar driver-5.2.jar: - -> loaded");
    assertThat(ManifestDiff.of(a, run("4", "100", "Linux 6.1", "driver-5.1.jar", "/c"), Set.of()))
        .as("where a run writes is no difference").isEmpty();
  }

  @Test
  void serverSettingsDifferByNameAndAnUnreadSideIsSaid() throws Exception {
    JsonNode a = withServer(run("4", "100", "Linux 6.1", "d.jar", "/a"), "{'shared_buffers': '16384 (8kB)', 'fsync': 'on'}");
    JsonNode b = withServer(run("4", "100", "Linux 6.1", "d.jar", "/b"), "{'shared_buffers': '32768 (8kB)', 'fsync': 'on'}");
    assertThat(ManifestDiff.of(a, b, Set.of()).stream().map(ManifestDiff.Diff::line).toList())
        .as("a setting the servers differ in").containsExactly("server setting shared_buffers: 16384 (8kB) -> 32768 (8kB)");
    JsonNode unread = withServer(run("4", "100", "Linux 6.1", "d.jar", "/c"), null);
    assertThat(ManifestDiff.of(a, unread, Set.of()).stream().map(ManifestDiff.Diff::line).toList())
        .as("one side could not read its server's settings").containsExactly("server configuration: read -> not read");
  }

  private static JsonNode withServer(JsonNode run, String settings) throws Exception {
    com.fasterxml.jackson.databind.node.ObjectNode server = ((com.fasterxml.jackson.databind.node.ObjectNode) run
        .path("metadata").path("manifest")).putObject("server");
    server.put("product", "PostgreSQL");
    if (settings != null) {
      server.set("settings", new ObjectMapper().readTree(settings.replace('\'', '"')));
    } else {
      server.put("configuration", "not read: test");
    }
    return run;
  }
}
