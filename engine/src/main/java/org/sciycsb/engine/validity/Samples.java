package org.sciycsb.engine.validity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sciycsb.api.Config;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunReport;

/**
 * The operations behind each percentile a run reports: a percentile p of n operations rests on n (1 - p/100) of them
 * beyond it, and fewer than {@code validity.samples} is too few. A percentile the user asked for (the run's
 * {@code hdrhistogram.percentiles} set, or an {@code sla.OP.pNN} threshold on it) makes the run suspect
 * ({@code too few operations}); one printed by default gets a note ({@link Validity#FEW}), which stderr prints and
 * which leaves the verdict alone. The percentiles are the run's own ({@link RunReport#percentiles()}), whatever the
 * default is.
 */
final class Samples {
  /** The key that sets the printed percentiles (EngineOptions', named here: the config package depends on this one). */
  static final String PERCENTILES = "hdrhistogram.percentiles";

  private Samples() {}

  static void judge(RunReport r, Config cfg, int beyond, List<Validity.Reason> reasons, List<String> notes) {
    boolean asked = cfg.has(PERCENTILES);
    Map<String, Set<Double>> sla = slaPercentiles(cfg);
    Set<Double> all = new TreeSet<>(java.util.Comparator.reverseOrder());
    all.addAll(r.percentiles());
    sla.values().forEach(all::addAll);
    List<String> suspect = new ArrayList<>();
    for (double p : all) {
      if (p <= 0 || p >= 100) {
        continue;
      }
      long needed = (long) Math.ceil(Math.round(beyond / (1 - p / 100) * 1e6) / 1e6);
      boolean printed = r.percentiles().contains(p);
      List<String> explicit = new ArrayList<>();
      List<String> byDefault = new ArrayList<>();
      for (OpSummary op : r.ops()) {
        long n = op.response().count();
        if (n <= 0 || n >= needed) {
          continue;
        }
        boolean bySla = sla.getOrDefault(op.name(), Set.of()).contains(p);
        if (bySla || (printed && asked)) {
          explicit.add(op.name() + " " + n + (bySla ? " (sla." + op.name() + ".p" + Validity.fmt(p) + ")" : ""));
        } else if (printed) {
          byDefault.add(op.name() + " " + n);
        }
      }
      String need = String.format(Locale.ROOT, "p%s needs %d operations (%d beyond it, validity.samples)",
          Validity.fmt(p), needed, beyond);
      if (!explicit.isEmpty()) {
        suspect.add(need + (asked && printed ? ", asked for by hdrhistogram.percentiles" : "") + ": "
            + String.join(", ", explicit));
      }
      if (!byDefault.isEmpty()) {
        notes.add(Validity.FEW + "p" + Validity.fmt(p) + " is printed from fewer operations than it rests on: " + need
            + ": " + String.join(", ", byDefault) + "; printed by default, so the run is not suspect for it (set "
            + PERCENTILES + " to ask for it, and then it counts)");
      }
    }
    if (!suspect.isEmpty()) {
      reasons.add(new Validity.Reason("too few operations", String.join("; ", suspect)));
    }
  }

  /**
   * The percentiles {@code sla.OP.pNN} thresholds judge, by operation (upper case; {@code p999} is p99.9, as the SLA
   * gate reads it): those percentiles were asked for.
   */
  static Map<String, Set<Double>> slaPercentiles(Config cfg) {
    Map<String, Set<Double>> out = new TreeMap<>();
    for (String key : cfg.asMap().keySet()) {
      if (!key.startsWith("sla.")) {
        continue;
      }
      String rest = key.substring(4);
      int dot = rest.indexOf('.');
      if (dot <= 0) {
        continue;
      }
      String metric = rest.substring(dot + 1).toLowerCase(Locale.ROOT);
      metric = metric.equals("p999") ? "p99.9" : metric;
      if (metric.matches("p\\d+(\\.\\d+)?")) {
        out.computeIfAbsent(rest.substring(0, dot).toUpperCase(Locale.ROOT), k -> new TreeSet<>())
            .add(Double.parseDouble(metric.substring(1)));
      }
    }
    return out;
  }
}
