package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * The release (issue 23): {@code bin/dist} writes the tarball from the modules the reactor has packaged
 * ({@code --no-build}), it is unpacked into an empty folder, and its {@code bin/ycsb} and {@code bin/census} run
 * with a PATH that holds no {@code mvn}, a HOME without {@code ~/.m2} and JAVA_HOME the only other variable: workload
 * A on the embedded store and on the Cassandra and MongoDB-wire test servers, help, a compare, a tiny study, a census
 * job, and a user's {@code site.ycsb.DB} with {@code -cp}.
 */
class ReleaseTarballIT {
  /** A database of this run's own (a load into one that holds the keys already fails its inserts), dropped after. */
  static final String MONGO_DB = "sciycsb_release_it_" + System.currentTimeMillis();

  @TempDir
  static Path tmp;

  static Path tarball;
  static Path release;
  static Path userHome;
  static Path path;
  static Properties releaseProps = new Properties();

  @BeforeAll
  static void buildAndUnpack() throws Exception {
    long t0 = System.nanoTime();
    Path out = tmp.resolve("dist");
    ProcessBuilder pb = new ProcessBuilder(Launcher.HOME.resolve("bin/dist").toString(), "--no-build", "--out",
        out.toString()).directory(Launcher.HOME.toFile()).redirectErrorStream(true);
    Path log = tmp.resolve("dist.log");
    pb.redirectOutput(log.toFile());
    Process p = pb.start();
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("bin/dist finished").isTrue();
    String distLog = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(distLog).isZero();
    try (Stream<Path> s = Files.list(out)) {
      List<Path> tgz = s.filter(f -> f.getFileName().toString().matches("sciycsb-.+\\.tar\\.gz")).toList();
      assertThat(tgz).as(distLog).hasSize(1);
      tarball = tgz.get(0);
    }
    System.out.printf("ReleaseTarballIT: %s, %.1f MB, bin/dist --no-build %.0f s%n", tarball.getFileName(),
        Files.size(tarball) / 1e6, (System.nanoTime() - t0) / 1e9);

    Path unpacked = Files.createDirectories(tmp.resolve("unpacked"));
    Process tar = new ProcessBuilder("tar", "-C", unpacked.toString(), "-xzf", tarball.toString())
        .redirectErrorStream(true).start();
    assertThat(tar.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(tar.exitValue()).as(new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    try (Stream<Path> s = Files.list(unpacked)) {
      List<Path> top = s.toList();
      assertThat(top).as("one top folder").hasSize(1);
      release = top.get(0);
    }
    String name = tarball.getFileName().toString();
    assertThat(release.getFileName().toString()).isEqualTo(name.substring(0, name.length() - ".tar.gz".length()));
    try (InputStream in = Files.newInputStream(release.resolve("lib/release.properties"))) {
      releaseProps.load(in);
    }

    userHome = Files.createDirectories(tmp.resolve("home"));
    path = noMavenPath();
  }

  /**
   * A folder of links to every program on this PATH except Maven's ({@code mvn}, {@code mvnDebug}, ...), so the
   * release runs on an ordinary host that has no Maven.
   */
  static Path noMavenPath() throws IOException {
    Path bin = Files.createDirectories(tmp.resolve("path-without-mvn"));
    for (String dir : System.getenv("PATH").split(":")) {
      Path d = Path.of(dir);
      if (dir.isBlank() || !Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> s = Files.list(d)) {
        for (Path f : (Iterable<Path>) s::iterator) {
          String n = f.getFileName().toString();
          if (n.startsWith("mvn") || Files.exists(bin.resolve(n), java.nio.file.LinkOption.NOFOLLOW_LINKS)
              || !Files.isExecutable(f) || Files.isDirectory(f)) {
            continue;
          }
          Files.createSymbolicLink(bin.resolve(n), f.toAbsolutePath());
        }
      }
    }
    assertThat(bin.resolve("mvn")).doesNotExist();
    assertThat(bin.resolve("bash")).exists();
    return bin;
  }

  @AfterAll
  static void nothingWasWrittenToMavensHome() {
    if (userHome != null) {
      assertThat(userHome.resolve(".m2")).as("the release never calls Maven").doesNotExist();
    }
  }

  /** Runs {@code bin/<tool> args} of the unpacked release, in its folder, with only PATH, HOME and JAVA_HOME set. */
  static Launcher.Result run(String tool, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(release.resolve("bin").resolve(tool).toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(release.toFile());
    Map<String, String> env = pb.environment();
    env.clear();
    env.put("PATH", path.toString());
    env.put("HOME", userHome.toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    String id = tool + "-" + System.nanoTime();
    Path out = tmp.resolve(id + ".out");
    Path err = tmp.resolve(id + ".err");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    return new Launcher.Running(pb.start(), out, err).await(Duration.ofMinutes(5));
  }

  static Launcher.Result ycsb(String... args) throws IOException, InterruptedException {
    return run("ycsb", args);
  }

  /** Load then run workload A with the binding's own options; the run's results are checked. */
  static void workloadA(String binding, String dir, String... options) throws Exception {
    List<String> common = new ArrayList<>(List.of("-P", "workloads/workloada", "-p", "recordcount=300",
        "-p", "operationcount=600", "-threads", "2"));
    common.addAll(List.of(options));
    List<String> load = new ArrayList<>(List.of("load", binding));
    load.addAll(common);
    load.addAll(List.of("-p", "results.dir=" + tmp.resolve(dir + "-load")));
    Launcher.Result l = ycsb(load.toArray(String[]::new));
    assertThat(l.exit()).as(l.toString()).isZero();
    assertThat(l.text("INSERT", "Return=OK")).isEqualTo("300");
    List<String> run = new ArrayList<>(List.of("run", binding));
    run.addAll(common);
    run.addAll(List.of("-p", "results.dir=" + tmp.resolve(dir)));
    Launcher.Result r = ycsb(run.toArray(String[]::new));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("OVERALL", "Return=OK")).as(r.out()).isEqualTo("600");
    JsonNode j = Launcher.json(tmp.resolve(dir).resolve("results.json"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
    assertThat(j.path("summary").path("operations").asLong()).isEqualTo(600);
    assertThat(j.path("metadata").path("binding").asText()).isEqualTo(binding);
    assertThat(j.path("metadata").path("gitRevision").asText()).as("the revision the release was built from")
        .isEqualTo(releaseProps.getProperty("revision"));
  }

  @Test
  void theTarballHoldsOneFolderPerModuleSharedJarsOnceAndTheNotices() throws Exception {
    assertThat(releaseProps.getProperty("version")).isNotBlank();
    assertThat(release.getFileName().toString()).isEqualTo("sciycsb-" + releaseProps.getProperty("version"));
    for (String f : List.of("bin/ycsb", "bin/census", "bin/lib/java.sh", "README.md", "LICENSE", "NOTICE", "THIRD-PARTY.txt",
        "docs/release.md", "workloads/workloada", "workloads/study-niec", "mongodb-binding/README.md", "lib/riak-binding/jvm.options",
        "lib/census-workload/census-classpath.txt", "lib/census-workload/log4j.properties")) {
      assertThat(release.resolve(f)).as(f).exists();
    }
    assertThat(release.resolve("bin/servers")).as("test servers are not part of the release").doesNotExist();
    String thirdParty = Files.readString(release.resolve("THIRD-PARTY.txt"));
    assertThat(thirdParty).contains("org.mongodb:mongodb-driver-sync:").contains("org.apache.cassandra:java-driver-core:")
        .contains("org.apache.hadoop:hadoop-common:").contains("com.h2database:h2:").doesNotContain("junit")
        .as("our own modules are not third-party").doesNotContain("org.sciycsb:");

    // each binding's drivers on their own classpath: driver 5.x only beside the mongodb binding (and census-native),
    // driver 3.x only beside the census jobs, Hadoop not in the engine's classpath
    String mongo = Files.readString(release.resolve("lib/mongodb-binding/classpath.txt"));
    assertThat(mongo).contains("mongodb-driver-sync-").doesNotContain("mongo-java-driver-").doesNotContain("hadoop");
    String census = Files.readString(release.resolve("lib/census-workload/census-classpath.txt"));
    assertThat(census).contains("mongo-java-driver-3.").contains("hadoop-").doesNotContain("mongodb-driver-sync");
    for (String m : List.of("api", "engine", "reports", "studies", "cli", "jdbc-binding", "cassandra-binding")) {
      assertThat(Files.readString(release.resolve("lib/" + m + "/classpath.txt"))).as(m)
          .doesNotContain("hadoop").doesNotContain("mongo");
    }
    // a Debian package's jar goes with its native library: named where apt-get puts it, not bundled
    assertThat(Files.readString(release.resolve("lib/wiredtiger-binding/classpath.txt")).trim().split(":"))
        .contains("/usr/share/java/wiredtiger.jar");
    assertThat(release.resolve("lib/wiredtiger-binding/wiredtiger.jar")).doesNotExist();
    // every classpath entry is in the release (or, absolute, a Debian package's)
    try (Stream<Path> s = Files.walk(release.resolve("lib"))) {
      for (Path cp : s.filter(f -> f.getFileName().toString().endsWith("classpath.txt")).toList()) {
        for (String e : Files.readString(cp).trim().split(":")) {
          assertThat(release.resolve(e)).as(cp + ": " + e).isRegularFile();
        }
      }
    }
    // a jar that several folders hold is one file (hard links), so the tarball holds it once
    Path a = release.resolve("lib/engine/jackson-databind-" + jacksonVersion() + ".jar");
    Path b = release.resolve("lib/reports/jackson-databind-" + jacksonVersion() + ".jar");
    assertThat(Files.readAttributes(a, BasicFileAttributes.class).fileKey())
        .isEqualTo(Files.readAttributes(b, BasicFileAttributes.class).fileKey());
    long all = 0;
    Set<Object> seen = new HashSet<>();
    long distinct = 0;
    try (Stream<Path> s = Files.walk(release.resolve("lib"))) {
      for (Path f : s.filter(f -> f.toString().endsWith(".jar")).toList()) {
        BasicFileAttributes at = Files.readAttributes(f, BasicFileAttributes.class);
        all += at.size();
        if (seen.add(at.fileKey())) {
          distinct += at.size();
        }
      }
    }
    System.out.printf("ReleaseTarballIT: jars %.1f MB counted in every folder, %.1f MB distinct, tarball %.1f MB%n",
        all / 1e6, distinct / 1e6, Files.size(tarball) / 1e6);
    assertThat(Files.size(tarball)).as("shared jars are stored once").isLessThan(distinct + 20_000_000L)
        .isLessThan(all / 2);
  }

  static String jacksonVersion() throws IOException {
    try (Stream<Path> s = Files.list(release.resolve("lib/engine"))) {
      String n = s.map(f -> f.getFileName().toString()).filter(f -> f.startsWith("jackson-databind-")).findFirst()
          .orElseThrow();
      return n.substring("jackson-databind-".length(), n.length() - ".jar".length());
    }
  }

  @Test
  void helpAndWorkloadAOnTheEmbeddedStore() throws Exception {
    Launcher.Result h = ycsb("help");
    assertThat(h.exit()).as(h.toString()).isZero();
    assertThat(h.out()).contains("usage: bin/ycsb").contains("study");
    Launcher.Result hb = ycsb("help", "cassandra");
    assertThat(hb.exit()).as(hb.toString()).isZero();
    assertThat(hb.out()).contains("cassandra.hosts");
    workloadA("jdbc", "jdbc");
    assertThat(release.resolve("work/h2")).as("the embedded store lives in the release's work/").isDirectory();
  }

  @Test
  void workloadAOnTheCassandraTestServer() throws Exception {
    workloadA("cassandra", "cassandra", "-p", "cassandra.hosts=" + TestServers.cassandraHosts(),
        "-p", "cassandra.keyspace=ycsb_release");
  }

  @Test
  void workloadAOnTheMongoDbWireTestServer() throws Exception {
    try {
      workloadA("mongodb", "mongodb", "-p", "mongodb.url=" + TestServers.mongodb(MONGO_DB));
    } finally {
      try (com.mongodb.client.MongoClient c = com.mongodb.client.MongoClients.create(TestServers.mongodb())) {
        c.getDatabase(MONGO_DB).drop();
      }
    }
  }

  @Test
  void compareTwoRunsAndATinyStudy() throws Exception {
    for (String side : List.of("a", "b")) {
      Launcher.Result r = ycsb("run", "basic", "-P", "workloads/workloada", "-p", "operationcount=2000",
          "-p", "results.dir=" + tmp.resolve("basic-" + side));
      assertThat(r.exit()).as(r.toString()).isZero();
    }
    Path report = tmp.resolve("compare");
    Files.createDirectories(report);
    Launcher.Result c = ycsb("compare", tmp.resolve("basic-a").toString(), tmp.resolve("basic-b").toString(),
        "-p", "report.out=" + report);
    assertThat(c.exit()).as(c.toString()).isZero();
    assertThat(report.resolve("compare.html")).isNotEmptyFile();
    JsonNode cmp = Launcher.json(report.resolve("compare.json"));
    assertThat(cmp.path("rows").size()).isPositive();

    Path study = tmp.resolve("study");
    Launcher.Result s = ycsb("study", "niec", "jdbc", "--scale", "1e-3", "-p", "results.dir=" + study);
    assertThat(s.exit()).as(s.toString()).isZero();
    assertThat(study.resolve("study.html")).isNotEmptyFile();
    assertThat(study.resolve("study.md")).isNotEmptyFile();
    JsonNode doc = Launcher.json(study.resolve("study.json"));
    assertThat(doc.path("study").path("name").asText()).isEqualTo("niec");
    assertThat(Launcher.json(study.resolve("workers-20/read/results.json")).path("summary").path("outcome").asText())
        .isEqualTo("completed");
  }

  @Test
  void aCensusJobOnItsOwnClasspath() throws Exception {
    Path in = tmp.resolve("census-in");
    Launcher.Result l = run("census", "load", "-p", "census.records=200", "-p", "census.output=file://" + in,
        "-p", "census.results=" + tmp.resolve("census-load"));
    assertThat(l.exit()).as(l.toString()).isZero();
    Launcher.Result f = run("census", "filter", "-p", "census.input=file://" + in,
        "-p", "census.output=file://" + tmp.resolve("census-out"), "-p", "census.results=" + tmp.resolve("census-filter"));
    assertThat(f.exit()).as(f.toString()).isZero();
    JsonNode j = Launcher.json(tmp.resolve("census-filter/results.json"));
    assertThat(j.path("summary").path("outcome").asText()).isEqualTo("completed");
    assertThat(j.path("summary").path("recordsRead").asLong()).isEqualTo(200);
  }

  @Test
  void binDistRejectsBadInputWithOneLine() throws Exception {
    Process p = new ProcessBuilder(Launcher.HOME.resolve("bin/dist").toString(), "--no-such-flag")
        .directory(Launcher.HOME.toFile()).redirectErrorStream(true).start();
    assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isEqualTo(2);
    assertThat(out.lines().toList()).containsExactly("error: unknown option '--no-such-flag' (bin/dist [--no-build] [--out DIR])");
  }

  /** A user's binding, compiled here against the release's site.ycsb core jar, runs with -db and -cp. */
  @Test
  void aUserBindingWithCp() throws Exception {
    Path src = tmp.resolve("user/src/com/example/ReleaseDB.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, String.join("\n",
        "package com.example;",
        "import java.util.*;",
        "import site.ycsb.*;",
        "public class ReleaseDB extends DB {",
        "  public void init() { if (!\"yes\".equals(getProperties().getProperty(\"release.ok\"))) throw new RuntimeException(\"no props\"); }",
        "  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) { return Status.OK; }",
        "  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) { return Status.OK; }",
        "  public Status update(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status insert(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status delete(String t, String k) { return Status.OK; }",
        "}"));
    Path core;
    try (Stream<Path> s = Files.list(release.resolve("lib/api"))) {
      core = s.filter(f -> f.getFileName().toString().matches("core-0\\.17\\..*\\.jar")).findFirst().orElseThrow();
    }
    Path classes = Files.createDirectories(tmp.resolve("user/classes"));
    javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    assertThat(javac.run(null, null, null, "-cp", core.toString(), "-d", classes.toString(), src.toString()))
        .isZero();
    Path jar = tmp.resolve("user/release-binding.jar");
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("com/example/ReleaseDB.class"));
      out.write(Files.readAllBytes(classes.resolve("com/example/ReleaseDB.class")));
      out.closeEntry();
    }
    Launcher.Result r = ycsb("run", "-db", "com.example.ReleaseDB", "-cp", jar.toString(), "-P", "workloads/workloadb",
        "-p", "operationcount=3000", "-p", "release.ok=yes", "-p", "results.dir=" + tmp.resolve("user-run"));
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.text("OVERALL", "Return=OK")).isEqualTo("3000");
    JsonNode j = Launcher.json(tmp.resolve("user-run/results.json"));
    assertThat(j.path("metadata").path("binding").asText()).isEqualTo("com.example.ReleaseDB");
    Launcher.Result missing = ycsb("run", "-db", "com.example.ReleaseDB", "-P", "workloads/workloadb");
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("com.example.ReleaseDB not found on the classpath");
  }
}
