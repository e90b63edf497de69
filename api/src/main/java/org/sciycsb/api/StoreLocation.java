package org.sciycsb.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where a binding's store is, as its resolved configuration says ({@link Binding#location}): the endpoints its
 * clients connect to, or, for an embedded store, the folder its data lives in. A run that is not told where the
 * store's data is ({@code storage.path}) uses it to find the data's block device: a remote endpoint is not sampled,
 * a local one is looked up among this host's listening processes. {@link #UNKNOWN} when the binding cannot tell.
 *
 * @param endpoints the hosts and ports the clients connect to (none for an embedded store)
 * @param dataPath  the folder of an embedded store's data on this host, or null
 */
public record StoreLocation(List<Endpoint> endpoints, Path dataPath) {
  /** A binding that does not say where its store is. */
  public static final StoreLocation UNKNOWN = new StoreLocation(List.of(), null);

  /** One host and port a client connects to. */
  public record Endpoint(String host, int port) {
    public Endpoint {
      Objects.requireNonNull(host, "host");
    }

    /** {@code host:port}, an IPv6 literal in brackets. */
    @Override
    public String toString() {
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
  }

  public StoreLocation {
    endpoints = List.copyOf(endpoints);
  }

  /** A store reached at these endpoints. */
  public static StoreLocation at(List<Endpoint> endpoints) {
    return new StoreLocation(endpoints, null);
  }

  /** An embedded store whose data lives in this folder of this host. */
  public static StoreLocation embedded(Path dataPath) {
    return new StoreLocation(List.of(), Objects.requireNonNull(dataPath, "dataPath"));
  }

  /**
   * Endpoints from {@code host[:port]} items separated by commas (an IPv6 literal in brackets), each without a port
   * on {@code defaultPort}; blank items skipped, a bad port is one line.
   *
   * @param what the setting the list comes from, for the error line
   */
  public static List<Endpoint> parseHosts(String list, int defaultPort, String what) throws ConfigException {
    List<Endpoint> out = new java.util.ArrayList<>();
    for (String item : list == null ? new String[0] : list.split(",")) {
      String h = item.strip();
      if (h.isEmpty()) {
        continue;
      }
      int colon = h.startsWith("[") ? h.indexOf(':', h.indexOf(']')) : h.indexOf(':') == h.lastIndexOf(':')
          ? h.indexOf(':') : -1;
      String host = colon < 0 ? h : h.substring(0, colon);
      int port = defaultPort;
      if (colon >= 0) {
        try {
          port = Integer.parseInt(h.substring(colon + 1));
        } catch (NumberFormatException e) {
          throw new ConfigException("bad value for " + what + ": '" + h + "' has no port number after ':'");
        }
      }
      out.add(new Endpoint(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port));
    }
    return out;
  }
}
