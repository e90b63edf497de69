package org.sciycsb.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/** {@code results.json}: one versioned document (schema in the README). Latencies in microseconds. */
public final class JsonExporter {
  public static final String FORMAT = "sciycsb-results";
  public static final int FORMAT_VERSION = 1;
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonExporter() {}

  public static Map<String, Object> tree(RunReport r) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("formatVersion", FORMAT_VERSION);
    root.put("latencyUnit", "us");
    root.put("metadata", r.metadata());
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("outcome", r.outcome());
    summary.put("runtimeMs", r.runtimeMs());
    summary.put("operations", r.operations());
    summary.put("throughput", round(r.throughput()));
    root.put("summary", summary);
    if (r.validity() != null) {
      root.put("validity", r.validity());
    }
    List<Object> ops = new ArrayList<>();
    for (OpSummary op : r.ops()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("name", op.name());
      o.put("operations", op.operations());
      o.put("errors", op.errors());
      o.put("statuses", op.statuses());
      o.put("throughput", round(op.throughput()));
      o.put("response", latency(op.response()));
      o.put("service", latency(op.service()));
      if (op.failedResponse().count() > 0) {
        o.put("failed", latency(op.failedResponse()));
      }
      ops.add(o);
    }
    root.put("operations", ops);
    List<Object> series = new ArrayList<>();
    for (IntervalPoint p : r.series()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("startMs", p.startMs());
      o.put("endMs", p.endMs());
      if (p.offered() != null) {
        o.put("offered", round(p.offered()));
      }
      Map<String, Object> byOp = new LinkedHashMap<>();
      p.ops().forEach((name, io) -> {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("count", io.count());
        x.put("errors", io.errors());
        x.put("throughput", round(io.throughput()));
        x.put("response", latency(io.response()));
        x.put("service", latency(io.service()));
        byOp.put(name, x);
      });
      o.put("ops", byOp);
      series.add(o);
    }
    root.put("timeseries", series);
    if (r.resources() != null) {
      root.put("resources", r.resources());
    }
    root.put("extra", r.extra());
    root.put("errors", r.errors());
    return root;
  }

  static Map<String, Object> latency(LatencySummary l) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", l.count());
    m.put("mean", round(l.meanUs()));
    m.put("min", round(l.minUs()));
    m.put("p50", round(l.p50Us()));
    m.put("p90", round(l.p90Us()));
    m.put("p95", round(l.p95Us()));
    m.put("p99", round(l.p99Us()));
    m.put("p99_9", round(l.p999Us()));
    m.put("p99_99", round(l.p9999Us()));
    m.put("max", round(l.maxUs()));
    return m;
  }

  static double round(double d) {
    return Math.round(d * 1000) / 1000.0;
  }

  public static String format(RunReport r) {
    try {
      return MAPPER.writeValueAsString(tree(r)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("results are not serialisable: " + e.getMessage(), e);
    }
  }
}
