package org.sciycsb.census.nativemongo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.census.CensusCli;
import org.sciycsb.census.CensusException;
import org.sciycsb.census.CensusGenerator;
import org.sciycsb.census.CensusOptions;
import org.sciycsb.census.JobReport;
import org.sciycsb.census.Locations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code bin/census native-load|native-read|native-filter [-p key=value]...}: driver 5.x, no Hadoop. */
public final class NativeMain {
  private NativeMain() {}

  public static void main(String[] args) {
    org.sciycsb.api.SecretFilter filter = new org.sciycsb.api.SecretFilter();
    PrintStream out = filter.wrap(System.out);
    PrintStream err = filter.wrap(System.err);
    System.setOut(out);
    System.setErr(err);
    int code = run(args, out, err, filter);
    out.close(); // passes on a last line without a newline; the process's own streams stay open
    err.close();
    System.exit(code);
  }

  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, new org.sciycsb.api.SecretFilter());
  }

  public static int run(String[] args, PrintStream out, PrintStream err, org.sciycsb.api.SecretFilter filter) {
    boolean debug = CensusCli.wantsDebug(args);
    try {
      NativeCommand line = CensusCli.parse(new NativeCommand(), args);
      String command = line.command;
      Map<String, String> props = line.flags.properties();
      filter.addFrom(props, java.util.Set.of());
      String unknown = CensusOptions.unknownKey(props);
      if (unknown != null) {
        throw new CensusException("unknown property " + unknown, 2);
      }
      Config c = new Config(props);
      JobReport r;
      if ("native-load".equals(command)) {
        Locations o = Locations.parse(CensusOptions.OUTPUT.name(), c.get(CensusOptions.OUTPUT));
        requireMongo(o, CensusOptions.OUTPUT.name());
        try (NativeMongo m = new NativeMongo(o.uri())) {
          r = m.load(o, new CensusGenerator(c.get(CensusOptions.SEED), c.get(CensusOptions.MALFORMED)),
              c.get(CensusOptions.RECORDS), c.get(CensusOptions.BATCHSIZE), c.get(CensusOptions.OVERWRITE),
              "onefield".equals(c.get(CensusOptions.LAYOUT)));
        }
      } else if ("native-read".equals(command)) {
        Locations in = Locations.parse(CensusOptions.INPUT.name(), c.get(CensusOptions.INPUT));
        requireMongo(in, CensusOptions.INPUT.name());
        try (NativeMongo m = new NativeMongo(in.uri())) {
          r = m.read(in);
        }
      } else if ("native-filter".equals(command)) {
        Locations in = Locations.parse(CensusOptions.INPUT.name(), c.get(CensusOptions.INPUT));
        Locations o = Locations.parse(CensusOptions.OUTPUT.name(), c.get(CensusOptions.OUTPUT));
        requireMongo(in, CensusOptions.INPUT.name());
        requireMongo(o, CensusOptions.OUTPUT.name());
        try (NativeMongo m = new NativeMongo(in.uri())) {
          r = m.filter(in, o, c.get(CensusOptions.OVERWRITE));
        }
      } else {
        throw new CensusException("usage: bin/census native-load|native-read|native-filter [-p key=value]...", 2);
      }
      String dir = c.get(CensusOptions.RESULTS);
      Path results = dir != null ? Path.of(dir) : Path.of(System.getProperty("sciycsb.home", "."), "results",
          LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-census-" + command);
      return org.sciycsb.census.CensusMain.finish(r, results, out, err, !"native-load".equals(command));
    } catch (CensusException e) {
      err.println("error: " + e.getMessage());
      if (debug) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (ConfigException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (java.io.IOException | RuntimeException e) {
      err.println("error: " + org.sciycsb.census.CensusMain.describe(e)
          + (debug ? "" : " (run with --debug for the stack trace)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return CensusException.FAILED;
    }
  }

  /** {@code bin/census native-load|native-read|native-filter [-P file]... [-p key=value]... [--debug]}. */
  @Command(name = "bin/census", separator = " ", description = "the MongoDB-native census commands (driver 5.x)")
  static final class NativeCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<command>", description = "native-load, native-read or "
        + "native-filter")
    String command;
    @Parameters(index = "1..*", arity = "0..*", hidden = true)
    List<String> unexpected;
    @Mixin
    CensusCli.Flags flags;
  }

  private static void requireMongo(Locations l, String option) throws CensusException {
    if (!l.mongo()) {
      throw new CensusException(option + " must be mongodb://host:port/db.collection for the native commands", 2);
    }
  }
}
