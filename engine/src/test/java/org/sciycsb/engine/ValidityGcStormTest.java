package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GC reason of the validity verdict provoked for real: a run in a JVM of its own whose heap is tiny and nearly
 * full ({@link GcStormMain}), so that its collector pauses for a large share of the measured time. The one process
 * of the validity tests (a run's own heap cannot be shrunk in the test's JVM); about three seconds.
 */
class ValidityGcStormTest {
  @TempDir
  Path tmp;

  @Test
  void aTinyNearlyFullHeapMakesTheRunSuspectForItsGcPauses() throws Exception {
    Path dir = tmp.resolve("storm");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx48m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        GcStormMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(out).isTrue();
    List<String> lines = out.lines().toList();
    assertThat(lines).as(out).contains("exit 0");
    JsonNode v = LocalRun.results(dir).path("validity");
    assertThat(v.path("reasons").toString()).as(v.toString()).contains("\"reason\":\"GC pauses\"");
    assertThat(v.path("gc").path("share").asDouble()).isGreaterThan(0.05);
    assertThat(out).contains("validity: suspect (", "GC pauses: ", "[TOTAL_GC_TIME_%], Time(%), ");
    assertThat(new File(dir.toFile(), "results.json")).exists();
  }
}
