package org.sciycsb.study.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.StorageMedium;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.Runs;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.seeds.StudyDef;

/** One side of {@code bin/ycsb study <name> --compare A B}: a finished study folder, its header and runs. */
record CompareSide(String tag, Path dir, JsonNode header, Runs runs, String title) {
  /** Side {@code tag} of the comparison: the finished study folder {@code dir}, a run of {@code def}. */
  static CompareSide load(String tag, Path dir, StudyDef def) throws ConfigException {
    Path f = dir.resolve("study.json");
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("--compare: not a folder: " + dir);
    }
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("--compare: not a study folder: " + dir + " (no study.json)");
    }
    JsonNode h;
    try {
      h = StudyJson.MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      throw new ConfigException("--compare: cannot read " + f + ": " + e.getMessage());
    }
    if (!"sciycsb-study".equals(h.path("format").asText())) {
      throw new ConfigException("--compare: " + f + " is not a study document");
    }
    String name = h.path("study").path("name").asText();
    if (!name.equals(def.name())) {
      throw new ConfigException("--compare: " + dir + " is a run of study " + name + ", not " + def.name());
    }
    List<JsonNode> steps = new ArrayList<>();
    h.path("steps").forEach(steps::add);
    String label = h.path("storageLabel").asText("");
    String title = (label.isEmpty() ? dir.toAbsolutePath().normalize().getFileName().toString() : label) + " ("
        + h.path("host").path("name").asText("?") + ", " + h.path("binding").asText("?") + ")";
    return new CompareSide(tag, dir.toAbsolutePath().normalize(), h, new Runs(dir.toAbsolutePath().normalize(), steps),
        title);
  }

  /** A measured cell of one side (a mean over the step's repeats), its source dirs absolute. */
  Report.Cell cell(String step, String field) {
    CompareSide s = this;
    Report.Cell c = s.runs().value(step, field);
    if (c.hasValue()) {
      for (int i = 0; i < c.sources.size(); i++) {
        Report.Source x = c.sources.get(i);
        c.sources.set(i, new Report.Source(s.tag() + ":" + x.step(), s.dir().resolve(x.dir()).toString(),
            x.field()));
      }
    }
    return c;
  }

  /** The side's host, storage, binding and scale, in one line. */
  String hw() {
    JsonNode h = header;
    JsonNode host = h.path("host");
    long mem = host.path("memoryBytes").asLong(-1);
    JsonNode s = h.path("storage");
    return host.path("name").asText("?") + ", " + host.path("cpus").asInt() + " CPUs, "
        + (mem > 0 ? Fmt.bytes(mem) : "?") + " RAM, storage " + h.path("storageLabel").asText("unlabelled")
        + (s.path("device").isTextual() ? " (" + s.path("device").asText()
            + (StorageMedium.of(s) != null ? ", " + StorageMedium.of(s) : "") + ")" : "")
        + ", binding " + h.path("binding").asText("?") + ", scale " + h.path("scale").asText();
  }

  /** The side in compare.json. */
  Map<String, Object> toMap() {
    CompareSide s = this;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dir", s.dir().toString());
    m.put("title", s.title());
    m.put("storageLabel", s.header().path("storageLabel").isTextual() ? s.header().path("storageLabel").asText() : null);
    m.put("host", StudyJson.MAPPER.convertValue(s.header().path("host"), Map.class));
    m.put("binding", s.header().path("binding").asText());
    m.put("scale", s.header().path("scale").asDouble());
    return m;
  }
}
