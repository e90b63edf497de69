package org.sciycsb.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.study.StudyCommand;
import org.sciycsb.study.StudyRequest;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb study list | <name> [<binding>] [options] | <name> --compare A B | report <dir>}: the arguments,
 * checked and typed; the studies themselves are {@link StudyCommand}'s (studies/).
 */
@Command(name = "study", separator = " ", description = {"run a seed study: its matrix at the paper's size or smaller, then "
    + "the paper's tables and figures it reproduces (bin/ycsb help study lists the studies; docs/studies.md says "
    + "what each reproduces)",
    "Each step's results folder is <study folder>/<step>; the report is study.json, study.md and study.html. A "
    + "configuration error stops before anything runs (exit 2); a failed step is recorded, the study goes on where "
    + "that makes sense, and the exit code is the first failed step's."})
final class StudyCli implements Commands.Action {
  @Parameters(index = "0", arity = "0..1", paramLabel = "<name>", description = "the study (bin/ycsb study list)")
  String name;
  @Parameters(index = "1", arity = "0..1", paramLabel = "<binding>",
      description = "the store of the engine steps (default jdbc: embedded H2); several, comma-separated "
          + "(mongodb,cassandra): the whole matrix on each, each in <study folder>/<binding>/, then one report "
          + "with a column group and a line per store")
  String binding;
  @Parameters(index = "2..*", arity = "0..*", hidden = true)
  List<String> unexpected;
  @Option(names = {"--scale", "-scale"}, paramLabel = "<S>", description = "multiply record counts, dataset bytes, "
      + "operation counts and durations by S (e.g. 0.01, 1/1000, 1e-4); thread counts are not scaled (dede's "
      + "checkpoint tasks are: one thread per task)")
  String scale;
  @Option(names = "--max-threads", paramLabel = "<n>", description = "cap thread counts this machine cannot hold; "
      + "every cap is reported")
  String maxThreads;
  @Option(names = "--repeat", paramLabel = "<n>", description = "run every measured step n times, repeat-major (the "
      + "whole matrix, then again: seed 003's order), into <step>/run-<k>; loads are not repeated; the report shows "
      + "means with 95 %% intervals (default: the study's own, 3 for sei, else 1)")
  String repeat;
  @Option(names = "--clients", paramLabel = "<n>", description = "run every engine step (load, run) as n client "
      + "processes on this host, each with its share of the work (a load's record range, a run's operations) and "
      + "the step's threads, started together (start.at); the step's results are their exact merge, each client's "
      + "in <step>/clients/<i>/ (seed 004 ran 5 clients x 64 threads). The store must be a server every process "
      + "reaches (not embedded H2); default 1: the engine in this process")
  String clients;
  @Option(names = "--yarn", paramLabel = "<hadoop-conf-dir>", description = "run every engine step's --clients as "
      + "the map tasks of one Hadoop job on that YARN cluster (yarn-runner: bin/ycsb help yarn), their results merged "
      + "into the step's folder; the store must be reachable from the cluster's nodes")
  String yarn;
  @Option(names = "--clusters", paramLabel = "<name>=<file>,...", description = "run the whole matrix on each "
      + "cluster, one after the other: each a properties file (-P form) with the store's addresses and settings "
      + "(e.g. 1node=one.properties,3node=three.properties); each in <study folder>/<name>/, one report with a "
      + "column group and a line per cluster")
  String clusters;
  @Option(names = "--devices", paramLabel = "<device>,...", description = "run the whole matrix once per emulated "
      + "device (bin/servers device create NAME --profile hdd|ssd --size SIZE): the store's test server restarted "
      + "on it (bin/servers start <server> --device <device> --memory <cap>), each in <study folder>/<device>/, one "
      + "report; for sandisk Figure 7 side by side (docs/studies.md, \"Devices and memory\")")
  String devices;
  @Option(names = "--memory-ratio", paramLabel = "<R>", description = "the study's largest data set over the "
      + "server's memory cap: the cap is that data set's bytes / R (default the paper's: sandisk 10.7, 1TB on "
      + "96GB; bankmark 0.45); the store's test server is restarted with the cap")
  String memoryRatio;
  @Option(names = "--dcs", paramLabel = "<D>", description = "sei on cassandra: start a test cluster of D data "
      + "centres on this host (bin/servers start cassandra@sei --nodes N --dcs D, 127.0.0.41 on: study.dcs.offset), "
      + "one copy of every record in each, the clients in the first, and run the matrix on it at every consistency "
      + "level of seed 003 (and QUORUM, LOCAL_QUORUM), with the stale reads each level lets through with and without "
      + "a paused node; a cluster of that layout already running is used as it is")
  String dcs;
  @Option(names = "--nodes", paramLabel = "<N>", description = "with --dcs: the cluster's nodes, a multiple of D "
      + "up to 9 (default three a data centre, the paper's nine for --dcs 3; one a data centre when this host's "
      + "memory cannot hold them, the reason in the report)")
  String nodes;
  @Option(names = "--dry-run", description = "check the whole plan and print its steps; run nothing")
  boolean dry;
  @Option(names = "--compare", arity = "2", paramLabel = "<study-dir>", description = "the side by side of two "
      + "finished runs of the study, A then B (e.g. label.storage=ssd vs hdd; -p report.out=DIR)")
  List<String> compare;
  @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
  boolean debug;
  private final List<String> only = new ArrayList<>();
  private final List<String> props = new ArrayList<>();

