package org.sciycsb.engine.run;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.trace.TraceOut;

/** A run's traces: trace.out's parts opened before the threads start and written at the end; what was replayed. */
final class RunTraces {
  private RunTraces() {}

  /** What the metadata says of the traces ({@code trace}: written, replayed), and the failure to write one. */
  record TraceEnd(Map<String, Object> metadata, String failure) {}

  /** trace.out's per-thread parts, opened before the threads start (null without trace.out). */
  static TraceOut open(Config cfg, int threads) throws ConfigException {
    try {
      return TraceOut.open(cfg, threads);
    } catch (IOException e) {
      throw new ConfigException("trace.out " + cfg.get(EngineOptions.TRACE_OUT) + " cannot be written: "
          + e.getMessage());
    }
  }

  /** Writes trace.out (when asked) from the threads' parts; {@code metadata.trace}: the trace written, replayed. */
  static TraceEnd finish(SharedState shared, PhaseRun.Input req) {
    Map<String, Object> trace = new LinkedHashMap<>();
    if (shared.replay != null) {
      trace.put("replayed", shared.replay.describe());
    }
    Map<String, Object> meta = trace.isEmpty() && shared.traceOut == null ? Map.of() : Map.of("trace", trace);
    if (shared.traceOut == null) {
      return new TraceEnd(meta, null);
    }
    Settings s = shared.settings;
    Map<String, String> header = new LinkedHashMap<>();
    header.put("tool", "sciycsb " + ToolVersion.get());
    header.put("phase", req.phase() == Phase.LOAD ? "load" : "run");
    header.put("workload", req.workload().name());
    Config cfg = req.config();
    if (cfg.has("seed")) {
      header.put("seed", cfg.raw("seed").trim());
    }
    header.put("schedule", s.arrival() == null ? "none"
        : cfg.raw("arrival", "constant").trim() + (s.target() > 0 ? " " + s.target() : ""));
    header.put("warmup", shared.warmup ? "yes" : "no");
    try {
      trace.put("written", shared.traceOut.finish(header));
      return new TraceEnd(meta, null);
    } catch (IOException e) {
      return new TraceEnd(meta, "trace.out " + shared.traceOut.file() + " could not be written: " + e.getMessage());
    }
  }
}
