package org.sciycsb.engine.run;

import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.engine.validity.Validity;
import org.sciycsb.engine.validity.ValidityOptions;
import org.sciycsb.results.RunReport;

/** The run's validity: the report judged, and with {@code validity.fail=true} a suspect run's own exit code. */
final class RunValidity {
  private RunValidity() {}

  /** The report with its validity verdict; a verdict that cannot be judged is a warning, not a failed run. */
  static RunReport judged(PhaseRun.Input req, RunReport report, MeasurementLoop.Measured m, Settings s) {
    boolean clientOnly = ProjectBindings.find("clientonly").map(v -> List.of(v.split(",\\s*"))
        .contains(req.bindingName())).orElse(false);
    try {
      return report.withValidity(Validity.judge(report, new Validity.Inputs(req.phase() == Phase.LOAD, s.target(),
          m.gc(), Runtime.getRuntime().availableProcessors(), clientOnly, req.config(), s.arrival() != null
          || s.target() > 0, s.warmupWords())));
    } catch (ConfigException | RuntimeException e) {
      req.err().println("warning: validity not judged: " + e.getMessage());
      return report;
    }
  }

  /** With {@code validity.fail=true}, a suspect run that otherwise succeeded exits with its own code. */
  static PhaseRun.Result suspectFails(PhaseRun.Input req, PhaseRun.Result o) {
    Map<String, Object> v = o.report().validity();
    try {
      if (o.exitCode() != 0 || v == null || !"suspect".equals(v.get("verdict"))
          || !req.config().get(ValidityOptions.FAIL)) {
        return o;
      }
    } catch (ConfigException e) {
      return o; // checked before the run started
    }
    return new PhaseRun.Result(o.report(), Validity.EXIT_SUSPECT, o.resultsDir(), "validity.fail=true and the run is "
        + "suspect: its results are written, its numbers not to be published");
  }
}
