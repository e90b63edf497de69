package org.sciycsb.study.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.ProjectBindings;

/**
 * A store embedded in the client process, as a study on a device with a memory cap sees it (project-bindings'
 * {@code embedded.<binding>}): the {@code -p} properties that put its data in a folder and size its cache, where
 * that cache lives (outside the JVM's heap, as WiredTiger's, or in it, as H2's), and the smallest cap its client
 * serves 32 threads with.
 */
public record EmbeddedStore(String binding, Map<String, String> template, boolean cacheInHeap, long serveBytes) {
  /** The binding's entry, or empty when it has none. */
  public static Optional<EmbeddedStore> of(String binding) throws ConfigException {
    Optional<String> t = ProjectBindings.find("embedded." + binding);
    if (t.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (String kv : t.get().trim().split("\\s+")) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new ConfigException("project-bindings.properties: embedded." + binding + ": '" + kv + "' is not key=value");
      }
      m.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    boolean heap = ProjectBindings.find("embedded." + binding + ".cache").orElse("native").trim().equals("heap");
    long serve = Sizes.parse(ProjectBindings.find("embedded." + binding + ".serve").orElse("256M").trim());
    return Optional.of(new EmbeddedStore(binding, java.util.Collections.unmodifiableMap(m), heap, serve));
  }

  /** The key whose value names the data folder ({dir}). */
  public String dirKey() {
    return keyWith("{dir}");
  }

  /** The key whose value sizes the cache ({cache} or {cacheKiB}), or null. */
  public String cacheKey() {
    String k = keyWith("{cache}");
    return k != null ? k : keyWith("{cacheKiB}");
  }

  private String keyWith(String placeholder) {
    return template.entrySet().stream().filter(e -> e.getValue().contains(placeholder)).map(Map.Entry::getKey)
        .findFirst().orElse(null);
  }

  /** The properties for the data folder {@code dir} and a cache of {@code cacheBytes}, in the template's order. */
  public Map<String, String> props(String dir, long cacheBytes) {
    Map<String, String> out = new LinkedHashMap<>();
    template.forEach((k, v) -> out.put(k, v.replace("{dir}", dir)
        .replace("{cacheKiB}", Long.toString(Math.max(1, cacheBytes / 1024)))
        .replace("{cache}", Long.toString(cacheBytes))));
    return out;
  }
}
