package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.fasta.m10.Fixtures;

class ParserBenchmarkTest {
  @Test
  void smallRunPrintsThroughput(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ParserBenchmark.run(new String[] {"corpus=" + dir.resolve("c"), "files=2", "hits=50", "seconds=0", "warmup=1",
        "threads=2"}, new PrintStream(out, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("generated ", "2 files", "docs/s per core", "task 2 x ");
    // a folder of real output works as input too
    out.reset();
    ParserBenchmark.run(new String[] {"dir=" + Fixtures.path(Fixtures.NT).getParent(), "seconds=0", "warmup=1"},
        new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("generated");
  }
}
