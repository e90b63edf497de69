package org.sciycsb.riak;

import java.time.Duration;
import java.util.Locale;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * Every option of the {@code riak} binding, declared once: help, validation and the README table come from here.
 * The upstream YCSB riak binding's names are accepted as aliases ({@link #ALIASES_NOTE}); when an alias and its
 * canonical option are both set they must agree.
 */
public final class RiakOptions {
  private RiakOptions() {}

  static final String ALIASES_NOTE = "upstream YCSB alias";
  private static final String QUORUM_TEXT = "one, quorum, all, default or a positive integer";

  public static final Option<String> HOSTS = Option.string("riak.hosts", null,
      "Riak nodes, comma separated, each host or host:port (protocol buffers port); required: no package registry"
      + " ships Riak KV, so there is no local test node to default to")
      .check(s -> !s.isBlank(), "must name at least one host").required();
  public static final Option<Integer> PORT = Option.integer("riak.port", 8087,
      "protocol buffers port for hosts given without one")
      .check(p -> p > 0 && p < 65536, "must be a TCP port");
  public static final Option<Integer> HTTP_PORT = Option.integer("riak.http_port", null,
      "HTTP port of the first node of riak.hosts, whose GET /stats gives the ring's node count (metadata.store) and"
          + " the node's own figures during the run (extra.server of results.json)")
      .defaultShownAs("its protocol buffers port + 11 (Riak's defaults 8087 and 8098; bin/servers' nodes)")
      .check(p -> p > 0 && p < 65536, "must be a TCP port");
  public static final Option<String> BUCKET_TYPE = Option.string("riak.bucket_type", "default",
      "bucket type; the bucket is the YCSB table name (property 'table')")
      .check(s -> !s.isBlank(), "must not be empty");

  public static final Option<String> CONSISTENCY = Option.choice("riak.consistency", "default",
      "quorum preset of the SEI study (seed 003): strong = r quorum / w quorum, eventual = r one / w one"
          + " (noquorum), default = send no quorum, the bucket properties decide; explicit r/w/pr/pw/dw win",
      "strong", "eventual", "default");
  public static final Option<String> R = quorum("riak.r", "read quorum (overrides the preset)");
  public static final Option<String> W = quorum("riak.w", "write quorum (overrides the preset)");
  public static final Option<String> PR = quorum("riak.pr", "primary read quorum");
  public static final Option<String> PW = quorum("riak.pw", "primary write quorum");
  public static final Option<String> DW = quorum("riak.dw", "durable write quorum");
  public static final Option<Integer> N_VAL = Option.integer("riak.n_val", null,
      "replicas per request (per-request n_val, Riak 2.1+); unset = the bucket's n_val")
      .check(n -> n > 0, "must be positive");

  public static final Option<Boolean> STRONG_CONSISTENCY = Option.bool("riak.strong_consistency", false,
      "the bucket type is strongly consistent (consistent = true): no quorums are sent, no siblings, updates and"
          + " deletes are conditional on the fetched causal context and retried on conflict");
  public static final Option<String> SCAN_BUCKET_TYPE = Option.string("riak.scan_bucket_type", null,
      "with strong_consistency: an eventually consistent bucket type (leveldb or memory backend) that holds the"
          + " secondary-index entries strongly consistent types cannot (key_bin per record or document for scans"
          + " and counts, timeline_bin per FHIR observation); unset = scans return NOT_IMPLEMENTED, counts are"
          + " unknown and the FHIR workload is refused");
  public static final Option<Boolean> SCAN_INDEX = Option.bool("riak.scan_index", true,
      "write the key_bin secondary index on insert and serve scans through a 2i range query; needs the leveldb"
          + " or memory backend (false for bitcask: scans then return NOT_IMPLEMENTED)");

