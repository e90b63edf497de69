package org.sciycsb.study;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyOptions;

/**
 * A study's -p properties, split by who reads them: {@code user} the study options and the engine's (what the plan
 * sees), {@code engine} the engine's alone (added to every engine step), {@code census} the census jobs' ({@code -p}
 * pairs for {@code bin/census}), {@code resultsDir} the study folder ({@code results.dir}, or null).
 */
record UserProps(Map<String, String> user, Map<String, String> engine, List<String> census, String resultsDir) {

  /** Splits the -p properties; an unknown {@code study.*} key is an error. */
  static UserProps split(Map<String, String> props) throws ConfigException {
    Map<String, String> user = new LinkedHashMap<>();
    Map<String, String> engineUser = new LinkedHashMap<>();
    List<String> censusUser = new ArrayList<>();
    String resultsDir = null;
    for (Map.Entry<String, String> e : props.entrySet()) {
      String k = e.getKey();
      if (k.startsWith("study.")) {
        if (!StudyOptions.all().declares(k)) {
          throw new ConfigException("unknown study option " + k + " (known: " + String.join(", ",
              StudyOptions.all().options().stream().map(org.sciycsb.api.Option::name).toList()) + ")");
        }
        user.put(k, e.getValue());
      } else if (k.equals("results.dir")) {
        resultsDir = e.getValue();
      } else if (k.startsWith("census.") || k.startsWith("hadoop.")) {
        censusUser.add("-p");
        censusUser.add(k + "=" + e.getValue());
      } else {
        engineUser.put(k, e.getValue());
        user.put(k, e.getValue());
      }
    }
    return new UserProps(user, engineUser, censusUser, resultsDir);
  }

  /** Every -p that the plan also sets per step overrides the matrix: say so once. */
  static void warnOverrides(Plan plan, Map<String, String> props, PrintStream err) {
    Set<String> planKeys = new LinkedHashSet<>();
    for (Step s : plan.steps()) {
      List<String> argv = s.argv();
      for (int k = 0; k + 1 < argv.size(); k++) {
        if (argv.get(k).equals("-p")) {
          planKeys.add(argv.get(k + 1).substring(0, argv.get(k + 1).indexOf('=')));
        }
      }
    }
    for (String k : props.keySet()) {
      if (planKeys.contains(k)) {
        err.println("warning: -p " + k + " overrides the plan's own value of " + k + " in every step");
      }
    }
  }
}
