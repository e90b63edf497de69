package org.sciycsb.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code bin/ycsb load|run basic ... --yarn <conf-dir> --clients N} through the real launcher, against a YARN
 * cluster in this JVM (MiniMRYarnCluster: ResourceManager, one NodeManager running the AM and the tasks in JVMs of
 * their own, history server). The launcher starts the submitter in its own process with the configuration folder
 * written here from the cluster's configuration, exactly as a user's HADOOP_CONF_DIR. Everything is checked from
 * the files: each client's folder, the merged counts, and the merged percentiles against an independent sum of the
 * clients' interval logs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnRunnerIT {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  static final ObjectMapper JSON = new ObjectMapper();
  static Path tmp;
  static Path confDir;
  static MiniMRYarnCluster yarn;

  @BeforeAll
  static void startCluster() throws Exception {
    tmp = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "yarn-it-");
    Configuration conf = new Configuration();
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx256m"); // the submitter adds the JDK 17 flags
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.setInt("yarn.nodemanager.resource.memory-mb", 4096);
    conf.setInt("yarn.nodemanager.resource.cpu-vcores", 8);
    conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    conf.set("yarn.scheduler.minimum-allocation-mb", "128");
    conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
    yarn = new MiniMRYarnCluster("sciycsb-yarn", 1);
    yarn.init(conf);
    yarn.start();
    // the user's HADOOP_CONF_DIR: this cluster's configuration (addresses with their real ports). A mini cluster
    // hands the submitter's own classpath to the AM and the tasks (yarn.is.minicluster); a real cluster uses its
    // installation (mapreduce.application.classpath): here, the third-party jars of this JVM (Hadoop's among
    // them), none of the project's own classes, so the tasks find ClientMapper only in the job's jar
    Configuration user = new Configuration(yarn.getConfig());
    user.setBoolean("yarn.is.minicluster", false);
    List<String> installation = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (e.endsWith(".jar") && !Path.of(e).toAbsolutePath().startsWith(HOME)) {
        installation.add(e);
      }
    }
    user.set("mapreduce.application.classpath", String.join(",", installation));
    confDir = Files.createDirectories(tmp.resolve("hadoop-conf"));
    try (OutputStream out = Files.newOutputStream(confDir.resolve("yarn-site.xml"))) {
      user.writeXml(out);
    }
  }

  @AfterAll
  static void stopCluster() {
    if (yarn != null) {
      yarn.stop();
    }
  }

  record Result(int exit, String out, String err) {
    List<String> errors() {
      return err.lines().filter(l -> l.startsWith("error: ")).toList();
    }
  }

  static Result ycsb(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(6, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("bin/ycsb did not finish in 6 minutes: " + Files.readString(err));
    }
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  static int applications() {
    return yarn.getResourceManager().getRMContext().getRMApps().size();
  }

  static JsonNode json(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  static JsonNode op(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no operation " + name + " in " + results.path("operations"));
  }

  /** The clients' interval logs added by tag, independently of the tool's merge. */
  static Map<String, Histogram> sumOfLogs(List<Path> logs) throws IOException {
    Map<String, Histogram> sum = new TreeMap<>();
    for (Path log : logs) {
      HistogramLogReader r = new HistogramLogReader(log.toFile());
      EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) {
        sum.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add((Histogram) h);
      }
    }
    return sum;
  }

  @Test
  @Order(1)
  void badInputIsOneLineExit2AndSubmitsNothing() throws Exception {
    int before = applications();
    Path empty = Files.createDirectories(tmp.resolve("empty-conf"));
    Path broken = Files.createDirectories(tmp.resolve("broken-conf"));
    Files.writeString(broken.resolve("yarn-site.xml"), "<configuration><property><name>x</name>");
    String[][] cases = {
        {"run", "basic", "-P", "workloads/workloada", "--yarn", confDir.toString(), "--clients", "0"},
        {"run", "basic", "-P", "workloads/workloada", "--yarn", confDir.toString(), "--clients", "two"},
        {"run", "basic", "-P", "workloads/workloada", "--yarn", tmp.resolve("no-such-dir").toString(), "--clients", "2"},
        {"run", "basic", "-P", "workloads/workloada", "--yarn", empty.toString(), "--clients", "2"},
        {"run", "basic", "-P", "workloads/workloada", "--yarn", broken.toString(), "--clients", "2"},
        {"run", "nosuchstore", "-P", "workloads/workloada", "--yarn", confDir.toString(), "--clients", "2"},
        {"load", "basic", "-P", "workloads/workloada", "-p", "recordcount=3", "--yarn", confDir.toString(),
            "--clients", "5"},
        {"run", "basic", "-P", "workloads/workloada", "-p", "yarn.memroy.mb=1024", "--yarn", confDir.toString()},
        {"load", "-P", "workloads/workloada", "--yarn", confDir.toString(), "--clients", "2"},
        {"load", "-P", "workloads/fhir-8020", "-p", "fhir.patients=1", "-p", "db.url=jdbc:postgresql://127.0.0.1/x",
            "--yarn", confDir.toString(), "--clients", "2"},
    };
    String[] expected = {
        "error: bad value for --clients: 0 (must be at least 1)",
        "error: bad value for --clients: 'two' is not a whole number",
        "error: --yarn " + tmp.resolve("no-such-dir") + ": no such folder",
        "error: --yarn " + empty + " has no yarn-site.xml",
        "error: cannot read the Hadoop configuration in " + broken,
        "error: unknown binding 'nosuchstore'",
        "error: --clients 5 is more than the 3 records to load",
        "error: unknown property yarn.memroy.mb for yarn: did you mean yarn.memory.mb?",
        "error: cannot run on a cluster: the jdbc binding's embedded H2 store is a file on this host",
        "error: --clients 2 is more than the 1 patients to load",
    };
    for (int i = 0; i < cases.length; i++) {
      Result r = ycsb(cases[i]);
      assertThat(r.exit).as(String.join(" ", cases[i]) + "\n" + r.err).isEqualTo(2);
      assertThat(r.errors()).as(r.err).hasSize(1);
      assertThat(r.errors().get(0)).startsWith(expected[i]);
      assertThat(r.err).doesNotContain("\tat ").doesNotContain("yarn: submitted");
    }
    assertThat(applications()).as("nothing was submitted").isEqualTo(before);
  }

  @Test
  @Order(2)
  void loadOnTwoClientsThenRunOnThreeMergeExactly() throws Exception {
    Path load = tmp.resolve("load");
    Result l = ycsb("load", "basic", "-P", "workloads/workloada", "-p", "recordcount=1000", "-threads", "2",
        "-p", "results.dir=" + load, "-p", "yarn.memory.mb=768", "-p", "yarn.start.lead=2s", "-p", "yarn.staging=" + tmp.resolve("staging"), "-p", "status.interval=2",
        "--yarn", confDir.toString(), "--clients", "2");
    assertThat(l.exit).as(l.err).isZero();
    assertThat(l.err).contains("yarn: submitted job_");
    long inserted = 0;
    for (int i = 0; i < 2; i++) {
      Path c = load.resolve("clients/" + i);
      JsonNode r = json(c.resolve("results.json"));
      assertThat(r.path("metadata").path("binding").asText()).isEqualTo("basic");
      assertThat(r.path("metadata").path("phase").asText()).isEqualTo("load");
      assertThat(r.path("metadata").path("label").asText()).isEqualTo("client" + i);
      assertThat(r.path("metadata").path("properties").path("insertstart").asText()).isEqualTo(i == 0 ? "0" : "500");
      assertThat(r.path("metadata").path("properties").path("insertcount").asText()).isEqualTo("500");
      assertThat(json(c.resolve("client.json")).path("exitCode").asInt()).isZero();
      inserted += op(r, "INSERT").path("operations").asLong();
    }
    assertThat(inserted).isEqualTo(1000);
    JsonNode merged = json(load.resolve("results.json"));
    assertThat(op(merged, "INSERT").path("operations").asLong()).isEqualTo(1000);
    assertThat(load.resolve("latency.hlog")).isNotEmptyFile();

    Path run = tmp.resolve("run");
    Result r = ycsb("run", "basic", "-P", "workloads/workloada", "-p", "recordcount=1000",
        "-p", "operationcount=3000", "-threads", "2", "-p", "results.dir=" + run, "-p", "yarn.memory.mb=768", "-p", "yarn.start.lead=4", "-p", "yarn.staging=" + tmp.resolve("staging"),
        "-p", "sla.OVERALL.errors=0", "--yarn", confDir.toString(), "--clients", "3");
    assertThat(r.exit).as(r.err).isZero();
    List<Path> logs = new ArrayList<>();
    String[] startAt = {null};
    long sum = 0;
    long reads = 0;
    long updates = 0;
    for (int i = 0; i < 3; i++) {
      Path c = run.resolve("clients/" + i);
      assertThat(c.resolve("results.json")).isRegularFile();
      assertThat(c.resolve("results.txt")).isRegularFile();
      assertThat(c.resolve("client.log")).isRegularFile();
      assertThat(c.resolve("latency.hlog")).isNotEmptyFile();
      JsonNode cr = json(c.resolve("results.json"));
      assertThat(cr.path("metadata").path("properties").path("operationcount").asText()).isEqualTo("1000");
      // every client got the same start time from the barrier
      String at = cr.path("metadata").path("properties").path("start.at").asText();
      assertThat(at).isNotEmpty();
      if (startAt[0] == null) {
        startAt[0] = at;
      }
      assertThat(at).isEqualTo(startAt[0]);
      sum += cr.path("summary").path("operations").asLong();
      reads += op(cr, "READ").path("operations").asLong();
      updates += op(cr, "UPDATE").path("operations").asLong();
      logs.add(c.resolve("latency.hlog"));
    }
    assertThat(sum).isEqualTo(3000);
    JsonNode m = json(run.resolve("results.json"));
    assertThat(m.path("summary").path("operations").asLong()).isEqualTo(sum);
    assertThat(op(m, "OVERALL").path("operations").asLong()).isEqualTo(3000);
    assertThat(op(m, "READ").path("operations").asLong()).isEqualTo(reads);
    assertThat(op(m, "UPDATE").path("operations").asLong()).isEqualTo(updates);
    assertThat(m.path("metadata").path("merged").path("inputs")).hasSize(3);
    for (JsonNode in : m.path("metadata").path("merged").path("inputs")) {
      // no client began its measured phase before the common start (1 ms: the log's clock conversion)
      assertThat(in.path("startEpochMs").asLong()).isGreaterThanOrEqualTo(Long.parseLong(startAt[0]) - 1);
    }
    assertThat(m.path("metadata").path("threads").asLong()).isEqualTo(6);
    // percentiles of the merged result = those of the sum of the clients' histograms
    Map<String, Histogram> total = sumOfLogs(logs);
    for (String name : List.of("OVERALL", "READ", "UPDATE")) {
      Histogram h = total.get(name + ".response");
      JsonNode resp = op(m, name).path("response");
      assertThat(resp.path("count").asLong()).as(name).isEqualTo(h.getTotalCount());
      assertThat(resp.path("p50").asDouble()).as(name + " p50").isEqualTo(h.getValueAtPercentile(50) / 1000.0);
      assertThat(resp.path("p95").asDouble()).as(name + " p95").isEqualTo(h.getValueAtPercentile(95) / 1000.0);
      assertThat(resp.path("p99").asDouble()).as(name + " p99").isEqualTo(h.getValueAtPercentile(99) / 1000.0);
      assertThat(resp.path("p99_9").asDouble()).as(name + " p99.9").isEqualTo(h.getValueAtPercentile(99.9) / 1000.0);
      assertThat(resp.path("max").asDouble()).as(name + " max").isEqualTo(h.getMaxValue() / 1000.0);
    }
    // the merged text on stdout, the merged log, the SLA gate on the merged result, the job's record
    assertThat(r.out).contains("[OVERALL], Operations, 3000");
    assertThat(run.resolve("latency.hlog")).isNotEmptyFile();
    assertThat(run.resolve("junit.xml")).content().contains("sla.OVERALL");
    JsonNode y = json(run.resolve("yarn.json"));
    assertThat(y.path("jobId").asText()).startsWith("job_");
    assertThat(y.path("clients").asInt()).isEqualTo(3);
    assertThat(y.path("clientResults")).hasSize(3);
    assertThat(r.err).contains("yarn: client 2").contains("measured phases started within");
  }

  /**
   * A user's DB class (a class folder on -cp: packed and shipped) that refuses to start in the client whose load
   * share does not begin at 0: that client is named, its exit code returned, and the other's results still merged.
   */
  @Test
  @Order(3)
  void aFailingClientIsNamedAndTheOthersAreKept() throws Exception {
    Path src = tmp.resolve("src/com/example/PickyDB.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, String.join("\n",
        "package com.example;",
        "import java.util.*;",
        "import site.ycsb.*;",
        "public class PickyDB extends DB {",
        "  public void init() throws DBException {",
        "    if (!\"0\".equals(getProperties().getProperty(\"insertstart\"))) throw new DBException(\"picky: not my share\");",
        "  }",
        "  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) { return Status.OK; }",
        "  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) { return Status.OK; }",
        "  public Status update(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status insert(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status delete(String t, String k) { return Status.OK; }",
        "}"));
    Path classes = Files.createDirectories(tmp.resolve("classes"));
    int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null,
        "-cp", System.getProperty("java.class.path"), "-d", classes.toString(), src.toString());
    assertThat(rc).isZero();
    int before = applications();
    Path out = tmp.resolve("picky");
    Result r = ycsb("load", "-db", "com.example.PickyDB", "-cp", classes.toString(), "-P", "workloads/workloada",
        "-p", "recordcount=200", "-p", "results.dir=" + out, "-p", "yarn.memory.mb=768", "-p", "yarn.barrier=0", "-p", "yarn.staging=" + tmp.resolve("staging"),
        "--yarn", confDir.toString(), "--clients", "2");
    assertThat(applications()).isEqualTo(before + 1);
    assertThat(r.exit).as(r.err).isEqualTo(3); // the client's own exit code: its DB could not start
    assertThat(r.errors()).as(r.err).hasSize(1);
    assertThat(r.errors().get(0)).startsWith("error: client 1 of 2 failed (exit 3:").contains("picky: not my share")
        .contains("1 client's results merged into " + out); // a client that measured nothing leaves no results
    assertThat(out.resolve("clients/1/results.json")).doesNotExist();
    assertThat(json(out.resolve("clients/1/client.json")).path("exitCode").asInt()).isEqualTo(3);
    assertThat(out.resolve("clients/1/client.log")).content().contains("picky: not my share");
    JsonNode ok = json(out.resolve("clients/0/results.json"));
    assertThat(op(ok, "INSERT").path("operations").asLong()).isEqualTo(100);
    JsonNode merged = json(out.resolve("results.json"));
    assertThat(op(merged, "INSERT").path("operations").asLong()).isEqualTo(100);
    assertThat(merged.path("metadata").path("outcome").asText()).isEqualTo("failed");
    assertThat(ok.path("metadata").path("properties").has("start.at")).as("yarn.barrier=0: no common start").isFalse();
  }

  /** Ctrl-C on the submitter kills the job (no client keeps running on the cluster) and exits 130. */
  @Test
  @Order(4)
  void anInterruptKillsTheJob() throws Exception {
    Path err = tmp.resolve("interrupt-err.txt");
    ProcessBuilder pb = new ProcessBuilder(HOME.resolve("bin/ycsb").toString(), "run", "basic", "-P",
        "workloads/workloada", "-p", "operationcount=0", "-p", "maxexecutiontime=300", "-p", "basicdb.simulatedelay=1",
        "-p", "results.dir=" + tmp.resolve("interrupted"), "-p", "yarn.memory.mb=768", "-p", "yarn.start.lead=1",
        "-p", "yarn.staging=" + tmp.resolve("staging"), "-p", "status.interval=1", "--yarn", confDir.toString(),
        "--clients", "2").directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.redirectOutput(tmp.resolve("interrupt-out.txt").toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
      while (!Files.readString(err).contains("clients 2 running")) {
        assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
        assertThat(System.nanoTime()).as("both clients running within 4 minutes").isLessThan(deadline);
        Thread.sleep(250);
      }
      Thread.sleep(3000);
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
      assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("the submitter ended after SIGINT").isTrue();
    } finally {
      p.destroyForcibly();
    }
    String e = Files.readString(err);
    assertThat(p.exitValue()).as(e).isEqualTo(130);
    assertThat(e).contains("yarn: interrupted: killing job_").contains("error: interrupted: the job was killed");
    var apps = yarn.getResourceManager().getRMContext().getRMApps().values();
    var last = apps.stream().max(java.util.Comparator.comparingLong(a -> a.getSubmitTime())).orElseThrow();
    // the AM kills the job and ends (FINISHING, then FINISHED) with the final status KILLED
    long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (!java.util.Set.of("FINISHED", "KILLED").contains(last.getState().name()) && System.nanoTime() < until) {
      Thread.sleep(250);
    }
    assertThat(last.getState().name()).as("the application on the cluster").isIn("FINISHED", "KILLED");
    assertThat(last.getFinalApplicationStatus())
        .isEqualTo(org.apache.hadoop.yarn.api.records.FinalApplicationStatus.KILLED);
  }

  /**
   * {@code bin/ycsb study ... --yarn DIR --clients 2}: every engine step of the study is one job of 2 map tasks on
   * the cluster, its results the clients' exact merge in the step's folder (each client's beside it), and the study
   * report reads them as any step's; a folder without yarn-site.xml is one line, exit 2, nothing run.
   */
  @Test
  @Order(5)
  void aStudyRunsEachEngineStepAsAJobOfItsClients() throws Exception {
    Result bad = ycsb("study", "sandisk", "basic", "--yarn", tmp.resolve("nowhere").toString(), "--clients", "2",
        "-p", "results.dir=" + tmp.resolve("study-bad"));
    assertThat(bad.exit()).as(bad.err()).isEqualTo(2);
    assertThat(bad.errors()).singleElement().satisfies(l -> assertThat(l).contains("has no yarn-site.xml"));
    assertThat(tmp.resolve("study-bad")).doesNotExist();

    int before = applications();
    Path dir = tmp.resolve("study-yarn");
    Result r = ycsb("study", "sandisk", "basic", "--yarn", confDir.toString(), "--clients", "2", "--scale", "1e-6",
        "--only", "32GB/load,32GB/workloadc-uniform", "-p", "basicdb.simulatedelay=0", "-p", "yarn.memory.mb=768",
        "-p", "yarn.start.lead=2s", "-p", "yarn.staging=" + tmp.resolve("staging"), "-p", "results.dir=" + dir);
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(applications() - before).as("one job per engine step").isEqualTo(2);
    JsonNode doc = json(dir.resolve("study.json"));
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    assertThat(doc.path("yarn").asText()).isEqualTo(confDir.toString());
    assertThat(doc.path("command").asText()).contains("--yarn " + confDir).contains("--clients 2");
    assertThat(doc.path("steps")).hasSize(2);
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.toString()).isEqualTo("ok");
      assertThat(s.path("clients").asInt()).isEqualTo(2);
      Path step = dir.resolve(s.path("dir").asText());
      JsonNode merged = json(step.resolve("results.json"));
      long sum = 0;
      for (int i = 0; i < 2; i++) { // the runner's clients/0 and clients/1
        sum += json(step.resolve("clients/" + i + "/results.json")).path("summary").path("operations").asLong();
      }
      assertThat(sum).isPositive();
      assertThat(merged.path("summary").path("operations").asLong()).as(s.path("name").asText()).isEqualTo(sum);
    }
    assertThat(dir.resolve("study.md")).content().contains("32GB/workloadc-uniform");
  }
}
