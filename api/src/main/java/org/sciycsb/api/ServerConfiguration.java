package org.sciycsb.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * The store server's own configuration as far as the binding can read it, for {@code results.json}'s manifest: the
 * settings that decide numbers (cache sizes, durability, compaction), so that two runs can be told apart by them.
 *
 * @param source   where the settings come from, in the server's own words (for example
 *                 {@code "pg_settings, source not default"}); shown beside them
 * @param settings name to value as the server reports it; never secrets
 */
public record ServerConfiguration(String source, Map<String, String> settings) {
  public ServerConfiguration {
    settings = java.util.Collections.unmodifiableMap(new TreeMap<>(settings));
  }
}
