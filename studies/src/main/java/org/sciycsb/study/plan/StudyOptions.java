package org.sciycsb.study.plan;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * The -p keys {@code bin/ycsb study} reads itself (every other -p goes to the runs). The matrices live in
 * {@code workloads/study-<name>/study.properties}; the command-line flags (--scale, --max-threads, --only,
 * --dry-run, --compare) are described by {@code bin/ycsb help study}.
 */
public final class StudyOptions {
  private StudyOptions() {}

  public static final Option<String> HDFS = Option.string("study.hdfs", null,
      "dede: the HDFS of the census steps (hdfs://host:port)")
      .defaultShownAs("$SCIYCSB_HDFS_URL, else hdfs://127.0.0.1:$SCIYCSB_HDFS_PORT (9000)");
  public static final Option<String> MONGO = Option.string("study.mongo", null,
      "dede: the MongoDB-wire server of the census steps (mongodb://host:port; the study names the database and "
          + "collections)").defaultShownAs("mongodb://127.0.0.1:$SCIYCSB_STANDIN_PORT (27018): the stand-in");
  /** dede: the label of the MongoDB side's numbers when study.mongo is the mongo-java-server stand-in. */
  public static final String STANDIN_LABEL = "mongo-java-server stand-in (not MongoDB)";
  public static final Option<String> MONGO_LABEL = Option.string("study.mongo.label", STANDIN_LABEL,
      "dede: the label of study.mongo's numbers in the report; set it when study.mongo is a real MongoDB server");

  public static final Option<String> FAULT_HDFS = Option.string("study.fault.hdfs", null,
      "dede Figure 11: the HDFS cluster of the fault steps (3 DataNodes or more; the filter's input and output)")
      .defaultShownAs("hdfs://127.0.0.1:$SCIYCSB_DN3_HDFS_PORT (9200): bin/servers start hdfs@dn3 --datanodes 3");
  public static final Option<String> FAULT_SERVER = Option.string("study.fault.server", "hdfs@dn3",
      "dede Figure 11: the bin/servers instance whose DataNodes the fault steps kill (SIGKILL) mid-job and restart"
          + " after it");
  public static final Option<String> FAULT_COMMAND = Option.string("study.fault.command", null,
      "dede Figure 11 on your own cluster: the shell command that kills DataNodes mid-job ({killed} is replaced by"
          + " how many); needs study.fault.restorecommand").defaultShownAs("bin/servers kill <study.fault.server>");
  public static final Option<String> FAULT_RESTORE_COMMAND = Option.string("study.fault.restorecommand", null,
      "dede Figure 11 on your own cluster: the shell command that brings the killed DataNodes back after the job");

  public static final Option<java.time.Duration> CLIENTS_READY = Option.duration("study.clients.ready",
      java.time.Duration.ofMinutes(2), "s", "--clients: how long to wait for every client process of a step to be "
          + "ready (its JVM started, its threads initialised) before writing their common start time; a client not "
          + "ready by then starts late, and the step says so").check(d -> !d.isNegative() && !d.isZero(),
          "must be positive");

  public static final Option<String> SERVER = Option.string("study.server", null,
      "--devices / --memory-ratio: the bin/servers test server the study restarts on each device with its memory cap"
          + " (the binding's own address key is set to its bin/servers url where the project knows it); embedded: no "
          + "server, the store in the client process (wiredtiger, jdbc's H2): its data folder on the device, its "
          + "cache and the client's own cgroup sized from the cap (docs/studies.md)")
      .defaultShownAs("the binding's: postgres for jdbc, mongodb for mongodb, embedded for wiredtiger");
  public static final Option<Boolean> LOAD_CAPPED = Option.bool("study.load.capped", null,
      "--devices / --memory-ratio with a memory cap: true runs the load steps on the server with its cap too; false "
          + "runs them on the server started without it (same device) and restarts it with the cap, the page cache "
          + "of its files dropped, before the first run step after a load (the runs are capped either way; uncapped, a "
          + "load of data larger than the cap does not read back index pages the cap evicted, but on a slow device "
          + "its write-back still bounds it: docs/studies.md)")
      .defaultShownAs("false; true for bankmark, whose loads are figures");

  public static final Option<String> REFERENCE = Option.string("study.reference", null,
      "sandisk --devices: a finished study folder of the same study on other devices and another store (e.g. "
          + "jdbc/PostgreSQL's --devices hdd,ssd run at the same scale), shown beside this run in Figure 7's tables, "
          + "labelled by its product and version");

  public static final Option<String> SEEDS = Option.choice("study.seeds", "paired",
      "paired: every load and run step runs with -p seed (the steps of --repeat's repeat k with study.seeds.base+k-1,"
          + " without --repeat all with the base), the same in every store, device and cluster of the invocation: "
          + "the things compared replay the same operations, the repeats differ; independent: no seed added (a "
          + "-p seed=N then goes to every step as given)", "paired", "independent");
  public static final Option<Long> SEEDS_BASE = Option.longValue("study.seeds.base", null,
      "study.seeds=paired: the seed of repeat 1 (repeat k: base+k-1)")
      .defaultShownAs("-p seed when given, else random for each invocation (kept in study.json's params)");

  public static final Option<Integer> DCS_OFFSET = Option.integer("study.dcs.offset", 40,
      "--dcs: the cluster's loopback addresses start after 127.0.0.<offset> (40: 127.0.0.41 to .49), apart from a "
          + "test cluster on 127.0.0.1-9").check(o -> o >= 0 && o <= 240, "must be 0..240");

  public static OptionSet all() {
    return OptionSet.builder("study").add(HDFS, MONGO, MONGO_LABEL, FAULT_HDFS, FAULT_SERVER,
        FAULT_COMMAND, FAULT_RESTORE_COMMAND, CLIENTS_READY, SERVER, LOAD_CAPPED, REFERENCE, SEEDS,
        SEEDS_BASE, DCS_OFFSET)
        .ownPrefix("study.").build();
  }
}
