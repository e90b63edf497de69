package org.sciycsb.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;

/** The submitter's checks and helpers, without a cluster (the cluster runs are in YarnRunnerIT). */
class YarnMainTest {
  @TempDir
  Path tmp;

  record Run(int exit, String out, String err) {}

  static Run run(String... argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = YarnMain.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static void oneLine(Run r, int exit, String start) {
    assertThat(r.exit).as(r.err).isEqualTo(exit);
    assertThat(r.err.lines().toList()).as(r.err).hasSize(1);
    assertThat(r.err).startsWith(start).doesNotContain("\tat ");
  }

  Path conf(Map<String, String> props) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("conf"));
    Configuration c = new Configuration(false);
    props.forEach(c::set);
    try (var o = Files.newOutputStream(dir.resolve("yarn-site.xml"))) {
      c.writeXml(o);
    }
    return dir;
  }

  @Test
  void flagsAreCheckedFirst() {
    oneLine(run("run", "basic", "--clients", "3"), 2, "error: --clients needs --yarn <hadoop-conf-dir>");
    oneLine(run("run", "basic", "--yarn"), 2, "error: option --yarn needs a value");
    oneLine(run("run", "basic", "--yarn", "/x", "--clients", "-1"), 2,
        "error: bad value for --clients: -1 (must be at least 1)");
    oneLine(run("run", "basic", "--yarn", "/x", "--clients"), 2, "error: option --clients needs a value");
    oneLine(run("run", "basic", "--yarn", "/x", "--frob"), 2, "error: unknown option --frob for run");
    oneLine(run("run", "basic", "--yarn", "/x", "--clients", "1.5"), 2,
        "error: bad value for --clients: '1.5' is not a whole number");
    oneLine(run("sweep", "basic", "--yarn", "/x"), 2, "error: --yarn runs a load or a run");
    oneLine(run("run", "basic", "-p", "threadcount=0", "--yarn", "/x"), 2, "error: bad value for threadcount");
  }

  @Test
  void anUnreachableResourceManagerIsExit3InSeconds() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    Path c = conf(Map.of("yarn.resourcemanager.address", "127.0.0.1:" + port,
        "yarn.resourcemanager.connect.max-wait.ms", "2000", "yarn.resourcemanager.connect.retry-interval.ms", "500",
        "ipc.client.connect.max.retries", "0", "fs.defaultFS", "file:///"));
    String cp = System.getProperty("sciycsb.engine.classpath");
    try {
      System.setProperty("sciycsb.engine.classpath", Path.of("../engine/target/classes").toAbsolutePath().toString());
      long t0 = System.nanoTime();
      Run r = run("run", "basic", "-p", "results.dir=" + tmp.resolve("out"), "-p", "yarn.staging=" + tmp.resolve("st"),
          "--yarn", c.toString(), "--clients", "2");
      assertThat(r.exit).as(r.err).isEqualTo(3);
      assertThat(r.err.lines().filter(l -> l.startsWith("error: ")).toList()).singleElement().asString()
          .startsWith("error: cannot submit the job to the ResourceManager at 127.0.0.1:" + port);
      assertThat(r.err).doesNotContain("\tat ");
      assertThat((System.nanoTime() - t0) / 1e9).isLessThan(120);
    } finally {
      if (cp == null) {
        System.clearProperty("sciycsb.engine.classpath");
      } else {
        System.setProperty("sciycsb.engine.classpath", cp);
      }
    }
  }

  @Test
  void helpListsTheOptions() {
    Run r = run("help", "yarn", "--markdown");
    assertThat(r.exit).isZero();
    assertThat(r.out).startsWith("| option | type | default | description |").contains("`yarn.memory.mb`")
        .contains("`yarn.start.lead`");
  }

  @Test
  void propertiesSurviveTheJobConfiguration() throws Exception {
    Map<String, String> m = Map.of("a.b", "x = y : z", "fieldlength", "100", "unicode", "é\\n\t#!");
    String encoded = JobKeys.encode(JobStager.propertiesText(m));
    Properties p = new Properties();
    p.load(new StringReader(JobKeys.decode(encoded)));
    assertThat(p).containsExactlyInAnyOrderEntriesOf(m);
    assertThat(JobKeys.decodeLines(JobKeys.encodeLines(List.of("-Xss2m", "--add-opens java.base/x=ALL")))).containsExactly(
        "-Xss2m", "--add-opens java.base/x=ALL");
  }

  @Test
  void classpathEntriesAreDedupedAndClassFoldersPackedTheSameEachTime() throws Exception {
    Path classes = Files.createDirectories(tmp.resolve("classes/com/x"));
    Files.writeString(classes.resolve("A.class"), "a");
    Files.writeString(classes.resolve("B.class"), "b");
    Path jar = Files.writeString(tmp.resolve("lib.jar"), "not really a jar");
    List<File> e = Shipper.entries(List.of(tmp.resolve("classes").toString(), jar.toString(), jar.toString(),
        tmp.resolve("missing.jar").toString(), ""));
    assertThat(e).containsExactly(tmp.resolve("classes").toFile().getCanonicalFile(), jar.toFile().getCanonicalFile());
    File a = Shipper.pack(tmp.resolve("classes").toFile());
    Thread.sleep(1100);
    File b = Shipper.pack(tmp.resolve("classes").toFile());
    assertThat(Shipper.sha256(a)).isEqualTo(Shipper.sha256(b)); // the same classes: the cluster's copy is reused
    try (JarFile j = new JarFile(a)) {
      assertThat(j.getEntry("com/x/A.class")).isNotNull();
    }
    assertThat(Shipper.entries(List.of(tmp + "/*"))).containsExactly(jar.toFile().getCanonicalFile());
  }

  @Test
  void clientJsonIsValidJson() throws Exception {
    String j = ClientMapper.json(Map.of("error", "bad \"x\"\n\\", "exitCode", 3));
    var node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(j);
    assertThat(node.path("error").asText()).isEqualTo("bad \"x\"\n\\");
    assertThat(node.path("exitCode").asInt()).isEqualTo(3);
  }

  @Test
  void confFolderChecks() throws Exception {
    assertThatThrownBy(() -> ClusterConf.read(tmp.resolve("nope").toString()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("no such folder");
    Path f = Files.writeString(tmp.resolve("file"), "x");
    assertThatThrownBy(() -> ClusterConf.read(f.toString())).hasMessageContaining("is not a folder");
    Configuration c = ClusterConf.read(conf(Map.of("yarn.resourcemanager.connect.max-wait.ms", "5")).toString());
    assertThat(c.get("mapreduce.framework.name")).isEqualTo("yarn");
    assertThat(c.get("yarn.resourcemanager.connect.max-wait.ms")).isEqualTo("5"); // the cluster's own value wins
  }
}
