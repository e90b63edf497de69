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
import org.sciycsb.study.report.Published;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.ReportBuilder;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.seeds.SandiskStudy;
import org.sciycsb.study.seeds.StudyDef;

/**
 * Seed 002's Figure 7 with a reference run beside this one ({@code -p study.reference=DIR}: the same study with
 * {@code --devices} on another store, e.g. jdbc/PostgreSQL at the same scale): per workload, distribution and device
 * profile, the paper's throughput (workload A only), this run's and the reference's, each group labelled by the
 * product and version its runs reported; then each store's SSD / HDD (the device with the shortest random access over
 * the one with the longest) beside the paper's. The devices are matched by profile name, not device name.
 */
final class ReferenceTables {
  private ReferenceTables() {}

  /** The tables, or none when {@code reference} is null. */
  static List<Report.Table> of(StudyDef def, Map<String, CompareSide> sides, Path reference) throws ConfigException {
    List<Report.Table> out = new ArrayList<>();
    if (reference == null || sides.size() < 2) {
      return out;
    }
    Map<String, CompareSide> ref = load(def, reference);
    CompareSide any = sides.values().iterator().next();
    if (!any.header().path("scale").equals(ref.values().iterator().next().header().path("scale"))) {
      throw new ConfigException("study.reference " + reference + " ran at scale " + ref.values().iterator().next()
          .header().path("scale") + ", this run at " + any.header().path("scale") + ": the sizes differ");
    }
    Map<String, CompareSide> mine = byProfile(sides);
    String me = label(any);
    String other = label(ref.values().iterator().next());
    List<String> sizes = new ArrayList<>();
    any.header().path("params").path("sizes").forEach(x -> sizes.add(x.path("label").asText()));
    Published pub = Published.of(any.header().path("published"));
    Report.Table t = new Report.Table("figure7-reference", "Figure 7, throughput (ops/s): " + me + " beside " + other
        + " and the paper", "seed 002, Figure 7");
    t.key("workload", "workload").key("profile", "device profile").key("distribution", "distribution");
    for (String s : sizes) {
      t.published("paper-" + s, s + " paper", 0);
      t.run("this-" + s, s + " " + me, 1);
      t.derived("ref-" + s, s + " " + other, 1);
    }
    Report.Table r = new Report.Table("figure7-reference-ratio", "Figure 7, SSD / HDD throughput: " + me + " beside "
        + other + " and the paper", "seed 002, Figure 7");
    r.key("workload", "workload").key("distribution", "distribution");
    for (String s : sizes) {
      r.published("paper-" + s, s + " paper SSD/HDD", 2);
      r.derived("this-" + s, s + " " + me + " SSD/HDD", 2);
      r.derived("ref-" + s, s + " " + other + " SSD/HDD", 2);
    }
    String fast = fastest(mine);
    String slow = slowest(mine);
    var it = any.header().path("params").path("workloads").fields();
    while (it.hasNext()) {
      var e = it.next();
      for (JsonNode dn : e.getValue()) {
        String w = e.getKey();
        String d = dn.asText();
        for (String profile : mine.keySet()) {
          Map<String, Report.Cell> row = t.row();
          row.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(w)));
          row.put("profile", Report.Cell.text(profile));
          row.put("distribution", Report.Cell.text(d));
          for (String s : sizes) {
            row.put("paper-" + s, pub.cell("fig7", ReportBuilder.tags("workload", w, "storage", paperStorage(profile),
                "distribution", d, "size", s)));
            row.put("this-" + s, mine.get(profile).cell(s + "/" + w + "-" + d, "summary.throughput"));
            row.put("ref-" + s, ref.containsKey(profile) ? ref.get(profile).cell(s + "/" + w + "-" + d,
                "summary.throughput") : Report.Cell.text("-"));
          }
        }
        Map<String, Report.Cell> row = r.row();
        row.put("workload", Report.Cell.text(SandiskStudy.workloadTitle(w)));
        row.put("distribution", Report.Cell.text(d));
        for (String s : sizes) {
          String step = s + "/" + w + "-" + d;
          row.put("paper-" + s, ReportBuilder.ratio(pub.cell("fig7", ReportBuilder.tags("workload", w, "storage", "SSD",
              "distribution", d, "size", s)), pub.cell("fig7", ReportBuilder.tags("workload", w, "storage", "HDD",
              "distribution", d, "size", s)), "the paper's SSD / HDD (Figure 7)"));
          row.put("this-" + s, CompareTables.ratio(mine.get(fast).cell(step, "summary.throughput"),
              mine.get(slow).cell(step, "summary.throughput")));
          row.put("ref-" + s, ref.containsKey(fast) && ref.containsKey(slow) ? CompareTables.ratio(ref.get(fast)
              .cell(step, "summary.throughput"), ref.get(slow).cell(step, "summary.throughput"))
              : Report.Cell.text("-"));
        }
      }
    }
    String why = "the reference is " + reference + " (-p study.reference), matched by device profile; both at scale "
        + any.header().path("scale").asText() + "; each group is labelled by the product and version its runs "
        + "reported. The paper's store was a 2014 mongod (its own engine, files mapped into memory) over its network.";
    t.note(why);
    r.note(why + " SSD/HDD: profile " + fast + " over " + slow + ". " + CompareTables.RATIO_NOTE);
    out.add(t);
    out.add(r);
    return out;
  }

  /** The reference's devices: its study.json's stores (a --devices run), profile to side. */
  private static Map<String, CompareSide> load(StudyDef def, Path reference) throws ConfigException {
    JsonNode h;
    try {
      h = StudyJson.MAPPER.readTree(reference.resolve("study.json").toFile());
    } catch (IOException e) {
      throw new ConfigException("study.reference: cannot read " + reference.resolve("study.json") + ": "
          + e.getMessage());
    }
    Map<String, CompareSide> sides = new LinkedHashMap<>();
    for (JsonNode s : h.path("stores")) {
      if (s.path("device").isTextual()) {
        Path d = reference.resolve(s.path("dir").asText());
        if (Files.isRegularFile(d.resolve("study.json"))) {
          sides.put(s.path("device").asText(), CompareSide.load("R", d, def));
        }
      }
    }
    if (sides.size() < 2) {
      throw new ConfigException("study.reference " + reference + " is not a study of several devices (--devices "
          + "hdd,ssd): give the folder of such a run");
    }
    return byProfile(sides);
  }

  private static Map<String, CompareSide> byProfile(Map<String, CompareSide> sides) {
    Map<String, CompareSide> out = new LinkedHashMap<>();
    sides.values().forEach(s -> out.putIfAbsent(s.header().path("server").path("device").path("profile").asText("?"),
        s));
    return out;
  }

  private static String fastest(Map<String, CompareSide> byProfile) {
    return byProfile.entrySet().stream().min((a, b) -> Double.compare(DeviceTables.randomMs(a.getValue().header()),
        DeviceTables.randomMs(b.getValue().header()))).orElseThrow().getKey();
  }

  private static String slowest(Map<String, CompareSide> byProfile) {
    return byProfile.entrySet().stream().max((a, b) -> Double.compare(DeviceTables.randomMs(a.getValue().header()),
        DeviceTables.randomMs(b.getValue().header()))).orElseThrow().getKey();
  }

  private static String paperStorage(String profile) {
    return profile.equalsIgnoreCase("ssd") ? "SSD" : profile.equalsIgnoreCase("hdd") ? "HDD" : profile;
  }

  /** The product and version the side's runs reported. */
  private static String label(CompareSide s) {
    return s.runs().storeLabel(s.header().path("binding").asText("?"));
  }
}
