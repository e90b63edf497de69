package org.sciycsb.yarn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One client of a cluster run, in one map task. It waits (up to {@code yarn.barrier}) until every client's task
 * has started, runs the engine ({@code org.sciycsb.cli.Main load|run}) in a JVM of its own with the shipped
 * classpath, its share of the work and a results folder in the container, then copies that folder, its log and
 * {@code client.json} (exit code, error line, host) to {@code <run dir>/client-<i>/} on the cluster file system.
 *
 * <p>A client that fails (non-zero exit) still succeeds as a task: its results are kept and the submitter reports
 * the exit code; failing the task would kill the other clients mid-run (one attempt per task, no speculation). The
 * task fails only when the client JVM cannot be started or its results cannot be copied.
 *
 * <p>Hadoop and the JDK only: the engine's classes stay in the client JVM, away from Hadoop's jars.
 */
public class ClientMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
  /** Counters of the job: clients that exited 0 and the others. */
  public enum Clients { SUCCEEDED, FAILED }

  @Override
  public void run(Context ctx) throws IOException, InterruptedException {
    if (!ctx.nextKeyValue()) {
      return;
    }
    int index = ctx.getCurrentKey().get();
    Configuration conf = ctx.getConfiguration();
    int clients = conf.getInt(JobKeys.CLIENTS, 1);
    Path cwd = Paths.get("").toAbsolutePath();
    Path out = cwd.resolve("sciycsb-client-" + index);
    Path results = out.resolve("results");
    Files.createDirectories(results);
    Files.createDirectories(cwd.resolve("work"));
    Files.createDirectories(cwd.resolve("tmp"));

    Properties props = properties(ctx, conf, index, results);
    Path propsFile = cwd.resolve("sciycsb-client.properties"); // written once the start time is known
    List<String> cmd = command(conf, cwd, propsFile);

    org.apache.hadoop.fs.Path runDir = new org.apache.hadoop.fs.Path(conf.get(JobKeys.RUN_DIR));
    FileSystem fs = runDir.getFileSystem(conf);
    Start start = barrier(ctx, fs, runDir, index, clients, conf.getLong(JobKeys.BARRIER_MS, 0),
        conf.getLong(JobKeys.START_LEAD_MS, 0));
    long barrierWaitMs = start.waitedMs();
    if (start.startAtMs() > 0 && !props.containsKey("start.at")) {
      props.setProperty("start.at", Long.toString(start.startAtMs()));
    }
    Files.createFile(propsFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (Writer w = Files.newBufferedWriter(propsFile, StandardCharsets.UTF_8)) {
      props.store(w, "sciycsb client " + index + " of " + clients);
    }

    ClientRun run = runClient(ctx, cmd, cwd, out.resolve(JobKeys.CLIENT_LOG), index);
    int exit = run.exit();
    String errorLine = run.errorLine();
    ctx.getCounter(exit == 0 ? Clients.SUCCEEDED : Clients.FAILED).increment(1);
    ctx.setStatus("client " + index + ": exit " + exit + (errorLine == null ? "" : ": " + errorLine));

    Files.writeString(out.resolve(JobKeys.CLIENT_JSON), json(Map.of(
        "client", index, "clients", clients, "exitCode", exit, "error", errorLine == null ? "" : errorLine,
        "host", host(), "taskAttempt", String.valueOf(ctx.getTaskAttemptID()), "barrierWaitMs", barrierWaitMs,
        "startAtEpochMs", start.startAtMs(),
        "jvmStartedEpochMs", run.startedMs(), "jvmFinishedEpochMs", run.finishedMs())), StandardCharsets.UTF_8);
    upload(ctx, conf, fs, runDir, out, results, index);
  }

  /**
   * Every property in one file readable by this user only: secrets stay off command lines and out of the job
   * configuration (they come from the job's Credentials).
   */
  private static Properties properties(Context ctx, Configuration conf, int index, Path results) throws IOException {
    Properties props = new Properties();
    props.load(new StringReader(JobKeys.decode(conf.get(JobKeys.COMMON_PROPS))));
    props.load(new StringReader(JobKeys.decode(conf.get(JobKeys.CLIENT_PROPS + index))));
    for (Text alias : ctx.getCredentials().getAllSecretKeys()) {
      String a = alias.toString();
      if (a.startsWith(JobKeys.SECRET)) {
        props.setProperty(a.substring(JobKeys.SECRET.length()),
            new String(ctx.getCredentials().getSecretKey(alias), StandardCharsets.UTF_8));
      }
    }
    props.setProperty("results.dir", results.toString());
    // live metrics: each client its own id (the user's, if given, with the client's index)
    props.setProperty("metrics.client", props.getProperty("metrics.client", "yarn-client") + "-" + index);
    return props;
  }

  /** The client JVM's command line: the shipped classpath, the engine's main class, the properties file. */
  private static List<String> command(Configuration conf, Path cwd, Path propsFile) {
    List<String> cmd = new ArrayList<>();
    String javaHome = conf.get(JobKeys.JAVA_HOME, "");
    cmd.add(Paths.get(javaHome.isEmpty() ? System.getProperty("java.home") : javaHome, "bin", "java").toString());
    cmd.add("-Xmx" + conf.getInt(JobKeys.HEAP_MB, 1024) + "m");
    cmd.add("-Djava.io.tmpdir=" + cwd.resolve("tmp"));
    cmd.add("-Dsciycsb.home=" + cwd);
    cmd.add("-Dsciycsb.gitRevision=" + conf.get(JobKeys.GIT_REVISION, "unknown"));
    cmd.add("-Dsciycsb.bindings=" + conf.get(JobKeys.BINDINGS, ""));
    cmd.addAll(JobKeys.decodeLines(conf.get(JobKeys.JVM_OPTS))); // after -Xmx: a user's -Xmx wins
    List<String> cp = new ArrayList<>();
    for (String link : conf.getTrimmedStrings(JobKeys.CLASSPATH)) {
      cp.add(cwd.resolve(link).toString());
    }
    cmd.add("-cp");
    cmd.add(String.join(java.io.File.pathSeparator, cp));
    cmd.add(JobKeys.MAIN_CLASS);
    cmd.add(conf.get(JobKeys.COMMAND));
    String binding = conf.get(JobKeys.BINDING, "");
    if (!binding.isEmpty()) {
      cmd.add(binding);
    }
    cmd.add("-P");
    cmd.add(propsFile.toString());
    if (conf.getBoolean(JobKeys.DEBUG, false)) {
      cmd.add("--debug");
    }
    return cmd;
  }

  /** The client JVM's exit code, its last error line (null: none) and when it started and finished. */
  record ClientRun(int exit, String errorLine, long startedMs, long finishedMs) {}

  /** Runs the client JVM to its end, its output into the log and the task's status; a killed task stops it. */
  private static ClientRun runClient(Context ctx, List<String> cmd, Path cwd, Path log, int index)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().put("SCIYCSB_WORK", cwd.resolve("work").toString());
    long started = System.currentTimeMillis();
    AtomicReference<String> lastLine = new AtomicReference<>("");
    AtomicReference<String> errorLine = new AtomicReference<>();
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new IOException("client " + index + ": cannot start the client JVM " + cmd.get(0) + ": " + e.getMessage()
          + " (yarn.java.home names a JDK 17 on the cluster's nodes)", e);
    }
    Thread pump = pump(p, log, index, lastLine, errorLine);
    int exit;
    try {
      String shown = null;
      while (!p.waitFor(1, TimeUnit.SECONDS)) {
        ctx.progress();
        String l = lastLine.get();
        if (!l.equals(shown)) {
          ctx.setStatus("client " + index + ": " + (l.length() > 200 ? l.substring(0, 200) : l));
          shown = l;
        }
      }
      exit = p.exitValue();
      pump.join(10_000);
    } finally {
      if (p.isAlive()) { // the task is being killed: let the client write its partial results
        p.destroy();
        p.waitFor(30, TimeUnit.SECONDS);
        p.destroyForcibly();
      }
    }
    return new ClientRun(exit, errorLine.get(), started, System.currentTimeMillis());
  }

  /** A started daemon thread copying the client's output to its log and the task's log, noting its lines. */
  private static Thread pump(Process p, Path log, int index, AtomicReference<String> lastLine,
      AtomicReference<String> errorLine) {
    Thread pump = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
           Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
        String line;
        while ((line = r.readLine()) != null) {
          w.write(line);
          w.write('\n');
          w.flush();
          System.err.println(line); // the task's log
          if (line.startsWith("error: ")) {
            errorLine.set(line.substring("error: ".length()));
          }
          if (!line.isBlank() && !line.startsWith("[")) { // [OP], ... is the text result on stdout
            lastLine.set(line);
          }
        }
      } catch (IOException e) {
        System.err.println("sciycsb client " + index + ": reading the client's output failed: " + e.getMessage());
      }
    }, "client-output");
    pump.setDaemon(true);
    pump.start();
    return pump;
  }

  /** Copies results/ to client-<i>/ of the run's folder (written to a temporary folder, then renamed). */
  private static void upload(Context ctx, Configuration conf, FileSystem fs, org.apache.hadoop.fs.Path runDir,
      Path out, Path results, int index) throws IOException {
    // results/ holds what the engine wrote; client.json and client.log go beside its files
    for (String f : new String[] {JobKeys.CLIENT_JSON, JobKeys.CLIENT_LOG}) {
      if (Files.exists(out.resolve(f))) {
        Files.copy(out.resolve(f), results.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path(runDir, JobKeys.clientDir(index));
    org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path(runDir, "_tmp-" + ctx.getTaskAttemptID());
    FileSystem local = FileSystem.getLocal(conf);
    if (!FileUtil.copy(local, new org.apache.hadoop.fs.Path(results.toUri()), fs, tmp, false, conf)) {
      throw new IOException("client " + index + ": cannot copy its results to " + tmp);
    }
    if (!fs.rename(tmp, dst)) {
      throw new IOException("client " + index + ": cannot rename " + tmp + " to " + dst);
    }
  }

  /** How long a client waited for the others, and the common start time (0: none). */
  record Start(long waitedMs, long startAtMs) {}

  /**
   * Marks this client as started and waits until every client has, or the timeout passes. When all have, every
   * client computes the same start time, {@code lead} after the newest mark (the file system's clock), and the
   * engines begin their measured phases together ({@code start.at}); after a timeout, each begins at once.
   */
  static Start barrier(Context ctx, FileSystem fs, org.apache.hadoop.fs.Path runDir, int index, int clients,
      long timeoutMs, long leadMs) throws IOException, InterruptedException {
    if (timeoutMs <= 0 || clients <= 1) {
      return new Start(0, 0);
    }
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(runDir, "barrier");
    fs.create(new org.apache.hadoop.fs.Path(dir, Integer.toString(index)), true).close();
    long t0 = System.currentTimeMillis();
    while (true) {
      org.apache.hadoop.fs.FileStatus[] marks = fs.listStatus(dir);
      long waited = System.currentTimeMillis() - t0;
      if (marks.length >= clients) {
        long last = 0;
        for (org.apache.hadoop.fs.FileStatus m : marks) {
          last = Math.max(last, m.getModificationTime());
        }
        return new Start(waited, leadMs > 0 ? last + leadMs : 0);
      }
      if (waited >= timeoutMs) {
        System.err.println("sciycsb client " + index + ": only " + marks.length + " of " + clients + " clients "
            + "started within " + timeoutMs / 1000 + " s (yarn.barrier); starting anyway: the cluster may lack "
            + "containers for all of them at once");
        return new Start(waited, 0);
      }
      ctx.setStatus("client " + index + ": waiting for the other clients, " + marks.length + " of " + clients
          + " started");
      ctx.progress();
      Thread.sleep(250);
    }
  }

  static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** A flat JSON object of strings and numbers (the task has no JSON library of ours). */
  static String json(Map<String, Object> m) {
    StringBuilder b = new StringBuilder("{");
    m.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append('"').append(e.getKey()).append("\": ");
      Object v = e.getValue();
      if (v instanceof Number) {
        b.append(v);
      } else {
        b.append('"');
        for (char c : String.valueOf(v).toCharArray()) {
          if (c == '"' || c == '\\') {
            b.append('\\').append(c);
          } else if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
        b.append('"');
      }
    });
    return b.append("}\n").toString();
  }
}
