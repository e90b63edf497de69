package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash (SIGKILL of the JVM) at random moments around the end of short runs, when the results are being
 * written: whatever {@code results.json} exists is whole and parses, and the files written before it are there.
 */
class AtomicResultsIT {
  @TempDir
  Path tmp;

  @Test
  void aKilledRunNeverLeavesAHalfWrittenResultsJson() throws Exception {
    String[] run = {"run", "basic", "-P", "workloads/workloada", "-p", "operationcount=0", "-p", "maxexecutiontime=2", "-threads", "2",
        "-p", "timeseries.granularity=10"};
    // one whole run first: how long a run takes here, to aim the kills around its end
    long t0 = System.nanoTime();
    Launcher.Result whole = Launcher.ycsb(tmp, with(run, tmp.resolve("whole")));
    long wholeMs = (System.nanoTime() - t0) / 1_000_000;
    assertThat(whole.exit()).as(whole.toString()).isZero();
    assertThat(Files.size(tmp.resolve("whole/results.json"))).as("a large document: a long write").isGreaterThan(50_000);

    Random random = new Random(Long.getLong("sciycsb.seed", System.nanoTime()));
    int written = 0;
    int notYet = 0;
    for (int i = 0; i < 12; i++) {
      Path dir = tmp.resolve("kill-" + i);
      long at = (long) (wholeMs * (0.6 + 0.6 * random.nextDouble()));
      Launcher.Running r = Launcher.start(tmp, "kill-" + i, Map.of(), "ycsb", with(run, dir));
      r.process.waitFor(at, TimeUnit.MILLISECONDS);
      r.signal("KILL");
      r.await(Duration.ofSeconds(60));
      Path json = dir.resolve("results.json");
      if (Files.exists(json)) {
        written++;
        JsonNode j = Launcher.json(json); // a torn file would not parse
        assertThat(j.path("format").asText()).isEqualTo("sciycsb-results");
        assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
        assertThat(j.path("timeseries").size()).isPositive();
        // written before results.json, each atomically: whole as well
        assertThat(Files.readString(dir.resolve("results.txt"))).contains("[OVERALL], RunTime(ms)")
            .endsWith("\n");
        assertThat(Files.readString(dir.resolve("results.csv"))).startsWith("operation,kind,").endsWith("\n");
      } else {
        notYet++;
        if (Files.exists(dir.resolve("results.txt"))) {
          assertThat(Files.readString(dir.resolve("results.txt"))).contains("[OVERALL], RunTime(ms)");
        }
      }
    }
    System.out.printf("killed 12 runs: %d had written results.json, %d had not yet%n", written, notYet);
  }

  private static String[] with(String[] args, Path dir) {
    String[] out = java.util.Arrays.copyOf(args, args.length + 2);
    out[args.length] = "-p";
    out[args.length + 1] = "results.dir=" + dir;
    return out;
  }
}
