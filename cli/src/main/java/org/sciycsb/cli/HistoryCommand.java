package org.sciycsb.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.report.ReportOptions;
import org.sciycsb.report.Sla;
import org.sciycsb.report.compare.CompareGate;
import org.sciycsb.report.history.History;
import org.sciycsb.report.history.HistoryHtml;
import org.sciycsb.report.history.HistoryReport;
import org.sciycsb.report.history.HistoryRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb history DIR [--gate]}: the runs a CI job archived under DIR, grouped by configuration and ordered
 * by build, with the change points of every gated metric (history.json, history.html; history-junit.xml with
 * {@code --gate}, which exits 5 when a group's newest run comes after a change for the worse).
 */
@Command(name = "history", separator = " ", description = "the runs under a folder (one results directory per CI "
    + "build), grouped by configuration and ordered by build, with the change points of every gated metric "
    + "(history.html, history.json; -p results.dir=OUT, default the folder itself)")
final class HistoryCommand extends ReportCommands.PathsCommand {
  @Parameters(arity = "0..*", paramLabel = "<dir>", description = "the folder of results directories")
  List<String> paths = new ArrayList<>();
  @Option(names = "--gate", description = "exit 5 when, in a group, the newest run comes after a change point for the "
      + "worse in a gated metric (compare.metrics) by more than compare.threshold percent; writes history-junit.xml")
  boolean gate;

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    ReportCommands.Parsed a = parsed(paths, err);
    if (a.positional().size() != 1) {
      throw new ConfigException("history needs one folder of results directories: bin/ycsb history <dir> "
          + "[-p results.dir=OUT] [--gate]");
    }
    Config cfg = new Config(a.props());
    History.Settings s = new History.Settings(CompareGate.metrics(cfg.get(ReportOptions.COMPARE_METRICS)),
        cfg.get(ReportOptions.HISTORY_PVALUE), cfg.get(ReportOptions.HISTORY_PERMUTATIONS),
        cfg.get(ReportOptions.HISTORY_MIN_SEGMENT), cfg.get(ReportOptions.HISTORY_SEED),
        cfg.get(ReportOptions.COMPARE_THRESHOLD));
    Path root = Path.of(a.positional().get(0));
    HistoryRuns.Found found = HistoryRuns.find(root);
    found.skipped().forEach(x -> err.println("note: skipped " + x));
    List<History.Group> groups = History.analyze(found.runs(), root, s);
    for (History.Group g : groups) {
      g.notes().forEach(n -> err.println("note: " + g.key() + ": " + n));
    }
    String o = cfg.get(EngineOptions.RESULTS_DIR);
    Path dir = o == null ? root : Path.of(o);
    ReportCommands.write(dir.resolve("history.json"), HistoryReport.json(groups, s));
    ReportCommands.write(dir.resolve("history.html"), HistoryHtml.render(groups, s));
    out.print(HistoryReport.text(groups));
    out.flush();
    err.println("html: " + dir.resolve("history.html").toAbsolutePath());
    return gate ? gate(groups, dir.resolve("history-junit.xml"), err) : 0;
  }

  private static int gate(List<History.Group> groups, Path junit, PrintStream err) throws ConfigException {
    ReportCommands.write(junit, HistoryReport.junitXml(groups));
    int series = 0;
    int failed = 0;
    for (History.Group g : groups) {
      for (History.Series s : g.series()) {
        series++;
        if (s.failed()) {
          failed++;
          err.println("REGRESSION: " + g.key() + ": " + s.message());
        }
      }
    }
    err.println("gate: " + (series - failed) + " of " + series + " gated series passed (" + junit + ")");
    return failed > 0 ? Sla.EXIT_SLA_BREACHED : 0;
  }
}
