package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.sciycsb.testkit.TestServers;

/** Runs the real launchers ({@code bin/ycsb}, {@code bin/census}, {@code bin/servers}) as a user would. */
final class Launcher {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  private Launcher() {}

  /** A finished command: exit code, stdout and stderr. */
  record Result(int exit, String out, String err) {
    /**
     * The value of a text line such as {@code [READ], Operations}, or null: from stdout (YCSB's measurements), else
     * from the run's results.txt (the extended text: {@code [OVERALL]} latencies, {@code -SERVICE}, ...), in the
     * folder named on stderr ({@code results: DIR}).
     */
    String text(String section, String metric) {
      return org.sciycsb.testkit.CapturedRun.text(out, err, section, metric);
    }

    List<String> errorLines() {
      return err.lines().filter(l -> l.startsWith("error:")).toList();
    }

    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /** A command running in the background, its output going to files. */
  static final class Running {
    final Process process;
    final Path out;
    final Path err;

    Running(Process process, Path out, Path err) {
      this.process = process;
      this.out = out;
      this.err = err;
    }

    String errSoFar() throws IOException {
      return Files.readString(err, StandardCharsets.UTF_8);
    }

    /** Sends a signal by name (INT, TERM, KILL): bin/ycsb execs java, so its pid is the JVM's. */
    void signal(String sig) throws IOException, InterruptedException {
      new ProcessBuilder("kill", "-" + sig, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    Result await(Duration timeout) throws IOException, InterruptedException {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly); // a study's client processes, say
        process.destroyForcibly();
        throw new AssertionError("did not finish within " + timeout + ":\n" + errSoFar());
      }
      return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    }
  }

  /** Starts {@code bin/<tool> args} with SCIYCSB_WORK under {@code tmp} and the extra environment. */
  static Running start(Path tmp, String name, Map<String, String> env, String tool, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin").resolve(tool).toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    pb.environment().putAll(env);
    Path out = tmp.resolve(name + ".out");
    Path err = tmp.resolve(name + ".err");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    return new Running(pb.start(), out, err);
  }

  /** Runs {@code bin/ycsb args} to its end. */
  static Result ycsb(Path tmp, String... args) throws IOException, InterruptedException {
    return ycsb(tmp, Map.of(), args);
  }

  static Result ycsb(Path tmp, Map<String, String> env, String... args) throws IOException, InterruptedException {
    return start(tmp, "ycsb-" + System.nanoTime(), env, "ycsb", args).await(Duration.ofMinutes(5));
  }

  /**
   * Runs {@code bin/servers args} with the extra environment (an instance's ports, its work folder) to its end
   * (at most 8 minutes) and returns its output; a failure or a hang fails the test with that output.
   */
  static String servers(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(HOME.resolve("bin/servers").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile()).redirectErrorStream(true);
    pb.environment().putAll(env);
    Path log = Files.createTempFile("sciycsb-servers-", ".log");
    pb.redirectOutput(log.toFile());
    Process p = pb.start();
    boolean done = p.waitFor(8, TimeUnit.MINUTES);
    String out = Files.readString(log, StandardCharsets.UTF_8);
    Files.deleteIfExists(log);
    if (!done) {
      p.destroyForcibly();
      throw new AssertionError("bin/servers " + String.join(" ", args) + " hung:\n" + out);
    }
    if (p.exitValue() != 0) {
      throw new AssertionError("bin/servers " + String.join(" ", args) + " failed (exit " + p.exitValue() + "):\n"
          + out);
    }
    return out;
  }

  /** What a {@code bin/servers} call ended with: its exit code, its stdout and its stderr's lines. */
  record ServersOut(int exit, String out, List<String> errLines) {}

  /**
   * Runs {@code bin/servers args} on the checkout's own work folder ({@code SCIYCSB_WORK} removed) with {@code env},
   * its output in files under {@code tmp}, whatever its exit code; a call still running after {@code seconds} fails
   * the test.
   */
  static ServersOut serversCall(Path tmp, Map<String, String> env, int seconds, List<String> args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(HOME.resolve("bin/servers").toString()));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile());
    pb.environment().remove("SCIYCSB_WORK");
    pb.environment().putAll(env);
    Path out = tmp.resolve("out-" + System.nanoTime());
    Path err = tmp.resolve("err-" + System.nanoTime());
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", cmd) + " did not end within " + seconds + " s");
    }
    return new ServersOut(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8).lines().toList());
  }

  /** The work folder of the test servers (bin/test's SCIYCSB_WORK, else the checkout's work/). */
  static String serversWork() {
    String work = System.getenv("SCIYCSB_WORK");
    return work != null ? work : HOME.resolve("work").toString();
  }

  /** Runs {@code bin/census args} to its end. */
  static Result census(Path tmp, String... args) throws IOException, InterruptedException {
    return start(tmp, "census-" + System.nanoTime(), Map.of(), "census", args).await(Duration.ofMinutes(5));
  }

  static JsonNode json(Path file) throws IOException {
    return new ObjectMapper().readTree(file.toFile());
  }

  /** An environment variable, or a default. */
  static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? dflt : v;
  }

  /** The test servers' addresses, from the environment bin/test and the server scripts use. */
  static String mongoUrl() {
    return TestServers.mongodb("ycsb");
  }

  static String postgresUrl() {
    return TestServers.postgres();
  }

  static String hdfsUrl() {
    return TestServers.hdfs();
  }

  /** The first Cassandra contact point (CQL on 9042, as the server script). */
  static String cassandraHost() {
    return TestServers.cassandraHost();
  }

  static void assertFinishedOk(Result r) {
    assertThat(r.exit()).as(r.toString()).isZero();
  }

  /**
   * A study's output and, when it failed, the end of each of its step logs ({@code DIR/logs/*} of each DIR given:
   * a study over clusters has one a cluster): what a CI failure needs to be explained without a rerun.
   */
  static String studyFailure(Result r, Path... studyDirs) throws IOException {
    StringBuilder b = new StringBuilder(r.toString());
    for (Path studyDir : studyDirs) {
      Path logs = studyDir.resolve("logs");
      if (r.exit() != 0 && Files.isDirectory(logs)) {
        try (var s = Files.list(logs)) {
          for (Path l : s.sorted().toList()) {
            b.append("\n--- ").append(l).append(" (end)\n").append(tail(l, 30));
          }
        }
      }
    }
    return b.toString();
  }

  /** The last lines of a text file. */
  static String tail(Path file, int lines) throws IOException {
    List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }
}
