package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb run -p repeats=N in-process on the basic binding. */
class RepeatsTest {
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  @Test
  void repeatsAreCompleteRunsAndTheTopLevelHoldsTheirMeans() throws Exception {
    Path dir = tmp.resolve("rep");
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=20000", "-threads", "2",
        "-p", "repeats=3", "-p", "warmupops=1000", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    double sum = 0;
    for (int i = 1; i <= 3; i++) {
      JsonNode r = MAPPER.readTree(dir.resolve("repeat-" + i + "/results.json").toFile());
      assertThat(r.path("summary").path("operations").asLong()).isEqualTo(20000); // warmup excluded, each repeat
      assertThat(dir.resolve("repeat-" + i + "/latency.hlog")).exists();
      sum += r.path("summary").path("throughput").asDouble();
    }
    JsonNode top = MAPPER.readTree(dir.resolve("results.json").toFile());
    assertThat(top.path("format").asText()).isEqualTo("sciycsb-results");
    assertThat(top.path("summary").path("throughput").asDouble()).isCloseTo(sum / 3, within(0.01));
    JsonNode fig = top.path("repeats").path("figures").path("OVERALL.throughput");
    assertThat(fig.path("values").size()).isEqualTo(3);
    assertThat(fig.path("ci95").get(0).asDouble()).isLessThanOrEqualTo(sum / 3);
    assertThat(fig.path("ci95").get(1).asDouble()).isGreaterThanOrEqualTo(sum / 3);
    assertThat(top.path("repeats").path("n").asInt()).isEqualTo(3);
    assertThat(c.out).contains("[REPEATS], Repeats, 3").contains("[OVERALL], Throughput(ops/sec), ")
        .contains("95% CI [");
    assertThat(Files.readString(dir.resolve("results.txt"))).isEqualTo(c.out);
  }

  /** A store whose every operation fails. */
  public static final class Failing extends site.ycsb.DB {
    @Override
    public site.ycsb.Status read(String t, String k, java.util.Set<String> f,
        java.util.Map<String, site.ycsb.ByteIterator> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status scan(String t, String k, int n, java.util.Set<String> f,
        java.util.Vector<java.util.HashMap<String, site.ycsb.ByteIterator>> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status update(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status insert(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status delete(String t, String k) {
      return site.ycsb.Status.ERROR;
    }
  }

  @Test
  void aRepeatThatFailsIsNamedAndTheOutcomeIsFailed() throws Exception {
    Path dir = tmp.resolve("fail");
    // every operation fails: each repeat ends failed (exit 4)
    Cli c = Cli.run("run", "-db", Failing.class.getName(), "-P", "../workloads/workloada", "-p", "operationcount=1000",
        "-p", "repeats=2", "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isEqualTo(4);
    JsonNode top = MAPPER.readTree(dir.resolve("results.json").toFile());
    assertThat(top.path("metadata").path("outcome").asText()).isEqualTo("failed");
    assertThat(top.path("metadata").path("failure").asText()).contains("2 of 2 repeats failed").contains("repeat-1");
  }

  @Test
  void badRepeatCountsAndRepeatedLoadsAreRefused() {
    Cli zero = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "repeats=0",
        "-p", "results.dir=" + tmp.resolve("z"));
    assertThat(zero.exit).isEqualTo(2);
    assertThat(zero.err).contains("bad value for repeats: '0' must be at least 1");
    assertThat(tmp.resolve("z")).doesNotExist();
    // a binding that cannot empty its table: the first repeat is refused, nothing else runs
    Cli load = Cli.run("load", "test-stall", "-P", "../workloads/workloada", "-p", "repeats=2",
        "-p", "recordcount=100", "-p", "results.dir=" + tmp.resolve("l"));
    assertThat(load.exit).as(load.toString()).isEqualTo(2);
    assertThat(load.err).contains("load.empty: binding test-stall cannot empty its table usertable")
        .doesNotContain("repeat 2 of 2");
  }

  @Test
  void aRepeatedLoadEmptiesTheTableBeforeEachRepeat() throws Exception {
    Path dir = tmp.resolve("loads");
    Cli c = Cli.run("load", "basic", "-P", "../workloads/workloada", "-p", "repeats=3", "-p", "recordcount=2000",
        "-p", "results.dir=" + dir);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err.split("load.empty: emptied usertable", -1)).hasSize(4);
    JsonNode top = Cli.results(dir);
    assertThat(top.path("metadata").path("phase").asText()).isEqualTo("load");
    assertThat(top.path("repeats").path("averaged").asInt()).isEqualTo(3);
    assertThat(top.path("repeats").path("figures").path("summary.operations").path("mean").asDouble())
        .isEqualTo(2000.0);
    assertThat(Cli.results(dir.resolve("repeat-2")).path("metadata").path("properties").path("load.empty").asText())
        .isEqualTo("true");
  }
}
