package org.sciycsb.yarn;

import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.cli.Args;
import org.sciycsb.cli.Commands;
import org.sciycsb.cli.Help;
import org.sciycsb.cli.Main;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The entry point bin/ycsb starts instead of {@code org.sciycsb.cli.Main} when a load or run has {@code --yarn}:
 * {@code bin/ycsb load|run [<binding>] [options] --yarn <hadoop-conf-dir> [--clients N]}, and
 * {@code bin/ycsb help yarn [--markdown]}. The engine's classpath (what a local run would use) comes from the
 * system property {@code sciycsb.engine.classpath}, its JVM flags from {@code sciycsb.engine.jvmopts}
 * (newline-separated); bin/ycsb sets both. The only place of this module that exits the JVM.
 */
public final class YarnMain {
  private YarnMain() {}

  public static final String USAGE = "usage: bin/ycsb load|run [<binding>] [options] --yarn <hadoop-conf-dir> "
      + "[--clients N]";

  public static void main(String[] argv) {
    // as bin/ycsb's local runs: every line on stdout and stderr (Hadoop's client log lines too) goes through the
    // secret filter
    SecretFilter filter = new SecretFilter();
    PrintStream out = filter.wrap(System.out);
    PrintStream err = filter.wrap(System.err);
    System.setOut(out);
    System.setErr(err);
    int code = run(argv, out, err, filter);
    out.close(); // passes on a last line without a newline
    err.close();
    System.exit(code);
  }

  /** Runs and returns the exit code; never exits the JVM (tests call this). */
  public static int run(String[] argv, PrintStream out, PrintStream err) {
    return run(argv, out, err, new SecretFilter());
  }

  /** As {@link #run(String[], PrintStream, PrintStream)}, registering the secrets it reads with {@code filter}. */
  public static int run(String[] argv, PrintStream out, PrintStream err, SecretFilter filter) {
    return Main.guarded(Args.wantsDebug(argv), err, () -> submit(argv, out, err, filter));
  }

  /** {@code --yarn} and {@code --clients}, added to bin/ycsb's load and run. */
  static final class YarnFlags {
    @Option(names = "--yarn", paramLabel = "<hadoop-conf-dir>", description = "the YARN cluster's configuration "
        + "folder (HADOOP_CONF_DIR)")
    String confDir;
    @Option(names = "--clients", paramLabel = "<n>", description = "clients: map tasks of the job (default 1)")
    String clients;
  }

  private static int submit(String[] argv, PrintStream out, PrintStream err, SecretFilter filter)
      throws BenchmarkException {
    if (argv.length > 0 && List.of("help", "--help", "-h").contains(argv[0])) {
      return help(List.of(argv).contains("--markdown"), out);
    }
    if (argv.length == 0 || !(argv[0].equals("load") || argv[0].equals("run"))) {
      throw new ConfigException("--yarn runs a load or a run (" + USAGE + ")");
    }
    CommandLine cl = Commands.tree();
    YarnFlags yarn = new YarnFlags();
    cl.getSubcommands().get(argv[0]).addMixin("yarn", yarn);
    ParseResult pr = Commands.parse(cl, argv);
    if (pr.subcommand().isUsageHelpRequested()) {
      return help(false, out);
    }
    if (yarn.confDir == null) {
      throw new ConfigException((yarn.clients != null ? "--clients" : "this command") + " needs --yarn "
          + "<hadoop-conf-dir> (" + USAGE + ")");
    }
    int clients = yarn.clients == null ? 1 : clients(yarn.clients);
    Commands.PhaseCommand command = (Commands.PhaseCommand) pr.subcommand().commandSpec().userObject();
    Args args = command.args();
    filter.addFrom(args.properties(), Set.of());
    List<String> cp = new ArrayList<>();
    for (String e : System.getProperty("sciycsb.engine.classpath", "").split(File.pathSeparator)) {
      if (!e.isBlank()) {
        cp.add(e);
      }
    }
    List<String> jvm = new ArrayList<>();
    for (String l : System.getProperty("sciycsb.engine.jvmopts", "").split("\n")) {
      if (!l.isBlank()) {
        jvm.add(l.strip());
      }
    }
    return new YarnRunner(new YarnRunner.Request(command.phase(), args, yarn.confDir, clients, cp, jvm, out, err))
        .run();
  }

  static int clients(String v) throws ConfigException {
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for --clients: '" + v + "' is not a whole number");
    }
    if (n < 1) {
      throw new ConfigException("bad value for --clients: " + n + " (must be at least 1)");
    }
    return n;
  }

  static int help(boolean markdown, PrintStream out) {
    if (!markdown) {
      out.println(USAGE);
      out.println();
      out.println("Runs N clients as the map tasks of one Hadoop job on an existing YARN cluster, each in a JVM of");
      out.println("its own with its share of the work (a load: insertstart/insertcount blocks; a run: operationcount");
      out.println("and -target divided by N; threads are per client), then downloads every client's results into");
      out.println("<results.dir>/clients/<i>/ and merges them exactly into <results.dir> (bin/ycsb merge).");
      out.println("The store must be reachable from the cluster's nodes. Details: yarn-runner/README.md");
      out.println();
    }
    Help.print("yarn", "options of a cluster run (-p key=value)", YarnOptions.all(), markdown, out);
    return 0;
  }
}
