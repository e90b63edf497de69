package org.sciycsb.yarn;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.GitRevision;
import org.sciycsb.report.Sla;

/**
 * Stages and submits a cluster run's job: which properties go to every client, as job secrets or to the merge; the
 * run's folder on the cluster's file system and the shipped classpath; the job's configuration (what each client
 * task reads, and how YARN runs the tasks).
 */
final class JobStager {
  /** Flags Hadoop 3.4's JVMs need on JDK 17 (the AM's and the tasks'). */
  static final String OPENS = "--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
      + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
      + " --add-opens java.base/java.net=ALL-UNNAMED";
  /** Heap of the task JVM, which only starts the client JVM and copies files. */
  static final int TASK_HEAP_MB = 200;

  private final YarnRunner.Request req;

  JobStager(YarnRunner.Request req) {
    this.req = req;
  }

  /** The user's properties as the submitter hands them on: to every client, as job secrets, or to the merge. */
  record SplitProperties(Map<String, String> common, Map<String, String> secrets, Map<String, String> sla) {}

  /** The job, ready to submit, with the file system and folder where its clients leave their results. */
  record StagedJob(Job job, FileSystem fs, Path runDir) {}

  /** The properties of every client: the user's, less what the submitter does itself. */
  SplitProperties splitProperties(Benchmark.Prepared p) throws ConfigException {
    Map<String, String> common = new TreeMap<>();
    Map<String, String> secrets = new TreeMap<>();
    Map<String, String> sla = new TreeMap<>();
    for (Map.Entry<String, String> e : req.args().properties().entrySet()) {
      String k = e.getKey();
      if (k.startsWith("yarn.") || k.equals(EngineOptions.RESULTS_DIR.name())
          || k.equals(EngineOptions.EXPORT_FILE.name()) || k.equals(EngineOptions.LABEL.name())) {
        continue;
      }
      if (Sla.isSlaKey(k)) {
        sla.put(k, e.getValue()); // thresholds apply to the merged result
      } else if (p.secrets().contains(k) || Secrets.looksSecret(k)
          || !Secrets.maskText(e.getValue()).equals(e.getValue())) { // mongodb://user:pw@host, ?password=...
        secrets.put(k, e.getValue());
      } else {
        common.put(k, e.getValue());
      }
    }
    return new SplitProperties(common, secrets, sla);
  }

  /** The run's folder on the cluster's file system, the shipped classpath and the configured job. */
  StagedJob stage(Benchmark.Prepared p, String phaseName, Configuration hconf, List<File> entries,
      List<Map<String, String>> shares, String label, SplitProperties props) throws BenchmarkException {
    Config cfg = p.config();
    int n = req.clients();
    String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + phaseName + "-"
        + java.util.UUID.randomUUID().toString().substring(0, 8);
    try {
      FileSystem fs = FileSystem.get(hconf);
      Path staging = new Path(cfg.get(YarnOptions.STAGING));
      staging = fs.makeQualified(staging.isAbsolute() ? staging : new Path(fs.getHomeDirectory(), staging));
      Path runDir = new Path(staging, "runs/" + id);
      fs.mkdirs(runDir);
      Job job = Job.getInstance(hconf, "sciycsb " + phaseName + " " + p.bindingName() + " (" + n + " clients)");
      job.setJar(Shipper.jarOf(ClientMapper.class));
      req.err().println("yarn: shipping the engine's classpath (" + entries.size() + " entries) to " + staging
          + "/jars");
      List<String> links = Shipper.ship(job, fs, new Path(staging, "jars"), entries);
      configure(job, cfg, phaseName, shares, label, props, links, runDir);
      return new StagedJob(job, fs, runDir);
    } catch (IOException | RuntimeException e) {
      throw new BindingException("cannot prepare the job on the cluster's file system " + hconf.get("fs.defaultFS")
          + ": " + YarnRunner.firstLine(e), e);
    }
  }

