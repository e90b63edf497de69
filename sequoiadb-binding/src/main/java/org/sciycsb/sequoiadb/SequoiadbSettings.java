package org.sciycsb.sequoiadb;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * The binding's options resolved, without touching the network. An explicit option wins over the
 * {@code sequoiadb.preset}, which wins over the engine's defaults.
 *
 * @param hosts             the nodes, each "host:port"
 * @param user              the user name ("" without authentication)
 * @param password          the password (never printed)
 * @param collectionSpace   the collection space
 * @param collection        the records' collection (sequoiadb.collection, else the table property)
 * @param create            create a missing collection space or collection
 * @param poolSize          connections in the pool
 * @param batchSize         inserts per bulkInsert
 * @param preferredInstance the session's PreferredInstance, or null for the node's own
 * @param replSize          the ReplSize of created collections, or null for the engine's
 * @param compression       the compression of created collections ("none" for none)
 * @param preset            the preset's name
 * @param connectTimeout    connect timeout
 */
public record SequoiadbSettings(List<String> hosts, String user, String password, String collectionSpace,
    String collection, boolean create, int poolSize, int batchSize, String preferredInstance, Integer replSize,
    String compression, String preset, Duration connectTimeout) {

  /** Reads and checks every option; {@code threads} is the run's thread count (the default pool size). */
  public static SequoiadbSettings resolve(Config config, int threads) throws ConfigException {
    List<String> hosts = new ArrayList<>();
    for (String h : config.get(SequoiadbOptions.HOSTS).split(",")) {
      hosts.add(h.trim());
    }
    String table = config.raw("table", "usertable");
    String collection = config.get(SequoiadbOptions.COLLECTION);
    if (collection == null) {
      if (!SequoiadbOptions.validName(table)) {
        throw new ConfigException("bad value for table: '" + table + "' is no SequoiaDB collection name (1-127"
            + " characters without '.' or '$'); set " + SequoiadbOptions.COLLECTION.name());
      }
      collection = table;
    }
    String preset = config.get(SequoiadbOptions.PRESET);
    boolean bankmark = "bankmark".equals(preset);
    String preferred = config.get(SequoiadbOptions.PREFERREDINSTANCE);
    if (preferred == null && bankmark) {
      preferred = "M";
    }
    Integer replSize = config.get(SequoiadbOptions.REPLSIZE);
    if (replSize == null && bankmark) {
      replSize = 1;
    }
    String compression = config.get(SequoiadbOptions.COMPRESSION);
    if (compression == null) {
      compression = bankmark ? "snappy" : "none";
    }
    Integer pool = config.get(SequoiadbOptions.POOLSIZE);
    return new SequoiadbSettings(List.copyOf(hosts), config.get(SequoiadbOptions.USER),
        config.get(SequoiadbOptions.PASSWORD), config.get(SequoiadbOptions.COLLECTIONSPACE), collection,
        config.get(SequoiadbOptions.CREATE), pool == null ? Math.max(1, threads) : pool,
        config.get(SequoiadbOptions.BATCHSIZE), preferred, replSize, compression, preset,
        config.get(SequoiadbOptions.CONNECT_TIMEOUT));
  }

  /** The nodes as text, for messages. */
  public String hostsText() {
    return String.join(",", hosts);
  }

  /** Text with the password removed, for messages built from driver errors. */
  public String mask(String text) {
    if (text == null || password.isEmpty()) {
      return text;
    }
    return text.replace(password, org.sciycsb.api.Secrets.MASK);
  }

  /** The options of a collection the binding creates: ReplSize and compression where set. */
  org.bson.BSONObject collectionOptions() {
    org.bson.BasicBSONObject o = new org.bson.BasicBSONObject();
    if (replSize != null) {
      o.put("ReplSize", replSize);
    }
    if (!"none".equals(compression)) {
      o.put("Compressed", true);
      o.put("CompressionType", compression);
    }
    return o;
  }

  /** A record count for messages: "1 record", "2 records". */
  static String records(long n) {
    return n + (n == 1 ? " record" : " records");
  }

  @Override
  public String toString() {
    return "SequoiadbSettings[hosts=" + hostsText() + ", user=" + user + ", cs=" + collectionSpace + ", cl="
        + collection + "]"; // never the password
  }
}
