package org.sciycsb.engine.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.measure.OperationRegistry;

/** {@code load.checkcount}: after a load, the records the store holds against the inserts that succeeded. */
final class CountCheck {
  private CountCheck() {}

  /**
   * After a complete load of a workload whose records a table counts
   * ({@link org.sciycsb.api.BenchWorkload#countedTable}), with {@code load.checkcount} on: the mismatch, or null.
   * Records the result as {@code countCheck} in {@code extra}.
   */
  static String check(PhaseRun.Input req, Stop stop, BindingRun run, List<OpSummary> ops, Map<String, Object> extra) {
    Config cfg = req.config();
    if (req.phase() != Phase.LOAD || stop.requested()) {
      return null;
    }
    Optional<String> table = req.workload().countedTable(cfg);
    if (table.isEmpty()) {
      return null;
    }
    String mismatch;
    try {
      mismatch = checkCount(run, table.get(), cfg, ops);
    } catch (BenchmarkException | RuntimeException e) {
      // the check could not run (the store went away?): the run cannot claim its records were stored
      mismatch = "count check could not run: " + Secrets.maskText(String.valueOf(e.getMessage()));
    }
    extra.put("countCheck", mismatch != null ? mismatch : "ok");
    return mismatch;
  }

  private static String checkCount(BindingRun run, String table, Config cfg, List<OpSummary> ops)
      throws BenchmarkException {
    OptionalLong count = run.count(table);
    if (count.isEmpty()) {
      return null;
    }
    long inserted = 0;
    for (OpSummary s : ops) {
      if (s.name().equals(OperationRegistry.INSERT)) {
        inserted = s.operations();
      }
    }
    long start = cfg.get(EngineOptions.INSERT_START);
    // a count check is exact only when this client loaded the whole table from an empty store
    if (start == 0 && count.getAsLong() < inserted) {
      return "count check failed: " + inserted + " inserts succeeded but the store holds " + count.getAsLong()
          + " records";
    }
    return null;
  }
}
