package org.sciycsb.api;

import java.util.Map;

/**
 * What a binding learned about the store it talks to, for {@code results.json}.
 *
 * @param product the server product as the server reports it (for example "PostgreSQL", "FerretDB")
 * @param version the server version as the server reports it, or "unknown"
 * @param details anything else worth keeping (topology, driver version); never secrets. The key {@value #LABEL}, when
 *     present, is what reports name the store by (see {@link #label})
 */
public record StoreInfo(String product, String version, Map<String, String> details) {
  public StoreInfo {
    details = Map.copyOf(details);
  }

  /** The details key of the words reports name the store by, when product and version alone would mislead. */
  public static final String LABEL = "label";

  /**
   * What reports name the store by: the binding's {@value #LABEL} detail when it gives one (a server speaking another
   * product's protocol says what it is, e.g. "FerretDB 1.24.0 on PostgreSQL, NOT MongoDB"), else product and version.
   */
  public String label() {
    String l = details.get(LABEL);
    return l != null && !l.isBlank() ? l : product + " " + version;
  }

  public static StoreInfo of(String product, String version) {
    return new StoreInfo(product, version, Map.of());
  }
}
