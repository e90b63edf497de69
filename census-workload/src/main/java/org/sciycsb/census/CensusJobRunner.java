package org.sciycsb.census;

import com.mongodb.hadoop.MongoInputFormat;
import com.mongodb.hadoop.MongoOutputFormat;
import com.mongodb.hadoop.util.MongoConfigUtil;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.ClassUtil;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.VersionInfo;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/** Runs one census MapReduce job (local job runner, or YARN with {@code hadoop.conf.dir}) and measures it. */
public final class CensusJobRunner {
  /** mongo-hadoop's splitter of one split for the whole collection. */
  static final String SINGLE_SPLITTER = "com.mongodb.hadoop.splitter.SingleMongoSplitter";

  private final Config config;

  /** Writes census.startfile (once: a three-stage job's first stage), for a fault schedule waiting for the job. */
  private void markStarted(long epochMs) throws IOException, org.sciycsb.api.ConfigException {
    String f = config.get(CensusOptions.STARTFILE);
    if (f != null && !java.nio.file.Files.exists(java.nio.file.Path.of(f))) {
      org.sciycsb.api.AtomicFiles.write(java.nio.file.Path.of(f), epochMs + "\n");
    }
  }
  private final Configuration base;

  /**
   * @param base a Hadoop configuration to start from (tests pass their MiniDFS/MiniYARN cluster's); null = a new
   *             one, with {@code hadoop.conf.dir}'s files when set, else the local job runner
   */
  public CensusJobRunner(Map<String, String> props, Configuration base) throws CensusException {
    String unknown = CensusOptions.unknownKey(props);
    if (unknown != null) {
      throw new CensusException("unknown property " + unknown + " (bin/census help lists the options)", 2);
    }
    this.config = new Config(props);
    this.base = base;
  }

  Configuration hadoopConf() throws CensusException, ConfigException {
    Configuration conf = base == null ? new Configuration() : new Configuration(base);
    String dir = config.get(CensusOptions.HADOOP_CONF_DIR);
    if (dir != null) {
      File d = new File(dir);
      if (!d.isDirectory()) {
        throw new CensusException("bad value for hadoop.conf.dir: '" + dir + "' is not a folder", 2);
      }
      for (String f : new String[] {"core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml"}) {
        File x = new File(d, f);
        if (x.isFile()) {
          conf.addResource(new Path(x.getAbsolutePath()));
        }
      }
      if (!"yarn".equals(conf.get("mapreduce.framework.name"))) {
        conf.set("mapreduce.framework.name", "yarn");
      }
    } else if (base == null) {
      conf.set("mapreduce.framework.name", "local");
    }
    conf.setInt("mapreduce.local.map.tasks.maximum", config.get(CensusOptions.LOCAL_MAPS));
    conf.setInt("ipc.client.connect.max.retries", 1);
    conf.setInt("ipc.client.connect.max.retries.on.timeouts", 1);
    return conf;
  }

  /** Runs the job; throws {@link CensusException} with one clear line for bad input, output or servers. */
  public JobReport run(CensusJobKind kind) throws CensusException {
    try {
      Locations in = Locations.parse(CensusOptions.INPUT.name(), config.get(CensusOptions.INPUT));
      Locations out = Locations.parse(CensusOptions.OUTPUT.name(), config.get(CensusOptions.OUTPUT));
      return run(kind, in, out);
    } catch (ConfigException e) {
      throw new CensusException(e.getMessage(), 2, e);
    }
  }

