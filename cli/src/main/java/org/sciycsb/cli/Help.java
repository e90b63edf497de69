package org.sciycsb.cli;

import java.io.PrintStream;
import java.util.List;
import org.sciycsb.api.Binding;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.StudyCommand;
import org.sciycsb.workloads.CoreWorkloadOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb help [topic] [--markdown]}: the usage picocli generates from the command tree, and every option of
 * an option set with type, default and description (the tables of the docs, bin/readme-options).
 */
public final class Help {
  private Help() {}

  /** {@code bin/ycsb help [<topic>] [--markdown]}: a topic's option table, a command's usage, or the overview. */
  @Command(name = "help", separator = " ", description = "the overview, a command's usage, or the options of a "
      + "topic with their types, defaults and descriptions")
  static final class HelpCommand implements Commands.Action {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<topic>", description = "a binding, a workload, engine, "
        + "core, reports, yarn or study (their option tables), or a command (its usage)")
    String topic;
    @Parameters(index = "1..*", arity = "0..*", hidden = true)
    List<String> unexpected;
    @CommandLine.Option(names = "--markdown", description = "the option table in Markdown (bin/readme-options)")
    boolean markdown;

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws ConfigException {
      if (topic == null) {
        general(out);
      } else if (!markdown && !topic.equals("study") && Commands.tree().getSubcommands().containsKey(topic)) {
        Commands.forHelp(List.of(topic)).usage(out);
      } else {
        topic(topic, markdown, out);
      }
      return 0;
    }
  }

  /** Exit codes and results, at the end of the overview. */
  static final String[] FOOTER = {
      "exit codes: 0 ok, 2 bad configuration, 3 binding failed to start, 4 run failed (thread failure, lost",
      "records, every operation failed), 5 an sla.* threshold was breached (results written, see junit.xml),",
      "130 interrupted (results written, marked partial)",
      "",
      "results: a directory per run (-p results.dir=DIR, default results/<time>-<phase>-<binding>) with",
      "results.json, results.csv, timeseries.csv, results.txt, latency.hlog, resources.csv, final-status.xml",
      "(Taurus, for the Jenkins Performance plugin) and junit.xml when sla.* thresholds are set"};

  /** The overview: picocli's usage of the tree, the options of load and run, then what the topics hold. */
  static void general(PrintStream out) {
    out.print(Commands.tree().getUsageMessage());
    out.println();
    out.println("options of load and run (YCSB 0.17 meanings; bin/ycsb run --help):");
    out.print(Commands.forHelp(List.of("run")).getHelp().optionList());
    out.println();
    for (String line : FOOTER) {
      out.println(line);
    }
    out.println();
    out.println("bindings: " + String.join(", ", Registry.available()));
    out.println("workloads: core (YCSB CoreWorkload: workloads/workloada..f)"
        + Registry.workloads().stream().map(w -> w.name()).filter(n -> !n.equals("core"))
            .map(n -> ", " + n).reduce("", String::concat) + "; trace (the replay of a trace: -p trace.in=FILE)");
    out.println();
    out.println("bin/ycsb help engine     engine options");
    out.println("bin/ycsb help core       CoreWorkload options");
    out.println("bin/ycsb help reports    merge, compare, sweep, report, history, resources and sla.* options");
    out.println("bin/ycsb help faults     fault.* options: kill a node of a test server (or run a command) mid-run");
    out.println("bin/ycsb help metrics    metrics.* options: live metrics for Prometheus (endpoint, Pushgateway)");
    out.println("bin/ycsb help yarn       --yarn/--clients (clients on a YARN cluster) and the yarn.* options");
    out.println("bin/ycsb help study      the seed studies, their matrices and scaling");
    out.println("bin/ycsb help <binding>  a binding's options");
  }

  static void topic(String topic, boolean markdown, PrintStream out) throws ConfigException {
    if (topic.equals("engine")) {
      print("engine", "engine options", EngineOptions.all(), markdown, out);
      return;
    }
    if (topic.equals("reports")) {
      print("reports", "report, sweep, compare, merge, history and resource-sampling options (sla.* thresholds: see "
          + "docs/reports.md)", org.sciycsb.report.ReportOptions.all(), markdown, out);
      return;
    }
    if (topic.equals("faults")) {
      print("faults", "fault schedule of a run (fault.*: a node killed at fault.at, restored at fault.restore)",
          org.sciycsb.engine.fault.FaultSchedule.EXTENSION.options(), markdown, out);
      return;
    }
    if (topic.equals("metrics")) {
      print("metrics", "live metrics of a run for Prometheus (metrics.*: an endpoint to scrape, a Pushgateway; see"
          + " docs/metrics.md)", org.sciycsb.metrics.MetricsOptions.all(), markdown, out);
      return;
    }
    if (topic.equals("findmax")) {
      print("findmax", "findmax options (bin/ycsb findmax; the sla.* thresholds: see docs/reports.md)",
          org.sciycsb.report.sweep.FindMax.options(), markdown, out);
      return;
    }
    if (topic.equals("yarn")) {
      throw new ConfigException("the yarn options belong to the yarn-runner module: bin/ycsb help yarn adds it");
    }
    if (topic.equals("study") || topic.equals("studies")) {
      if (markdown) {
        print("study", "study options", StudyCommand.options(), true, out);
      } else {
        Commands.forHelp(List.of("study")).usage(out);
        out.println();
        print("study", "options of the study itself (-p)", StudyCommand.options(), false, out);
        out.println();
        StudyCommand.list(out);
      }
      return;
    }
    if (topic.equals("core")) {
      print("core", "CoreWorkload options (upstream names and defaults)", CoreWorkloadOptions.all(), markdown, out);
      return;
    }
    for (var w : Registry.workloads()) {
      if (w.name().equals(topic)) {
        print(topic, "workload " + topic, w.options(), markdown, out);
        return;
      }
    }
    Binding b = Registry.binding(topic, null);
    print(b.name(), "binding " + b.name() + ": " + b.summary() + (b.supportsAsync()
        ? " (asynchronous: -p inflight=N)" : ""), b.options(), markdown, out);
  }

  public static void print(String name, String title, OptionSet set, boolean markdown, PrintStream out) {
    if (markdown) {
      out.println("| option | type | default | description |");
      out.println("|---|---|---|---|");
      for (Option<?> o : set.options()) {
        out.println("| `" + o.name() + "` | " + o.type().replace("|", "\\|") + " | "
            + (o.isRequired() ? "required" : o.defaultText() == null ? "" : "`" + o.defaultText() + "`") + " | "
            + o.description().replace("|", "\\|") + (o.isSecret() ? " (secret: masked in every output)" : "")
            + " |");
      }
      return;
    }
    out.println(title);
    out.println();
    int w = 10;
    for (Option<?> o : set.options()) {
      w = Math.max(w, o.name().length());
    }
    for (Option<?> o : set.options()) {
      out.printf("  %-" + w + "s  %-8s default %s%n", o.name(), o.type().length() > 40 ? "choice" : o.type(),
          o.isRequired() ? "(required)" : o.defaultText() == null ? "(none)" : o.defaultText());
      out.printf("  %-" + w + "s  %s%s%n", "", o.description(), o.isSecret() ? " (secret: masked in every output)" : "");
      if (o.type().contains("|") && o.type().length() > 8) {
        out.printf("  %-" + w + "s  one of: %s%n", "", o.type().replace("|", ", "));
      }
    }
  }
}
