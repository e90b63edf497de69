package org.sciycsb.census;

import java.net.URI;
import java.net.URISyntaxException;

/** An input or output: a file system path (hdfs://, file://) or a MongoDB collection (mongodb://host/db.coll). */
public record Locations(String uri, boolean mongo) {
  public static Locations parse(String option, String value) throws CensusException {
    if (value == null || value.isBlank()) {
      throw new CensusException("missing required property " + option, 2);
    }
    if (value.startsWith("mongodb://")) {
      String rest = value.substring("mongodb://".length());
      int slash = rest.indexOf('/');
      String ns = slash < 0 ? "" : rest.substring(slash + 1);
      int q = ns.indexOf('?');
      if (q >= 0) {
        ns = ns.substring(0, q);
      }
      if (!ns.contains(".") || ns.startsWith(".") || ns.endsWith(".")) {
        throw new CensusException("bad value for " + option + ": '" + value
            + "' must name a database and a collection: mongodb://host:port/db.collection", 2);
      }
      return new Locations(value, true);
    }
    try {
      URI u = new URI(value);
      if (u.getScheme() == null) {
        throw new CensusException("bad value for " + option + ": '" + value
            + "' needs a scheme: hdfs://host:port/path, file:///path or mongodb://host:port/db.collection", 2);
      }
    } catch (URISyntaxException e) {
      throw new CensusException("bad value for " + option + ": '" + value + "' is not a URI", 2);
    }
    return new Locations(value, false);
  }

  public String kind() {
    return mongo ? "mongodb" : uri.startsWith("hdfs:") ? "hdfs" : "file";
  }

  /** db.collection of a MongoDB location. */
  public String namespace() {
    String rest = uri.substring("mongodb://".length());
    String ns = rest.substring(rest.indexOf('/') + 1);
    int q = ns.indexOf('?');
    return q < 0 ? ns : ns.substring(0, q);
  }

  public String database() {
    String ns = namespace();
    return ns.substring(0, ns.indexOf('.'));
  }

  public String collection() {
    String ns = namespace();
    return ns.substring(ns.indexOf('.') + 1);
  }
}
