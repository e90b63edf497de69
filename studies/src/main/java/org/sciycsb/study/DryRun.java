package org.sciycsb.study;

import java.io.PrintStream;
import java.nio.file.Path;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.runner.StepCommands;
import org.sciycsb.study.seeds.StudyDef;

/** What {@code bin/ycsb study ... --dry-run} prints: the plan and every step's command line. */
final class DryRun {
  private DryRun() {}

  static void print(StudyDef def, String bindingName, double scale, Plan plan, Path dir, StepCommands commands,
      PrintStream out) {
    out.println("study " + def.name() + " (seed " + def.seed() + "), binding " + bindingName + ", scale "
        + org.sciycsb.report.Fmt.num(scale, 12)
        + ", " + plan.steps().size() + " steps; study folder would be " + dir);
    plan.params().forEach((k, v) -> out.println("  " + k + ": " + v));
    for (String n : plan.notes()) {
      out.println("  note: " + n);
    }
    for (Step s : plan.steps()) {
      out.println(s.kind() == Step.Kind.PAUSE ? s.name() + ": pause " + s.seconds() + " s"
          : s.name() + ": " + (s.kind() == Step.Kind.CENSUS ? "" : "bin/ycsb ")
              + String.join(" ", commands.command(s)));
    }
  }
}
