package org.sciycsb.study.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Fmt;
import org.sciycsb.study.report.Report;
import org.sciycsb.study.report.StudyJson;
import org.sciycsb.study.seeds.StudyDef;

/**
 * {@code bin/ycsb study <name> --compare A B}: two finished runs of the same study (for seed 002: the same matrix on
 * two storage configurations, {@code -p label.storage=ssd} and {@code hdd}) side by side. For sandisk, the vendor's
 * layout (Figure 7: rows workload x storage x distribution, columns dataset sizes) for throughput and read/write
 * latency, with B/A ratios; for every study, a per-step table; and for every pair of runs, compare's own page
 * ({@code pairs/<step>.html} and {@code .txt}: every operation and percentile, ratios and deltas).
 */
public final class StudyCompare {
  private StudyCompare() {}

  public static int run(Path home, StudyDef def, Path a, Path b, Map<String, String> props, PrintStream out,
      PrintStream err) throws BenchmarkException {
    for (String k : props.keySet()) {
      if (!k.equals("report.out")) {
        throw new ConfigException("--compare takes only -p report.out=DIR, not " + k);
      }
    }
    CompareSide sa = CompareSide.load("A", a, def);
    CompareSide sb = CompareSide.load("B", b, def);
    double scaleA = sa.header().path("scale").asDouble();
    double scaleB = sb.header().path("scale").asDouble();
    if (scaleA != scaleB) {
      throw new ConfigException("--compare: the two studies ran at different scales (" + Fmt.num(scaleA, 12) + " and "
          + Fmt.num(scaleB, 12) + "): their dataset sizes differ");
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path outDir = Path.of(props.getOrDefault("report.out", "results/" + stamp + "-study-compare-" + def.name()))
        .toAbsolutePath();
    String ta = "A: " + sa.title();
    String tb = "B: " + sb.title();
    List<Report.Table> tables = new ArrayList<>();
    if (def.name().equals("sandisk")) {
      SandiskCompareTables.add(tables, sa, sb);
    }
    Report.Table steps = CompareTables.stepsTable(ta, tb);
    try {
      Files.createDirectories(outDir.resolve("pairs"));
    } catch (IOException e) {
      throw new ConfigException("cannot create " + outDir + ": " + e.getMessage());
    }
    CompareTables.addStepRows(steps, sa, sb);
    List<String> paired = CompareFiles.writePairs(sa, sb, outDir, err);
    steps.note("ops/s for engine steps; records/min for census steps. Per-operation detail of every pair: "
        + "pairs/<step>.html (bin/ycsb compare).");
    steps.note(CompareTables.RATIO_NOTE);
    tables.add(steps);

    java.util.function.Function<String, String> label = g -> g.equals(Report.DERIVED) ? "B / A"
        : g.equals(Report.KEY) ? "" : g.equals(Report.RUN) ? "measured (A and B: see the storage column)" : g;
    CompareFiles.writeJson(outDir, def, sa, sb, paired, tables, label);
    String md = CompareFiles.markdown(def, sa, sb, tables, label);
    StudyJson.write(outDir.resolve("compare.md"), md);

    String html = CompareFiles.html(def, sa, sb, tables, label, paired);
    StudyJson.write(outDir.resolve("compare.html"), html);
    out.print(md);
    out.flush();
    err.println("study compare: " + outDir.resolve("compare.html") + " (and compare.md, compare.json, pairs/)");
    return 0;
  }
}
