package org.sciycsb.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.output.Exporters;
import org.sciycsb.output.OutputSettings;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * {@code bin/ycsb merge}'s work, for every caller that merges client processes (the command itself, a cluster run's
 * clients, a study step run by several processes): the exact merge of the inputs ({@link Merge}) written as one
 * results directory (results.json, results.txt, latency.hlog, final-status.xml), its SLA gate, and how far apart the
 * inputs' measured phases started.
 */
public final class MergedRun {
  /**
   * The merged run: its exit code (0, or 5 when an {@code sla.*} threshold is breached), report and folder; with two
   * or more inputs, the spread of their measured starts and the time all of them ran together (0: never).
   */
  public record Outcome(int exitCode, RunReport report, Path dir, long startSkewMs, long overlapMs) {}

  private MergedRun() {}

  /**
   * Merges {@code inputs} (results directories or .hlog files) into {@code results.dir} of {@code props} (a new
   * dated folder when unset), with {@code label}, {@code merge.granularity}, {@code merge.missing} and the
   * {@code sla.*} thresholds of {@code props}; the text result goes to {@code out}, the account to {@code err}.
   */
  public static Outcome write(List<Path> inputs, Map<String, String> props, PrintStream out, PrintStream err)
      throws ConfigException {
    Config cfg = new Config(props);
    List<Sla.Check> checks = Sla.parse(props);
    List<Merge.Input> in = new ArrayList<>();
    for (Path p : inputs) {
      in.add(Merge.load(p));
    }
    String label = cfg.get(EngineOptions.LABEL);
    String binding = null;
    for (Merge.Input i : in) {
      if (i.json() != null && binding == null) {
        binding = ResultData.text(i.json().path("metadata").path("binding"));
      }
    }
    ResultsDir dir = ResultsDir.create(cfg.get(EngineOptions.RESULTS_DIR), "merge",
        binding == null ? "runs" : binding.replaceAll("[^A-Za-z0-9._-]", "_"), label);
    Merge.Result m = Merge.merge(in, cfg.get(ReportOptions.MERGE_GRANULARITY), label,
        cfg.get(ReportOptions.MERGE_MISSING), dir.file("latency.hlog"));
    try {
      Exporters.writeAll(m.report(), dir, out, OutputSettings.extendedText(m.report().percentiles()));
      dir.writeAtomically("final-status.xml", FinalStatus.xml(m.report()));
    } catch (IOException e) {
      throw new ConfigException("cannot write to " + dir.path() + ": " + e.getMessage());
    }
    err.println("merged " + in.size() + " inputs: " + m.report().operations() + " operations over "
        + Fmt.num(m.report().runtimeMs() / 1000.0, 3) + " s (union of the measured spans)");
    err.println("results: " + dir.path());
    long[] together = together(in);
    return new Outcome(slaGate(checks, m.report(), dir, err), m.report(), dir.path(), together[0], together[1]);
  }

  /** The spread of the inputs' measured starts and how long all of them ran at the same time (ms). */
  static long[] together(List<Merge.Input> in) {
    long minStart = Long.MAX_VALUE;
    long maxStart = Long.MIN_VALUE;
    long minEnd = Long.MAX_VALUE;
    for (Merge.Input i : in) {
      long s = i.hlog().startMs();
      long e = i.json() != null ? s + i.json().path("summary").path("runtimeMs").asLong() : i.hlog().endMs();
      minStart = Math.min(minStart, s);
      maxStart = Math.max(maxStart, s);
      minEnd = Math.min(minEnd, e);
    }
    return new long[] {maxStart - minStart, Math.max(0, minEnd - maxStart)};
  }

  private static int slaGate(List<Sla.Check> checks, RunReport r, ResultsDir dir, PrintStream err)
      throws ConfigException {
    if (checks.isEmpty()) {
      return 0;
    }
    List<Sla.Result> results = Sla.check(checks, r);
    try {
      dir.writeAtomically("junit.xml", Sla.junitXml("sciycsb.sla", results));
    } catch (IOException e) {
      throw new ConfigException("cannot write junit.xml: " + e.getMessage());
    }
    for (Sla.Result x : results) {
      err.println((x.passed() ? "sla ok: " : "SLA BREACHED: ") + x.message());
    }
    return Sla.allPassed(results) ? 0 : Sla.EXIT_SLA_BREACHED;
  }
}
