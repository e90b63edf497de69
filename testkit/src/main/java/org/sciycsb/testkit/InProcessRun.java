package org.sciycsb.testkit;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.fault.FaultSchedule;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.metrics.PrometheusMetrics;

/**
 * A load or run in-process, on the engine's {@link Benchmark#run(RunSpec)}: the exit code, stdout and stderr that
 * {@code bin/ycsb load|run} gives for the same line (a {@link BenchmarkException} becomes one {@code error:} line and
 * its exit code), without the command line. It takes YCSB's flags of a phase: {@code load|run [<binding>]},
 * {@code -P file} (in order), {@code -p key=value}, {@code -threads n}, {@code -target n}, {@code -db class}, {@code -l label}
 * (these five above every file, the later of two winning), {@code -s} (status=true) and {@code --debug}. The engine's extensions (faults, live metrics)
 * are on; the reports' keys ({@code report.*}, {@code sla.*}, {@code label}) are the command line's, tested there.
 */
public final class InProcessRun extends CapturedRun {
  private InProcessRun(CapturedRun run) {
    super(run);
  }

  /** Runs {@code load|run [<binding>] [flags]} and returns how it ended. */
  public static InProcessRun run(String... argv) {
    boolean debug = List.of(argv).contains("--debug");
    return new InProcessRun(capture((out, err) -> exitCode(argv, debug, out, err)));
  }

  private static int exitCode(String[] argv, boolean debug, PrintStream out, PrintStream err) {
    try {
      return Benchmark.run(spec(argv, out, err).debug(debug).build()).exitCode();
    } catch (BenchmarkException e) {
      err.println("error: " + Secrets.maskText(e.getMessage()));
      debugTrace(debug, e, err);
      return e.exitCode();
    } catch (RuntimeException e) {
      err.println("error: unexpected " + e.getClass().getSimpleName() + ": " + Secrets.maskText(e.getMessage())
          + (debug ? "" : " (run with --debug for the stack trace)"));
      debugTrace(debug, e, err);
      return BenchmarkException.EXIT_RUN_FAILED;
    }
  }

  private static void debugTrace(boolean debug, Exception e, PrintStream err) {
    if (debug) {
      e.printStackTrace(err);
    }
  }

  /** The spec of a phase's line, with the engine's extensions, as the command line builds it. */
  static RunSpec.Builder spec(String[] argv, PrintStream out, PrintStream err) throws ConfigException {
    if (argv.length == 0 || !List.of("load", "run").contains(argv[0])) {
      throw new IllegalArgumentException("InProcessRun runs load or run, not " + Arrays.toString(argv));
    }
    RunSpec.Builder b = RunSpec.builder(Phase.valueOf(argv[0].toUpperCase(Locale.ROOT))).out(out).err(err)
        .extension(FaultSchedule.EXTENSION).extension(PrometheusMetrics.EXTENSION);
    int i = 1;
    if (argv.length > 1 && !argv[1].startsWith("-")) {
      b.binding(argv[1]);
      i = 2;
    }
    for (; i < argv.length; i++) {
      String flag = argv[i];
      if (flag.equals("--debug")) {
        continue;
      }
      if (flag.equals("-s")) {
        b.property("status", "true"); // the status lines on stderr, as bin/ycsb's -s
        continue;
      }
      if (i + 1 >= argv.length) {
        throw new ConfigException("flag " + flag + " needs a value");
      }
      String v = argv[++i];
      switch (flag) {
        case "-P" -> b.propertyFile(Path.of(v));
        case "-p" -> b.property(key(v), v.substring(v.indexOf('=') + 1));
        case "-threads" -> b.property("threadcount", v);
        case "-target" -> b.property("target", v);
        case "-db" -> b.property("db", v);
        case "-l" -> b.property("label", v);
        default -> throw new IllegalArgumentException("InProcessRun does not take " + flag);
      }
    }
    return b;
  }

  private static String key(String keyValue) throws ConfigException {
    int eq = keyValue.indexOf('=');
    if (eq <= 0) {
      throw new ConfigException("bad -p argument '" + keyValue + "': expected key=value");
    }
    return keyValue.substring(0, eq).trim();
  }
}
