package org.sciycsb.cli;

import java.io.PrintStream;
import java.util.List;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.run.ResourceSampler;
import org.sciycsb.report.run.RunHooks;

/**
 * The entry point behind {@code bin/ycsb}. The only place that exits the JVM: every failure below it is a typed
 * exception that becomes one line on stderr and an exit code.
 */
public final class Main {
  private Main() {}

  public static void main(String[] argv) {
    // slf4j-api is on the classpath (OSHI's): without a binding it would print a notice when a driver first logs
    ResourceSampler.quietSlf4j();
    // every line on stdout and stderr, drivers' log lines included, goes through the secret filter
    SecretFilter filter = new SecretFilter();
    PrintStream out = filter.wrap(System.out);
    PrintStream err = filter.wrap(System.err);
    System.setOut(out);
    System.setErr(err);
    int code = run(argv, out, err, filter);
    out.close(); // passes on a last line without a newline; the process's own streams stay open
    err.close();
    System.exit(code);
  }

  /** Runs a command and returns its exit code; never exits the JVM (tests call this). */
  public static int run(String[] argv, PrintStream out, PrintStream err) {
    return run(argv, out, err, new SecretFilter());
  }

  /** As {@link #run(String[], PrintStream, PrintStream)}, registering the secrets it reads with {@code filter}. */
  public static int run(String[] argv, PrintStream out, PrintStream err, SecretFilter filter) {
    return guarded(Args.wantsDebug(argv), err, () -> Commands.execute(argv, out, err, filter));
  }

  /** A command of the command line: its exit code, or a typed exception. */
  public interface Command {
    int run() throws BenchmarkException;
  }

  /**
   * Runs a command and turns every failure into one line on err and the exit code bin/ycsb gives (a stack trace
   * only with {@code --debug}). The cluster runner's main (yarn-runner) reports its failures here too.
   */
  public static int guarded(boolean debug, PrintStream err, Command command) {
    try {
      return command.run();
    } catch (BenchmarkException e) {
      err.println("error: " + Secrets.maskText(e.getMessage()));
      if (debug) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (OutOfMemoryError e) {
      err.println("error: out of memory (" + e.getMessage() + "): use fewer threads or records per run, or a larger"
          + " heap (bin/ycsb -jvm-args -Xmx...)");
      return BenchmarkException.EXIT_RUN_FAILED;
    } catch (RuntimeException | LinkageError e) {
      err.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage())
          + (debug ? "" : " (run with --debug for the stack trace)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }

  /**
   * A load or run of the command line as the engine's spec, with the reports', the fault schedule's and the live
   * metrics' extensions and the caller's sets.
   */
  public static RunSpec spec(Phase phase, Args args, List<OptionSet> extra, PrintStream out, PrintStream err)
      throws ConfigException {
    RunSpec.Builder b = builder(phase, args.binding(), args.properties(), args.debug(), out, err);
    extra.forEach(b::extraOptions);
    return b.build();
  }

  /** A phase with this command line's extensions (resources, faults, metrics), as bin/ycsb load|run builds it. */
  static RunSpec.Builder builder(Phase phase, String binding, java.util.Map<String, String> props, boolean debug,
      PrintStream out, PrintStream err) throws ConfigException {
    return RunSpec.builder(phase).binding(binding).properties(props).out(out).err(err).debug(debug)
        .extension(RunHooks.EXTENSION).extension(org.sciycsb.engine.fault.FaultSchedule.EXTENSION)
        .extension(org.sciycsb.metrics.PrometheusMetrics.EXTENSION);
  }

  /**
   * Checks a load or run as a local run does, without opening the binding: bad input throws
   * {@link ConfigException} (one line, exit 2). Warnings go to err. {@code extra} declares the options of the
   * caller (for example a cluster runner's {@code yarn.*}), so their keys are known too.
   */
  public static Benchmark.Prepared prepare(Phase phase, Args args, List<OptionSet> extra, PrintStream err)
      throws BenchmarkException {
    return Benchmark.prepare(spec(phase, args, extra, System.out, err));
  }
}
