package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;

/**
 * A paper's own published figures, {@code workloads/study-<name>/published.json}: each value with the seed's
 * section, table or figure it was taken from and how exact it is ("exact" when printed as a number in a table or
 * the text; "approximate" when the text says "approximately" or the value was read from a chart's description),
 * plus the paper's statements that carry no single number (ratios, trends) and the hardware it ran on. Values are
 * transcribed, never computed.
 */
public final class Published {
  private final JsonNode root;

  private Published(JsonNode root) {
    this.root = root;
  }

  public static Published load(Path file) throws ConfigException {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("published figures not found: " + file);
    }
    try {
      JsonNode j = new ObjectMapper().readTree(file.toFile());
      if (!"sciycsb-published".equals(j.path("format").asText())) {
        throw new ConfigException(file + " is not a published-figures file (format sciycsb-published)");
      }
      for (JsonNode v : j.path("values")) {
        if (!v.path("value").isNumber() || v.path("source").asText().isEmpty() || v.path("figure").asText().isEmpty()
            || v.path("precision").asText().isEmpty()) {
          throw new ConfigException(file + ": every value needs figure, source, precision and a number: " + v);
        }
      }
      return new Published(j);
    } catch (IOException e) {
      throw new ConfigException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** The published figures as embedded in a study.json. */
  public static Published of(JsonNode root) throws ConfigException {
    if (!"sciycsb-published".equals(root.path("format").asText())) {
      throw new ConfigException("the study document has no published figures (format sciycsb-published)");
    }
    return new Published(root);
  }

  public JsonNode root() {
    return root;
  }

  public String paper() {
    return root.path("paper").asText();
  }

  public String hardware() {
    return root.path("hardware").asText();
  }

  String hardwareShort() {
    return root.path("hardwareShort").asText(hardware());
  }

  String hardwareSource() {
    return root.path("hardwareSource").asText();
  }

  /** The value of figure {@code figure} whose tags include every given tag, or null. */
  JsonNode find(String figure, Map<String, String> tags) {
    for (JsonNode v : root.path("values")) {
      if (!v.path("figure").asText().equals(figure)) {
        continue;
      }
      boolean all = true;
      for (Map.Entry<String, String> t : tags.entrySet()) {
        if (!v.path("tags").path(t.getKey()).asText().equals(t.getValue())) {
          all = false;
          break;
        }
      }
      if (all) {
        return v;
      }
    }
    return null;
  }

  /** A published cell for the value, or a cell saying the paper gives none. */
  public Report.Cell cell(String figure, Map<String, String> tags) {
    JsonNode v = find(figure, tags);
    if (v == null) {
      return Report.Cell.text("-");
    }
    Report.Cell c = new Report.Cell();
    c.value = v.path("value").asDouble();
    c.published = v.path("source").asText();
    c.precision = v.path("precision").asText();
    return c;
  }

  List<JsonNode> values(String figure) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode v : root.path("values")) {
      if (v.path("figure").asText().equals(figure)) {
        out.add(v);
      }
    }
    return out;
  }

  public List<JsonNode> statements() {
    List<JsonNode> out = new ArrayList<>();
    root.path("statements").forEach(out::add);
    return out;
  }
}
