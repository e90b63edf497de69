package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.access.SubjectTimeline;

/** The refusals of inflight before anything starts: per binding, and per access path for a domain workload. */
class InflightCheckTest {
  /** An asynchronous binding whose SubjectTimeline handles are asynchronous or not. */
  private static Binding binding(boolean asyncTimeline) {
    return new Binding() {
      @Override
      public String name() {
        return "b";
      }

      @Override
      public String summary() {
        return "";
      }

      @Override
      public OptionSet options() {
        return OptionSet.builder("b").build();
      }

      @Override
      public boolean supportsAsync() {
        return true;
      }

      @Override
      public boolean supportsAsync(Class<? extends AccessPath> path) {
        return asyncTimeline && path == SubjectTimeline.class;
      }

      @Override
      public BindingRun open(RunContext context) {
        throw new UnsupportedOperationException();
      }
    };
  }

  /** A workload on the SubjectTimeline path, asynchronous where the binding's handles are (as fhir). */
  private static final BenchWorkload TIMELINE_WORKLOAD = new BenchWorkload() {
    @Override
    public String name() {
      return "timeline";
    }

    @Override
    public OptionSet options() {
      return OptionSet.builder("timeline").build();
    }

    @Override
    public boolean supportsAsync(Binding b) {
      return b.supportsAsync(SubjectTimeline.class);
    }

    @Override
    public void init(WorkloadContext context) {}

    @Override
    public WorkloadThread newThread(ThreadContext context) {
      throw new UnsupportedOperationException();
    }
  };

  private static Config inflight(int n, int threads) {
    return new Config(Map.of("inflight", Integer.toString(n), "threadcount", Integer.toString(threads)));
  }

  @Test
  void aDomainWorkloadNeedsItsAccessPathAsynchronous() {
    assertThatCode(() -> Benchmark.checkInflight(inflight(64, 2), binding(true), "b", TIMELINE_WORKLOAD))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> Benchmark.checkInflight(inflight(64, 2), binding(false), "b", TIMELINE_WORKLOAD))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("workload timeline has no asynchronous operations on binding b: inflight=64 needs"
            + " -threads 64")
        .hasMessageContaining("fhir and fasta on " + Benchmark.ASYNC_ACCESS_PATH_BINDINGS);
    assertThatCode(() -> Benchmark.checkInflight(inflight(2, 2), binding(false), "b", TIMELINE_WORKLOAD))
        .as("one per thread: the blocking loop").doesNotThrowAnyException();
  }
}