  /**
   * mongo-hadoop's input settings: the URI, range queries on {@code _id}, and the splitter. The paginating splitter
   * sorts the collection on {@code _id} for every split boundary; FerretDB 1.24 sorts and range-filters in its own
   * memory (a sort of 1,000,000 census documents took it to 23 GB and the kernel's OOM killer), so on FerretDB the
   * default becomes one split for the whole collection ({@code SingleMongoSplitter}), said in one line; a splitter
   * class named in {@code census.mongo.splitter} is used as it is.
   */
  private void configureMongoInput(Configuration conf, Locations in, Integer splitMb)
      throws CensusException, ConfigException {
    MongoConfigUtil.setInputURI(conf, in.uri());
    if (splitMb != null) {
      MongoConfigUtil.setSplitSize(conf, splitMb);
    }
    // splits as $gte/$lt range queries on _id instead of $min/$max cursor modifiers: the stand-in ignores
    // $min/$max (every split would read the whole collection); on MongoDB both give the same splits
    MongoConfigUtil.setRangeQueryEnabled(conf, true);
    String splitter = config.get(CensusOptions.MONGO_SPLITTER);
    if ("paginating".equals(splitter)) {
      long avg;
      String ferretDb;
      try (Mongo3 m = new Mongo3(in)) {
        avg = m.averageDocumentSize();
        ferretDb = m.ferretDbVersion();
      }
      if (ferretDb != null) {
        System.err.println("census: the input is on FerretDB " + ferretDb + ", which sorts in its own memory: one"
            + " split for the whole collection (SingleMongoSplitter) instead of the paginating splitter's sorts"
            + " (census.mongo.splitter names another)");
        conf.set("mongo.splitter.class", SINGLE_SPLITTER);
        return;
      }
      conf.set("mongo.splitter.class", "com.mongodb.hadoop.splitter.MongoPaginatingSplitter");
      long bytes = (splitMb == null ? 8L : splitMb) * 1024L * 1024L;
      conf.setInt(MongoConfigUtil.INPUT_SPLIT_MIN_DOCS, (int) Math.max(1, Math.min(Integer.MAX_VALUE, bytes / avg)));
    } else if (!"connector".equals(splitter)) {
      conf.set("mongo.splitter.class", splitter);
    }
  }

