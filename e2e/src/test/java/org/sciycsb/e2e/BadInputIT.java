package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input through the real launchers, one data-driven case a row: the command line, property and workload
 * files, FASTA and census CSV inputs, and server addresses. For each case: the exit code of the README's table,
 * exactly one {@code error:} line naming the problem (its key words), no stack trace without {@code --debug}, and
 * the results-folder rule: a run that ends before measuring (exit 2 or 3) leaves no results folder; a run that
 * measured and failed (exit 4) leaves a complete one, outcome failed; a per-file problem in the input is counted and
 * the run goes on (exit 0).
 */
class BadInputIT {
  @TempDir
  static Path tmp;
  static Path files;

  /** What the results folder must look like after the case. */
  enum Folder { NONE, FAILED, COMPLETED }

  record Case(String name, String tool, List<String> args, int exit, List<String> words, Folder folder,
      Consumer<JsonNode> check) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case c(String name, int exit, String words, String... args) {
    return new Case(name, "ycsb", List.of(args), exit, List.of(words.split("\\|")), exit == 0 ? Folder.COMPLETED
        : exit == 4 ? Folder.FAILED : Folder.NONE, j -> {});
  }

  static Case census(String name, int exit, String words, String... args) {
    Case x = c(name, exit, words, args);
    return new Case(name, "census", x.args(), exit, x.words(), x.folder(), x.check());
  }

  static Case with(Case x, Consumer<JsonNode> check) {
    return new Case(x.name(), x.tool(), x.args(), x.exit(), x.words(), x.folder(), check);
  }

  static String f(String name) {
    return files.resolve(name).toString();
  }

  static final String PG = Launcher.postgresUrl();
  static final String MONGO = Launcher.mongoUrl();
  static final String WRONG_PW = "Wr0ng-Pg-Passw0rd";

  @BeforeAll
  static void fixtures() throws IOException {
    files = Files.createDirectories(tmp.resolve("files"));
    Files.writeString(files.resolve("noeq.properties"), "recordcount=10\nfieldcount\n");
    Files.writeString(files.resolve("escape.properties"), "recordcount=10\ntable=user\\u00zz\n");
    Files.write(files.resolve("binary.properties"), new byte[] {(byte) 0xff, (byte) 0xd8, 0, 1, 2, 3});
    Files.writeString(files.resolve("typo.properties"), "recordcount=10\nrequestdistributon=zipfian\n");
    Files.writeString(files.resolve("zero.properties"), "readproportion=0\nupdateproportion=0\n"
        + "insertproportion=0\nscanproportion=0\nreadmodifywriteproportion=0\n");
    Files.writeString(files.resolve("over.properties"), "readproportion=0.7\nupdateproportion=0.7\n");
    Files.writeString(files.resolve("norecords.properties"), "recordcount=0\n");
    Files.createSymbolicLink(files.resolve("dangling.properties"), files.resolve("gone/nothing.properties"));
    Files.createDirectories(files.resolve("fasta-empty"));
    Path nonSsearch = Files.createDirectories(files.resolve("fasta-nonssearch"));
    Files.writeString(nonSsearch.resolve("README.txt"), "these are not ssearch36 results\n");
    Files.writeString(nonSsearch.resolve("query.fa"), ">seq1 a FASTA sequence, not an alignment\nACGT\n");
    Path garbage = Files.createDirectories(files.resolve("fasta-garbage"));
    Files.writeString(garbage.resolve("a.m10"), ">>>looks like a query header\nbut nothing else is right\n");
    Files.writeString(garbage.resolve("b.m10"), ">>>another\n>>hit\n; sw_score: not-a-number\n");
    Path mixed = Files.createDirectories(files.resolve("fasta-mixed"));
    Path fixtures = Launcher.HOME.resolve("fasta-workload/src/test/resources/ssearch");
    for (String n : List.of("nt_mgstm1_vs_gst.m10", "malformed.m10", "truncated.m10")) {
      Files.copy(fixtures.resolve(n), mixed.resolve(n));
    }
    Files.write(files.resolve("garbage.csv"), new java.util.Random(42).ints(4000, 0, 256)
        .collect(java.io.ByteArrayOutputStream::new, (o, b) -> o.write(b), (a, b) -> { }).toByteArray());
  }

