package org.sciycsb.study;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;
import org.sciycsb.study.seeds.StudyPlans;

/** {@code bin/ycsb study list}: every study, its matrix and what it runs at scale 1. */
final class StudyList {
  private StudyList() {}

  /** Every study, with what it runs at scale 1 (bin/ycsb study list). */
  static void print(Path home, PrintStream out) {
    out.println("Studies (bin/ycsb study <name> <binding> [--scale S]; bin/ycsb help study):");
    for (StudyDef d : Studies.all()) {
      out.println();
      out.println(d.name() + "  (seed " + d.seed() + ") " + d.title());
      for (String line : d.describe().split("\n")) {
        out.println("    " + line);
      }
      try {
        OptionSet opts;
        try {
          opts = StudyPlans.bindingOptions(Registry.DEFAULT_BINDING);
        } catch (ConfigException e) {
          opts = null;
        }
        Plan p = StudyPlans.expand(home, d, Registry.DEFAULT_BINDING, opts, 1.0, Integer.MAX_VALUE, Map.of(), "s_");
        p = p.repeated(p.defaultRepeats());
        long loads = p.steps().stream().filter(s -> s.kind() == Step.Kind.LOAD).count();
        long runs = p.steps().stream().filter(s -> s.kind() == Step.Kind.RUN).count();
        long census = p.steps().stream().filter(s -> s.kind() == Step.Kind.CENSUS).count();
        out.println("    at scale 1: " + p.steps().size() + " steps (" + loads + " loads, " + runs + " runs"
            + (census > 0 ? ", " + census + " census jobs" : "") + (p.repeats() > 1 ? ", measured steps x "
            + p.repeats() + " (--repeat)" : "") + "); files: workloads/study-" + d.name() + "/");
      } catch (ConfigException e) {
        out.println("    (cannot expand: " + e.getMessage() + ")");
      }
    }
  }
}
