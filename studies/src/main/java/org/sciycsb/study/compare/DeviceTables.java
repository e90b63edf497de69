package org.sciycsb.study.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.study.report.Published;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.seeds.SandiskStudy;
import org.sciycsb.study.seeds.StudyDef;
import org.sciycsb.study.server.ProfileModel;

/**
 * A study run on several emulated devices ({@code --devices}): for sandisk, Figure 7 side by side, each device
 * against the slowest (the profile with the longest random access: the HDD), its tables those of {@code --compare}
 * (throughput and latency by workload, distribution and size; B / A with its 95 % interval), the throughput ratio
 * with the paper's SSD / HDD ratio and the ratio the profiles predict ({@link ProfileModel}) beside it.
 */
public final class DeviceTables {
  private DeviceTables() {}

  /** The tables of {@code devices} (device name to its study folder, in the order run); none for other studies. */
  public static List<Report.Table> of(StudyDef def, Map<String, Path> devices) throws ConfigException {
    return of(def, devices, null);
  }

  /**
   * As above, with Figure 7 beside a reference run of the study on other devices and another store
   * ({@link ReferenceTables}; null: none).
   */
  public static List<Report.Table> of(StudyDef def, Map<String, Path> devices, Path reference)
      throws ConfigException {
    List<Report.Table> out = new ArrayList<>();
    if (!def.name().equals("sandisk") || devices.size() < 2) {
      return out;
    }
    Map<String, CompareSide> sides = new LinkedHashMap<>();
    String slowest = null;
    double slowestMs = -1;
    for (Map.Entry<String, Path> d : devices.entrySet()) {
      CompareSide s = CompareSide.load("A", d.getValue(), def);
      sides.put(d.getKey(), s);
      double ms = randomMs(s.header());
      if (ms > slowestMs) {
        slowestMs = ms;
        slowest = d.getKey();
      }
    }
    out.addAll(ReferenceTables.of(def, sides, reference));
    CompareSide a = sides.get(slowest);
    for (Map.Entry<String, CompareSide> b : sides.entrySet()) {
      if (b.getKey().equals(slowest)) {
        continue;
      }
      CompareSide sb = new CompareSide("B", b.getValue().dir(), b.getValue().header(), b.getValue().runs(),
          b.getValue().title());
      String prefix = "devices-" + b.getKey() + "-vs-" + slowest + "-";
      int first = out.size();
      SandiskCompareTables.add(out, a, sb, prefix);
      for (Report.Table t : out.subList(first, out.size())) {
        if (t.id.equals(prefix + "throughput-ratio")) {
          addPaperAndModel(t, a, sb);
        }
      }
    }
    return out;
  }

  /** The profile's random access time of a side's device (-1: none recorded). */
  static double randomMs(JsonNode header) {
    return header.path("server").path("device").path("profileValues").path("random_ms").asDouble(-1);
  }

  /** The paper's SSD / HDD and the profiles' prediction of B / A, per size, beside the measured B / A. */
  private static void addPaperAndModel(Report.Table t, CompareSide a, CompareSide b) throws ConfigException {
    List<JsonNode> sizes = new ArrayList<>();
    a.header().path("params").path("sizes").forEach(sizes::add);
    Published pub = Published.of(a.header().path("published"));
    for (JsonNode s : sizes) {
      String l = s.path("label").asText();
      t.published("paper-" + l, l + " paper SSD/HDD", 2);
      t.derived("model-" + l, l + " profiles predict", 2);
    }
    for (Map<String, Report.Cell> row : t.rows) {
      String w = row.get("workload").text;
      String d = row.get("distribution").text;
      String wl = workloadOf(a, w);
      for (JsonNode s : sizes) {
        String l = s.path("label").asText();
        row.put("paper-" + l, ReportBuilder.ratio(pub.cell("fig7", ReportBuilder.tags("workload", wl, "storage",
            "SSD", "distribution", d, "size", l)), pub.cell("fig7", ReportBuilder.tags("workload", wl, "storage", "HDD",
            "distribution", d, "size", l)), "the paper's SSD / HDD (Figure 7)"));
        row.put("model-" + l, predicted(a, b, sizes, s, wl, d));
      }
    }
    t.note("paper SSD/HDD: Figure 7's workload A numbers (the paper prints no others). profiles predict: B / A by "
        + "the devices' profiles and the memory cap, to first order (" + ProfileModel.class.getSimpleName()
        + ": each read or update of a record outside the cached share costs one random access, min(queues, "
        + "threads) at a time; both devices start from the mean of their smallest size's measured rates, so where "
        + "nothing misses it predicts 1; "
        + "writes' flushes, the store's file overhead and read-ahead are not modelled). A ratio inside the run-to-"
        + "run noise (10-25 % here) is no difference.");
  }

  /** The workload key of a row's title (the rows show titles). */
  private static String workloadOf(CompareSide a, String title) {
    var it = a.header().path("params").path("workloads").fieldNames();
    while (it.hasNext()) {
      String w = it.next();
      if (SandiskStudy.workloadTitle(w).equals(title)) {
        return w;
      }
    }
    return title;
  }

  /**
   * B / A as the profiles predict it at one size: both devices start from the same in-memory rate (the mean of
   * their smallest size's measured rates, where nothing should miss), each bounded by its own device.
   */
  private static Report.Cell predicted(CompareSide a, CompareSide b, List<JsonNode> sizes, JsonNode size, String w,
      String d) {
    String mem = sizes.get(0).path("label").asText() + "/" + w + "-" + d;
    double inMemory = (a.runs().number(mem, "summary.throughput") + b.runs().number(mem, "summary.throughput")) / 2;
    double xa = deviceRate(a, inMemory, size, w, d);
    double xb = deviceRate(b, inMemory, size, w, d);
    Report.Cell c = new Report.Cell();
    if (!(xa > 0) || !(xb > 0)) {
      c.text = "-";
      return c;
    }
    c.value = xb / xa;
    c.derived = "predicted: B " + Fmt.num(xb, 1) + " ops/s / A " + Fmt.num(xa, 1) + " ops/s from " + Fmt.num(inMemory, 1)
        + " ops/s in memory";
    return c;
  }

  /** A side's predicted ops/s at one size from {@code inMemory}; NaN when its runs or device do not say enough. */
  private static double deviceRate(CompareSide side, double inMemory, JsonNode size, String w, String d) {
    JsonNode srv = side.header().path("server");
    long cap = srv.path("memoryCapBytes").asLong(-1);
    double ms = srv.path("device").path("profileValues").path("random_ms").asDouble(Double.NaN);
    int queues = srv.path("device").path("profileValues").path("queues").asInt(1);
    String step = size.path("label").asText() + "/" + w + "-" + d;
    double total = side.runs().number(step, "summary.operations");
    double reads = zeroIfNaN(side.runs().number(step, "operations[READ].operations"));
    double updates = zeroIfNaN(side.runs().number(step, "operations[UPDATE].operations"));
    double threads = side.runs().number(step, "metadata.threads");
    if (cap <= 0 || Double.isNaN(ms) || !(total > 0) || Double.isNaN(inMemory) || Double.isNaN(threads)) {
      return Double.NaN;
    }
    double miss = ProfileModel.missRate(d, size.path("records").asLong(), (double) cap / size.path("bytes").asDouble());
    return ProfileModel.throughput(inMemory, (reads + updates) / total, miss, ms, queues, (int) threads);
  }

  private static double zeroIfNaN(double v) {
    return Double.isNaN(v) ? 0 : v;
  }
}
