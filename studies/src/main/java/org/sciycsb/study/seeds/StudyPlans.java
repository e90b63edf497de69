package org.sciycsb.study.seeds;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.plan.StudyProps;
import org.sciycsb.study.report.Published;

/**
 * A study's plan from its files under {@code workloads/study-<name>/}: the matrix expanded at a scale for a binding,
 * restricted by {@code --only}; and its published figures.
 */
public final class StudyPlans {
  private StudyPlans() {}

  /** The binding's declared options (to find batch-size and consistency options), checked to exist. */
  public static OptionSet bindingOptions(String binding) throws ConfigException {
    return Registry.binding(binding, null).options();
  }

  /** Expands a study's plan; the matrix file is checked (unknown keys are errors). */
  public static Plan expand(Path home, StudyDef def, String binding, OptionSet bindingOptions, double scale, int maxThreads,
      Map<String, String> user, String prefix) throws ConfigException {
    return expand(home, def, binding, bindingOptions, scale, maxThreads, user, prefix, 1);
  }

  /** As above, every engine step to be run by {@code clients} processes. */
  public static Plan expand(Path home, StudyDef def, String binding, OptionSet bindingOptions, double scale, int maxThreads,
      Map<String, String> user, String prefix, int clients) throws ConfigException {
    return expand(home, def, binding, bindingOptions, scale, maxThreads, user, prefix, clients, null);
  }

  /** As above, on the multi-data-centre cluster {@code dcs} (null: none). */
  public static Plan expand(Path home, StudyDef def, String binding, OptionSet bindingOptions, double scale, int maxThreads,
      Map<String, String> user, String prefix, int clients, org.sciycsb.study.plan.DataCentres dcs)
      throws ConfigException {
    Path dir = home.resolve("workloads").resolve("study-" + def.name());
    StudyProps props = StudyProps.load(dir.resolve("study.properties"));
    StudyContext ctx = new StudyContext(home, dir, props, scale, maxThreads, binding, bindingOptions, prefix, user);
    ctx.clients = clients;
    ctx.dataCentres = dcs;
    try {
      ctx.bindingOpensClients = Registry.binding(binding, null).supportsThreadClients();
    } catch (ConfigException notHere) {
      ctx.bindingOpensClients = false; // a binding of another classpath: its own process expands the plan again
    }
    Plan plan = new Plan();
    def.expand(ctx, plan);
    props.checkAllRead();
    org.sciycsb.study.plan.ClusterSettings.mark(dir, plan);
    for (String n : ctx.capNotes()) {
      plan.note(n);
    }
    return plan;
  }

  public static Published published(Path home, StudyDef def) throws ConfigException {
    return Published.load(home.resolve("workloads").resolve("study-" + def.name()).resolve("published.json"));
  }

  /** The study's experiments.json (every table and figure of the paper, what is reproduced), checked. */
  public static com.fasterxml.jackson.databind.JsonNode experiments(Path home, StudyDef def) throws ConfigException {
    return org.sciycsb.study.plan.Experiments.load(home.resolve("workloads").resolve("study-" + def.name())
        .resolve("experiments.json"));
  }

  /** The plan restricted to the steps matching a pattern, plus every step they depend on. */
  public static Plan filter(Plan plan, List<String> patterns) throws ConfigException {
    List<Pattern> ps = new ArrayList<>();
    for (String g : patterns) {
      ps.add(Pattern.compile(g.replace(".", "\\.").replace("*", ".*").replace("?", ".")));
    }
    Set<String> keep = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      if (ps.stream().anyMatch(p -> p.matcher(s.name()).matches())) {
        keep.add(s.name());
      }
    }
    if (keep.isEmpty()) {
      throw new ConfigException("--only " + String.join(",", patterns) + " matches no step (bin/ycsb study ... "
          + "--dry-run lists them)");
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (Step s : plan.steps()) {
        if (keep.contains(s.name())) {
          for (String d : s.dependsOn()) {
            grew |= keep.add(d);
          }
        }
      }
    }
    Plan out = new Plan();
    out.defaultRepeats(plan.defaultRepeats());
    plan.params().forEach(out::param);
    plan.notes().forEach(out::note);
    out.note("only the steps matching " + String.join(",", patterns) + " (and their dependencies) were run");
    for (Step s : plan.steps()) {
      if (keep.contains(s.name())) {
        out.add(s);
      }
    }
    return out;
  }
}
