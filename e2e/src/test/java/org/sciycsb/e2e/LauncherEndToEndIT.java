package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, through the real launcher: {@code bin/ycsb load} then {@code bin/ycsb run} with no
 * binding named, on the embedded H2 default, in a fresh work folder.
 */
class LauncherEndToEndIT {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path tmp;

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
  void loadThenRunOnTheEmbeddedDefault() throws Exception {
    Result load = ycsb("load", "-P", "workloads/workloada", "-p", "recordcount=2000", "-threads", "2",
        "-p", "results.dir=" + tmp.resolve("load"));
    assertThat(load.exit).as(load.err).isZero();
    assertThat(load.text("INSERT", "Operations")).isEqualTo("2000");
    JsonNode lj = new ObjectMapper().readTree(tmp.resolve("load/results.json").toFile());
    assertThat(lj.path("metadata").path("binding").asText()).isEqualTo("jdbc");
    assertThat(lj.path("metadata").path("store").path("product").asText()).isEqualTo("H2");
    assertThat(lj.path("extra").path("countCheck").asText()).isEqualTo("ok");
    assertThat(tmp.resolve("work/h2")).isDirectory();

    Result run = ycsb("run", "-P", "workloads/workloada", "-p", "recordcount=2000", "-p", "operationcount=3000",
        "-threads", "4", "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(run.exit).as(run.err).isZero();
    long reads = Long.parseLong(run.text("READ", "Operations"));
    long updates = Long.parseLong(run.text("UPDATE", "Operations"));
    assertThat(reads + updates).isEqualTo(3000);
    assertThat(run.text("READ", "Return=NOT_FOUND")).as("every key was loaded").isNull();
    assertThat(run.text("READ", "95thPercentileLatency(us)")).isNotNull();
    assertThat(tmp.resolve("run/latency.hlog")).isNotEmptyFile();
  }

  @Test
  void launcherRejectsBadInputWithOneLine() throws Exception {
    Result r = ycsb("run", "nosuchstore", "-P", "workloads/workloada");
    assertThat(r.exit).isEqualTo(2);
    List<String> errors = r.err.lines().filter(l -> l.startsWith("error: ")).toList();
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0)).startsWith("error: unknown binding 'nosuchstore'").contains("jdbc");
    assertThat(r.err).doesNotContain("\tat ");
    Result missing = ycsb("load", "-P", "workloads/nosuchfile");
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err).contains("property file not found: workloads/nosuchfile");
  }

  @Test
  void helpPrintsTheBindingsOptions() throws Exception {
    Result r = ycsb("help", "jdbc");
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("db.url").contains("db.batchsize").contains("default");
    Result g = ycsb("help");
    assertThat(g.out).contains("usage: bin/ycsb").contains("jdbc").contains("mongodb");
  }

  /** A user's own binding jar, compiled here against the site.ycsb API only, runs with -db and -cp. */
  @Test
  void userDbClassRunsFromItsOwnJar() throws Exception {
    Path src = tmp.resolve("src/com/example/CountingDB.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, String.join("\n",
        "package com.example;",
        "import java.util.*;",
        "import site.ycsb.*;",
        "public class CountingDB extends DB {",
        "  public void init() { if (!\"yes\".equals(getProperties().getProperty(\"counting.ok\"))) throw new RuntimeException(\"no props\"); }",
        "  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) { return Status.OK; }",
        "  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) { return Status.OK; }",
        "  public Status update(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status insert(String t, String k, Map<String, ByteIterator> v) { return Status.OK; }",
        "  public Status delete(String t, String k) { return Status.OK; }",
        "}"));
    Path classes = tmp.resolve("classes");
    Files.createDirectories(classes);
    javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-cp", System.getProperty("java.class.path"), "-d", classes.toString(),
        src.toString());
    assertThat(rc).isZero();
    Path jar = tmp.resolve("user-binding.jar");
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("com/example/CountingDB.class"));
      out.write(Files.readAllBytes(classes.resolve("com/example/CountingDB.class")));
      out.closeEntry();
    }
    Result r = ycsb("run", "-db", "com.example.CountingDB", "-cp", jar.toString(), "-P", "workloads/workloadb",
        "-p", "operationcount=5000", "-p", "counting.ok=yes", "-threads", "2", "-jvm-args", "-Xmx256m",
        "-p", "results.dir=" + tmp.resolve("user"));
    assertThat(r.exit).as(r.err).isZero();
    assertThat(Long.parseLong(r.text("READ", "Operations")) + Long.parseLong(r.text("UPDATE", "Operations")))
        .isEqualTo(5000);
    JsonNode j = new ObjectMapper().readTree(tmp.resolve("user/results.json").toFile());
    assertThat(j.path("metadata").path("binding").asText()).isEqualTo("com.example.CountingDB");
    assertThat(j.path("metadata").path("jvm").path("arguments").toString()).contains("-Xmx256m");
    Result missing = ycsb("run", "-db", "com.example.CountingDB", "-P", "workloads/workloadb");
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err).contains("com.example.CountingDB not found on the classpath");
  }
}