  @Option(names = "--only", paramLabel = "<steps>", description = "run only the steps whose names match (glob, "
      + "comma-separated; their dependencies too)")
  void only(String patterns) {
    for (String x : patterns.split(",")) {
      if (!x.isBlank()) {
        only.add(x.trim());
      }
    }
  }

  @Option(names = "-p", paramLabel = "<key>=<value>", description = "passed to every run (engine steps; census.* and "
      + "hadoop.* keys to census steps); results.dir = the study folder; study.* (bin/ycsb help study); with several "
      + "stores, a key whose first word names one of them (riak.hosts; jdbc's db.*) goes to that store only")
  void property(String keyValue) {
    props.add(keyValue);
  }

  /** The study command with its subcommands list and report. */
  static CommandLine tree() {
    CommandLine cl = new CommandLine(new StudyCli());
    cl.addSubcommand("list", new ListCommand());
    cl.addSubcommand("report", new ReportCommand());
    return cl;
  }

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    if (name == null) {
      throw new ConfigException("study needs a study name or list: bin/ycsb study list (studies: "
          + StudyCommand.known() + ")");
    }
    Map<String, String> p = new LinkedHashMap<>();
    for (String kv : props) {
      String[] x = Args.keyValue(kv);
      p.put(x[0], x[1]);
    }
    List<Path> dirs = compare == null ? null
        : List.of(Path.of(compare.get(compare.size() - 2)), Path.of(compare.get(compare.size() - 1)));
    return StudyCommand.run(StudyCommand.home(), new StudyRequest(name, binding, clusters,
        scale == null ? null : parseScale(scale), maxThreads == null ? null : parsePositive(maxThreads, "--max-threads"),
        repeat == null ? null : parsePositive(repeat, "--repeat"),
        clients == null ? null : parsePositive(clients, "--clients"), yarn == null ? null : Path.of(yarn), only, dry,
        dirs, p, devices, memoryRatio == null ? null : parseRatio(memoryRatio),
        dcs == null ? null : parsePositive(dcs, "--dcs"), nodes == null ? null : parsePositive(nodes, "--nodes")),
        out, err);
  }

  /** A positive scale: a decimal (0.01, 1e-4) or a fraction (1/100). */
  static double parseScale(String s) throws ConfigException {
    double v = decimalOrFraction(s);
    if (!(v > 0) || Double.isInfinite(v) || v > 1000) {
      throw new ConfigException("bad value for --scale: '" + s + "' is not a positive number up to 1000 (e.g. 0.01, "
          + "1/1000, 1e-4; 1 = the paper's sizes)");
    }
    return v;
  }

  /** A positive data-to-memory ratio: a decimal (10.7, 0.45) or a fraction (1024/96). */
  static double parseRatio(String s) throws ConfigException {
    double v = decimalOrFraction(s);
    if (!(v > 0) || Double.isInfinite(v) || v > 1e6) {
      throw new ConfigException("bad value for --memory-ratio: '" + s + "' is not a positive number (the largest "
          + "data set over the server's memory, e.g. 10.7, 0.45, 1024/96)");
    }
    return v;
  }

  /** A decimal (0.01, 1e-4) or a fraction (1/100); NaN when it is neither. */
  private static double decimalOrFraction(String s) {
    String t = s.trim();
    try {
      int slash = t.indexOf('/');
      return slash > 0 ? Double.parseDouble(t.substring(0, slash)) / Double.parseDouble(t.substring(slash + 1))
          : Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static int parsePositive(String s, String flag) throws ConfigException {
    try {
      int v = Integer.parseInt(s.trim());
      if (v < 1) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for " + flag + ": '" + s + "' is not a whole number >= 1");
    }
  }

  @Command(name = "list", description = "the studies, with what each runs at scale 1")
  static final class ListCommand implements Commands.Action {
    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) {
      StudyCommand.list(out);
      return 0;
    }
  }

  @Command(name = "report", description = "the report again from a study folder (study.json and the run folders)")
  static final class ReportCommand implements Commands.Action {
    @Parameters(index = "0", paramLabel = "<study-dir>", description = "the study folder")
    String dir;
    @Parameters(index = "1..*", arity = "0..*", hidden = true)
    List<String> unexpected;
    @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
    boolean debug;

    @Override
    public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
      StudyCommand.rebuild(Path.of(dir), err);
      return 0;
    }
  }
}