  /** What every client task reads from the job's configuration, and how YARN runs the tasks. */
  private void configure(Job job, Config cfg, String phaseName, List<Map<String, String>> shares, String label,
      SplitProperties props, List<String> links, Path runDir) throws ConfigException {
    int n = req.clients();
    int memory = cfg.get(YarnOptions.MEMORY_MB);
    Configuration jc = job.getConfiguration();
    jc.setInt(JobKeys.CLIENTS, n);
    jc.set(JobKeys.COMMAND, phaseName);
    jc.set(JobKeys.BINDING, req.args().binding() == null ? "" : req.args().binding());
    jc.set(JobKeys.COMMON_PROPS, JobKeys.encode(propertiesText(props.common())));
    for (int i = 0; i < n; i++) {
      Map<String, String> own = new LinkedHashMap<>(shares.get(i));
      own.put(EngineOptions.LABEL.name(), label == null ? "client" + i : label + "-client" + i);
      jc.set(JobKeys.CLIENT_PROPS + i, JobKeys.encode(propertiesText(own)));
    }
    for (Map.Entry<String, String> e : props.secrets().entrySet()) {
      job.getCredentials().addSecretKey(new Text(JobKeys.SECRET + e.getKey()),
          e.getValue().getBytes(StandardCharsets.UTF_8));
    }
    jc.set(JobKeys.CLASSPATH, String.join(",", links));
    jc.set(JobKeys.JVM_OPTS, JobKeys.encodeLines(req.engineJvmOpts()));
    jc.setInt(JobKeys.HEAP_MB, memory - 512); // the task JVM (200 MB heap) and both JVMs' native memory take the rest
    jc.set(JobKeys.JAVA_HOME, cfg.get(YarnOptions.JAVA_HOME) == null ? "" : cfg.get(YarnOptions.JAVA_HOME));
    jc.setBoolean(JobKeys.DEBUG, req.args().debug());
    jc.set(JobKeys.GIT_REVISION, GitRevision.of(java.nio.file.Path.of(System.getProperty("sciycsb.home", "."))));
    jc.set(JobKeys.BINDINGS, System.getProperty("sciycsb.bindings", ""));
    jc.set(JobKeys.RUN_DIR, runDir.toString());
    jc.setLong(JobKeys.BARRIER_MS, cfg.get(YarnOptions.BARRIER).toMillis());
    jc.setLong(JobKeys.START_LEAD_MS, cfg.get(YarnOptions.START_LEAD).toMillis());
    // one attempt, no speculation: a benchmark client must not run twice
    jc.setInt("mapreduce.job.maps", n);
    jc.setInt("mapreduce.map.maxattempts", 1);
    jc.setBoolean("mapreduce.map.speculative", false);
    jc.setBoolean("mapreduce.job.ubertask.enable", false);
    jc.setInt("mapreduce.map.memory.mb", memory);
    jc.setInt("mapreduce.map.cpu.vcores", cfg.get(YarnOptions.VCORES));
    jc.set("mapreduce.map.java.opts", "-Xmx" + TASK_HEAP_MB + "m " + OPENS);
    String am = jc.get("yarn.app.mapreduce.am.command-opts", "-Xmx1024m");
    if (!am.contains("java.base/java.lang=")) {
      jc.set("yarn.app.mapreduce.am.command-opts", am + " " + OPENS);
    }
    if (cfg.get(YarnOptions.QUEUE) != null) {
      jc.set("mapreduce.job.queuename", cfg.get(YarnOptions.QUEUE));
    }
    job.setInputFormatClass(ClientInputFormat.class);
    job.setMapperClass(ClientMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
  }

  static void submit(Job job, Configuration hconf) throws BenchmarkException {
    try {
      job.submit();
    } catch (IOException | RuntimeException e) {
      throw new BindingException("cannot submit the job to the ResourceManager at "
          + hconf.get("yarn.resourcemanager.address") + ": " + YarnRunner.firstLine(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted while submitting the job");
    } catch (ClassNotFoundException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot submit the job: " + e.getMessage());
    }
  }

  static String propertiesText(Map<String, String> m) {
    Properties p = new Properties();
    p.putAll(m);
    StringWriter w = new StringWriter();
    try {
      p.store(w, null);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return w.toString();
  }
}
