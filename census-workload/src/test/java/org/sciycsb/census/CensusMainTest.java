package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CensusMainTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return CensusMain.run(args, new PrintStream(out, true), new PrintStream(err, true));
  }

  @Test
  void badUsageIsExit2WithOneLine() {
    assertThat(run("filter", "-p", "census.output=file:///tmp/x")).isEqualTo(2);
    assertThat(err.toString()).contains("missing required property census.input");
    err.reset();
    assertThat(run("filter", "-p", "census.inptu=file:///tmp/x")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown property census.inptu");
    err.reset();
    assertThat(run("frobnicate", "-p", "census.input=file:///tmp/x")).isEqualTo(2);
    err.reset();
    assertThat(run("filter", "-p", "census.input=mongodb://127.0.0.1/nocollection", "-p", "census.output=file:///x"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("db.collection");
  }

  @Test
  void missingInputPathIsBadInput(@org.junit.jupiter.api.io.TempDir Path dir) {
    int code = run("filter", "-p", "census.input=file://" + dir + "/absent", "-p",
        "census.output=file://" + dir + "/out", "-p", "census.results=" + dir + "/results");
    assertThat(code).isEqualTo(2);
    assertThat(dir.resolve("results")).doesNotExist();
    assertThat(err.toString()).contains("absent does not exist");
  }

  @Test
  void generateAndFilterOnTheLocalFileSystem(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("in"));
    assertThat(run("generate", "-p", "census.records=200", "-p", "census.output=" + dir.resolve("in/a.csv"))).isZero();
    assertThat(Files.readAllLines(dir.resolve("in/a.csv"))).hasSize(200);
    int code = run("filter", "-p", "census.input=file://" + dir + "/in", "-p", "census.output=file://" + dir + "/out",
        "-p", "census.results=" + dir + "/results");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("[CENSUS-FILTER], RecordsRead, 200");
    String json = Files.readString(dir.resolve("results/results.json"));
    assertThat(json).contains("\"format\" : \"sciycsb-census\"", "\"recordsWritten\"", "\"mapMs\"", "\"reduceMs\"",
        "\"recordsPerMinute\"", "\"splits\"", "\"mappers\"");
    assertThat(Files.readString(dir.resolve("results/results.txt"))).contains("RecordsPerMinute");
  }

  /** census.replication: the files' dfs.replication, said in results.json; refused for MongoDB, below 1. */
  @Test
  void loadWritesAtTheReplicationAskedAndSaysSo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    int code = run("load", "-p", "census.records=50", "-p", "census.output=file://" + dir + "/in", "-p",
        "census.replication=2", "-p", "census.results=" + dir + "/results");
    assertThat(code).as(err.toString()).isZero();
    String json = Files.readString(dir.resolve("results/results.json"));
    assertThat(json).contains("\"replication\" : 2");
    code = run("load", "-p", "census.records=50", "-p", "census.output=file://" + dir + "/in3", "-p",
        "census.results=" + dir + "/results3");
    assertThat(code).as(err.toString()).isZero();
    assertThat(Files.readString(dir.resolve("results3/results.json"))).doesNotContain("\"replication\"");
    err.reset();
    assertThat(run("load", "-p", "census.output=mongodb://127.0.0.1:1/db.coll", "-p", "census.replication=1"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("census.replication is the replication of HDFS files")
        .contains("MongoDB collection db.coll");
    err.reset();
    assertThat(run("load", "-p", "census.output=file://" + dir + "/in0", "-p", "census.replication=0")).isEqualTo(2);
    assertThat(err.toString()).contains("census.replication").contains("must be at least 1");
  }

  @Test
  void theCommandLineIsPicocliDeclared(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path a = Files.writeString(dir.resolve("a"), "census.records=1\ncensus.seed=1\n");
    Path b = Files.writeString(dir.resolve("b"), "census.records=2\n");
    CensusCli line = CensusCli.parse(new CensusCli(), new String[] {"threestage", "-p", "census.seed= 7 ", "filter",
        "-P", a.toString(), "-P", b.toString()});
    assertThat(line.command).isEqualTo("threestage");
    assertThat(line.job).isEqualTo("filter");
    assertThat(line.flags.properties()).containsEntry("census.records", "2").containsEntry("census.seed", "7");
    for (String[] bad : new String[][] {{"read", "-x"}, {"read", "-p"}, {"read", "-p", "novalue"}, {"read", "a", "b"},
        {}}) {
      err.reset();
      assertThat(run(bad)).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(err.toString().lines().toList()).as(err.toString()).singleElement().asString().startsWith("error: ");
    }
    assertThat(err.toString()).contains("no command given");
    out.reset();
    assertThat(run("help")).isZero();
    assertThat(out.toString()).startsWith("usage: bin/census").contains("-P <file>").contains("census.records");
  }
}
