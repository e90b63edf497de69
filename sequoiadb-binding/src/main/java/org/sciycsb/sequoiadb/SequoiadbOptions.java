package org.sciycsb.sequoiadb;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option the {@code sequoiadb} binding reads: the one declaration help, validation and the README use. */
public final class SequoiadbOptions {
  private SequoiadbOptions() {}

  public static final Option<String> HOSTS = Option.string("sequoiadb.hosts", null,
      "SequoiaDB nodes (coordinators, or one standalone node), comma separated, each host:port (service port);"
      + " required: no package registry ships SequoiaDB, so there is no local test node to default to")
      .check(SequoiadbOptions::validHosts, "must be host:port[,host:port...] with ports 1-65535").required();

  public static final Option<String> USER = Option.string("sequoiadb.user", "",
      "user name (empty: no authentication; a standalone node has no users and accepts any)");

  public static final Option<String> PASSWORD = Option.string("sequoiadb.password", "",
      "the user's password").secret();

  public static final Option<String> COLLECTIONSPACE = Option.string("sequoiadb.collectionspace", "ycsb",
      "collection space holding the collection")
      .check(SequoiadbOptions::validName, "must be 1-127 characters without '.' or '$'");

  public static final Option<String> COLLECTION = Option.string("sequoiadb.collection", null,
      "collection of the records").defaultShownAs("the table property (usertable)")
      .check(SequoiadbOptions::validName, "must be 1-127 characters without '.' or '$'");

  public static final Option<Boolean> CREATE = Option.bool("sequoiadb.create", true,
      "create the collection space and collection when missing; false: a missing one ends the run before it"
          + " starts");

  public static final Option<Integer> POOLSIZE = Option.integer("sequoiadb.poolsize", null,
      "connections the run's pool opens at most; each operation borrows one (threads wait when all are"
          + " borrowed)")
      .defaultShownAs("threadcount").check(v -> v >= 1 && v <= 10000, "must be between 1 and 10000");

  public static final Option<Integer> BATCHSIZE = Option.integer("sequoiadb.batchsize", 1,
      "inserts per bulkInsert; each thread buffers its inserts and flushes the trailing partial batch at cleanup;"
          + " 1 = one insert per record")
      .check(v -> v >= 1 && v <= 100000, "must be between 1 and 100000");

  public static final Option<String> PREFERREDINSTANCE = Option.string("sequoiadb.preferredinstance", null,
      "read preference in a replica group (session attribute PreferredInstance): M (primary), S (a secondary),"
          + " A (any), lower case m/s/a to prefer but fall back, or instance ids 1-255, comma separated")
      .defaultShownAs("preset, else the node's preferredinstance (M)")
      .check(SequoiadbOptions::validInstance, "must be M, m, S, s, A, a or 1-255, comma separated");

  public static final Option<Integer> REPLSIZE = Option.integer("sequoiadb.replsize", null,
      "write consistency (collection attribute ReplSize): replicas that must have a write before it returns;"
          + " -1 = all active, 0 = all (0-7); set on the collections the binding creates")
      .defaultShownAs("preset, else the engine's (1)").check(v -> v >= -1 && v <= 7, "must be between -1 and 7");

  public static final Option<String> COMPRESSION = Option.choice("sequoiadb.compression", null,
      "compression of the collections the binding creates", "snappy", "lzw", "none")
      .defaultShownAs("preset, else none");

  public static final Option<String> PRESET = Option.choice("sequoiadb.preset", "none",
      "settings of a study: bankmark = seed 004's SequoiaDB column (compression on: snappy; ReplSize 1, a write"
          + " acknowledged once journaled on the primary, which the paper calls not changeable; primary reads);"
          + " explicit options win. Its 1k-record batches are the study's bulk-load step (sequoiadb.batchsize)",
      "bankmark", "none");

  public static final Option<Duration> CONNECT_TIMEOUT = Option.duration("sequoiadb.connecttimeout",
      Duration.ofSeconds(5), "ms",
      "connect timeout: an unreachable node fails the start after this long, and an operation while it is down"
          + " fails after it")
      .check(d -> !d.isZero() && d.toMillis() <= Integer.MAX_VALUE, "must be positive");

  /** The options of the binding; the binding owns every key under {@code sequoiadb.}. */
  public static OptionSet set() {
    return OptionSet.builder("sequoiadb")
        .add(HOSTS, USER, PASSWORD, COLLECTIONSPACE, COLLECTION, CREATE, POOLSIZE, BATCHSIZE, PREFERREDINSTANCE,
            REPLSIZE, COMPRESSION, PRESET, CONNECT_TIMEOUT)
        .ownPrefix("sequoiadb.")
        .build();
  }

  static boolean validHosts(String hosts) {
    if (hosts.isBlank()) {
      return false;
    }
    for (String h : hosts.split(",")) {
      String t = h.trim();
      int colon = t.lastIndexOf(':');
      if (colon <= 0) {
        return false;
      }
      try {
        int port = Integer.parseInt(t.substring(colon + 1));
        if (port < 1 || port > 65535) {
          return false;
        }
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return true;
  }

  static boolean validName(String name) {
    return !name.isEmpty() && name.length() <= 127 && name.indexOf('.') < 0 && name.indexOf('$') < 0;
  }

  static boolean validInstance(String value) {
    for (String part : value.split(",")) {
      String p = part.trim();
      if (p.matches("[MmSsAa]")) {
        continue;
      }
      if (!p.matches("\\d{1,3}") || Integer.parseInt(p) < 1 || Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return !value.isBlank();
  }
}
