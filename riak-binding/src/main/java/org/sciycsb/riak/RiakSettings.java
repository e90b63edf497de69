package org.sciycsb.riak;

import com.basho.riak.client.api.cap.Quorum;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;

/**
 * The effective, validated settings of one run: options resolved against their upstream aliases and the
 * consistency preset, grouped by concern, each group resolved by a method of its own. Pure data: the request
 * builders in {@link RiakRequests} read only this.
 *
 * @param nodes        the nodes and the HTTP port of the first one
 * @param pool         the connections per node
 * @param consistency  the preset and the quorums sent with each request
 * @param buckets      the bucket types and the key_bin index of scans
 * @param requests     the server-side timeout and the retries of a request
 * @param debug        print settings at open
 */
public record RiakSettings(Nodes nodes, Pool pool, Consistency consistency, Buckets buckets, Requests requests,
    boolean debug) {

  /** One node address. */
  public record HostPort(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /**
   * The nodes.
   *
   * @param hosts     host:port of each node
   * @param httpPort  HTTP port of the first host (its GET /stats)
   */
  public record Nodes(List<HostPort> hosts, int httpPort) {
    public Nodes {
      hosts = List.copyOf(hosts);
    }

    /** The first node's {@code GET /stats}. */
    public java.net.URI statsUri() {
      String host = hosts.get(0).host();
      return java.net.URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + httpPort
          + "/stats");
    }
  }

  /**
   * The connections to each node.
   *
   * @param connectTimeout  TCP connect timeout
   * @param minConnections  connections kept per node
   * @param maxConnections  connection limit per node (0 = none)
   */
  public record Pool(Duration connectTimeout, int minConnections, int maxConnections) {}

  /**
   * The quorums sent with each request.
   *
   * @param preset  the preset name (strong, eventual, default)
   * @param r       read quorum, or null to send none
   * @param w       write quorum, or null
   * @param pr      primary read quorum, or null
   * @param pw      primary write quorum, or null
   * @param dw      durable write quorum, or null
   * @param nVal    per-request n_val, or null
   */
  public record Consistency(String preset, Quorum r, Quorum w, Quorum pr, Quorum pw, Quorum dw, Integer nVal) {}

  /**
   * The bucket types of the records and of their index entries.
   *
   * @param type               bucket type of the records
   * @param strongConsistency  the bucket type is strongly consistent
   * @param scanType           bucket type of the key_bin index entries (strong consistency), or null
   * @param scanIndex          write key_bin and serve scans through 2i
   */
  public record Buckets(String type, boolean strongConsistency, String scanType, boolean scanIndex) {
    public Buckets {
      Objects.requireNonNull(type);
    }

    /** True when scans can be served: the records, or their index entries, carry key_bin. */
    public boolean scansSupported() {
      return scanIndex && (!strongConsistency || scanType != null);
    }
  }

  /**
   * How each request is sent.
   *
   * @param retries    extra attempts
   * @param retryWait  pause before a retry
   * @param timeout    server-side timeout per request
   */
  public record Requests(int retries, Duration retryWait, Duration timeout) {
    public int timeoutMillis() {
      return (int) timeout.toMillis();
    }
  }

  /** Reads and validates the settings. */
  public static RiakSettings from(Config c) throws ConfigException {
    List<HostPort> hosts = parseHosts(c.get(RiakOptions.HOSTS), c.get(RiakOptions.PORT));
    Consistency consistency = consistency(c);
    Buckets buckets = buckets(c);
    Pool pool = pool(c);
    return new RiakSettings(new Nodes(hosts, httpPort(c.get(RiakOptions.HTTP_PORT), hosts.get(0))), pool,
        consistency, buckets, requests(c), c.get(RiakOptions.DEBUG));
  }

  private static Consistency consistency(Config c) throws ConfigException {
    String preset = c.get(RiakOptions.CONSISTENCY);
    Quorum presetR = null;
    Quorum presetW = null;
    if (preset.equals("strong")) {
      presetR = Quorum.quorumQuorum();
      presetW = Quorum.quorumQuorum();
    } else if (preset.equals("eventual")) {
      presetR = Quorum.oneQuorum();
      presetW = Quorum.oneQuorum();
    }
    return new Consistency(preset, orElse(quorum(aliased(c, RiakOptions.R, RiakOptions.R_VAL)), presetR),
        orElse(quorum(aliased(c, RiakOptions.W, RiakOptions.W_VAL)), presetW), quorum(c.get(RiakOptions.PR)),
        quorum(c.get(RiakOptions.PW)), quorum(c.get(RiakOptions.DW)), c.get(RiakOptions.N_VAL));
  }

  private static Buckets buckets(Config c) throws ConfigException {
    boolean sc = c.get(RiakOptions.STRONG_CONSISTENCY);
    String scanType = aliased(c, RiakOptions.SCAN_BUCKET_TYPE, RiakOptions.STRONG_CONSISTENT_SCANS_BUCKET_TYPE);
    if (scanType != null && scanType.isBlank()) {
      scanType = null;
    }
    if (scanType != null && !sc) {
      throw new ConfigException(RiakOptions.SCAN_BUCKET_TYPE.name()
          + " only applies with riak.strong_consistency=true (eventual bucket types index the records themselves)");
    }
    return new Buckets(c.get(RiakOptions.BUCKET_TYPE).trim(), sc, scanType, c.get(RiakOptions.SCAN_INDEX));
  }

  private static Pool pool(Config c) throws ConfigException {
    int minC = c.get(RiakOptions.MIN_CONNECTIONS);
    int maxC = c.get(RiakOptions.MAX_CONNECTIONS);
    if (maxC > 0 && minC > maxC) {
      throw new ConfigException("riak.min_connections (" + minC + ") exceeds riak.max_connections (" + maxC + ")");
    }
    return new Pool(c.get(RiakOptions.CONNECT_TIMEOUT), minC, maxC);
  }

  private static Requests requests(Config c) throws ConfigException {
    return new Requests(aliased(c, RiakOptions.RETRIES, RiakOptions.READ_RETRY_COUNT),
        aliased(c, RiakOptions.RETRY_WAIT, RiakOptions.WAIT_TIME_BEFORE_RETRY),
        aliased(c, RiakOptions.TIMEOUT, RiakOptions.TRANSACTION_TIME_LIMIT));
  }

  /** A copy with key_bin indexing switched off (the backend has no 2i). */
  public RiakSettings withoutScanIndex() {
    return new RiakSettings(nodes, pool, consistency, new Buckets(buckets.type(), buckets.strongConsistency(),
        buckets.scanType(), false), requests, debug);
  }

  /** {@code riak.http_port}, else the first host's protocol buffers port + 11 (Riak's 8087 and 8098). */
  static int httpPort(Integer option, HostPort first) throws ConfigException {
    int p = option != null ? option : first.port() + 11;
    if (p >= 65536) {
      throw new ConfigException("riak.http_port: " + first + " + 11 is no TCP port; set riak.http_port");
    }
    return p;
  }

  /** The effective settings, for {@code riak.debug} and results metadata. */
  public Map<String, String> describe() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("hosts", nodes.hosts().toString());
    m.put("bucket_type", buckets.type());
    m.put("consistency", consistency.preset());
    m.put("strong_consistency", Boolean.toString(buckets.strongConsistency()));
    m.put("r", text(consistency.r()));
    m.put("w", text(consistency.w()));
    m.put("pr", text(consistency.pr()));
    m.put("pw", text(consistency.pw()));
    m.put("dw", text(consistency.dw()));
    m.put("n_val", consistency.nVal() == null ? "bucket" : consistency.nVal().toString());
    m.put("scans", buckets.scansSupported() ? "2i key_bin" + (buckets.scanType() == null ? ""
        : " in type " + buckets.scanType()) : "not implemented");
    m.put("retries", Integer.toString(requests.retries()));
    m.put("timeout", Option.formatDuration(requests.timeout()));
    m.put("stats", nodes.statsUri().toString());
    return m;
  }

  private static String text(Quorum q) {
    return q == null ? "bucket" : q.toString();
  }

  /** The canonical option's value, else its alias's, else the default; both set and different is an error. */
  static <T> T aliased(Config c, Option<T> canonical, Option<T> alias) throws ConfigException {
    T a = c.isSet(alias) ? c.get(alias) : null;
    if (c.isSet(canonical)) {
      T v = c.get(canonical);
      if (a != null && !sameValue(a, v)) {
        throw new ConfigException(canonical.name() + "=" + c.raw(canonical.name()) + " and its upstream alias "
            + alias.name() + "=" + c.raw(alias.name()) + " disagree: set only one");
      }
      return v;
    }
    return a != null ? a : c.get(canonical);
  }

  private static boolean sameValue(Object a, Object b) {
    if (a instanceof String && b instanceof String) {
      return ((String) a).trim().equalsIgnoreCase(((String) b).trim());
    }
    return a.equals(b);
  }

  private static <T> T orElse(T v, T other) {
    return v != null ? v : other;
  }

  /** Parses a checked quorum text: one, quorum, all, default or an integer. */
  static Quorum quorum(String s) {
    if (s == null) {
      return null;
    }
    switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "one": return Quorum.oneQuorum();
      case "quorum": return Quorum.quorumQuorum();
      case "all": return Quorum.allQuorum();
      case "default": return Quorum.defaultQuorum();
      default: return new Quorum(Integer.parseInt(s.trim()));
    }
  }

  static List<HostPort> parseHosts(String text, int defaultPort) throws ConfigException {
    List<HostPort> out = new ArrayList<>();
    for (String part : text.split(",")) {
      String h = part.trim();
      if (h.isEmpty()) {
        continue;
      }
      int port = defaultPort;
      int colon = h.lastIndexOf(':');
      if (colon >= 0 && h.indexOf(':') == colon) {
        String p = h.substring(colon + 1);
        h = h.substring(0, colon);
        try {
          port = Integer.parseInt(p);
        } catch (NumberFormatException e) {
          throw new ConfigException("bad value for riak.hosts: '" + part.trim() + "' has a bad port");
        }
        if (port <= 0 || port > 65535) {
          throw new ConfigException("bad value for riak.hosts: '" + part.trim() + "' has a bad port");
        }
      }
      if (h.isEmpty()) {
        throw new ConfigException("bad value for riak.hosts: '" + part.trim() + "' has no host name");
      }
      out.add(new HostPort(h, port));
    }
    if (out.isEmpty()) {
      throw new ConfigException("riak.hosts names no host");
    }
    return out;
  }
}
