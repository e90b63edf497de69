package org.sciycsb.census;

import java.util.Map;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option of {@code bin/census}: the one declaration help and the README use. */
public final class CensusOptions {
  private CensusOptions() {}

  public static final Option<String> INPUT = Option.string("census.input", null,
      "job input: hdfs://host:port/path (file or folder of CSV lines), file:///path, or"
          + " mongodb://host:port/db.collection (documents, read with mongo-hadoop's MongoInputFormat)");
  public static final Option<String> OUTPUT = Option.string("census.output", null,
      "job output or load target: hdfs://.../folder (text lines), file:///..., or mongodb://host:port/db.collection"
          + " (MongoOutputFormat)");
  public static final Option<Integer> SPLITSIZE = Option.integer("census.splitsize", null,
      "input split size in MB (the seed found 128 best); MongoDB: documents per split = size / average document"
          + " size (paginating splitter) or mongo.input.split_size (connector splitters); HDFS: split min = max = size")
      .defaultShownAs("the input's default: 8 MB for mongo-hadoop, the block size for HDFS")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> REDUCERS = Option.integer("census.reducers", 1,
      "reduce tasks (seed 000: one reducer collects the output)").check(v -> v >= 1, "must be at least 1");
  public static final Option<String> SEPARATOR = Option.string("census.separator", "|",
      "the reorder job's new field separator");
  public static final Option<Boolean> OVERWRITE = Option.bool("census.overwrite", false,
      "replace an existing output folder or collection (else the job refuses to start)");
  public static final Option<String> RESULTS = Option.string("census.results", null,
      "results folder (results.json, results.txt)").defaultShownAs("results/<time>-census-<job>");
  public static final Option<String> STARTFILE = Option.string("census.startfile", null,
      "a file the job writes its start time (epoch ms) into when it is submitted, the first stage's for threestage:"
          + " what a fault schedule around the job waits for (bin/ycsb study dede's fault steps)")
      .defaultShownAs("none");
  public static final Option<String> HADOOP_CONF_DIR = Option.string("hadoop.conf.dir", null,
      "a Hadoop configuration folder (core-site.xml, mapred-site.xml, yarn-site.xml): submit to that YARN"
          + " cluster instead of the local job runner").defaultShownAs("local job runner");
  public static final Option<Integer> LOCAL_MAPS = Option.integer("census.local.maps", 2,
      "parallel map tasks of the local job runner (mapreduce.local.map.tasks.maximum)")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<String> MONGO_SPLITTER = Option.string("census.mongo.splitter", "paginating",
      "mongo-hadoop splitter: paginating (MongoPaginatingSplitter, mongo.input.splits.min_docs = split size /"
          + " average document size; on FerretDB, which sorts in its own memory, one split: SingleMongoSplitter),"
          + " connector (the connector's own choice: SampleSplitter on a standalone 3.2+ server), or a splitter"
          + " class name");

  public static final Option<Long> RECORDS = Option.longValue("census.records", 100_000L,
      "generate/load: number of records").check(v -> v >= 0, "must not be negative");
  public static final Option<Long> SEED = Option.longValue("census.seed", 0L, "generate/load: data set seed");
  public static final Option<Integer> FILES = Option.integer("census.files", 1,
      "load to HDFS: number of files (written in parallel, one thread each)").check(v -> v >= 1, "must be >= 1");
  public static final Option<Long> MALFORMED = Option.longValue("census.malformed", 0L,
      "generate/load: write one record in this many truncated (bad-input tests); 0 = none")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Integer> REPLICATION = Option.integer("census.replication", null,
      "load to HDFS: the replication of the written files (dfs.replication; results.json metadata.replication); seed"
          + " 000's Figure 11 at 1 and 2 shows a job failing when the only replicas are lost")
      .defaultShownAs("the HDFS client's default, 3").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> BATCHSIZE = Option.integer("census.batchsize", 1000,
      "load to MongoDB: documents per insertMany").check(v -> v >= 1, "must be at least 1");

  public static final Option<String> LAYOUT = Option.choice("census.layout", "full",
      "load: full 111-field records, or onefield (the record id only: seed 000's raw write test)", "full", "onefield");
  public static final Option<String> STAGING = Option.string("census.staging", null,
      "threestage: an HDFS folder for the copied input and the job output (hdfs://host:port/path)");

  public static OptionSet set() {
    return OptionSet.builder("census")
        .add(INPUT, OUTPUT, SPLITSIZE, REDUCERS, SEPARATOR, OVERWRITE, RESULTS, STARTFILE, HADOOP_CONF_DIR, LOCAL_MAPS,
            MONGO_SPLITTER, RECORDS, SEED, FILES, MALFORMED, REPLICATION, BATCHSIZE, LAYOUT, STAGING)
        .ownPrefix("census.")
        .build();
  }

  /** Unknown census.* keys, for a clear error. */
  public static String unknownKey(Map<String, String> props) {
    OptionSet s = set();
    for (String k : props.keySet()) {
      if (s.owns(k) && !s.declares(k)) {
        return k;
      }
    }
    return null;
  }
}
