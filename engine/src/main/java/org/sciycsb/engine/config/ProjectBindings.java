package org.sciycsb.engine.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;

/**
 * What the engine says about this project's bindings and test servers (the default binding, which support
 * {@code inflight}, {@code load.empty}, {@code connections=perthread}, kill-node faults), read from
 * {@code project-bindings.properties} beside this class. Each binding module has its own classpath, so the engine
 * cannot ask the others; its code names no store.
 */
public final class ProjectBindings {
  private static final Properties NAMES = load();

  private ProjectBindings() {}

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = ProjectBindings.class.getResourceAsStream("project-bindings.properties")) {
      if (in == null) {
        throw new IllegalStateException("project-bindings.properties is missing from the engine's classpath");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** The value of a key, e.g. {@code async}: the asynchronous bindings, comma-separated. */
  public static String get(String key) {
    String v = NAMES.getProperty(key);
    if (v == null) {
      throw new IllegalArgumentException("project-bindings.properties has no " + key);
    }
    return v;
  }

  /** The value of a key, or empty when the file has none (a key per binding, e.g. {@code testserver.jdbc}). */
  public static java.util.Optional<String> find(String key) {
    return java.util.Optional.ofNullable(NAMES.getProperty(key));
  }

  /** The comma-separated names of a key, in order. */
  public static List<String> list(String key) {
    return List.of(get(key).split(",\\s*"));
  }

  /** Names as prose: "a", "a and b", "a, b and c". */
  public static String and(List<String> names) {
    int n = names.size();
    return n <= 1 ? String.join("", names) : String.join(", ", names.subList(0, n - 1)) + " and " + names.get(n - 1);
  }
}
