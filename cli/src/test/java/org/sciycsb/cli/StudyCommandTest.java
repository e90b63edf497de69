package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb study in-process: a whole study at a tiny scale on the basic (no-op) binding, its report checked against
 * the runs' results.json; the compare of two runs; and the one-line errors of bad input.
 */
class StudyCommandTest {
  /** The checkout: the nearest folder above the module's holding bin/ycsb (cli/, workload-it/stores/, ...). */
  static final Path HOME = home();

  private static Path home() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (java.nio.file.Files.isRegularFile(p.resolve("bin").resolve("ycsb"))) {
        return p;
      }
    }
    return Path.of("..").toAbsolutePath().normalize();
  }
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  record Out(int code, String out, String err) {}

  /** bin/ycsb study ... through Main, with the project's folder as bin/ycsb sets it. */
  static Out study(String... args) {
    List<String> argv = new ArrayList<>(List.of("study"));
    argv.addAll(List.of(args));
    String home = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", HOME.toString());
    try {
      return main(argv.toArray(new String[0]));
    } finally {
      if (home == null) {
        System.clearProperty("sciycsb.home");
      } else {
        System.setProperty("sciycsb.home", home);
      }
    }
  }

  static Out main(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code = Main.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8));
    return new Out(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  /** A results.json field, resolved here independently of the report code. */
  static double field(JsonNode results, String path) {
    JsonNode n = results;
    // dots inside {...} belong to a member's name (the store's counters: counters{threadpool.ReadStage.completed})
    for (String seg : path.split("\\.(?![^{]*})")) {
      if (seg.endsWith("}")) {
        n = n.path(seg.substring(0, seg.indexOf('{'))).path(seg.substring(seg.indexOf('{') + 1, seg.length() - 1));
      } else if (seg.endsWith("]")) {
        String name = seg.substring(seg.indexOf('[') + 1, seg.length() - 1);
        JsonNode found = null;
        for (JsonNode e : n.path(seg.substring(0, seg.indexOf('[')))) {
          if (e.path("name").asText().equals(name)) {
            found = e;
          }
        }
        assertThat(found).as(path).isNotNull();
        n = found;
      } else {
        n = n.path(seg);
      }
    }
    assertThat(n.isNumber()).as(path + " is a number").isTrue();
    return n.asDouble();
  }

  /**
   * Every measured cell of every table equals the field of the run folder it names (a mean: the mean of them);
   * returns how many cells were checked.
   */
  static int checkCells(Path studyDir, JsonNode doc) throws Exception {
    int checked = 0;
    for (JsonNode t : doc.path("tables")) {
      for (JsonNode row : t.path("rows")) {
        var it = row.fields();
        while (it.hasNext()) {
          JsonNode c = it.next().getValue();
          if (c.has("published")) {
            assertThat(c.path("sources").isMissingNode()).isTrue();
            continue;
          }
          if (!c.has("sources") || c.has("derived")) {
            continue;
          }
          List<Double> vals = new ArrayList<>();
          for (JsonNode s : c.path("sources")) {
            Path dir = Path.of(s.path("dir").asText());
            JsonNode res = MAPPER.readTree((dir.isAbsolute() ? dir : studyDir.resolve(dir)).resolve("results.json")
                .toFile());
            vals.add(field(res, s.path("field").asText()));
          }
          double expect = vals.stream().mapToDouble(Double::doubleValue).average().getAsDouble();
          assertThat(c.path("value").asDouble()).as(t.path("id") + " " + c).isCloseTo(expect, within(1e-9));
          checked++;
        }
      }
    }
    return checked;
  }

  static JsonNode table(JsonNode doc, String id) {
    for (JsonNode t : doc.path("tables")) {
      if (t.path("id").asText().equals(id)) {
        return t;
      }
    }
    throw new AssertionError("no table " + id);
  }

  @Test
  void sandiskRunsWholeAndItsReportMatchesTheRuns() throws Exception {
    Path dir = tmp.resolve("ssd");
    // -p seed: the same operations every time (runs of 10 operations: whether workload B's runs update at all, and
    // so have write-latency cells, is up to the draws; with paired seeds every size draws alike)
    Out r = study("sandisk", "basic", "--scale", "1e-6", "-p", "results.dir=" + dir, "-p", "label.storage=ssd",
        "-p", "seed=1");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("format").asText()).isEqualTo("sciycsb-study");
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    assertThat(doc.path("steps")).hasSize(30);
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.path("name").asText()).isEqualTo("ok");
      assertThat(dir.resolve(s.path("dir").asText()).resolve("results.json")).isRegularFile();
    }
    JsonNode tput = table(doc, "throughput");
    assertThat(tput.path("rows")).hasSize(9);
    assertThat(tput.path("columns").get(2).path("groupLabel").asText()).startsWith("this run, ").contains("ssd")
        .contains("CPUs");
    assertThat(tput.path("columns").findValuesAsText("groupLabel")).anyMatch(g -> g.startsWith("published, Dell R720"));
    // Figure 7's published numbers, beside and labelled, never in a this-run column
    JsonNode a = tput.path("rows").get(0);
    assertThat(a.path("pub-HDD-32GB").path("value").asDouble()).isEqualTo(19490);
    assertThat(a.path("pub-SSD-1TB").path("value").asDouble()).isEqualTo(1871);
    assertThat(a.path("pub-SSD-1TB").path("published").asText()).contains("Figure 7");
    assertThat(a.path("run-32GB").has("published")).isFalse();
    assertThat(a.path("run-32GB").path("sources").get(0).path("dir").asText()).isEqualTo("32GB/workloada-uniform");
    // the 1 TB load loaded the records the bytes ask for (1 TiB x 1e-6 / 1024 bytes)
    JsonNode ds = table(doc, "datasets");
    assertThat(ds.path("rows").get(2).path("records").path("value").asLong())
        .isEqualTo(Math.round((1L << 40) * 1e-6) / 1024);
    assertThat(checkCells(dir, doc)).isGreaterThan(90);
    String md = Files.readString(dir.resolve("study.md"));
    assertThat(md).contains("## Throughput (ops/s) by workload, distribution and dataset size")
        .contains("| published: HDD 32GB ops/s |").contains("19490").contains("this run: 32GB ops/s");
    String html = Files.readString(dir.resolve("study.html"));
    assertThat(html).contains("id=\"table-throughput\"").contains("id=\"table-latency\"")
        .contains("<svg class=\"chart\" id=\"throughput-by-size\"").doesNotContain("src=\"http", "href=\"http", "<script");

    // the report again from the folder gives the same tables
    Files.delete(dir.resolve("study.md"));
    assertThat(main("study", "report", dir.toString()).code()).isZero();
    assertThat(Files.readString(dir.resolve("study.md"))).isEqualTo(md);

    // a second run on "hdd", then the vendor's side by side
    Path hdd = tmp.resolve("hdd");
    assertThat(study("sandisk", "basic", "--scale", "1e-6", "-p", "results.dir=" + hdd, "-p", "label.storage=hdd")
        .code()).isZero();
    Path cmp = tmp.resolve("cmp");
    Out c = study("sandisk", "--compare", dir.toString(), hdd.toString(), "-p", "report.out=" + cmp);
    assertThat(c.code()).as(c.err()).isZero();
    JsonNode cj = MAPPER.readTree(cmp.resolve("compare.json").toFile());
    assertThat(cj.path("A").path("storageLabel").asText()).isEqualTo("ssd");
    assertThat(cj.path("B").path("storageLabel").asText()).isEqualTo("hdd");
    assertThat(checkCells(dir, cj)).isGreaterThan(100);
    JsonNode ratio = table(cj, "throughput-ratio").path("rows").get(1);
    double av = field(MAPPER.readTree(dir.resolve("256GB/workloada-zipfian/results.json").toFile()),
        "summary.throughput");
    double bv = field(MAPPER.readTree(hdd.resolve("256GB/workloada-zipfian/results.json").toFile()),
        "summary.throughput");
    assertThat(ratio.path("256GB").path("value").asDouble()).isCloseTo(bv / av, within(1e-9));
    assertThat(cmp.resolve("pairs/256GB_workloada-zipfian.html")).isRegularFile();
    assertThat(Files.readString(cmp.resolve("pairs/256GB_workloada-zipfian.txt"))).contains("baseline:")
        .contains("ssd").contains("hdd");
    assertThat(c.out()).contains("A: ssd").contains("B: hdd");
  }

  @Test
  void repeatRunsTheWholeMatrixRepeatMajorAndTheReportShowsIntervals() throws Exception {
    Path dir = tmp.resolve("rep");
    Out r = study("sandisk", "basic", "--scale", "1e-6", "--only", "32GB/workloada-*,32GB/workloadc-*",
        "--repeat", "2", "-p", "results.dir=" + dir);
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("repeats").asInt()).isEqualTo(2);
    assertThat(doc.path("repeatOrder").asText()).startsWith("repeat-major");
    List<String> names = new ArrayList<>();
    List<java.time.Instant> started = new ArrayList<>();
    for (JsonNode s : doc.path("steps")) {
      names.add(s.path("name").asText());
      started.add(java.time.Instant.parse(Cli.results(dir.resolve(s.path("dir").asText())).path("metadata")
          .path("started").asText()));
    }
    assertThat(names).containsExactly("32GB/load", "32GB/workloada-uniform/run-1", "32GB/workloada-zipfian/run-1",
        "32GB/workloadc-uniform/run-1", "32GB/workloadc-zipfian/run-1", "32GB/workloada-uniform/run-2",
        "32GB/workloada-zipfian/run-2", "32GB/workloadc-uniform/run-2", "32GB/workloadc-zipfian/run-2");
    assertThat(started).isSorted();
    JsonNode cell = table(doc, "throughput").path("rows").get(0).path("run-32GB");
    assertThat(cell.path("aggregate").asText()).isEqualTo("mean");
    assertThat(cell.path("n").asInt()).isEqualTo(2);
    assertThat(cell.path("sources")).hasSize(2);
    assertThat(cell.path("ci95")).hasSize(2);
    assertThat(cell.path("ci95").get(0).asDouble()).isLessThanOrEqualTo(cell.path("value").asDouble());
    assertThat(cell.path("ci95").get(1).asDouble()).isGreaterThanOrEqualTo(cell.path("value").asDouble());
    assertThat(checkCells(dir, doc)).isGreaterThan(10);
    assertThat(Files.readString(dir.resolve("study.html"))).contains("95 % CI");

    // --compare: with repeats on both sides a ratio has its interval; against one run it is one sample
    Path cmp = tmp.resolve("cmp-rep");
    Out c = study("sandisk", "--compare", dir.toString(), dir.toString(), "-p", "report.out=" + cmp);
    assertThat(c.code()).as(c.err()).isZero();
    JsonNode ratio = table(MAPPER.readTree(cmp.resolve("compare.json").toFile()), "throughput-ratio").path("rows")
        .get(0).path("32GB");
    assertThat(ratio.path("ci95")).hasSize(2);
    assertThat(ratio.path("derived").asText()).contains("95 % CI").contains("2 and 2 repeats");
    Path one = tmp.resolve("one");
    assertThat(study("sandisk", "basic", "--scale", "1e-6", "--only", "32GB/workloada-uniform", "-p",
        "results.dir=" + one).code()).isZero();
    Out c1 = study("sandisk", "--compare", dir.toString(), one.toString(), "-p", "report.out=" + tmp.resolve("c1"));
    assertThat(c1.code()).as(c1.err()).isZero();
    JsonNode r1 = table(MAPPER.readTree(tmp.resolve("c1/compare.json").toFile()), "throughput-ratio").path("rows")
        .get(0).path("32GB");
    assertThat(r1.path("derived").asText()).contains("one sample");
    assertThat(r1.has("ci95")).isFalse();
  }

  @Test
  void aFailedStepIsRecordedItsDependentsSkippedAndTheStudyGoesOn() throws Exception {
    // every insert fails: the loads fail (exit 4), the runs that need them are skipped, the study goes on to the
    // second test case, and the study exits with the first failure's code
    Path dir = tmp.resolve("fail");
    Out r = study("bankmark", "test-stall", "--scale", "1e-6", "--only", "tc*/workload1/*", "-p",
        "results.dir=" + dir, "-p", "stall.failevery=1", "-p", "stall.ms=0");
    assertThat(r.code()).as(r.err()).isEqualTo(4);
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    List<String> status = new ArrayList<>();
    doc.path("steps").forEach(s -> status.add(s.path("name").asText() + "=" + s.path("status").asText()));
    assertThat(status).containsExactly("tcI/workload1/load=failed", "tcI/workload1/warmup=skipped",
        "tcI/workload1/run=skipped", "tcII/workload1/load=failed", "tcII/workload1/warmup=skipped",
        "tcII/workload1/run=skipped");
    assertThat(doc.path("steps").get(0).path("reason").asText()).startsWith("error:");
    assertThat(doc.path("steps").get(1).path("reason").asText()).contains("tcI/workload1/load did not finish");
    assertThat(doc.path("outcome").asText()).isEqualTo("completed with failures");
    assertThat(table(doc, "throughput").path("rows").get(0).path("run-I").path("text").asText()).isEqualTo("failed");
    assertThat(dir.resolve("study.html")).isRegularFile();
    assertThat(dir.resolve("tcI/workload1/load/results.json")).as("the failed run's results are kept").isRegularFile();

    // a store that cannot be reached stops the study at once (exit 3): the rest is recorded as not run
    Path dir3 = tmp.resolve("unreachable");
    Out u = study("bankmark", "test-stall", "--scale", "1e-6", "--only", "tcI/workload1/*", "-p",
        "results.dir=" + dir3, "-p", "stall.failopen=true");
    assertThat(u.code()).isEqualTo(3);
    JsonNode d3 = MAPPER.readTree(dir3.resolve("study.json").toFile());
    assertThat(d3.path("outcome").asText()).isEqualTo("stopped");
    assertThat(d3.path("steps").get(2).path("status").asText()).isEqualTo("not run");
    assertThat(u.err()).contains("stopping");
  }

  @Test
  void aStepWithFailedOperationsSaysSoAndTheStudyExitsFour() throws Exception {
    Path dir = tmp.resolve("failing");
    Out r = study("sandisk", "test-stall", "--scale", "1e-6", "--only", "32GB/load,32GB/workloadc-uniform", "-p",
        "stall.ms=0", "-p", "stall.failevery=4", "-p", "results.dir=" + dir);
    assertThat(r.code()).as(r.err()).isEqualTo(4);
    assertThat(r.err()).contains("failed operations: ");
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("outcome").asText()).isEqualTo("completed with failures");
    JsonNode run = null;
    for (JsonNode s : doc.path("steps")) {
      if (s.path("name").asText().equals("32GB/workloadc-uniform")) {
        run = s;
      }
    }
    assertThat(run).isNotNull();
    JsonNode res = MAPPER.readTree(dir.resolve(run.path("dir").asText()).resolve("results.json").toFile());
    long failed = 0;
    for (JsonNode o : res.path("operations")) {
      if (!o.path("name").asText().equals("OVERALL")) {
        failed += o.path("errors").asLong(); // calls that ended in neither OK nor BATCHED_OK
      }
    }
    assertThat(failed).as(res.path("operations").toString()).isPositive();
    assertThat(run.path("status").asText()).isEqualTo("failed operations");
    assertThat(run.path("failedOperations").asLong()).isEqualTo(failed);
    assertThat(run.path("failedByOperation").path("READ").path("ERROR").asLong()).as(run.toString()).isPositive();
    assertThat(Files.readString(dir.resolve("study.md"))).contains("| step | kind | status | failed ops |")
        .contains("| failed operations: " + failed + " failed operations: READ ERROR");
  }

  /**
   * A study's -p fault.* is an experiment on its measured runs: the run step runs the schedule and its failed
   * operations are expected (counted, status ok); the load before it runs without the fault, so its failed
   * operations still fail the study (exit 4).
   */
  @Test
  void aFaultScheduleAppliesToTheRunStepsWhoseFailuresItExpects() throws Exception {
    Path dir = tmp.resolve("faulted");
    Path mark = tmp.resolve("fault.txt");
    Out r = study("sandisk", "test-stall", "--scale", "1e-6", "--only", "32GB/load,32GB/workloadc-uniform", "-p",
        "stall.ms=0", "-p", "stall.failevery=4", "-p", "fault.at=1ms", "-p", "fault.action=command:echo x >> "
        + mark, "-p", "results.dir=" + dir);
    assertThat(r.code()).as(r.err()).isEqualTo(4);
    assertThat(Files.readAllLines(mark)).as("the run's fault, not the load's").containsExactly("x");
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    for (JsonNode s : doc.path("steps")) {
      JsonNode res = MAPPER.readTree(dir.resolve(s.path("dir").asText()).resolve("results.json").toFile());
      boolean run = s.path("name").asText().equals("32GB/workloadc-uniform");
      assertThat(res.path("metadata").path("faults").size()).as(s.path("name").asText()).isEqualTo(run ? 1 : 0);
      assertThat(s.path("failedOperations").asLong()).isPositive();
      assertThat(s.path("status").asText()).isEqualTo(run ? "ok" : "failed operations");
      assertThat(s.has("report")).as("the run's own report, with the fault on its time charts").isEqualTo(run);
    }
    assertThat(dir.resolve("32GB/workloadc-uniform/report.html")).content().contains("<h2>Faults")
        .contains("echo x &gt;&gt; " + mark);
    assertThat(Files.readString(dir.resolve("study.md"))).contains("([report](32GB/workloadc-uniform/report.html)");
  }

  /**
   * Two stores in one study: the matrix on each (a complete study folder per store), one report whose columns,
   * lines and bars are named by the product and version the runs reported, every measured cell still naming its
   * results.json; a -p key one binding declares reaches that binding's runs only.
   */
  @Test
  void severalStoresRunTheMatrixEachAndOneReportNamesThemByProduct() throws Exception {
    Path dir = tmp.resolve("stores");
    Out r = study("sandisk", "basic,test-stall", "--scale", "1e-6", "--only", "32GB/workloada-*,32GB/workloadc-*",
        "-p", "results.dir=" + dir, "-p", "stall.ms=0",
        "-p", "basicdb.simulatedelay=0");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("format").asText()).isEqualTo("sciycsb-study-stores");
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    JsonNode stall = MAPPER.readTree(dir.resolve("test-stall/32GB/workloada-uniform/results.json").toFile())
        .path("metadata");
    JsonNode basic = MAPPER.readTree(dir.resolve("basic/32GB/workloada-uniform/results.json").toFile())
        .path("metadata");
    String stallLabel = stall.path("store").path("product").asText() + " "
        + stall.path("store").path("version").asText();
    String basicLabel = basic.path("store").path("product").asText() + " "
        + basic.path("store").path("version").asText();
    assertThat(stallLabel).isEqualTo("test-stall 1.0");
    assertThat(doc.path("stores").findValuesAsText("label")).containsExactly(basicLabel, stallLabel);
    assertThat(doc.path("stores").findValuesAsText("binding")).containsExactly("basic", "test-stall");
    // each store's folder is a whole study of its own
    for (String b : new String[] {"basic", "test-stall"}) {
      JsonNode own = MAPPER.readTree(dir.resolve(b).resolve("study.json").toFile());
      assertThat(own.path("format").asText()).isEqualTo("sciycsb-study");
      assertThat(own.path("binding").asText()).isEqualTo(b);
    }
    // a key only basic declares went to basic's runs only; the others to both
    assertThat(basic.path("properties").path("basicdb.simulatedelay").asText()).isEqualTo("0");
    assertThat(stall.path("properties").has("basicdb.simulatedelay")).isFalse();
    assertThat(basic.path("properties").has("stall.ms")).isFalse();
    assertThat(stall.path("properties").path("stall.ms").asText()).isEqualTo("0");
    assertThat(doc.path("steps").findValuesAsText("name")).contains("basic/32GB/load", "test-stall/32GB/load");
    JsonNode tput = table(doc, "throughput");
    assertThat(tput.path("columns").findValuesAsText("groupLabel")).contains(basicLabel, stallLabel);
    assertThat(tput.path("rows").get(0).path("test-stall:run-32GB").path("sources").get(0).path("dir").asText())
        .isEqualTo("test-stall/32GB/workloada-uniform");
    assertThat(checkCells(dir, doc)).isGreaterThan(10);
    // what the run reproduces of the paper: one row per experiment, whether each store measured it in a column each
    JsonNode exp = table(doc, "experiments");
    assertThat(exp.path("rows")).hasSize(MAPPER.readTree(Path.of("../workloads/study-sandisk/experiments.json")
        .toFile()).path("experiments").size());
    assertThat(exp.path("columns").findValuesAsText("key")).contains("basic:here", "test-stall:here");
    JsonNode fig5 = exp.path("rows").get(4);
    assertThat(fig5.path("id").path("text").asText()).isEqualTo("Figure 5");
    assertThat(fig5.path("basic:here").path("text").asText()).isEqualTo("measured");
    JsonNode fig = doc.path("figures").get(0);
    assertThat(fig.path("series").findValuesAsText("name")).anyMatch(n -> n.startsWith(stallLabel + ": "))
        .anyMatch(n -> n.startsWith(basicLabel + ": "));
    String md = Files.readString(dir.resolve("study.md"));
    assertThat(md).contains(stallLabel + ": ").contains("| basic/32GB/load |");
    // the report again from the folder: the same
    Files.delete(dir.resolve("study.md"));
    assertThat(main("study", "report", dir.toString()).code()).isZero();
    assertThat(Files.readString(dir.resolve("study.md"))).isEqualTo(md);
  }

  /**
   * A cluster dimension: the matrix once per cluster (a properties file each), each in its own folder with its
   * file's settings, one report whose column groups and lines name the product and the cluster.
   */
  @Test
  void clustersRunTheMatrixOnEachAndOneReportNamesThem() throws Exception {
    Path one = Files.writeString(tmp.resolve("one.properties"), "basicdb.simulatedelay=1\nlabel.storage=disk-one\n");
    Path three = Files.writeString(tmp.resolve("three.properties"), "basicdb.simulatedelay=0\n");
    Path dir = tmp.resolve("clusters");
    Out r = study("sandisk", "basic", "--clusters", "1node=" + one + ",3node=" + three, "--scale", "1e-6",
        "--only", "32GB/workloada-uniform", "-p", "results.dir=" + dir, "-p", "basicdb.randomizedelay=false");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("stores").findValuesAsText("dir")).containsExactly("1node", "3node");
    assertThat(doc.path("stores").findValuesAsText("cluster")).containsExactly("1node", "3node");
    JsonNode p1 = MAPPER.readTree(dir.resolve("1node/32GB/workloada-uniform/results.json").toFile())
        .path("metadata").path("properties");
    JsonNode p3 = MAPPER.readTree(dir.resolve("3node/32GB/workloada-uniform/results.json").toFile())
        .path("metadata").path("properties");
    assertThat(p1.path("basicdb.simulatedelay").asText()).isEqualTo("1");
    assertThat(p3.path("basicdb.simulatedelay").asText()).isEqualTo("0");
    assertThat(p1.path("basicdb.randomizedelay").asText()).isEqualTo("false"); // -p reaches every cluster
    assertThat(p3.path("basicdb.randomizedelay").asText()).isEqualTo("false");
    assertThat(MAPPER.readTree(dir.resolve("1node/study.json").toFile()).path("storageLabel").asText())
        .isEqualTo("disk-one");
    List<String> labels = doc.path("stores").findValuesAsText("label");
    assertThat(labels).containsExactly("none (basic binding) n/a, 1node", "none (basic binding) n/a, 3node");
    assertThat(table(doc, "throughput").path("columns").findValuesAsText("groupLabel")).containsAll(labels);
    assertThat(checkCells(dir, doc)).isGreaterThan(2);
    assertThat(doc.path("command").asText()).contains("--clusters 1node=" + one + ",3node=" + three);
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws Exception {
    String[][] cases = {
        {"unknown study 'nosuch'", "study", "nosuch"},
        {"bad value for --scale: 'abc'", "study", "sandisk", "--scale", "abc"},
        {"bad value for --scale: '0'", "study", "sandisk", "--scale", "0"},
        {"bad value for --repeat: '0'", "study", "sandisk", "--repeat", "0"},
        {"bad value for --repeat: 'x'", "study", "sandisk", "--repeat", "x"},
        {"bad value for --clients: '0'", "study", "sandisk", "basic", "--clients", "0"},
        {"--yarn " + tmp.resolve("no-conf") + " has no yarn-site.xml", "study", "sandisk", "basic", "--yarn",
            tmp.resolve("no-conf").toString(), "--clients", "2"},
        {"--compare reads two finished study folders: --scale, --repeat, --clients", "study", "sandisk",
            "--clients", "2", "--compare", tmp.toString(), tmp.toString()},
        {"--compare: not a folder: " + tmp.resolve("nope-a"), "study", "sandisk", "--compare",
            tmp.resolve("nope-a").toString(), tmp.resolve("nope-b").toString()},
        {"option --compare needs 2 values: <study-dir>", "study", "sandisk", "--compare", tmp.toString()},
        {"unknown option --frob for study", "study", "sandisk", "--frob"},
        {"unknown binding 'nosuchstore'", "study", "sandisk", "nosuchstore"},
        {"unknown binding 'nosuchstore'", "study", "sandisk", "basic,nosuchstore"},
        {"binding basic is listed twice in 'basic,basic'", "study", "sandisk", "basic,basic"},
        {"empty binding name in 'basic,'", "study", "sandisk", "basic,"},
        {"bad value for --clusters: '1node' is not <name>=<properties file>", "study", "sandisk", "basic",
            "--clusters", "1node"},
        {"the properties file of cluster a does not exist: " + tmp.resolve("none.properties"), "study", "sandisk",
            "basic", "--clusters", "a=" + tmp.resolve("none.properties")},
        {"--clusters: cluster a is named twice", "study", "sandisk", "basic", "--clusters", "a=x,a=y"},
        {"cassandra@nosuch is not a running test server (bin/servers nodes cassandra@nosuch:", "study",
            "sandisk", "basic", "-p", "fault.at=1s", "-p", "fault.action=kill-node:2", "-p",
            "fault.server=cassandra@nosuch"},
        {"bad value for fault.action: 'reboot'", "study", "sandisk", "basic", "-p", "fault.at=1s", "-p",
            "fault.action=reboot"},
        {"study needs a study name", "study"},
        {"bad value for --memory-ratio: 'lots'", "study", "sandisk", "basic", "--memory-ratio", "lots"},
        {"bad value for --devices: 'a b'", "study", "sandisk", "basic", "--devices", "a b,c"},
        {"--devices: device a is named twice", "study", "sandisk", "basic", "--devices", "a,a"},
        {"binding basic has none in this checkout: name one with -p study.server=NAME", "study", "sandisk", "basic",
            "--devices", "hdd"},
        {"--devices: no device 'nosuch-device' (devices: ", "study", "sandisk", "basic", "--devices", "nosuch-device",
            "-p", "study.server=postgres"},
        {"--memory-ratio: study niec has no data set to size a memory cap from", "study", "niec", "basic",
            "--memory-ratio", "2", "-p", "study.server=postgres"},
        {"--devices, --memory-ratio, --dcs, --nodes and --dry-run do not apply", "study", "sandisk", "--compare",
            "a", "b", "--devices", "hdd"},
        {"unknown study option study.nope", "study", "sandisk", "-p", "study.nope=1"},
        {"--nodes sets the node count of the --dcs cluster: give --dcs too", "study", "sei", "cassandra", "--nodes",
            "9"},
        {"--dcs: study sandisk does not run across data centres (sei does)", "study", "sandisk", "cassandra",
            "--dcs", "3"},
        {"--dcs: binding basic has no multi-data-centre test server in this checkout (cassandra has)", "study",
            "sei", "basic", "--dcs", "3"},
        {"bad value for --dcs: '0'", "study", "sei", "cassandra", "--dcs", "0"},
        {"--dcs starts the study's own cluster for one store: not with several stores, --clusters, --devices or "
            + "--memory-ratio", "study", "sei", "cassandra", "--dcs", "3", "--devices", "hdd"},
        {"not a study folder: " + tmp, "study", "report", tmp.toString()},
    };
    for (String[] c : cases) {
      String[] argv = java.util.Arrays.copyOfRange(c, 1, c.length);
      Out r = study(java.util.Arrays.copyOfRange(c, 2, c.length)); // every case is a study command
      assertThat(r.code()).as(String.join(" ", argv) + ": " + r.err()).isEqualTo(2);
      List<String> lines = r.err().lines().toList();
      assertThat(lines).as(r.err()).hasSize(1);
      assertThat(lines.get(0)).startsWith("error: ").contains(c[0]);
      assertThat(r.err()).doesNotContain("\tat ");
    }
    // a folder without study.json
    Files.createDirectories(tmp.resolve("empty-a"));
    Files.createDirectories(tmp.resolve("empty-b"));
    Out r = main("study", "sandisk", "--compare", tmp.resolve("empty-a").toString(), tmp.resolve("empty-b").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("not a study folder").contains("no study.json");
    // a study folder that already holds results is never overwritten
    Files.writeString(tmp.resolve("empty-a/x"), "kept");
    Out o = study("sandisk", "basic", "--scale", "1e-6", "-p", "results.dir=" + tmp.resolve("empty-a"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("exists and is not empty");
    assertThat(Files.readString(tmp.resolve("empty-a/x"))).isEqualTo("kept");
  }

  @Test
  void listAndDryRunDescribeTheStudies() throws Exception {
    String list = study("list").out(); // bin/ycsb study list, with the project's folder as home
    for (String n : new String[] {"dede  (seed 000)", "niec  (seed 001)", "sandisk  (seed 002)", "sei  (seed 003)",
        "bankmark  (seed 004)"}) {
      assertThat(list).contains(n);
    }
    assertThat(list).contains("at scale 1: 30 steps (3 loads, 27 runs)").doesNotContain("cannot expand");
    Out d = study("sandisk", "basic", "--scale", "1e-4", "--max-threads", "4", "--dry-run", "-p", "results.dir="
        + tmp.resolve("never"));
    assertThat(d.code()).as(d.err()).isZero();
    assertThat(d.out()).contains("1TB/workloadc-zipfian: bin/ycsb run basic").contains("-p threadcount=4 ")
        .contains("note: thread counts capped (run): 32 -> 4").contains("recordcount=107374 ");
    assertThat(tmp.resolve("never")).doesNotExist();
  }

  /**
   * --clients N is checked for every step before anything runs: a fault schedule every process would repeat, an emptying load, more clients than records: one line, exit 2, no study folder (a store only one process
   * can open: StudyClientsIT, through bin/ycsb with the jdbc binding).
   */
  @Test
  void clientsThatCannotShareAStepAreRefusedBeforeAnythingRuns() {
    String[][] cases = {
        {"--clients 2 with a fault schedule (fault.*): every client process would run it", "bankmark", "basic",
            "--clients", "2", "-p", "fault.at=1s", "-p", "fault.action=command:true"},
        {"--clients 2 with load.empty=true: every client process would empty the table", "bankmark", "basic",
            "--clients", "2", "-p", "load.empty=true"},
        {"--clients 3 is more than the 1 records to load", "sandisk", "basic", "--clients", "3", "--scale", "1e-12"},
    };
    for (String[] c : cases) {
      Path dir = tmp.resolve("never-" + c.length + c[0].length());
      List<String> argv = new ArrayList<>(List.of(c).subList(1, c.length));
      argv.addAll(List.of("--scale", "1e-5", "-p", "results.dir=" + dir));
      if (argv.indexOf("--scale") != argv.lastIndexOf("--scale")) {
        argv.subList(argv.lastIndexOf("--scale"), argv.lastIndexOf("--scale") + 2).clear();
      }
      Out r = study(argv.toArray(new String[0]));
      assertThat(r.code()).as(argv + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().lines().filter(l -> l.startsWith("error: ")).toList()).as(r.err()).singleElement()
          .asString().contains(c[0]);
      assertThat(dir).doesNotExist();
    }
  }
}