  JobReport run(CensusJobKind kind, Locations in, Locations out) throws CensusException, ConfigException {
    Configuration conf = hadoopConf();
    Integer splitMb = config.get(CensusOptions.SPLITSIZE);
    boolean overwrite = config.get(CensusOptions.OVERWRITE);
    conf.set(CensusMapper.JOB, kind.label());
    conf.set(CensusMapper.SEPARATOR, config.get(CensusOptions.SEPARATOR));
    conf.set(CensusReducer.OUTPUT_KIND, out.mongo() ? "mongodb" : "hdfs");
    checkInput(conf, in);
    prepareOutput(conf, out, overwrite);
    try {
      if (in.mongo()) {
        configureMongoInput(conf, in, splitMb);
      } else if (splitMb != null) {
        long bytes = splitMb * 1024L * 1024L;
        conf.setLong(FileInputFormat.SPLIT_MINSIZE, bytes);
        conf.setLong(FileInputFormat.SPLIT_MAXSIZE, bytes);
      }
      if (out.mongo()) {
        MongoConfigUtil.setOutputURI(conf, out.uri());
      }
      Job job = newJob(conf, kind, in, out);
      JobReport r = newReport(conf, kind, in, out, splitMb);
      InputFormat<?, ?> format = ReflectionUtils.newInstance(job.getInputFormatClass(), job.getConfiguration());
      List<InputSplit> splits = format.getSplits(job);
      r.splits = splits.size();
      runAndMeasure(job, kind, r);
      return r;
    } catch (IOException | RuntimeException e) {
      throw new CensusException("the census " + kind.label() + " job failed: " + firstLine(e), CensusException.FAILED, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CensusException("interrupted", CensusException.FAILED, e);
    } catch (ClassNotFoundException e) {
      throw new CensusException("the census job cannot load " + e.getMessage(), CensusException.FAILED, e);
    }
  }

  /** The job: mapper, reducer, input and output formats and paths; the jars shipped when it runs on a cluster. */
  private Job newJob(Configuration conf, CensusJobKind kind, Locations in, Locations out)
      throws IOException, ConfigException {
    Job job = Job.getInstance(conf, "census-" + kind.label());
    job.setJarByClass(CensusMapper.class);
    if (!"local".equals(conf.get("mapreduce.framework.name", "local"))) {
      shipJars(job);
    }
    job.setMapperClass(CensusMapper.class);
    job.setReducerClass(CensusReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setNumReduceTasks(config.get(CensusOptions.REDUCERS));
    if (in.mongo()) {
      job.setInputFormatClass(MongoInputFormat.class);
    } else {
      job.setInputFormatClass(TextInputFormat.class);
      FileInputFormat.addInputPath(job, new Path(in.uri()));
    }
    if (out.mongo()) {
      job.setOutputFormatClass(MongoOutputFormat.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(com.mongodb.hadoop.io.BSONWritable.class);
    } else {
      job.setOutputFormatClass(TextOutputFormat.class);
      job.setOutputKeyClass(NullWritable.class);
      job.setOutputValueClass(Text.class);
      FileOutputFormat.setOutputPath(job, new Path(out.uri()));
    }
    return job;
  }

  /** The report's metadata known before the job runs: what it reads and writes, where, with what. */
  private static JobReport newReport(Configuration conf, CensusJobKind kind, Locations in, Locations out,
      Integer splitMb) {
    JobReport r = new JobReport();
    r.metadata.put("job", kind.label());
    r.metadata.put("input", mask(in.uri()));
    r.metadata.put("inputKind", in.kind());
    r.metadata.put("output", mask(out.uri()));
    r.metadata.put("outputKind", out.kind());
    r.metadata.put("splitSizeMB", splitMb == null ? "default" : splitMb);
    if (in.mongo()) {
      r.metadata.put("mongoSplitter", conf.get("mongo.splitter.class", "connector's choice"));
      r.metadata.put("mongoSplitMinDocs", conf.get(MongoConfigUtil.INPUT_SPLIT_MIN_DOCS, "n/a"));
    }
    r.metadata.put("runner", conf.get("mapreduce.framework.name", "local"));
    r.metadata.put("hadoopVersion", VersionInfo.getVersion());
    r.metadata.put("mongoHadoop", in.mongo() || out.mongo() ? "mongo-hadoop-core 2.0.2, mongo-java-driver "
        + Mongo3.driverJar() : "not used");
    r.metadata.put("host", host());
    r.metadata.put("java", System.getProperty("java.version"));
    r.metadata.put("start", Instant.now().toString());
    return r;
  }

  /** Submits the job, waits for it, and fills the report with its times and counters. */
  private void runAndMeasure(Job job, CensusJobKind kind, JobReport r)
      throws IOException, InterruptedException, ClassNotFoundException, CensusException, ConfigException {
    long t0 = System.nanoTime();
    r.metadata.put("jobStartEpochMs", System.currentTimeMillis()); // a fault placed by a study is read against it
    markStarted(System.currentTimeMillis());
    job.submit();
    long mapDone = -1;
    while (!job.isComplete()) {
      if (mapDone < 0 && job.mapProgress() >= 1f) {
        mapDone = System.nanoTime();
      }
      Thread.sleep(25);
    }
    long t1 = System.nanoTime();
    r.metadata.put("jobEndEpochMs", System.currentTimeMillis());
    if (mapDone < 0) {
      mapDone = t1;
    }
    org.apache.hadoop.mapreduce.Counters c = job.getCounters();
    if (!job.isSuccessful()) {
      throw new CensusException("the census " + kind.label() + " job failed: "
          + (job.getStatus().getFailureInfo() == null ? "see the log above" : firstLine(job.getStatus().getFailureInfo())), 1);
    }
    r.recordsRead = c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue();
    r.recordsWritten = c.findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue();
    r.malformed = c.findCounter(CensusMapper.Counters.MALFORMED).getValue();
    long launched = c.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    r.mappers = launched > 0 ? launched : r.splits;
    r.reducers = job.getNumReduceTasks();
    r.totalMs = (t1 - t0) / 1_000_000;
    r.mapMs = (mapDone - t0) / 1_000_000;
    r.reduceMs = r.totalMs - r.mapMs;
    r.metadata.put("jobId", String.valueOf(job.getJobID()));
  }

  /** The three-stage path of seed 000: copy MongoDB to HDFS, run the job there, load the output back. */
  public JobReport runThreeStage(CensusJobKind kind, String stagingDir) throws CensusException {
    try {
      Locations in = Locations.parse(CensusOptions.INPUT.name(), config.get(CensusOptions.INPUT));
      Locations out = Locations.parse(CensusOptions.OUTPUT.name(), config.get(CensusOptions.OUTPUT));
      if (!in.mongo() || !out.mongo()) {
        throw new CensusException("the three-stage path reads and writes MongoDB: census.input and census.output"
            + " must be mongodb://host:port/db.collection", 2);
      }
      Locations copyIn = Locations.parse("staging", stagingDir + "/input");
      Locations jobOut = Locations.parse("staging", stagingDir + "/output");
      JobReport s1 = run(CensusJobKind.COPY, in, copyIn);
      s1.metadata.put("stage", "1: copy MongoDB to HDFS");
      JobReport s2 = run(kind, copyIn, jobOut);
      s2.metadata.put("stage", "2: " + kind.label() + " on HDFS");
      JobReport s3 = run(CensusJobKind.COPY, jobOut, out);
      s3.metadata.put("stage", "3: load the output back into MongoDB");
      JobReport r = new JobReport();
      r.metadata.putAll(s2.metadata);
      r.metadata.remove("stage");
      r.metadata.remove("jobId");
      r.metadata.put("job", kind.label() + "-threestage");
      r.metadata.put("input", mask(in.uri()));
      r.metadata.put("inputKind", "mongodb");
      r.metadata.put("output", mask(out.uri()));
      r.metadata.put("outputKind", "mongodb");
      r.metadata.put("staging", stagingDir);
      r.recordsRead = s1.recordsRead;
      r.recordsWritten = s3.recordsWritten;
      r.malformed = s1.malformed + s2.malformed;
      r.mapMs = s1.totalMs + s2.mapMs;
      r.reduceMs = s2.reduceMs + s3.totalMs;
      r.totalMs = s1.totalMs + s2.totalMs + s3.totalMs;
      r.splits = s2.splits;
      r.mappers = s2.mappers;
      r.reducers = s2.reducers;
      r.stages.add(s1);
      r.stages.add(s2);
      r.stages.add(s3);
      return r;
    } catch (ConfigException e) {
      throw new CensusException(e.getMessage(), 2, e);
    }
  }

  private void checkInput(Configuration conf, Locations in) throws CensusException {
    if (in.mongo()) {
      try (Mongo3 m = new Mongo3(in)) {
        if (!m.exists()) {
          throw new CensusException("census input collection " + in.namespace() + " does not exist at "
              + m.hosts() + " (load it first: bin/census load -p census.output=" + mask(in.uri()) + ")", CensusException.BAD_INPUT);
        }
      }
      return;
    }
    try {
      Path p = new Path(in.uri());
      FileSystem fs = p.getFileSystem(conf);
      if (!fs.exists(p)) {
        throw new CensusException("census input " + in.uri() + " does not exist", CensusException.BAD_INPUT);
      }
    } catch (IOException e) {
      throw new CensusException("cannot reach the input " + in.uri() + ": " + firstLine(e), 3, e);
    }
  }

  private void prepareOutput(Configuration conf, Locations out, boolean overwrite) throws CensusException {
    if (out.mongo()) {
      try (Mongo3 m = new Mongo3(out)) {
        if (m.exists()) {
          if (!overwrite && m.count() > 0) {
            throw new CensusException("census output collection " + out.namespace()
                + " exists and is not empty (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
          }
          m.drop();
        }
      }
      return;
    }
    try {
      Path p = new Path(out.uri());
      FileSystem fs = p.getFileSystem(conf);
      if (fs.exists(p)) {
        if (!overwrite) {
          throw new CensusException("census output " + out.uri() + " exists (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
        }
        fs.delete(p, true);
      }
    } catch (IOException e) {
      throw new CensusException("cannot reach the output " + out.uri() + ": " + firstLine(e), 3, e);
    }
  }

  /** For YARN: ship mongo-hadoop, the 3.x driver and (as a jar) our classes with the job. */
  private static void shipJars(Job job) {
    Set<String> jars = new LinkedHashSet<>();
    for (Class<?> c : new Class<?>[] {com.mongodb.hadoop.io.BSONWritable.class, com.mongodb.MongoClient.class}) {
      String j = jarOf(c);
      if (j != null) {
        jars.add(new File(j).toURI().toString());
      }
    }
    String own = jarOf(CensusMapper.class);
    if (own != null) {
      job.setJar(own);
    }
    String prev = job.getConfiguration().get("tmpjars");
    job.getConfiguration().set("tmpjars", (prev == null || prev.isEmpty() ? "" : prev + ",") + String.join(",", jars));
  }

  /** The jar holding a class; a class folder (tests) is packed into a temporary jar. */
  static String jarOf(Class<?> c) {
    String j = ClassUtil.findContainingJar(c);
    if (j != null) {
      return j;
    }
    try {
      java.nio.file.Path root = java.nio.file.Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      File jar = File.createTempFile("census-job-", ".jar");
      jar.deleteOnExit();
      try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(new java.io.FileOutputStream(jar));
           java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(root)) {
        for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
          if (java.nio.file.Files.isRegularFile(f)) {
            out.putNextEntry(new java.util.jar.JarEntry(root.relativize(f).toString().replace('\\', '/')));
            java.nio.file.Files.copy(f, out);
            out.closeEntry();
          }
        }
      }
      return jar.getAbsolutePath();
    } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  static String mask(String uri) {
    return uri.replaceAll("//([^/@:]+):([^/@]+)@", "//$1:*****@");
  }

  static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  static String firstLine(Object e) {
    String m = e instanceof Throwable ? String.valueOf(((Throwable) e).getMessage() == null ? e
        : ((Throwable) e).getMessage()) : String.valueOf(e);
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  static URI uri(String s) {
    return URI.create(s);
  }
}
