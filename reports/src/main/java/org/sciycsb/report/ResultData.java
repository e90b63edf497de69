package org.sciycsb.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.ConfigException;
import org.sciycsb.output.JsonExporter;

/** One results directory as the reports read it: its {@code results.json} and, when present, its interval log. */
public final class ResultData {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path dir;
  private final JsonNode json;
  private Hlog hlog;
  private boolean hlogRead;

  public ResultData(Path dir, JsonNode json, Hlog hlog) {
    this.dir = dir;
    this.json = json;
    this.hlog = hlog;
    this.hlogRead = hlog != null || dir == null;
  }

  public static ResultData load(Path dir) throws ConfigException {
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("not a results directory: " + dir);
    }
    Path f = dir.resolve("results.json");
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("no results.json in " + dir + " (not a sciycsb results directory)");
    }
    JsonNode j;
    try {
      j = MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      throw new ConfigException("cannot read " + f + ": " + e.getMessage());
    }
    if (!JsonExporter.FORMAT.equals(j.path("format").asText())) {
      throw new ConfigException(f + " is not a sciycsb results document (format '" + j.path("format").asText()
          + "')");
    }
    return new ResultData(dir, j, null);
  }

  public Path dir() {
    return dir;
  }

  public JsonNode json() {
    return json;
  }

  public JsonNode metadata() {
    return json.path("metadata");
  }

  /** The interval log, or null when the directory has none. */
  public Hlog hlog() throws ConfigException {
    if (!hlogRead) {
      hlogRead = true;
      Path f = dir.resolve("latency.hlog");
      if (Files.isRegularFile(f)) {
        hlog = Hlog.read(f);
      }
    }
    return hlog;
  }

  /** The operation entry of results.json, or a missing node. */
  public JsonNode op(String name) {
    for (JsonNode o : json.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  public List<String> opNames() {
    List<String> out = new ArrayList<>();
    for (JsonNode o : json.path("operations")) {
      out.add(o.path("name").asText());
    }
    return out;
  }

  public double throughput() {
    return json.path("summary").path("throughput").asDouble();
  }

  /** The column title: the label, the storage label, else the directory name. */
  public String title() {
    JsonNode m = metadata();
    List<String> parts = new ArrayList<>();
    String label = text(m.path("label"));
    String storage = text(m.path("storageLabel"));
    if (label != null) {
      parts.add(label);
    }
    if (storage != null && !storage.equals(label)) {
      parts.add(storage);
    }
    if (parts.isEmpty()) {
      return dir == null ? "run" : dir.getFileName().toString();
    }
    return String.join(" / ", parts);
  }

  /** The storage device line (device, medium: SSD/HDD/unknown, model) when the metadata has one. */
  public String storageLine() {
    JsonNode s = metadata().path("storage");
    if (s.isMissingNode() || s.isNull()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    if (text(s.path("device")) != null) {
      parts.add(s.path("device").asText());
    }
    String medium = StorageMedium.of(s);
    if (medium != null) {
      parts.add(medium);
    }
    if (text(s.path("model")) != null) {
      parts.add(s.path("model").asText());
    }
    return parts.isEmpty() ? null : String.join(", ", parts);
  }

  /**
   * What a results file's {@code metadata.store} names the store by: its {@code details.label} when the binding gave
   * one (StoreInfo.label: "FerretDB 1.24.0 on PostgreSQL, NOT MongoDB"), else product and version; null when it
   * names no product.
   */
  public static String storeLabel(JsonNode store) {
    String label = text(store.path("details").path("label"));
    if (label != null) {
      return label;
    }
    String product = text(store.path("product"));
    String version = text(store.path("version"));
    return product == null ? null : version == null ? product : product + " " + version;
  }

  public static String text(JsonNode n) {
    return n == null || n.isMissingNode() || n.isNull() || n.asText().isEmpty() ? null : n.asText();
  }
}
