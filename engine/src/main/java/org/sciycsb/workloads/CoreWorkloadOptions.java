package org.sciycsb.workloads;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** The properties of YCSB's CoreWorkload, with upstream's names and defaults, typed. */
public final class CoreWorkloadOptions {
  private CoreWorkloadOptions() {}

  public static final Option<String> TABLE = Option.string("table", "usertable", "table (collection) name");
  public static final Option<Integer> FIELD_COUNT = Option.integer("fieldcount", 10, "fields per record")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<String> FIELD_PREFIX = Option.string("fieldnameprefix", "field", "field name prefix");
  public static final Option<Integer> FIELD_LENGTH = Option.integer("fieldlength", 100,
      "field value length in bytes (maximum for uniform/zipfian)").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> MIN_FIELD_LENGTH = Option.integer("minfieldlength", 1,
      "minimum field length for uniform/zipfian lengths").check(v -> v >= 1, "must be at least 1");
  public static final Option<String> FIELD_LENGTH_DISTRIBUTION = Option.choice("fieldlengthdistribution", "constant",
      "distribution of field lengths", "constant", "uniform", "zipfian", "histogram");
  public static final Option<String> FIELD_LENGTH_HISTOGRAM = Option.string("fieldlengthhistogram", "hist.txt",
      "histogram file for fieldlengthdistribution=histogram");
  public static final Option<Boolean> READ_ALL_FIELDS = Option.bool("readallfields", true,
      "read every field (else one random field)");
  public static final Option<Boolean> READ_ALL_FIELDS_BY_NAME = Option.bool("readallfieldsbyname", false,
      "when reading all fields, name them instead of asking for all");
  public static final Option<Boolean> WRITE_ALL_FIELDS = Option.bool("writeallfields", false,
      "update every field (else one random field)");
  public static final Option<Boolean> DATA_INTEGRITY = Option.bool("dataintegrity", false,
      "write deterministic values and verify every read (VERIFY operation); needs constant field lengths");
  public static final Option<Double> READ_PROPORTION = proportion("readproportion", 0.95);
  public static final Option<Double> UPDATE_PROPORTION = proportion("updateproportion", 0.05);
  public static final Option<Double> INSERT_PROPORTION = proportion("insertproportion", 0.0);
  public static final Option<Double> SCAN_PROPORTION = proportion("scanproportion", 0.0);
  public static final Option<Double> RMW_PROPORTION = proportion("readmodifywriteproportion", 0.0);
  public static final Option<String> REQUEST_DISTRIBUTION = Option.choice("requestdistribution", "uniform",
      "distribution of keys", "uniform", "zipfian", "latest", "hotspot", "sequential", "exponential");
  public static final Option<Double> ZIPFIAN_CONSTANT = Option.decimal("zipfian.constant", 0.99,
      "skew of the zipfian key distribution (YCSB's fixed 0.99 unless set)").check(v -> v > 0, "must be positive");
  public static final Option<Integer> ZERO_PADDING = Option.integer("zeropadding", 1, "key number zero padding")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> MIN_SCAN_LENGTH = Option.integer("minscanlength", 1, "shortest scan")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> MAX_SCAN_LENGTH = Option.integer("maxscanlength", 1000, "longest scan")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<String> SCAN_LENGTH_DISTRIBUTION = Option.choice("scanlengthdistribution", "uniform",
      "distribution of scan lengths", "uniform", "zipfian");
  public static final Option<String> INSERT_ORDER = Option.choice("insertorder", "hashed",
      "hashed: keys spread by an FNV hash of the record number; ordered: in sequence", "hashed", "ordered");
  public static final Option<Double> HOTSPOT_DATA_FRACTION = Option.decimal("hotspotdatafraction", 0.2,
      "hotspot: fraction of records that are hot").check(v -> v >= 0 && v <= 1, "must be between 0 and 1");
  public static final Option<Double> HOTSPOT_OPN_FRACTION = Option.decimal("hotspotopnfraction", 0.8,
      "hotspot: fraction of operations on hot records").check(v -> v >= 0 && v <= 1, "must be between 0 and 1");
  public static final Option<Double> EXPONENTIAL_PERCENTILE = Option.decimal("exponential.percentile", 95.0,
      "exponential: percentile of operations within exponential.frac of the newest records");
  public static final Option<Double> EXPONENTIAL_FRAC = Option.decimal("exponential.frac", 0.8571428571,
      "exponential: fraction of the data set");
  public static final Option<Integer> INSERTION_RETRY_LIMIT = Option.integer("core_workload_insertion_retry_limit", 0,
      "retries of a failed insert").check(v -> v >= 0, "must not be negative");
  public static final Option<Integer> INSERTION_RETRY_INTERVAL = Option.integer(
      "core_workload_insertion_retry_interval", 3, "seconds between insert retries").check(v -> v >= 0,
      "must not be negative");
  public static final Option<Boolean> INSERTION_KEEP_GOING = Option.bool(
      "core_workload_insertion_keep_going_on_error", false,
      "as upstream (master, 2026-03): when a load's insert still fails after its retries, the thread goes on with its"
          + " next insert (the failure counted as INSERT-FAILED); false (upstream's default): the thread prints one"
          + " line on stderr and stops, as YCSB 0.17's load does");
  public static final Option<Long> MAX_SCAN_RATE = Option.longValue("maxscanrate", 0L,
      "as upstream master's template: at most this many records a second are taken from a scan's result as the"
          + " binding hands them over (the scan waits after every maxscanrate records to hold the rate); 0 = no"
          + " limit").check(v -> v >= 0, "must not be negative");
  public static final Option<Long> SCAN_OP_TIME_LIMIT = Option.longValue("scanoptimelimit", 0L,
      "as upstream master's template: seconds one scan may take; past it the scan keeps no more records and waits no"
          + " more for maxscanrate, so it ends as soon as the binding has handed over the rest; 0 = no limit")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Boolean> DISCARD_SCANNED_RECORD = Option.bool("discardscannedrecord", false,
      "as upstream master's template: keep an empty record in a scan's result for each record the binding hands over,"
          + " instead of its fields (large, slow scans without the memory)");
  public static final Option<Integer> KEY_CACHE = Option.integer("coreworkload.keycache", 1_000_000,
      "keys of the first N records are built once and reused (at most 72 bytes each and an eighth of the JVM's "
          + "maximum heap); 0 builds every key anew")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<String> IMPL = Option.choice("coreworkload.impl", "fast",
      "fast: our CoreWorkload (same properties and distributions, fewer allocations, per-thread generators); "
          + "upstream: site.ycsb.workloads.CoreWorkload itself", "fast", "upstream");

