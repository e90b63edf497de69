package org.sciycsb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.workloads.CoreWorkloadOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * {@code bin/ycsb shell [<binding>] [-P file] [-p key=value] [-db class] [-table name]}: upstream YCSB's command
 * line client ({@link Shell}) on a binding's {@link DB}, set up as a run sets it up (the same checks of the
 * properties, the binding opened with them, one client's DB initialised), commands read from stdin line by line.
 * Bad input is one line and exit 2 before anything opens; a store that cannot be reached, exit 3.
 */
@Command(name = "shell", separator = " ", description = "YCSB's command line client on a binding: read, scan, insert,"
    + " update, delete, table, help, quit; one command a line from stdin (printf 'read k1\\nquit\\n' | bin/ycsb shell"
    + " jdbc)")
final class ShellCommand implements Commands.Action {
  @Mixin
  Args args;

  @Option(names = "-table", paramLabel = "<name>", description = "the table the commands use (table)")
  void table(String name) {
    args.set(CoreWorkloadOptions.TABLE.name(), name);
  }

  /** The shell's flags are upstream CommandLine's: YCSB's run flags that start no run (-s, -l, -target, -t) go. */
  static void dropRunFlags(CommandLine cl) {
    CommandSpec spec = cl.getCommandSpec();
    for (String name : List.of("-s", "-l", "-target", "-load")) {
      OptionSpec o = spec.findOption(name);
      if (o != null) {
        spec.remove(o);
      }
    }
  }

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    return run(System.in, out, err, filter);
  }

  /** The session on {@code in}; exit 0 at {@code quit} or the end of the input. */
  int run(InputStream in, PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    filter.addFrom(args.properties(), Set.of());
    Benchmark.Prepared p = Benchmark.prepare(Main.spec(Phase.RUN, args, List.of(), out, err));
    filter.addFrom(p.config().asMap(), p.secrets());
    Path scratch = scratch();
    try (BindingRun run = Benchmark.openBinding(p, scratch)) {
      DB db = run.newDb(0);
      db.setProperties(p.config().toProperties());
      try {
        db.init();
      } catch (DBException | RuntimeException e) {
        throw new BindingException("binding " + p.bindingName() + ": its DB failed to initialise: "
            + Secrets.maskText(String.valueOf(e.getMessage())), e);
      }
      Shell shell = new Shell(db, p.config().get(CoreWorkloadOptions.TABLE), out, System::currentTimeMillis);
      shell.banner();
      try {
        shell.loop(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new UncheckedIOException("reading the commands from stdin", e);
      } finally {
        cleanup(db, err);
      }
    } finally {
      delete(scratch);
    }
    return 0;
  }

  private static void cleanup(DB db, PrintStream err) {
    try {
      db.cleanup();
    } catch (DBException | RuntimeException e) {
      err.println("warning: the DB's cleanup failed: " + Secrets.maskText(String.valueOf(e.getMessage())));
    }
  }

  /** A folder for what a binding writes beside a run's results; removed when the session ends. */
  private static Path scratch() throws BenchmarkException {
    try {
      return Files.createTempDirectory("sciycsb-shell");
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED,
          "cannot create a temporary folder: " + e.getMessage());
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // a temporary folder: the system cleans it up
    }
  }
}
