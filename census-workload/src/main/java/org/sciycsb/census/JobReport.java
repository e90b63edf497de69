package org.sciycsb.census;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One census job run (or one census raw read/write test), written as {@code results.json}
 * (format {@code sciycsb-census}, version 1) and {@code results.txt} (YCSB-style lines), like the engine's
 * result directories.
 */
public final class JobReport {
  public static final String FORMAT = "sciycsb-census";
  public static final int FORMAT_VERSION = 1;

  public final Map<String, Object> metadata = new LinkedHashMap<>();
  public String outcome = "completed";
  public long recordsRead;
  public long recordsWritten;
  public long malformed;
  public long mapMs;
  public long reduceMs;
  public long totalMs;
  public long splits;
  public long mappers;
  public long reducers;
  public final List<JobReport> stages = new ArrayList<>();

  public double recordsPerMinute() {
    return totalMs <= 0 ? 0 : recordsRead * 60_000.0 / totalMs;
  }

  public Map<String, Object> toMap() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("formatVersion", FORMAT_VERSION);
    root.put("metadata", metadata);
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("outcome", outcome);
    s.put("recordsRead", recordsRead);
    s.put("recordsWritten", recordsWritten);
    s.put("malformedRecords", malformed);
    s.put("mapMs", mapMs);
    s.put("reduceMs", reduceMs);
    s.put("totalMs", totalMs);
    s.put("recordsPerMinute", Math.round(recordsPerMinute() * 10) / 10.0);
    s.put("splits", splits);
    s.put("mappers", mappers);
    s.put("reducers", reducers);
    root.put("summary", s);
    if (!stages.isEmpty()) {
      List<Object> st = new ArrayList<>();
      for (JobReport r : stages) {
        st.add(r.toMap());
      }
      root.put("stages", st);
    }
    return root;
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    String tag = "[CENSUS-" + String.valueOf(metadata.getOrDefault("job", "job")).toUpperCase() + "]";
    for (JobReport st : stages) {
      sb.append(st.text());
    }
    line(sb, tag, "Input", metadata.get("input"));
    line(sb, tag, "Output", metadata.get("output"));
    line(sb, tag, "Outcome", outcome);
    line(sb, tag, "RecordsRead", recordsRead);
    line(sb, tag, "RecordsWritten", recordsWritten);
    line(sb, tag, "MalformedRecords", malformed);
    line(sb, tag, "MapTime(ms)", mapMs);
    line(sb, tag, "ReduceTime(ms)", reduceMs);
    line(sb, tag, "TotalTime(ms)", totalMs);
    line(sb, tag, "RecordsPerMinute", String.format("%.1f", recordsPerMinute()));
    line(sb, tag, "Splits", splits);
    line(sb, tag, "Mappers", mappers);
    line(sb, tag, "Reducers", reducers);
    return sb.toString();
  }

  private static void line(StringBuilder sb, String tag, String name, Object v) {
    sb.append(tag).append(", ").append(name).append(", ").append(v).append('\n');
  }

  /** Writes results.json and results.txt into {@code dir} (created) and prints the text. */
  public void write(Path dir, PrintStream out) throws IOException {
    Files.createDirectories(dir);
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    String t = text();
    // each file atomically (no half-written file after a crash), results.json last
    org.sciycsb.api.AtomicFiles.write(dir.resolve("results.txt"), t);
    org.sciycsb.api.AtomicFiles.write(dir.resolve("results.json"), m.writeValueAsString(toMap()) + "\n");
    out.print(t);
    out.println("results: " + dir);
  }
}
