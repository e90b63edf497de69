package org.sciycsb.engine;

import java.io.IOException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sciycsb.api.Config;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Secrets;

/**
 * {@code results.json}'s {@code metadata.manifest}: what decided the numbers beyond the properties given, so that
 * {@code bin/ycsb rerun} can run the same configuration again and tell what changed. {@code resolved}: every
 * declared option of the phase (engine, workload, binding, extensions) with the value it ran with, defaults
 * included (a default shown in words and computed at run time is left out), secrets masked; {@code environment}:
 * kernel, CPU model, frequency governor, cores, memory, JVM; {@code classpath}: the file names of the jars the run
 * loaded (the binding's driver versions among them).
 */
public final class Manifest {
  /** The manifest's own version: a rerun refuses a newer one. */
  public static final int VERSION = 1;

  private Manifest() {}

  static Map<String, Object> of(Config config, List<OptionSet> sets, Set<String> secrets) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("formatVersion", VERSION);
    m.put("resolved", resolved(config, sets, secrets));
    m.put("environment", environment());
    m.put("classpath", classpath());
    return m;
  }

  /**
   * Adds {@code server} to the manifest in {@code meta} (when it has one): the store's product and version and its
   * configuration as the binding reads it ({@code source}, {@code settings}), or {@code configuration: "not read: ..."}
   * with the reason. Reading it never fails the run.
   */
  @SuppressWarnings("unchecked")
  static void addServer(Map<String, Object> meta, org.sciycsb.api.BindingRun run) {
    if (!(meta.get("manifest") instanceof Map<?, ?> manifest)) {
      return;
    }
    Map<String, Object> server = new LinkedHashMap<>();
    org.sciycsb.api.StoreInfo info = run.storeInfo();
    server.put("product", info.product());
    server.put("version", info.version());
    try {
      java.util.Optional<org.sciycsb.api.ServerConfiguration> c = run.serverConfiguration();
      if (c.isPresent()) {
        server.put("source", c.get().source());
        Map<String, String> settings = new TreeMap<>();
        c.get().settings().forEach((k, v) -> settings.put(k, Secrets.maskText(v)));
        server.put("settings", settings);
      } else {
        server.put("configuration", "not read: the binding cannot read this store's configuration");
      }
    } catch (org.sciycsb.api.BenchmarkException | RuntimeException e) {
      server.put("configuration", "not read: " + Secrets.maskText(String.valueOf(e.getMessage())));
    }
    Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) manifest); // the request's stays as given
    copy.put("server", server);
    meta.put("manifest", copy);
  }

  /** Every declared option's value: as given, else its default; unset options without a default are left out. */
  static Map<String, String> resolved(Config config, List<OptionSet> sets, Set<String> secrets) {
    Map<String, String> out = new TreeMap<>();
    for (OptionSet s : sets) {
      for (Option<?> o : s.options()) {
        String v = config.has(o.name()) ? config.raw(o.name()) : text(o.defaultValue());
        if (v != null && !out.containsKey(o.name())) {
          out.put(o.name(), o.isSecret() || secrets.contains(o.name()) ? Secrets.MASK : Secrets.maskText(v));
        }
      }
    }
    return out;
  }

  private static String text(Object v) {
    if (v == null) {
      return null;
    }
    return v instanceof java.time.Duration d ? Option.formatDuration(d) : String.valueOf(v);
  }

  /** The host as far as it decides numbers: kernel, CPU model, frequency governor, cores, memory, JVM. */
  static Map<String, Object> environment() {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    e.put("arch", System.getProperty("os.arch"));
    e.put("cpuModel", firstValue(Path.of("/proc/cpuinfo"), "model name"));
    e.put("governor", firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"), "none (no cpufreq)"));
    e.put("cores", Runtime.getRuntime().availableProcessors());
    e.put("memoryBytes", Metadata.host().get("memoryBytes"));
    e.put("java", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.version"));
    return e;
  }

  private static String firstValue(Path file, String key) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(key)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return "unknown";
  }

  private static String firstLine(Path file, String dflt) {
    try {
      List<String> l = Files.readAllLines(file);
      return l.isEmpty() ? dflt : l.get(0).trim();
    } catch (IOException | RuntimeException e) {
      return dflt;
    }
  }

  /** The file names of the jars on the classpath, in order. */
  static List<String> classpath() {
    List<String> out = new ArrayList<>();
    for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (p.endsWith(".jar")) {
        out.add(Path.of(p).getFileName().toString());
      }
    }
    return out;
  }
}