  static Stream<Case> cases() {
    List<Case> l = new ArrayList<>();
    // ---- the command line
    l.add(c("unknown command", 2, "unknown command 'walk'", "walk", "basic"));
    l.add(c("unknown binding", 2, "unknown binding 'nosuchstore'|jdbc|mongodb", "run", "nosuchstore"));
    l.add(c("unknown flag", 2, "unknown option -thread", "run", "basic", "-thread", "4"));
    l.add(c("flag without its value", 2, "option -P needs a value", "run", "basic", "-P"));
    l.add(c("-p without key=value", 2, "bad -p argument 'novalue'|key=value", "run", "basic", "-p", "novalue"));
    l.add(c("stray argument", 2, "unexpected argument 'extra'", "run", "basic", "extra"));
    l.add(c("not a number", 2, "operationcount|'lots'|not a valid long", "run", "basic", "-p", "operationcount=lots"));
    l.add(c("-threads 0", 2, "threadcount|at least 1", "run", "basic", "-threads", "0"));
    l.add(c("-threads two", 2, "threadcount|'two'", "run", "basic", "-threads", "two"));
    l.add(c("-target negative", 2, "target|'-5'|must not be negative", "run", "basic", "-target", "-5"));
    l.add(c("typo of an engine key", 2, "unknown property opreationcount|did you mean operationcount?",
        "run", "basic", "-p", "opreationcount=10"));
    l.add(c("typo of a binding key", 2, "basicdb.simulatedelya|did you mean basicdb.simulatedelay?",
        "run", "basic", "-p", "basicdb.simulatedelya=3"));
    l.add(c("bad choice", 2, "requestdistribution|'gaussian'|zipfian", "run", "basic", "-p",
        "requestdistribution=gaussian"));
    l.add(c("-db class not a DB", 2, "java.lang.String|does not extend site.ycsb.DB", "run", "-db",
        "java.lang.String"));
    l.add(c("-db class missing", 2, "com.example.NoSuchDb|not found on the classpath", "run", "-db",
        "com.example.NoSuchDb"));
    l.add(c("-cp to a missing jar", 2, "-cp|/nonexistent/my-binding.jar does not exist", "run", "-db",
        "com.example.MyDb", "-cp", "/nonexistent/my-binding.jar"));
    l.add(c("-cp without a value", 2, "option -cp needs a value", "run", "basic", "-cp"));
    // ---- property files
    l.add(c("missing property file", 2, "property file not found|nope.properties", "run", "basic", "-P",
        "workloads/nope.properties"));
    l.add(c("property file is a folder", 2, "-P workloads is a directory", "run", "basic", "-P", "workloads"));
    l.add(c("dangling link as property file", 2, "property file not found|dangling.properties", "run", "basic", "-P",
        f("dangling.properties")));
    l.add(c("malformed line", 2, "noeq.properties line 2|'fieldcount' is not key=value", "run", "basic", "-P",
        f("noeq.properties")));
    l.add(c("bad unicode escape", 2, "escape.properties line 2|\\uXXXX", "run", "basic", "-P",
        f("escape.properties")));
    l.add(c("binary property file", 2, "binary.properties|not UTF-8 text", "run", "basic", "-P",
        f("binary.properties")));
    l.add(c("typo key in a file", 2, "requestdistributon|did you mean requestdistribution?", "load", "basic", "-P",
        f("typo.properties")));
    l.add(c("proportions sum to 0", 2, "no operations|proportion", "run", "basic", "-P", f("zero.properties")));
    l.add(c("proportions sum above 1", 2, "add up to more than 1|readproportion 0.7 + updateproportion 0.7", "run",
        "basic", "-P", f("over.properties")));
    l.add(c("recordcount 0", 2, "recordcount|'0'|at least 1", "load", "basic", "-P", f("norecords.properties")));
    l.add(c("histogram file missing", 2, "fieldlengthhistogram|" + f("no-hist.txt"), "run", "basic", "-P",
        "workloads/workloada", "-p", "fieldlengthdistribution=histogram", "-p", "fieldlengthhistogram=" + f("no-hist.txt")));
    l.add(c("load range beyond recordcount", 2, "insertstart (50) + insertcount (100)|recordcount (100)", "load",
        "basic", "-p", "recordcount=100", "-p", "insertstart=50", "-p", "insertcount=100"));
    l.add(c("data integrity with random lengths", 2, "dataintegrity=true needs fieldlengthdistribution=constant",
        "run", "basic", "-p", "dataintegrity=true", "-p", "fieldlengthdistribution=uniform"));
    // ---- workload files and workload options
    l.add(c("unknown workload class", 2, "unknown workload 'com.example.NoWorkload'", "run", "basic", "-p",
        "workload=com.example.NoWorkload"));
    l.add(c("fhir option bad value", 2, "fhir.consistency|'maybe'|strong", "run", "jdbc", "-P",
        "workloads/fhir-8020", "-p", "fhir.consistency=maybe"));
    l.add(c("fhir proportions above 1", 2, "fhir.recentproportion (1.0) + fhir.insertproportion (0.2)", "run",
        "jdbc", "-P", "workloads/fhir-readonly", "-p", "fhir.insertproportion=0.2"));
    l.add(c("fasta option bad value", 2, "fasta.reads|'-5'|must not be negative", "run", "jdbc", "-p",
        "workload=fasta", "-p", "fasta.reads=-5"));
    // ---- FASTA inputs: whole-input errors before anything opens, per-file problems counted
    l.add(c("fasta.input missing", 2, "fasta.input|/nonexistent/fasta|is not a folder", "load", "jdbc", "-p",
        "workload=fasta", "-p", "fasta.input=/nonexistent/fasta"));
    l.add(c("fasta.input a file", 2, "fasta.input|garbage.csv is not a folder", "load", "jdbc", "-p",
        "workload=fasta", "-p", "fasta.input=" + f("garbage.csv")));
    l.add(c("fasta.input empty", 2, "fasta.input|fasta-empty holds no files", "load", "jdbc", "-p",
        "workload=fasta", "-p", "fasta.input=" + f("fasta-empty")));
    l.add(c("fasta.input without ssearch output", 2, "fasta-nonssearch: none of its 2 file(s)|ssearch36|nothing to load",
        "load", "jdbc", "-p", "workload=fasta", "-p", "fasta.input=" + f("fasta-nonssearch")));
    l.add(with(c("fasta.input of unusable files", 4, "none of the 2 input files gave a document", "load", "jdbc",
        "-p", "workload=fasta", "-p", "fasta.input=" + f("fasta-garbage")), j -> {
          assertThat(j.path("extra").path("fasta").path("filesWithProblems").asInt()).isEqualTo(2);
        }));
    l.add(with(c("fasta.input with malformed and truncated files", 0, "", "load", "jdbc", "-p", "workload=fasta",
        "-p", "fasta.input=" + f("fasta-mixed")), j -> {
          JsonNode fasta = j.path("extra").path("fasta");
          assertThat(fasta.path("filesWithProblems").asInt()).as("counted per file").isEqualTo(2);
          assertThat(fasta.path("problemFiles").findValuesAsText("file"))
              .containsExactlyInAnyOrder("malformed.m10", "truncated.m10");
          assertThat(fasta.path("documentsWritten").path("task").asLong()).as("the good file loaded").isPositive();
        }));
    // ---- census CSV inputs
    l.add(census("census input missing", 2, "census input|absent.csv does not exist", "read", "-p",
        "census.input=file://" + f("absent.csv")));
    l.add(with(census("census input of garbage", 4, "holds no usable record|malformed", "read", "-p",
        "census.input=file://" + f("garbage.csv")), j -> {
          assertThat(j.path("summary").path("malformedRecords").asLong()).isPositive();
          assertThat(j.path("summary").path("recordsRead").asLong()).isZero();
        }));
    l.add(with(census("census job on garbage", 4, "holds no usable record", "filter", "-p",
        "census.input=file://" + f("garbage.csv"), "-p", "census.output=file://" + f("census-filter-out")),
        j -> assertThat(j.path("summary").path("malformedRecords").asLong()).isPositive()));
    l.add(census("census collection missing", 2, "collection ycsb.sciycsb_no_such_collection does not exist",
        "native-read", "-p", "census.input=" + org.sciycsb.testkit.TestServers.mongodb("ycsb.sciycsb_no_such_collection")));
    l.add(census("census unknown property", 2, "unknown property census.inptu", "read", "-p", "census.inptu=x"));
    // ---- server addresses (loopback only, closed ports: no DNS, no network)
    l.add(c("malformed mongodb url", 2, "mongodb.url|'mongodb//127.0.0.1'", "run", "mongodb", "-p",
        "mongodb.url=mongodb//127.0.0.1"));
    l.add(c("mongodb port out of range", 2, "mongodb.url|port", "run", "mongodb", "-p",
        "mongodb.url=mongodb://127.0.0.1:99999/ycsb"));
    l.add(c("mongodb unreachable", 3, "MongoDB server at 127.0.0.1:1 not reachable within 2s", "run", "mongodb",
        "-p", "mongodb.url=mongodb://127.0.0.1:1/ycsb", "-p", "mongodb.connecttimeout=2s"));
    l.add(c("bad jdbc url", 2, "no JDBC driver|jdbc:nosuch://127.0.0.1/x", "run", "jdbc", "-p",
        "db.url=jdbc:nosuch://127.0.0.1/x"));
    l.add(c("postgresql unreachable", 3, "cannot be reached|127.0.0.1:1", "run", "jdbc", "-p",
        "db.url=jdbc:postgresql://127.0.0.1:1/ycsb", "-p", "db.connecttimeout=2s"));
    l.add(c("postgresql wrong password", 3, "refused the credentials of user ycsb", "run", "jdbc", "-p",
        "db.url=" + PG, "-p", "db.user=ycsb", "-p", "db.passwd=" + WRONG_PW));
    l.add(c("cassandra unreachable", 3, "cannot reach Cassandra at [127.0.0.1:1]", "run", "cassandra", "-p",
        "cassandra.hosts=127.0.0.1:1", "-p", "cassandra.connecttimeout=2s"));
    l.add(c("cassandra bad port", 2, "cassandra.port|'99999'", "run", "cassandra", "-p", "cassandra.port=99999"));
    l.add(c("cassandra bad host:port", 2, "cassandra.hosts|'127.0.0.1:abc'|bad port", "run", "cassandra", "-p",
        "cassandra.hosts=127.0.0.1:abc"));
    l.add(c("bad hdfs url", 2, "hdfs.url|'not a url'", "run", "hdfs", "-p", "hdfs.url=not a url"));
    l.add(c("hdfs namenode unreachable", 3, "HDFS at hdfs://127.0.0.1:1 not reachable", "run", "hdfs", "-p",
        "hdfs.url=hdfs://127.0.0.1:1"));
    l.add(c("riak unreachable", 3, "riak: cannot reach any node of [127.0.0.1:1]", "run", "riak", "-p",
        "riak.hosts=127.0.0.1:1", "-p", "riak.connect_timeout=2s"));
    // no package registry ships Riak KV or SequoiaDB: no local node to default to, so a run or a study names one
    l.add(c("riak without nodes", 2, "missing required property riak.hosts|no package registry ships Riak KV",
        "run", "riak"));
    l.add(c("study on riak without nodes", 2, "step strong/load|missing required property riak.hosts", "study",
        "sei", "riak", "--scale", "1e-4"));
    l.add(c("sequoiadb without nodes", 2, "missing required property sequoiadb.hosts|no package registry ships"
        + " SequoiaDB", "load", "sequoiadb"));
    return l.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInputEndsWithOneClearLine(Case x) throws Exception {
    Path dir = tmp.resolve("results").resolve(x.name().replaceAll("[^A-Za-z0-9]+", "-"));
    List<String> args = new ArrayList<>(x.args());
    args.add("-p");
    args.add((x.tool().equals("census") ? "census.results=" : "results.dir=") + dir);
    Path work = tmp.resolve("work").resolve(dir.getFileName());
    Launcher.Result r = Launcher.start(tmp, dir.getFileName().toString(), Map.of("SCIYCSB_WORK", work.toString()),
        x.tool(), args.toArray(String[]::new)).await(java.time.Duration.ofMinutes(4));

    assertThat(r.exit()).as(r.toString()).isEqualTo(x.exit());
    noStackTrace(r);
    List<String> errors = r.errorLines();
    if (x.exit() == 0) {
      assertThat(errors).as(r.toString()).isEmpty();
    } else {
      assertThat(errors).as(r.toString()).hasSize(1);
      for (String w : x.words()) {
        assertThat(errors.get(0)).as(r.toString()).contains(w);
      }
      assertThat(r.err()).doesNotContain(WRONG_PW);
    }
    switch (x.folder()) {
      case NONE -> {
        assertThat(dir).as("a run that ends before measuring leaves no results folder").doesNotExist();
        assertThat(r.out()).as("nothing measured, nothing printed").isEmpty();
      }
      case FAILED, COMPLETED -> {
        JsonNode j = Launcher.json(dir.resolve("results.json"));
        String outcome = x.tool().equals("census") ? j.path("summary").path("outcome").asText()
            : j.path("summary").path("outcome").asText();
        assertThat(outcome).isEqualTo(x.folder() == Folder.FAILED ? "failed" : "completed");
        assertThat(dir.resolve("results.txt")).isNotEmptyFile();
        FaultScenario.noTemporaryFiles(dir);
        x.check().accept(j);
      }
      default -> throw new AssertionError(x.folder());
    }
  }

  /** No Java stack trace: no "\tat" frames, no "Caused by", no line that starts with an exception's name. */
  static void noStackTrace(Launcher.Result r) {
    for (String line : (r.out() + r.err()).lines().toList()) {
      assertThat(line).as(r.toString()).doesNotStartWith("\tat ").doesNotStartWith("Caused by:")
          .doesNotContain("Exception in thread");
      assertThat(line.matches("^[a-z][\\w.$]*\\.[A-Z]\\w*(Exception|Error)(: .*)?$")).as(line).isFalse();
    }
  }

  /** {@code --debug} shows the stack trace with the same one error line. */
  @Test
  void debugShowsTheStackTrace() throws Exception {
    Launcher.Result config = Launcher.ycsb(tmp, "run", "basic", "-P", f("noeq.properties"), "--debug");
    assertThat(config.exit()).isEqualTo(2);
    assertThat(config.errorLines()).hasSize(1);
    assertThat(config.err()).contains("\tat org.sciycsb.cli.Args");
    Launcher.Result unreachable = Launcher.ycsb(tmp, "run", "mongodb", "-p", "mongodb.url=mongodb://127.0.0.1:1/ycsb",
        "-p", "mongodb.connecttimeout=1s", "--debug");
    assertThat(unreachable.exit()).isEqualTo(3);
    assertThat(unreachable.errorLines()).hasSize(1);
    assertThat(unreachable.err()).contains("\tat ").contains("MongoTimeoutException");
    Launcher.Result census = Launcher.census(tmp, "read", "-p", "census.input=file://" + f("absent.csv"), "--debug");
    assertThat(census.exit()).isEqualTo(2);
    assertThat(census.err()).contains("\tat ");
  }

  @Test
  void theSuiteHasAtLeastThirtyCases() {
    assertThat(cases().count()).isGreaterThanOrEqualTo(30);
    assertThat(cases().map(Case::name).distinct().count()).isEqualTo(cases().count());
  }
}