  public static final Option<Integer> RETRIES = Option.integer("riak.retries", 0,
      "extra attempts of an operation that timed out, found the cluster unavailable or (strong consistency) lost"
          + " a conditional write race")
      .check(n -> n >= 0, "must not be negative");
  public static final Option<Duration> RETRY_WAIT = Option.duration("riak.retry_wait", Duration.ofMillis(200), "ms",
      "pause before each retry");
  public static final Option<Duration> TIMEOUT = Option.duration("riak.timeout", Duration.ofSeconds(10), "ms",
      "server-side timeout of each request; the client gives up 1s later (SERVICE_UNAVAILABLE)")
      .check(d -> d.toMillis() > 0 && d.toMillis() <= Integer.MAX_VALUE, "must be between 1ms and 24 days");
  public static final Option<Duration> CONNECT_TIMEOUT = Option.duration("riak.connect_timeout",
      Duration.ofSeconds(3), "ms", "TCP connect timeout; also bounds the reachability check at start")
      .check(d -> d.toMillis() > 0 && d.toMillis() <= Integer.MAX_VALUE, "must be between 1ms and 24 days");
  public static final Option<Integer> MIN_CONNECTIONS = Option.integer("riak.min_connections", 1,
      "connections kept open per node")
      .check(n -> n >= 0, "must not be negative");
  public static final Option<Integer> MAX_CONNECTIONS = Option.integer("riak.max_connections", 0,
      "connection limit per node, 0 = unlimited (when set, requests wait for a free connection)")
      .check(n -> n >= 0, "must not be negative");
  public static final Option<Boolean> DEBUG = Option.bool("riak.debug", false,
      "print the effective Riak settings when the run opens (upstream YCSB name)");

  // ------------------------------------------------------------------ upstream YCSB aliases
  public static final Option<String> R_VAL = quorum("riak.r_val", ALIASES_NOTE + " of riak.r");
  public static final Option<String> W_VAL = quorum("riak.w_val", ALIASES_NOTE + " of riak.w");
  public static final Option<Integer> READ_RETRY_COUNT = Option.integer("riak.read_retry_count", null,
      ALIASES_NOTE + " of riak.retries").check(n -> n >= 0, "must not be negative");
  public static final Option<Duration> WAIT_TIME_BEFORE_RETRY = Option.duration("riak.wait_time_before_retry", null,
      "ms", ALIASES_NOTE + " of riak.retry_wait (bare number in ms)");
  public static final Option<Duration> TRANSACTION_TIME_LIMIT = Option.duration("riak.transaction_time_limit", null,
      "s", ALIASES_NOTE + " of riak.timeout (bare number in seconds)")
      .check(d -> d.toMillis() > 0 && d.toMillis() <= Integer.MAX_VALUE, "must be between 1ms and 24 days");
  public static final Option<String> STRONG_CONSISTENT_SCANS_BUCKET_TYPE = Option.string(
      "riak.strong_consistent_scans_bucket_type", null, ALIASES_NOTE + " of riak.scan_bucket_type");

  /** The options, owning the {@code riak.} prefix. */
  public static OptionSet set() {
    return OptionSet.builder("riak")
        .add(HOSTS, PORT, HTTP_PORT, BUCKET_TYPE, CONSISTENCY, R, W, PR, PW, DW, N_VAL, STRONG_CONSISTENCY, SCAN_BUCKET_TYPE,
            SCAN_INDEX, RETRIES, RETRY_WAIT, TIMEOUT, CONNECT_TIMEOUT, MIN_CONNECTIONS, MAX_CONNECTIONS, DEBUG)
        .add(R_VAL, W_VAL, READ_RETRY_COUNT, WAIT_TIME_BEFORE_RETRY, TRANSACTION_TIME_LIMIT,
            STRONG_CONSISTENT_SCANS_BUCKET_TYPE)
        .ownPrefix("riak.")
        .build();
  }

  private static Option<String> quorum(String name, String description) {
    return Option.string(name, null, description + " (" + QUORUM_TEXT + "; unset = preset or bucket default)")
        .check(RiakOptions::isQuorum, "must be " + QUORUM_TEXT);
  }

  static boolean isQuorum(String s) {
    String v = s.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "one": case "quorum": case "all": case "default":
        return true;
      default:
        try {
          return Integer.parseInt(v) > 0;
        } catch (NumberFormatException e) {
          return false;
        }
    }
  }
}
