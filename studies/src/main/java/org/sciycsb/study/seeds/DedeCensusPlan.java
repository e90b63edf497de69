package org.sciycsb.study.seeds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.plan.StudyProps;

/**
 * Seed 000's census part of the plan: raw record reads and writes, HDFS vs the MongoDB side (§6.2); the filter job
 * over the four input/output combinations and the three-stage path at three input sizes (Figures 6 and 9); the
 * split-size sweep on mongo-hadoop input (Figure 5). Its study-file values are read and checked when it is made;
 * {@link #addSteps} adds the steps, {@link #addParams} the plan's parameters.
 */
final class DedeCensusPlan {
  private final StudyContext c;
  private final Plan plan;
  private final String hdfs;
  private final String mongoLabel;
  private final DedeInputs inputs;
  private final long readRecs;
  private final long writeRecs;
  private final List<Long> filterBase;
  private final List<String> paths;
  private final long split;
  private final long reducers;
  private final long splitBase;
  private final List<Long> splitSizes;
  private final String splitPath;
  private List<Object> sizes;
  private long splitRecords;

  DedeCensusPlan(StudyContext c, Plan plan) throws ConfigException {
    this.c = c;
    this.plan = plan;
    StudyProps p = c.props;
    hdfs = c.study(StudyOptions.HDFS.name(), defaultHdfs()).replaceAll("/+$", "");
    String mongo = c.study(StudyOptions.MONGO.name(), defaultMongo()).replaceAll("/+$", "");
    checkServers(hdfs, mongo);
    mongoLabel = c.study(StudyOptions.MONGO_LABEL.name(), StudyOptions.STANDIN_LABEL);
    String db = c.prefix.replaceAll("_+$", "");
    String root = hdfs + "/sciycsb-study/" + db;
    readRecs = c.count(p.longValue("raw.read.records"));
    writeRecs = c.count(p.longValue("raw.write.records"));
    filterBase = p.longs("filter.records");
    paths = p.list("filter.paths");
    checkFilterPaths(p, paths);
    split = p.longValue("filter.splitsize");
    reducers = p.longValue("reducers");
    splitBase = p.longValue("splits.records");
    splitSizes = p.longs("splits.sizes");
    splitPath = p.get("splits.path");
    if (!List.of("mongo-hdfs", "mongo-mongo").contains(splitPath)) {
      throw new ConfigException("study file " + p.file() + ": splits.path must read mongo-hadoop input (mongo-hdfs "
          + "or mongo-mongo), not '" + splitPath + "'");
    }
    inputs = new DedeInputs(plan, root, mongo, db, p.longValue("hdfs.files"));
  }

  /** The census inputs, shared with the fault steps. */
  DedeInputs inputs() {
    return inputs;
  }

  long split() {
    return split;
  }

  long reducers() {
    return reducers;
  }

  static String defaultHdfs() {
    String url = System.getenv("SCIYCSB_HDFS_URL");
    if (url != null && !url.isBlank()) {
      return url;
    }
    String port = System.getenv("SCIYCSB_HDFS_PORT");
    return "hdfs://127.0.0.1:" + (port == null || port.isBlank() ? "9000" : port);
  }

  static String defaultMongo() {
    String port = System.getenv("SCIYCSB_STANDIN_PORT");
    return "mongodb://127.0.0.1:" + (port == null || port.isBlank() ? "27018" : port);
  }

  /** study.hdfs is an hdfs:// (or file://) URL, study.mongo a mongodb://host:port one. */
  private static void checkServers(String hdfs, String mongo) throws ConfigException {
    if (!hdfs.startsWith("hdfs://") && !hdfs.startsWith("file://")) {
      throw new ConfigException("study.hdfs must be an hdfs:// (or file://) URL, not '" + hdfs + "'");
    }
    if (!mongo.startsWith("mongodb://")) {
      throw new ConfigException("study.mongo must be a mongodb://host:port URL, not '" + mongo + "'");
    }
    if (mongo.replaceFirst("^mongodb://", "").contains("/")) {
      throw new ConfigException("study.mongo is the server only (mongodb://host:port): the study names its "
          + "database and collections");
    }
  }

  private static void checkFilterPaths(StudyProps p, List<String> paths) throws ConfigException {
    for (String x : paths) {
      if (!List.of("hdfs-hdfs", "mongo-hdfs", "hdfs-mongo", "mongo-mongo", "threestage").contains(x)) {
        throw new ConfigException("study file " + p.file() + ": unknown filter path '" + x + "' (hdfs-hdfs, "
            + "mongo-hdfs, hdfs-mongo, mongo-mongo, threestage)");
      }
    }
  }

