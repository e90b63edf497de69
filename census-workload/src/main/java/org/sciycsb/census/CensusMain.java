package org.sciycsb.census;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;

/**
 * {@code bin/census <command> [-p key=value]... [--debug]}: generate, load, read, the jobs (filter, merge,
 * reorder, copy) and the three-stage path; the command line is {@link CensusCli}'s. The only place that exits the
 * JVM.
 */
public final class CensusMain {
  private CensusMain() {}

  public static void main(String[] args) {
    // every line on stdout and stderr (Hadoop's and the drivers' log lines too) goes through the secret filter
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

  /**
   * Runs a command; returns the exit code: 0 done, 2 bad usage, option, missing input or existing output,
   * 3 unreachable server, 4 the job failed or its input held no usable record (results written, outcome failed).
   */
  public static int run(String[] args, PrintStream out, PrintStream err, org.sciycsb.api.SecretFilter filter) {
    boolean debug = CensusCli.wantsDebug(args);
    try {
      CensusCli line = CensusCli.parse(new CensusCli(), args);
      String command = line.command;
      String sub = line.job;
      if ("help".equals(command) && "markdown".equals(sub)) { // the README's options table, from the declaration
        printOptionsTable(out);
        return 0;
      }
      if (line.help || "help".equals(command)) {
        printHelp(out);
        return 0;
      }
      if (command == null) {
        throw new CensusException("no command given (bin/census help lists the commands)", 2);
      }
      Map<String, String> props = line.flags.properties();
      filter.addFrom(props, java.util.Set.of());
      String unknown = CensusOptions.unknownKey(props);
      if (unknown != null) {
        throw new CensusException("unknown property " + unknown + " (bin/census help lists the options)", 2);
      }
      Config config = new Config(props);
      if ("generate".equals(command)) {
        return generate(config, out);
      }
      JobReport report = report(command, sub, config, props);
      String dir = config.get(CensusOptions.RESULTS);
      Path results = dir != null ? Path.of(dir) : Path.of(System.getProperty("sciycsb.home", "."), "results",
          LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-census-"
              + report.metadata.get("job"));
      return finish(report, results, out, err, !command.equals("load"));
    } catch (CensusException e) {
      err.println("error: " + e.getMessage());
      if (debug) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (ConfigException e) {
      err.println("error: " + e.getMessage());
      return 2;
    } catch (IOException | RuntimeException e) {
      err.println("error: " + describe(e) + (debug ? "" : " (run with --debug for the stack trace)"));
      if (debug) {
        e.printStackTrace(err);
      }
      return CensusException.FAILED;
    }
  }

  /** The report of a command other than generate: load, read, threestage JOB or a job's name. */
  private static JobReport report(String command, String sub, Config config, Map<String, String> props)
      throws CensusException, ConfigException, IOException {
    switch (command) {
      case "load": {
        Locations o = Locations.parse(CensusOptions.OUTPUT.name(), config.get(CensusOptions.OUTPUT));
        CensusGenerator gen = new CensusGenerator(config.get(CensusOptions.SEED), config.get(CensusOptions.MALFORMED));
        Configuration conf = new Configuration();
        Integer replication = config.get(CensusOptions.REPLICATION);
        if (replication != null) {
          if (o.mongo()) {
            throw new CensusException("census.replication is the replication of HDFS files: the output is the "
                + "MongoDB collection " + o.namespace(), 2);
          }
          conf.setInt("dfs.replication", replication);
        }
        JobReport report = CensusData.load(conf, o, gen, config.get(CensusOptions.RECORDS),
            config.get(CensusOptions.FILES), "onefield".equals(config.get(CensusOptions.LAYOUT)),
            config.get(CensusOptions.OVERWRITE), config.get(CensusOptions.BATCHSIZE));
        report.metadata.put("seed", config.get(CensusOptions.SEED));
        if (replication != null) {
          report.metadata.put("replication", replication);
        }
        return report;
      }
      case "read":
        return CensusData.read(new Configuration(),
            Locations.parse(CensusOptions.INPUT.name(), config.get(CensusOptions.INPUT)));
      case "threestage": {
        if (sub == null) {
          throw new CensusException("threestage needs a job: filter, merge or reorder", 2);
        }
        String staging = config.get(CensusOptions.STAGING);
        if (staging == null) {
          throw new CensusException("threestage needs census.staging=hdfs://host:port/folder", 2);
        }
        return new CensusJobRunner(props, null).runThreeStage(CensusJobKind.parse(sub), staging);
      }
      default: {
        CensusJobKind kind;
        try {
          kind = CensusJobKind.parse(command);
        } catch (IllegalArgumentException e) {
          throw new CensusException("unknown command '" + command + "' (bin/census help lists the commands)", 2);
        }
        return new CensusJobRunner(props, null).run(kind);
      }
    }
  }

  /** The README's options table, from the declaration. */
  private static void printOptionsTable(PrintStream out) {
    out.println("| name | type | default | description |");
    out.println("|---|---|---|---|");
    for (Option<?> o : CensusOptions.set().options()) {
      out.printf("| `%s` | %s | %s | %s |%n", o.name(), o.type(),
          o.defaultText() == null ? "(required)" : o.defaultText(), o.description().replace("|", "\\|"));
    }
  }

  private static void printHelp(PrintStream out) {
    out.print(CensusCli.usage(new CensusCli()));
    out.println();
    out.println("properties (-p key=value):");
    for (Option<?> o : CensusOptions.set().options()) {
      out.printf("  %-24s %-10s %s (default: %s)%n", o.name(), o.type(), o.description(), o.defaultText());
    }
  }

  public static String describe(Throwable e) {
    String m = e.getMessage();
    return org.sciycsb.api.Secrets.maskText(e.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines()
        .findFirst().orElse("")));
  }

  /**
   * Writes the results and decides the exit code. An input with no usable record (empty, or every line or
   * document malformed: malformed records are counted and skipped, never fatal one by one) fails the command with
   * exit 4; the results are still written, outcome failed, with the counts.
   */
  public static int finish(JobReport report, Path results, PrintStream out, PrintStream err, boolean readsInput)
      throws IOException {
    String failure = null;
    if (readsInput && report.stages.isEmpty()) {
      boolean job = !"read".equals(report.metadata.get("job")) && !"native-read".equals(report.metadata.get("job"));
      long usable = job ? report.recordsRead - report.malformed : report.recordsRead;
      if (usable <= 0) {
        Object in = report.metadata.get("input");
        failure = report.malformed > 0
            ? "census input " + in + " holds no usable record: all " + report.malformed + " records are malformed"
                + " (wrong field count or number)"
            : "census input " + in + " holds no records";
      }
    }
    if (failure != null) {
      report.outcome = "failed";
      report.metadata.put("failure", failure);
    }
    report.write(results, out);
    if (failure != null) {
      err.println("error: " + failure);
      return CensusException.FAILED;
    }
    return 0;
  }

  private static int generate(Config config, PrintStream out) throws ConfigException, IOException {
    CensusGenerator gen = new CensusGenerator(config.get(CensusOptions.SEED), config.get(CensusOptions.MALFORMED));
    String target = config.get(CensusOptions.OUTPUT);
    long n = config.get(CensusOptions.RECORDS);
    if (target == null || target.equals("-")) {
      Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
      gen.write(0, n, w);
      w.flush();
      return 0;
    }
    Path p = Path.of(target.startsWith("file://") ? java.net.URI.create(target).getPath() : target);
    org.sciycsb.api.AtomicFiles.write(p, os -> {
      Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 16);
      gen.write(0, n, w);
      w.flush();
    });
    System.err.println("census: wrote " + n + " records to " + p);
    return 0;
  }
}
