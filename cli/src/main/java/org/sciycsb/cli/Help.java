package org.sciycsb.cli;

import java.io.PrintStream;
import org.sciycsb.api.Binding;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.EngineOptions;
import org.sciycsb.engine.Registry;
import org.sciycsb.study.StudyCommand;
import org.sciycsb.workloads.CoreWorkloadOptions;

/** {@code bin/ycsb help [topic] [--markdown]}: usage, and every option with type, default and description. */
public final class Help {
  private Help() {}

  static final String USAGE = String.join("\n",
      "usage: bin/ycsb load|run [<binding>] [options]     run a phase (default binding: jdbc, embedded H2)",
      "       bin/ycsb merge <dir|file.hlog>... [-p results.dir=OUT]   combine client processes, exact percentiles",
      "       bin/ycsb compare <baseline-dir> <contender-dir>... [-p report.out=FILE]   side by side, text + HTML",
      "       bin/ycsb sweep [<binding>] -P <file> --threads 1,2,5 [--repeat 3] [--load] [run options]",
      "       bin/ycsb report <dir> [-p report.png=false]   HTML page with charts (+ PNG via headless Chromium)",
      "       bin/ycsb load|run [<binding>] [options] --yarn <hadoop-conf-dir> --clients N",
      "                          N clients as tasks of a Hadoop job on a YARN cluster, merged (bin/ycsb help yarn)",
      "       bin/ycsb study list | <name> [<binding>] [--scale S] [-p ...] | <name> --compare <dirA> <dirB>",
      "                      rerun a seed study whole: its matrix, then the paper's tables and figures",
      "       bin/ycsb help [<binding>|engine|core|reports|yarn|study] [--markdown]",
      "",
      "options (YCSB 0.17 meanings):",
      "  -P <file>          load a property file (repeatable, later files win)",
      "  -p <key>=<value>   set a property (wins over -P files)",
      "  -threads <n>       client threads (threadcount)",
      "  -target <ops/s>    one global schedule for all threads; latency counts from each operation's slot",
      "  -s                 status line on stderr every status.interval seconds (always on here)",
      "  -l <label>         label of the run",
      "  -db <class>        run any site.ycsb.DB class instead of a named binding",
      "  -cp <path>         add jars or folders to the classpath (launcher)",
      "  -jvm-args <args>   extra JVM arguments (launcher)",
      "  --debug            stack traces on errors",
      "",
      "exit codes: 0 ok, 2 bad configuration, 3 binding failed to start, 4 run failed (thread failure, lost",
      "records, every operation failed), 5 an sla.* threshold was breached (results written, see junit.xml),",
      "130 interrupted (results written, marked partial)",
      "",
      "results: a directory per run (-p results.dir=DIR, default results/<time>-<phase>-<binding>) with",
      "results.json, results.csv, timeseries.csv, results.txt, latency.hlog, resources.csv, final-status.xml",
      "(Taurus, for the Jenkins Performance plugin) and junit.xml when sla.* thresholds are set");

  static void general(PrintStream out) {
    out.println(USAGE);
    out.println();
    out.println("bindings: " + String.join(", ", Registry.available()));
    out.println("workloads: core (YCSB CoreWorkload: workloads/workloada..f)"
        + Registry.workloads().stream().map(w -> w.name()).filter(n -> !n.equals("core"))
            .map(n -> ", " + n).reduce("", String::concat));
    out.println();
    out.println("bin/ycsb help engine     engine options");
    out.println("bin/ycsb help core       CoreWorkload options");
    out.println("bin/ycsb help reports    merge, compare, sweep, report, resources and sla.* options");
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
      print("reports", "report, sweep, compare, merge and resource-sampling options (sla.* thresholds: see "
          + "docs/reports.md)", org.sciycsb.report.ReportOptions.all(), markdown, out);
      return;
    }
    if (topic.equals("yarn")) {
      throw new ConfigException("the yarn options belong to the yarn-runner module: bin/ycsb help yarn adds it");
    }
    if (topic.equals("study") || topic.equals("studies")) {
      if (markdown) {
        print("study", "study options", StudyCommand.options(), true, out);
      } else {
        out.println(StudyCommand.usage());
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
    print(b.name(), "binding " + b.name() + ": " + b.summary(), b.options(), markdown, out);
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
