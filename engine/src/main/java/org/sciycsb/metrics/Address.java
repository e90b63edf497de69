package org.sciycsb.metrics;

import org.sciycsb.api.ConfigException;

/** A host and port from {@code <port>}, {@code <host>:<port>} or {@code [<ipv6>]:<port>}. */
record Address(String host, int port) {

  /** Parses the value of {@code key}; a bare port gets {@code defaultHost}. */
  static Address parse(String key, String value, String defaultHost) throws ConfigException {
    String v = value.trim();
    if (v.startsWith("http://")) {
      v = v.substring("http://".length());
    }
    while (v.endsWith("/")) {
      v = v.substring(0, v.length() - 1);
    }
    int colon = v.lastIndexOf(':');
    String host = colon < 0 ? defaultHost : v.substring(0, colon);
    String port = colon < 0 ? v : v.substring(colon + 1);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    if (host == null || host.isBlank() || host.contains("/")) {
      throw new ConfigException("bad value for " + key + ": '" + value + "' is not <host>:<port>");
    }
    try {
      int p = Integer.parseInt(port);
      if (p < 0 || p > 65535) {
        throw new NumberFormatException();
      }
      return new Address(host, p);
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for " + key + ": '" + value + "' has no port between 0 and 65535"
          + " (<port> or <host>:<port>)");
    }
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
