package org.sciycsb.study.plan;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.sciycsb.api.ConfigException;

/**
 * A study's matrix values, {@code workloads/study-<name>/study.properties}: lists, counts, byte sizes and
 * durations at the paper's scale, read through typed getters. Every key the study does not read is an error (a
 * typo in the file must not silently fall back to a default).
 */
public final class StudyProps {
  private final Path file;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Set<String> read = new TreeSet<>();

  private StudyProps(Path file) {
    this.file = file;
  }

  public static StudyProps load(Path file) throws ConfigException {
    StudyProps s = new StudyProps(file);
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (NoSuchFileException e) {
      throw new ConfigException("study file not found: " + file);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException("cannot read study file " + file + ": " + e.getMessage());
    }
    for (String k : new TreeSet<>(p.stringPropertyNames())) {
      s.values.put(k, p.getProperty(k).trim());
    }
    return s;
  }

  /** For tests: a study file from a map. */
  static StudyProps of(Path file, Map<String, String> values) {
    StudyProps s = new StudyProps(file);
    s.values.putAll(values);
    return s;
  }

  public Path file() {
    return file;
  }

  boolean has(String key) {
    return values.containsKey(key);
  }

  public String get(String key) throws ConfigException {
    read.add(key);
    String v = values.get(key);
    if (v == null || v.isEmpty()) {
      throw new ConfigException("study file " + file + " has no value for " + key);
    }
    return v;
  }

  public String get(String key, String dflt) {
    read.add(key);
    String v = values.get(key);
    return v == null || v.isEmpty() ? dflt : v;
  }

  public List<String> list(String key) throws ConfigException {
    List<String> out = new ArrayList<>();
    for (String x : get(key).split(",")) {
      if (!x.isBlank()) {
        out.add(x.trim());
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException("study file " + file + ": " + key + " is an empty list");
    }
    return out;
  }

  public long longValue(String key) throws ConfigException {
    String v = get(key).replace("_", "");
    try {
      long x = Long.parseLong(v);
      if (x < 0) {
        throw new NumberFormatException();
      }
      return x;
    } catch (NumberFormatException e) {
      throw new ConfigException("study file " + file + ": " + key + "=" + v + " is not a whole number >= 0");
    }
  }

  /** A number above 0 and below 1. */
  public double fraction(String key) throws ConfigException {
    String v = get(key);
    try {
      double x = Double.parseDouble(v);
      if (!(x > 0 && x < 1)) {
        throw new NumberFormatException();
      }
      return x;
    } catch (NumberFormatException e) {
      throw new ConfigException("study file " + file + ": " + key + "=" + v + " is not a fraction between 0 and 1");
    }
  }

  public List<Integer> ints(String key) throws ConfigException {
    List<Integer> out = new ArrayList<>();
    for (String x : list(key)) {
      try {
        int i = Integer.parseInt(x);
        if (i < 1) {
          throw new NumberFormatException();
        }
        out.add(i);
      } catch (NumberFormatException e) {
        throw new ConfigException("study file " + file + ": " + key + " has '" + x + "', not a whole number >= 1");
      }
    }
    return out;
  }

  public List<Long> longs(String key) throws ConfigException {
    List<Long> out = new ArrayList<>();
    for (String x : list(key)) {
      try {
        long i = Long.parseLong(x.replace("_", ""));
        if (i < 1) {
          throw new NumberFormatException();
        }
        out.add(i);
      } catch (NumberFormatException e) {
        throw new ConfigException("study file " + file + ": " + key + " has '" + x + "', not a whole number >= 1");
      }
    }
    return out;
  }

  public long seconds(String key) throws ConfigException {
    String v = get(key);
    try {
      return parseSeconds(v);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("study file " + file + ": " + key + "=" + v + " is not a duration (1800, 1800s, "
          + "30m, 1h)");
    }
  }

  /** A duration in seconds: a bare number, or a number with s, m or h. */
  public static long parseSeconds(String v) {
    String s = v.trim().toLowerCase(Locale.ROOT);
    long mult = 1;
    if (s.endsWith("h")) {
      mult = 3600;
      s = s.substring(0, s.length() - 1);
    } else if (s.endsWith("m") && !s.endsWith("ms")) {
      mult = 60;
      s = s.substring(0, s.length() - 1);
    } else if (s.endsWith("s")) {
      s = s.substring(0, s.length() - 1);
    }
    long x = Long.parseLong(s.trim());
    if (x < 0) {
      throw new IllegalArgumentException(v);
    }
    return x * mult;
  }

  /**
   * A byte size, as {@link org.sciycsb.api.ByteSize} reads it: a bare number of bytes, or a number with KiB, MiB,
   * GiB, TiB or k, m, g, t (powers of 1024) or KB, MB, GB, TB (powers of 1000).
   *
   * @throws NumberFormatException when it is not one
   */
  public static long parseBytes(String v) {
    try {
      return org.sciycsb.api.ByteSize.parse(v);
    } catch (IllegalArgumentException e) {
      throw new NumberFormatException(v);
    }
  }

  public long bytes(String key) throws ConfigException {
    String v = get(key);
    try {
      return parseBytes(v);
    } catch (NumberFormatException e) {
      throw new ConfigException("study file " + file + ": " + key + "=" + v + " is not a byte size (e.g. 32GiB)");
    }
  }

  /** Every key of the file must have been read by the study: an unread key is a typo or a stale setting. */
  public void checkAllRead() throws ConfigException {
    for (String k : values.keySet()) {
      if (!read.contains(k)) {
        throw new ConfigException("study file " + file + ": unknown key " + k + " (the study reads: "
            + String.join(", ", read) + ")");
      }
    }
  }
}
