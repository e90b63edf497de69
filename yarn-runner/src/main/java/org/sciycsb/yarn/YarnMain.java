package org.sciycsb.yarn;

import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.api.Secrets;
import org.sciycsb.cli.Args;
import org.sciycsb.cli.Help;

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
    boolean debug = Args.wantsDebug(argv);
    try {
      if (argv.length > 0 && (argv[0].equals("help") || argv[0].equals("--help") || argv[0].equals("-h"))) {
        return help(Arrays.asList(argv).contains("--markdown"), out);
      }
      String confDir = null;
      Integer clients = null;
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < argv.length; i++) {
        String a = argv[i];
        if (a.equals("--yarn") || a.equals("--clients")) {
          if (i + 1 >= argv.length || argv[i + 1].startsWith("-")) {
            throw new ConfigException("option " + a + " needs a value (" + USAGE + ")");
          }
          String v = argv[++i];
          if (a.equals("--yarn")) {
            confDir = v;
          } else {
            clients = clients(v);
          }
        } else {
          rest.add(a);
        }
      }
      if (confDir == null) {
        throw new ConfigException((clients != null ? "--clients" : "this command") + " needs --yarn "
            + "<hadoop-conf-dir> (" + USAGE + ")");
      }
      if (rest.isEmpty() || !(rest.get(0).equals("load") || rest.get(0).equals("run"))) {
        throw new ConfigException("--yarn runs a load or a run (" + USAGE + ")");
      }
      Phase phase = rest.get(0).equals("load") ? Phase.LOAD : Phase.RUN;
      Args args = Args.parse(rest.toArray(new String[0]));
      filter.addFrom(args.properties, Set.of());
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
      return new YarnRunner(new YarnRunner.Request(phase, args, confDir, clients == null ? 1 : clients, cp, jvm,
          out, err)).run();
    } catch (BenchmarkException e) {
      err.println("error: " + Secrets.maskText(e.getMessage()));
      if (debug) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (RuntimeException | LinkageError e) {
      err.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage())
          + (debug ? "" : " (run with --debug for the stack trace)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return BenchmarkException.EXIT_RUN_FAILED;
    }
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
