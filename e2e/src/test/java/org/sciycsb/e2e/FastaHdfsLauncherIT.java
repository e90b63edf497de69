package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * Issue 7's HDFS write phase as a user runs it: {@code bin/ycsb load hdfs -p workload=fasta ...} on the HDFS test
 * server ({@code bin/servers start hdfs}), then {@code bin/ycsb run hdfs -p workload=fasta} reading every kind of
 * document back. The NameNode comes from {@code SCIYCSB_HDFS_URL} (default {@code hdfs://127.0.0.1:9000}); the
 * test fails when it does not answer there (the launcher exits 3).
 */
class FastaHdfsLauncherIT {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path tmp;

  static String url() {
    return TestServers.hdfs();
  }

  record Result(int exit, String out, String err) {
    String text(String section, String metric) {
      String prefix = "[" + section + "], " + metric + ", ";
      return out.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).findFirst()
          .orElse(null);
    }
  }

  Result ycsb(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.redirectOutput(tmp.resolve("out.txt").toFile());
    pb.redirectError(tmp.resolve("err.txt").toFile());
    Process p = pb.start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("bin/ycsb finished").isTrue();
    return new Result(p.exitValue(), Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  @Test
  void writePhaseOnHdfsThenReadsOfEveryWrittenId() throws Exception {
    String base = "/sciycsb-e2e-fasta-" + System.nanoTime();
    Path load = tmp.resolve("load");
    Result l = ycsb("load", "hdfs", "-p", "workload=fasta", "-threads", "3", "-p", "hdfs.url=" + url(),
        "-p", "hdfs.basepath=" + base, "-p", "fasta.corpus.files=3", "-p", "fasta.corpus.hits=200",
        "-p", "results.dir=" + load);
    assertThat(l.exit).as(l.err).isZero();
    JsonNode j = new ObjectMapper().readTree(load.resolve("results.json").toFile());
    assertThat(j.path("metadata").path("binding").asText()).isEqualTo("hdfs");
    assertThat(j.path("metadata").path("store").path("product").asText()).isEqualTo("HDFS");
    JsonNode f = j.path("extra").path("fasta");
    assertThat(f.path("countCheck").asText()).as(f.toString()).isEqualTo("ok");
    long total = 0;
    for (String t : List.of("task", "rna", "gs", "align")) {
      long written = f.path("documentsWritten").path(t).asLong();
      assertThat(written).as(t).isPositive();
      assertThat(f.path("documentsFailed").path(t).asLong()).as(t).isZero();
      assertThat(f.path("countGrowth").path(t).asLong()).as("lines in HDFS, " + t).isEqualTo(written);
      List<String> ids = Files.readAllLines(load.resolve("ids").resolve(t + ".txt"));
      assertThat(ids).hasSize((int) written);
      assertThat(new HashSet<>(ids)).hasSize((int) written);
      total += written;
    }
    assertThat(f.path("documentsPlanned").asLong()).isEqualTo(total);
    assertThat(l.text("FASTA_FLUSH", "Operations")).isEqualTo("3");

    Path run = tmp.resolve("run");
    Result r = ycsb("run", "hdfs", "-p", "workload=fasta", "-threads", "2", "-p", "hdfs.url=" + url(),
        "-p", "hdfs.basepath=" + base, "-p", "fasta.reads=1000", "-p", "fasta.ids=" + load,
        "-p", "results.dir=" + run);
    assertThat(r.exit).as(r.err).isZero();
    JsonNode reads = new ObjectMapper().readTree(run.resolve("results.json").toFile()).path("extra").path("fasta")
        .path("reads");
    long found = 0;
    for (JsonNode t : reads) {
      assertThat(t.path("notFound").asLong()).isZero();
      assertThat(t.path("mismatched").asLong()).isZero();
      found += t.path("found").asLong();
    }
    assertThat(found).isEqualTo(1000);
    assertThat(r.err).contains("hdfs: indexed");
  }
}
