package org.sciycsb.report;

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
}
