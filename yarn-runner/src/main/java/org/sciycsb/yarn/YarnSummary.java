package org.sciycsb.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.mapreduce.Job;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.results.ResultsDir;

/**
 * {@code yarn.json}: the job, each client's outcome and measured span and how far the spans overlapped (printed
 * too), and the export file's copy of the merged results.
 */
final class YarnSummary {
  private YarnSummary() {}

  /** Each client's measured span, how far the spans overlapped, and the job: printed and kept in yarn.json. */
  static Map<String, Object> summarize(YarnRunner.Request req, Job job, List<ClientOutcome> outcomes, ResultsDir results, String jobState,
      String jobFailure, Config cfg, ObjectMapper json, PrintStream err) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("format", "sciycsb-yarn");
    s.put("formatVersion", 1);
    s.put("jobId", String.valueOf(job.getJobID()));
    s.put("jobState", jobState);
    s.put("jobFailure", jobFailure == null || jobFailure.isBlank() ? null : jobFailure);
    s.put("hadoopConfDir", new File(req.confDir()).getAbsolutePath());
    s.put("clients", req.clients());
    try {
      s.put("barrierSeconds", cfg.get(YarnOptions.BARRIER).toMillis() / 1000.0);
    } catch (ConfigException e) {
      throw new IllegalStateException(e); // parsed before submission
    }
    Map<String, JsonNode> spans = mergedSpans(results, json, err);
    List<Map<String, Object>> list = new ArrayList<>();
    long maxStart = Long.MIN_VALUE;
    long minStart = Long.MAX_VALUE;
    long minEnd = Long.MAX_VALUE;
    int measured = 0;
    for (ClientOutcome o : outcomes) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("client", o.index());
      c.put("host", o.host());
      c.put("exitCode", o.present() ? o.exitCode() : null);
      c.put("error", o.error());
      c.put("barrierWaitMs", o.barrierWaitMs());
      c.put("startAtEpochMs", o.startAtMs() > 0 ? o.startAtMs() : null);
      if (!o.present()) {
        c.put("taskDiagnostics", o.taskDiagnostics());
      }
      JsonNode span = spans.get(Integer.toString(o.index()));
      String line = "yarn: client " + o.index() + (o.host() == null ? "" : " on " + o.host()) + ": ";
      if (span != null) {
        long start = span.path("startEpochMs").asLong();
        long ms = span.path("runtimeMs").asLong();
        c.put("measuredStartEpochMs", start);
        c.put("measuredRuntimeMs", ms);
        c.put("operations", span.path("operations").asLong());
        c.put("throughput", span.path("throughput").asDouble());
        if (span.path("operations").asLong() > 0) { // a client that failed at once ran no measured phase
          maxStart = Math.max(maxStart, start);
          minStart = Math.min(minStart, start);
          minEnd = Math.min(minEnd, start + ms);
          measured++;
        }
        line += span.path("operations").asLong() + " operations, measured from " + Instant.ofEpochMilli(start)
            + " for " + ms / 1000.0 + " s, exit " + o.exitCode();
      } else {
        line += o.present() ? "exit " + o.exitCode() + ", no results to merge" : "no results (its task did not finish)";
      }
      if (o.error() != null) {
        line += " (" + o.error() + ")";
      }
      err.println(line);
      list.add(c);
    }
    s.put("clientResults", list);
    if (measured > 1) {
      long skew = maxStart - minStart;
      long overlap = minEnd - maxStart;
      s.put("measuredStartSkewMs", skew);
      s.put("measuredOverlapMs", Math.max(0, overlap));
      err.println("yarn: the clients' measured phases started within " + skew / 1000.0 + " s of each other; "
          + (overlap > 0 ? "all " + measured + " ran together for " + overlap / 1000.0 + " s"
              : "they did NOT all run at the same time: a client was not ready by start.at (yarn.start.lead), the "
                  + "cluster lacked containers for " + req.clients() + " clients at once, or the runs are shorter "
                  + "than the skew; throughput is over the union of their spans"));
    }
    return s;
  }

  /** Each merged input's measured span, by its client folder's name, from the merged results.json. */
  private static Map<String, JsonNode> mergedSpans(ResultsDir results, ObjectMapper json, PrintStream err) {
    Map<String, JsonNode> spans = new TreeMap<>();
    try {
      if (Files.isRegularFile(results.file("results.json"))) {
        for (JsonNode in : json.readTree(results.file("results.json").toFile()).path("metadata").path("merged")
            .path("inputs")) {
          spans.put(new File(in.path("source").asText()).getName(), in);
        }
      }
    } catch (IOException e) {
      err.println("warning: cannot read the merged results.json: " + e.getMessage());
    }
    return spans;
  }

  /** yarn.json, and the export file's copy of results.txt when one is asked for. */
  static void write(Map<String, Object> summary, ResultsDir results, Config cfg, ObjectMapper json)
      throws ConfigException {
    try {
      json.enable(SerializationFeature.INDENT_OUTPUT);
      results.writeAtomically("yarn.json", json.writeValueAsString(summary) + "\n");
      String export = cfg.get(EngineOptions.EXPORT_FILE);
      if (export != null && Files.isRegularFile(results.file("results.txt"))) {
        Files.copy(results.file("results.txt"), java.nio.file.Path.of(export),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + results.path() + ": " + e.getMessage());
    }
  }
}
