package org.sciycsb.api;

import java.util.Map;

/**
 * What a binding learned about the store it talks to, for {@code results.json}.
 *
 * @param product the server product as the server reports it (for example "PostgreSQL", "FerretDB")
 * @param version the server version as the server reports it, or "unknown"
 * @param details anything else worth keeping (topology, driver version); never secrets
 */
public record StoreInfo(String product, String version, Map<String, String> details) {
  public StoreInfo {
    details = Map.copyOf(details);
  }

  public static StoreInfo of(String product, String version) {
    return new StoreInfo(product, version, Map.of());
  }
}
