package org.sciycsb.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.report.Published;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.Runs;
import org.sciycsb.study.report.ServerFigures;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.report.StudyOutput;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;

/**
 * A study's report: built from {@code study.json}'s header and the steps' folders (the study's own tables and
 * figures, then the servers' figures), written as {@code study.json}, {@code study.md} and {@code study.html}; and
 * rebuilt from a finished folder ({@code bin/ycsb study report DIR}).
 */
public final class StudyReports {
  private StudyReports() {}

  /** The report of a study folder from its header (steps included), into study.json, study.md and study.html. */
  static void write(StudyDef def, Path dir, Map<String, Object> header, PrintStream err)
      throws BenchmarkException {
    JsonNode h = StudyJson.MAPPER.valueToTree(header);
    ReportBuilder rb = build(def, dir, h);
    header.putAll(StudyOutput.tablesJson(rb));
    JsonNode full = StudyJson.MAPPER.valueToTree(header);
    StudyJson.write(dir.resolve("study.json"), StudyJson.json(header));
    StudyJson.write(dir.resolve("study.md"), StudyOutput.markdown(full, rb));
    StudyJson.write(dir.resolve("study.html"), StudyOutput.html(full, rb));
    err.println("study: report " + dir.resolve("study.html") + " (and study.md, study.json)");
  }

  /** The study's tables and figures, then the servers' figures, from the header and the steps' folders. */
  public static ReportBuilder build(StudyDef def, Path dir, JsonNode header) throws ConfigException {
    List<JsonNode> steps = new ArrayList<>();
    header.path("steps").forEach(steps::add);
    Published pub = Published.of(header.path("published"));
    ReportBuilder rb = new ReportBuilder(new Runs(dir, steps), pub, header);
    def.report(rb);
    ServerFigures.add(rb);
    org.sciycsb.study.report.ExperimentsReport.add(rb);
    return rb;
  }

  /** bin/ycsb study report DIR: the report again from study.json and the run folders. */
  static void rebuild(Path dir, PrintStream err) throws BenchmarkException {
    if (StoreMatrix.isStores(dir)) {
      StoresReport.rebuild(dir.toAbsolutePath(), err);
      return;
    }
    Path f = dir.resolve("study.json");
    if (!Files.isRegularFile(f)) {
      throw new ConfigException("not a study folder: " + dir + " (no study.json)");
    }
    Map<String, Object> header;
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = StudyJson.MAPPER.readValue(f.toFile(), LinkedHashMap.class);
      header = m;
    } catch (IOException e) {
      throw new ConfigException("cannot read " + f + ": " + e.getMessage());
    }
    if (!"sciycsb-study".equals(header.get("format"))) {
      throw new ConfigException(f + " is not a study document (format sciycsb-study)");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> st = (Map<String, Object>) header.get("study");
    StudyDef def = st == null ? null : Studies.find(String.valueOf(st.get("name")));
    if (def == null) {
      throw new ConfigException(f + " names no known study");
    }
    header.remove("tables");
    header.remove("figures");
    write(def, dir.toAbsolutePath(), header, err);
  }
}
