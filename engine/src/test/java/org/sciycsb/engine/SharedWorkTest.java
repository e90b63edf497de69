package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Operation;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import site.ycsb.Status;

/** {@link BenchWorkload#sharedWork}: planned operations are a total, not per-thread quotas. */
class SharedWorkTest {
  @TempDir
  Path tmp;

  /** 1,000 items in a pool; thread 0 takes none. With quotas the other threads would stop at 250 each. */
  public static class PoolWorkload implements BenchWorkload {
    private final AtomicLong pool = new AtomicLong(1000);
    private Operation item;

    @Override
    public String name() {
      return "test-pool";
    }

    @Override
    public OptionSet options() {
      return OptionSet.empty("test-pool");
    }

    @Override
    public void init(WorkloadContext context) {
      item = context.operation("ITEM", false);
    }

    @Override
    public boolean sharedWork(Phase phase) {
      return true;
    }

    @Override
    public OptionalLong plannedOperations(Phase phase) {
      return OptionalLong.of(1000);
    }

    @Override
    public WorkloadThread newThread(ThreadContext ctx) {
      return new WorkloadThread() {
        @Override
        public boolean doInsert() {
          if (ctx.threadId() == 0) {
            return false;
          }
          long t = System.nanoTime();
          if (pool.getAndDecrement() <= 0) {
            return false;
          }
          ctx.meter().record(item, t, System.nanoTime(), Status.OK);
          return pool.get() > 0;
        }

        @Override
        public boolean doTransaction() {
          return doInsert();
        }
      };
    }
  }

  @Test
  void threadsRunUntilThePoolIsEmptyWhateverTheirShare() {
    LocalRun c = LocalRun.run("load", "basic", "-p", "workload=" + PoolWorkload.class.getName(), "-threads", "4",
        "-p", "results.dir=" + tmp.resolve("load"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("ITEM", "Operations")).isEqualTo("1000");
  }

  @Test
  void aTargetRateHasNoOperationLimitWithSharedWork() {
    LocalRun c = LocalRun.run("run", "basic", "-p", "workload=" + PoolWorkload.class.getName(), "-threads", "3",
        "-target", "20000", "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.text("ITEM", "Operations")).isEqualTo("1000");
  }
}
