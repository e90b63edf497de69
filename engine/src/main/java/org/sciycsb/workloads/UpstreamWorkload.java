package org.sciycsb.workloads;

import java.util.Properties;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.bindings.ClassProperties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Runs any upstream {@link Workload} class unchanged: its DB calls are measured by the engine's DB wrapper, as in
 * YCSB. Measurements it makes itself through upstream's static {@code Measurements} (for example CoreWorkload's
 * READ-MODIFY-WRITE) are not seen; use our CoreWorkload for those.
 */
public final class UpstreamWorkload implements BenchWorkload {
  private final Workload workload;
  private final String className;
  private Properties props;

  public UpstreamWorkload(Workload workload) {
    this.workload = workload;
    this.className = workload.getClass().getName();
  }

  @Override
  public String name() {
    return className;
  }

  /** The property names the class declares as upstream's classes do ({@link ClassProperties}). */
  @Override
  public OptionSet options() {
    return ClassProperties.of(workload.getClass(), className);
  }

  /**
   * Refuses the core workload's properties this class would ignore (upstream master's keep-going and scan limits,
   * and ours) when set to anything but their default: they are read by our CoreWorkload only.
   */
  @Override
  public void validate(org.sciycsb.api.Config config, org.sciycsb.api.Phase phase) throws ConfigException {
    for (org.sciycsb.api.Option<?> o : CoreWorkloadOptions.notReadByUpstream()) {
      if (config.has(o.name()) && !java.util.Objects.equals(config.get(o), o.defaultValue())) {
        throw new ConfigException(o.name() + "=" + config.raw(o.name(), "") + " is read by this tool's core workload,"
            + " not by " + className + (className.equals("site.ycsb.workloads.CoreWorkload")
                ? " (coreworkload.impl=upstream runs upstream 0.17's class, which does not know it)" : ""));
      }
    }
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    props = ctx.run().config().toProperties();
    try {
      workload.init(props);
    } catch (WorkloadException e) {
      throw new ConfigException("workload " + className + ": " + e.getMessage(), e);
    }
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) throws BenchmarkException {
    Object state;
    try {
      state = workload.initThread(props, ctx.threadId(), ctx.threadCount());
    } catch (WorkloadException e) {
      throw new ConfigException("workload " + className + ": " + e.getMessage(), e);
    }
    DB db = ctx.db();
    return new WorkloadThread() {
      @Override
      public boolean doInsert() {
        return workload.doInsert(db, state);
      }

      @Override
      public boolean doTransaction() {
        return !workload.isStopRequested() && workload.doTransaction(db, state);
      }
    };
  }

  @Override
  public java.util.Map<String, Object> finish(WorkloadContext ctx) throws BenchmarkException {
    try {
      workload.cleanup();
    } catch (WorkloadException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "workload " + className + " cleanup: "
          + e.getMessage(), e);
    }
    return java.util.Map.of();
  }
}
