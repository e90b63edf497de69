package org.sciycsb.study.plan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * What a study needs to expand its plan: its folder and matrix file, the scale factor, the thread limit of this
 * machine, the binding and its declared options, a unique table prefix, and the user's -p overrides.
 */
public final class StudyContext {
  public final Path home;
  final Path dir;
  public final StudyProps props;
  public final double scale;
  final int maxThreads;
  public final String binding;
  final OptionSet bindingOptions;
  public final String prefix;
  final Map<String, String> user;
  /** Client processes per engine step ({@code --clients}; 1: the engine in this process). */
  public int clients = 1;
  /** Whether the binding opens clients of its own (per thread, per write): {@code Binding#supportsThreadClients}. */
  public boolean bindingOpensClients;
  /** The multi-data-centre cluster the study runs on ({@code --dcs}), or null. */
  public DataCentres dataCentres;
  private final Map<String, Map<Integer, Integer>> caps = new LinkedHashMap<>();

  public StudyContext(Path home, Path dir, StudyProps props, double scale, int maxThreads, String binding,
      OptionSet bindingOptions, String prefix, Map<String, String> user) {
    this.home = home;
    this.dir = dir;
    this.props = props;
    this.scale = scale;
    this.maxThreads = maxThreads;
    this.binding = binding;
    this.bindingOptions = bindingOptions;
    this.prefix = prefix;
    this.user = user;
  }

  /** A count (records, operations, documents) at this scale: at least 1. */
  public long count(long base) {
    return Math.max(1, Math.round(base * scale));
  }

  /** A count that may be 0 (0 stays 0, anything else at least 1). */
  public long countOrZero(long base) {
    return base == 0 ? 0 : count(base);
  }

  /** A duration in seconds at this scale, at least {@code min}. */
  public long seconds(long base, long min) {
    return Math.max(min, Math.round(base * scale));
  }

  /**
   * A thread count this machine runs: at most {@code --max-threads}, and at most {@code perThreadWork} (every
   * thread needs at least one operation or record). Caps are collected and reported as one note per use.
   */
  public int threads(String use, int nominal, long perThreadWork) {
    long cap = Math.min(maxThreads, Math.max(1, perThreadWork));
    int t = (int) Math.min(nominal, cap);
    if (t != nominal) {
      caps.computeIfAbsent(use, k -> new TreeMap<>()).put(nominal, t);
    }
    return t;
  }

  /** Notes on every thread count that was capped, for the plan and the report. */
  public List<String> capNotes() {
    List<String> out = new ArrayList<>();
    caps.forEach((use, m) -> {
      List<String> parts = new ArrayList<>();
      m.forEach((n, t) -> parts.add(n + " -> " + t));
      out.add("thread counts capped (" + use + "): " + String.join(", ", parts) + " (--max-threads " + maxThreads
          + " on this machine, and at most one thread per operation or record at this scale)");
    });
    return out;
  }

  /** Whether the study's folder has the preset file {@code name}. */
  public boolean hasFile(String name) {
    return Files.isRegularFile(dir.resolve(name));
  }

  /** The path of one of the study's preset files, checked to exist. */
  public String file(String name) throws ConfigException {
    Path f = dir.resolve(name);
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("study preset not found: " + f);
    }
    return f.toString();
  }

  /**
   * The paper's settings for the study's store: the property file {@code preset-<binding>} of the study's folder,
   * which every engine step reads after its other files ({@code -p} still wins), its settings noted in the plan;
   * null when the study has none for this binding ({@code missing}, when not null, is then noted).
   */
  public String preset(Plan plan, String missing) throws ConfigException {
    String name = "preset-" + binding;
    Path f = dir.resolve(name);
    if (!Files.isRegularFile(f)) {
      if (missing != null) {
        plan.note(missing);
      }
      return null;
    }
    java.util.List<String> settings = new java.util.ArrayList<>();
    try {
      for (String line : Files.readAllLines(f)) {
        if (!line.isBlank() && !line.startsWith("#")) {
          settings.add(line.trim());
        }
      }
    } catch (java.io.IOException e) {
      throw new ConfigException("cannot read " + f + ": " + e.getMessage());
    }
    plan.note("the paper's settings for " + binding + " (" + home.relativize(f) + "): " + String.join(", ", settings));
    return f.toString();
  }

  /** The binding's option whose name ends with {@code suffix} (for example ".batchsize"), or null. */
  public String bindingOption(String suffix) {
    if (bindingOptions == null) {
      return null;
    }
    for (Option<?> o : bindingOptions.options()) {
      if (o.name().endsWith(suffix)) {
        return o.name();
      }
    }
    return null;
  }

  public boolean bindingDeclares(String key) {
    return bindingOptions != null && bindingOptions.declares(key);
  }

  /** A user -p value for the study itself (study.*), or the default. */
  public String study(String key, String dflt) {
    String v = user.get(key);
    return v == null || v.isBlank() ? dflt : v;
  }

  /** Table-safe name: letters, digits and underscores. */
  public static String ident(String s) {
    return s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
  }
}