  /** The raw reads and writes, the filter at every size and combination, the split sizes. */
  void addSteps() {
    String root = inputs.root();
    String mongo = inputs.mongo();
    String db = inputs.db();
    // ---- §6.2: raw writes of one-field records, raw reads of full records
    plan.add(Step.census("raw/write-hdfs", "load").p("census.records", writeRecs).p("census.layout", "onefield")
        .p("census.output", root + "/raw-onefield").tag("test", "write").tag("store", "hdfs")
        .tag("records", writeRecs));
    plan.add(Step.census("raw/write-mongo", "load").p("census.records", writeRecs).p("census.layout", "onefield")
        .p("census.output", mongo + "/" + db + ".raw_onefield").tag("test", "write").tag("store", "mongo")
        .tag("records", writeRecs));
    String hIn = inputs.load("hdfs", readRecs);
    plan.add(Step.census("raw/read-hdfs", "read").p("census.input", inputs.hdfsIn(readRecs)).tag("test", "read")
        .tag("store", "hdfs").tag("records", readRecs).after(hIn));
    String mIn = inputs.load("mongo", readRecs);
    plan.add(Step.census("raw/read-mongo", "read").p("census.input", inputs.mongoIn(readRecs))
        .tag("test", "read").tag("store", "mongo").tag("records", readRecs).after(mIn));

    // ---- §6.4 Figure 6, §6.5 Figure 9: the filter over every input/output combination
    sizes = filterSteps();

    // ---- §6.4 Figure 5: split sizes on mongo-hadoop input
    splitRecords = c.count(splitBase);
    String sdep = inputs.load("mongo", splitRecords);
    for (long mb : splitSizes) {
      boolean toMongo = splitPath.endsWith("mongo");
      plan.add(Step.census("splits/" + mb + "MB", "filter").p("census.input", inputs.mongoIn(splitRecords))
          .p("census.output", toMongo ? mongo + "/" + db + ".out_splits" : root + "/out/splits")
          .p("census.splitsize", mb).p("census.reducers", reducers).tag("splitMB", mb).tag("records", splitRecords)
          .after(sdep));
    }
  }

  /** The filter over every input/output combination at every size: the sizes, for the plan's parameters. */
  private List<Object> filterSteps() {
    String root = inputs.root();
    String mongo = inputs.mongo();
    String db = inputs.db();
    List<Object> out = new ArrayList<>();
    for (long base : filterBase) {
      long n = c.count(base);
      String lab = label(base);
      Map<String, Object> sz = new LinkedHashMap<>();
      sz.put("label", lab);
      sz.put("paperRecords", base);
      sz.put("records", n);
      out.add(sz);
      for (String path : paths) {
        boolean fromMongo = path.startsWith("mongo") || path.equals("threestage");
        String dep = inputs.load(fromMongo ? "mongo" : "hdfs", n);
        String in = fromMongo ? inputs.mongoIn(n) : inputs.hdfsIn(n);
        Step s;
        if (path.equals("threestage")) {
          s = Step.census("filter/" + lab + "/" + path, "threestage", "filter")
              .p("census.output", mongo + "/" + db + ".out_threestage").p("census.staging", root + "/stage");
        } else {
          boolean toMongo = path.endsWith("mongo");
          s = Step.census("filter/" + lab + "/" + path, "filter").p("census.output", toMongo
              ? mongo + "/" + db + ".out_" + path.replace('-', '_') : root + "/out/" + path);
        }
        plan.add(s.p("census.input", in).p("census.splitsize", split).p("census.reducers", reducers)
            .tag("records", n).tag("size", lab).tag("path", path).after(dep));
      }
    }
    return out;
  }

  /** The census part's parameters (after {@link #addSteps}), and the note on the MongoDB side's stand-in. */
  void addParams() {
    String mongo = inputs.mongo();
    plan.param("hdfs", hdfs);
    plan.param("hdfsLabel", "HDFS (" + hdfs + ")");
    plan.param("mongo", mongo);
    plan.param("mongoLabel", mongoLabel);
    plan.param("rawReadRecords", readRecs);
    plan.param("rawWriteRecords", writeRecs);
    plan.param("filterSizes", sizes);
    plan.param("filterPaths", paths);
    plan.param("filterSplitMB", split);
    plan.param("splitRecords", splitRecords);
    plan.param("splitSizesMB", splitSizes);
    plan.param("splitPath", splitPath);
    if (mongoLabel.equals(StudyOptions.STANDIN_LABEL)) {
      plan.note("the MongoDB side of the census steps is " + mongo + ", taken to be the mongo-java-server "
          + "stand-in (bin/servers start mongo-standin): its numbers are labelled stand-in, never MongoDB (for a "
          + "real server: -p study.mongo=mongodb://host:port -p study.mongo.label='MongoDB 7.0')");
    }
  }

  /** "4.6M" for 4,600,000. */
  static String label(long records) {
    if (records >= 1_000_000) {
      return org.sciycsb.report.Fmt.num(records / 1e6, 1) + "M";
    }
    if (records >= 1000) {
      return org.sciycsb.report.Fmt.num(records / 1e3, 1) + "k";
    }
    return Long.toString(records);
  }
}
