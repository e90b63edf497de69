package org.sciycsb.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.engine.run.ToolVersion;
import org.sciycsb.engine.schedule.ArrivalProcess;

/** The metadata block of {@code results.json}: who ran what, where, against which store, with which settings. */
public final class Metadata {
  private Metadata() {}

  static Map<String, Object> build(Engine.Request req, RunContext ctx, StoreInfo store, Instant started,
      Instant finished, int threads, double target, ArrivalProcess arrival, String label, String outcome, String failure,
      String workload) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tool", "sciycsb");
    m.put("toolVersion", ToolVersion.get());
    Map<String, Object> launch = new LinkedHashMap<>(req.launchMetadata());
    Object manifest = launch.remove("manifest"); // last: the long part
    m.putAll(launch);
    m.put("phase", req.phase().name().toLowerCase(java.util.Locale.ROOT));
    m.put("binding", req.bindingName());
    m.put("workload", workload);
    m.put("label", label);
    m.put("storageLabel", ctx.config().raw("label.storage"));
    if (ctx.config().raw("label.build") != null) {
      m.put("build", ctx.config().raw("label.build")); // only when set: results.json of other runs is unchanged
    }
    m.put("threads", threads);
    m.put("target", target);
    if (arrival != null && !arrival.describe().startsWith("constant ")) {
      m.put("arrival", arrival.describe()); // only when not -target's constant rate: other results.json unchanged
    }
    m.put("started", started.toString());
    m.put("finished", finished.toString());
    m.put("outcome", outcome);
    m.put("failure", failure);
    Map<String, Object> st = new LinkedHashMap<>();
    st.put("product", store.product());
    st.put("version", store.version());
    st.put("details", new LinkedHashMap<>(new java.util.TreeMap<>(store.details())));
    m.put("store", st);
    m.put("host", host());
    m.put("jvm", jvm());
    Set<String> secrets = req.secretKeys();
    m.put("properties", Secrets.mask(ctx.config().asMap(), secrets));
    if (manifest != null) {
      m.put("manifest", manifest);
    }
    return m;
  }

  public static Map<String, Object> host() {
    Map<String, Object> h = new LinkedHashMap<>();
    String name;
    try {
      name = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      name = System.getenv().getOrDefault("HOSTNAME", "unknown");
    }
    h.put("name", name);
    h.put("cpus", Runtime.getRuntime().availableProcessors());
    h.put("memoryBytes", totalMemory());
    h.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    return h;
  }

  private static long totalMemory() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: fall through
    }
    return -1;
  }

  static Map<String, Object> jvm() {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("version", System.getProperty("java.version"));
    j.put("vendor", System.getProperty("java.vendor"));
    j.put("vm", System.getProperty("java.vm.name"));
    j.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    j.put("arguments", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .map(Secrets::maskText).toList());
    return j;
  }
}
