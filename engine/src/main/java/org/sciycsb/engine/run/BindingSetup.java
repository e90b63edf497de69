package org.sciycsb.engine.run;

import java.util.Optional;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.config.ProjectBindings;
import org.sciycsb.measure.OperationRegistry;
import org.sciycsb.results.ResultsDir;

/**
 * What happens on the binding before any client thread starts: the binding opened, the workload checked against it
 * and initialised on it, a load's table emptied ({@code load.empty}); each failure ends the run before measuring.
 */
final class BindingSetup {
  private final PhaseRun.Input req;

  BindingSetup(PhaseRun.Input req) {
    this.req = req;
  }

  /** The workload bound to the binding: its operations and the context its threads and its finish see. */
  record Bound(OperationRegistry registry, WorkloadContext context) {}

  /** The binding opened for the run; when it cannot open, the results folder is removed. */
  BindingRun open(RunContext ctx, ResultsDir results) throws BenchmarkException {
    try {
      return req.binding().open(ctx);
    } catch (BenchmarkException e) {
      results.discard();
      throw e;
    } catch (RuntimeException | LinkageError e) {
      results.discard();
      throw new BindingException("binding " + req.bindingName() + " failed to start: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
  }

  /**
   * The workload bound and ready: initialised on the binding, a warning when it ignores {@code seed}, a load's
   * table emptied when asked.
   */
  Bound prepare(BindingRun run, RunContext ctx) throws BenchmarkException {
    Bound bound = bindWorkload(run, ctx);
    warnUnseeded(req.config(), req.workload());
    emptyBeforeLoad(run);
    return bound;
  }

  /** With {@code connections=perthread}, the binding must be able to open a client for each thread. */
  void requireThreadClients(BindingRun run, Settings s) throws ConfigException {
    if (s.perThread() && !run.supportsThreadClients()) {
      throw new ConfigException("binding " + req.bindingName() + " cannot open a client per thread"
          + " (connections=perthread): use connections=shared");
    }
  }

  /** The access paths the workload needs, checked against the binding; the workload initialised on it. */
  private Bound bindWorkload(BindingRun run, RunContext ctx) throws BenchmarkException {
    BenchWorkload workload = req.workload();
    OperationRegistry registry = new OperationRegistry();
    WorkloadContext wctx = new WorkloadContext() {
      @Override
      public RunContext run() {
        return ctx;
      }

      @Override
      public BindingRun binding() {
        return run;
      }

      @Override
      public Operation operation(String name, boolean composite) {
        return registry.register(name, composite);
      }
    };
    for (Class<? extends AccessPath> needed : workload.requiredAccessPaths()) {
      if (!run.supports(needed)) {
        throw new ConfigException("binding " + req.bindingName() + " cannot serve workload " + workload.name()
            + ": it has no mapping for the access path " + needed.getSimpleName());
      }
    }
    try {
      workload.init(wctx);
    } catch (BenchmarkException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ConfigException("workload " + workload.name() + " failed to initialise: "
          + Secrets.maskText(String.valueOf(e.getMessage())), e);
    }
    registry.freeze();
    return new Bound(registry, wctx);
  }

  /** {@code seed} with a workload that draws from sources of its own: one line, the run goes on. */
  private void warnUnseeded(Config cfg, BenchWorkload workload) throws ConfigException {
    if (cfg.get(EngineOptions.SEED) != null && !workload.honoursSeed()) {
      req.err().println("warning: workload " + workload.name() + " does not take its draws from the seeded streams:"
          + " seed makes its schedule reproducible, not its operations");
    }
  }

  /** {@code load.empty}: the workload's table emptied before a load's threads start, or the run refused. */
  private void emptyBeforeLoad(BindingRun run) throws BenchmarkException {
    Config cfg = req.config();
    if (req.phase() != Phase.LOAD || !cfg.get(EngineOptions.EMPTY)) {
      return;
    }
    Optional<String> table = req.workload().countedTable(cfg);
    if (table.isEmpty()) {
      throw new ConfigException("load.empty: workload " + req.workload().name() + " names no table to empty");
    }
    if (!run.empty(table.get())) {
      throw new ConfigException("load.empty: binding " + req.bindingName() + " cannot empty its table " + table.get()
          + " (" + ProjectBindings.and(ProjectBindings.list("empty")) + " can; a repeated load needs it)");
    }
    req.err().println("load.empty: emptied " + table.get());
  }
}
