package org.sciycsb.api;

import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The effective properties of one run, immutable. Components read typed values through
 * {@link #get(Option)}; a bad value ends the run with a {@link ConfigException} before any thread starts.
 */
public final class Config {
  private final Map<String, String> values;

  public Config(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(new TreeMap<>(values));
  }

  public static Config of(Properties p) {
    Map<String, String> m = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return new Config(m);
  }

  /** The typed value, or the option's default when the key is absent (a required option must be set). */
  public <T> T get(Option<T> option) throws ConfigException {
    String raw = values.get(option.name());
    if (raw == null) {
      if (option.isRequired()) {
        throw new ConfigException(option.missingMessage(null));
      }
      return option.defaultValue();
    }
    return option.parse(raw);
  }

  /** The typed value; the key must be set or have a default. */
  public <T> T require(Option<T> option) throws ConfigException {
    T v = get(option);
    if (v == null) {
      throw new ConfigException("missing required property " + option.name() + ": " + option.description());
    }
    return v;
  }

  public boolean isSet(Option<?> option) {
    return values.containsKey(option.name());
  }

  public boolean has(String key) {
    return values.containsKey(key);
  }

  public String raw(String key) {
    return values.get(key);
  }

  public String raw(String key, String dflt) {
    return values.getOrDefault(key, dflt);
  }

  /** All keys and values, unmasked: never print this; use {@link Secrets#mask(Map, java.util.Set)}. */
  public Map<String, String> asMap() {
    return values;
  }

  /** A copy as {@link Properties}, for the {@code site.ycsb} API. */
  public Properties toProperties() {
    Properties p = new Properties();
    p.putAll(values);
    return p;
  }

  /** A copy with some keys replaced. */
  public Config with(Map<String, String> overrides) {
    Map<String, String> m = new TreeMap<>(values);
    m.putAll(overrides);
    return new Config(m);
  }
}
