package org.sciycsb.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.engine.RunSpec;
import org.sciycsb.report.Sla;
import org.sciycsb.report.sweep.FindMax;
import org.sciycsb.results.ResultsDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ycsb findmax [<binding>] [run flags] -p sla.<OP>.<metric>=<limit>...}: steps the target rate up, then
 * bisects, and reports the highest rate at which every threshold held and the achieved rate kept up with the offered
 * one ({@link FindMax}). Stdout has one line per probe as it ends, then the table and the verdict; each probe's full
 * results (its text block included, results.txt) are in its own folder. Exit 0 when a rate held, 5 when none did.
 */
@Command(name = "findmax", separator = " ", description = "find the highest target rate that meets every sla.* "
    + "threshold (-p sla.READ.p95=5ms ...): steps the rate up by findmax.factor, then bisects; one results folder per "
    + "step, a table, findmax.json and findmax.html (p95 and achieved rate against offered rate)")
final class FindMaxCommand implements Commands.Action {
  @Mixin
  Args args;

  @Option(names = "-threads", paramLabel = "<n>", description = "client threads (threadcount)")
  void threads(String n) {
    args.set("threadcount", n);
  }

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    Map<String, String> own = args.take(k -> k.equals("results.dir") || k.startsWith("findmax.") || Sla.isSlaKey(k));
    // each step runs at a constant target for findmax.step (operationcount 0, maxexecutiontime: over any file's)
    for (String k : List.of("target", "arrival")) {
      if (args.properties().containsKey(k)) {
        throw new ConfigException("findmax sets " + k + " for each step: leave it out (findmax.start and "
            + "findmax.factor choose the rates, findmax.step their length)");
      }
    }
    Config cfg = new Config(own);
    for (org.sciycsb.api.Option<?> o : FindMax.options().options()) {
      cfg.get(o);
    }
    FindMax.Settings s = FindMax.Settings.of(cfg);
    List<Sla.Check> checks = Sla.parse(own);
    FindMax.requireThresholds(checks);
    filter.addFrom(args.properties(), java.util.Set.of());
    // a probe's text results go to its results folder (results.txt), not to stdout: stdout has a line per probe as
    // it ends, then the table; the probes' status lines stay on stderr
    RunSpec base = Main.spec(Phase.RUN, args, List.of(),
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), err);
    ResultsDir dir = ResultsDir.create(own.get("results.dir"), "findmax", args.binding() == null ? "default"
        : args.binding(), args.properties().get("label"));
    FindMax.Outcome o = FindMax.run(base, checks, s, dir.path(), out);
    try {
      FindMax.write(o, checks, s, dir.path());
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot write the findmax results in "
          + dir.path() + ": " + e.getMessage(), e);
    }
    out.print(FindMax.table(o, checks));
    out.println(FindMax.verdict(o, s));
    err.println("findmax: " + dir.path());
    return Double.isNaN(o.best()) ? Sla.EXIT_SLA_BREACHED : 0;
  }
}