  public static final Option<Boolean> STALENESS = Option.bool("staleness", false,
      "judge every READ of a run against this client's acknowledged writes of the key: each update and insert stamps"
          + " its values with a version (the first 17 bytes of each field), and a read that returns a value older than"
          + " a write acknowledged before the read was sent is stale (READ-STALE: one per stale read, its latency the"
          + " lag since that write's acknowledgement; extra.staleness.READ in results.json: fresh, stale, rate, how far"
          + " behind); a load ignores it");
  public static final Option<Integer> STALENESS_READERS = Option.integer("staleness.readers", 0,
      "with staleness=true: the first N threads only read and the others only write, so that every judged read goes"
          + " through another session (connection, coordinator) than the writes it is judged against; 0: every thread"
          + " does the whole mix").check(v -> v >= 0, "must not be negative");
  public static final Option<Integer> STALENESS_HISTORY = Option.integer("staleness.history", 4,
      "with staleness=true: the writes kept per key written (about 32 bytes each, plus some 150 bytes per key); a read"
          + " of a value older than these counts as behind by at least this many").check(v -> v >= 1 && v <= 64,
      "must be between 1 and 64");

  public static final Option<Integer> CLIENTS = Option.integer("coreworkload.clients", 1,
      "client processes that share a run's inserts (set for each client by --clients): from coreworkload.clientbase "
          + "on, client k of n inserts key numbers base + k, base + k + n, ..., so no two clients insert one key, and "
          + "reads pick among the shared records and the client's own inserts").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> CLIENT = Option.integer("coreworkload.client", 0,
      "this client's index, 0 to coreworkload.clients - 1 (set by --clients)").check(v -> v >= 0,
      "must not be negative");
  public static final Option<Long> CLIENT_BASE = Option.longValue("coreworkload.clientbase", null,
      "the key number from which the clients' run inserts interleave (set by --clients)").check(v -> v >= 0,
      "must not be negative").defaultShownAs("recordcount");

  /**
   * The core workload's properties that upstream 0.17's CoreWorkload does not read (upstream master's, and ours): a
   * run of another workload class, upstream's CoreWorkload included (coreworkload.impl=upstream), refuses them at a
   * value other than their default ({@link UpstreamWorkload#validate}), since that class would ignore them.
   */
  static java.util.List<Option<?>> notReadByUpstream() {
    return java.util.List.of(INSERTION_KEEP_GOING, MAX_SCAN_RATE, SCAN_OP_TIME_LIMIT, DISCARD_SCANNED_RECORD,
        READ_ALL_FIELDS_BY_NAME, ZIPFIAN_CONSTANT, STALENESS, STALENESS_READERS, STALENESS_HISTORY);
  }

  private static Option<Double> proportion(String name, double dflt) {
    return Option.decimal(name, dflt, "share of operations that are " + name.replace("proportion", ""))
        .check(v -> v >= 0 && v <= 1, "must be between 0 and 1");
  }

  public static OptionSet all() {
    return OptionSet.builder("core workload")
        .add(TABLE, FIELD_COUNT, FIELD_PREFIX, FIELD_LENGTH, MIN_FIELD_LENGTH, FIELD_LENGTH_DISTRIBUTION,
            FIELD_LENGTH_HISTOGRAM, READ_ALL_FIELDS, READ_ALL_FIELDS_BY_NAME, WRITE_ALL_FIELDS, DATA_INTEGRITY,
            READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION, RMW_PROPORTION,
            REQUEST_DISTRIBUTION, ZIPFIAN_CONSTANT, ZERO_PADDING, MIN_SCAN_LENGTH, MAX_SCAN_LENGTH,
            SCAN_LENGTH_DISTRIBUTION, INSERT_ORDER, HOTSPOT_DATA_FRACTION, HOTSPOT_OPN_FRACTION,
            EXPONENTIAL_PERCENTILE, EXPONENTIAL_FRAC, INSERTION_RETRY_LIMIT, INSERTION_RETRY_INTERVAL, INSERTION_KEEP_GOING,
            MAX_SCAN_RATE, SCAN_OP_TIME_LIMIT, DISCARD_SCANNED_RECORD, KEY_CACHE, IMPL,
            STALENESS, STALENESS_READERS, STALENESS_HISTORY, CLIENTS, CLIENT, CLIENT_BASE)
        .ownPrefix("coreworkload.").ownPrefix("core_workload_").ownPrefix("staleness.")
        .build();
  }
}
