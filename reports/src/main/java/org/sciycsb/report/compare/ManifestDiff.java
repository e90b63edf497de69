package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What two runs' {@code results.json} differ in beyond their measurements: every resolved option of their
 * manifests (the given properties where a run has no manifest), the environment (kernel, CPU model, governor, cores,
 * memory, JVM), the jars they loaded, the tool's version and revision, the store's product and version, and the
 * server settings both could read ({@code metadata.manifest.server.settings}). A key
 * in {@code asked} is a difference someone asked for (a rerun's {@code -p} override): said so, not flagged.
 */
public final class ManifestDiff {
  private ManifestDiff() {}

  /** One difference: what, A's value, B's value ("-": absent), and whether it was asked for. */
  public record Diff(String what, String a, String b, boolean asked) {
    /** One line: {@code threadcount: 4 -> 8 (asked)}. */
    public String line() {
      return what + ": " + a + " -> " + b + (asked ? " (asked)" : "");
    }
  }

  /** The differences of B from A, configuration first, then the environment, the jars, the tool, the store. */
  public static List<Diff> of(JsonNode a, JsonNode b, Set<String> asked) {
    List<Diff> out = new ArrayList<>();
    JsonNode ma = a.path("metadata");
    JsonNode mb = b.path("metadata");
    compare(out, "", config(ma), config(mb), asked);
    compare(out, "environment ", fields(ma.path("manifest").path("environment")),
        fields(mb.path("manifest").path("environment")), Set.of());
    jars(out, ma.path("manifest").path("classpath"), mb.path("manifest").path("classpath"));
    Map<String, String> ta = new TreeMap<>();
    Map<String, String> tb = new TreeMap<>();
    for (String k : List.of("toolVersion", "gitRevision", "binding", "phase", "workload")) {
      ta.put(k, ma.path(k).asText("-"));
      tb.put(k, mb.path(k).asText("-"));
    }
    ta.put("store", ma.path("store").path("product").asText("-") + " " + ma.path("store").path("version").asText(""));
    tb.put("store", mb.path("store").path("product").asText("-") + " " + mb.path("store").path("version").asText(""));
    compare(out, "", ta, tb, Set.of());
    server(out, ma.path("manifest").path("server"), mb.path("manifest").path("server"));
    return out;
  }

  /** The run's configuration: its manifest's resolved options, then the given properties (which win). */
  static Map<String, String> config(JsonNode metadata) {
    Map<String, String> m = fields(metadata.path("manifest").path("resolved"));
    m.putAll(fields(metadata.path("properties")));
    m.remove("results.dir"); // where a run writes is never the same
    return m;
  }

  private static Map<String, String> fields(JsonNode obj) {
    Map<String, String> m = new TreeMap<>();
    obj.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText()
        : e.getValue().toString()));
    return m;
  }

  private static void compare(List<Diff> out, String prefix, Map<String, String> a, Map<String, String> b,
      Set<String> asked) {
    Set<String> keys = new LinkedHashSet<>(a.keySet());
    keys.addAll(b.keySet());
    for (String k : new java.util.TreeSet<>(keys)) {
      String va = a.getOrDefault(k, "-");
      String vb = b.getOrDefault(k, "-");
      if (!va.equals(vb)) {
        out.add(new Diff(prefix + k, va, vb, asked.contains(k)));
      }
    }
  }

  /**
   * The server settings both runs read ({@code server setting NAME}); when only one could read them, one line
   * saying so, since a difference there cannot be ruled out.
   */
  private static void server(List<Diff> out, JsonNode a, JsonNode b) {
    if (a.isMissingNode() || b.isMissingNode()) {
      return;
    }
    JsonNode sa = a.path("settings");
    JsonNode sb = b.path("settings");
    if (sa.isMissingNode() != sb.isMissingNode()) {
      out.add(new Diff("server configuration", sa.isMissingNode() ? "not read" : "read",
          sb.isMissingNode() ? "not read" : "read", false));
      return;
    }
    compare(out, "server setting ", fields(sa), fields(sb), Set.of());
  }

  private static void jars(List<Diff> out, JsonNode a, JsonNode b) {
    if (a.isMissingNode() || b.isMissingNode()) {
      return;
    }
    Set<String> ja = new java.util.TreeSet<>();
    Set<String> jb = new java.util.TreeSet<>();
    a.forEach(j -> ja.add(j.asText()));
    b.forEach(j -> jb.add(j.asText()));
    for (String j : ja) {
      if (!jb.contains(j)) {
        out.add(new Diff("jar " + j, "loaded", "-", false));
      }
    }
    for (String j : jb) {
      if (!ja.contains(j)) {
        out.add(new Diff("jar " + j, "-", "loaded", false));
      }
    }
  }
}
