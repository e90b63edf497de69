package org.sciycsb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.workloads.CoreWorkloadOptions;

/** YCSB 0.17's client properties: honoured where they say what this tool does, refused in one line otherwise. */
class UpstreamClientOptionsTest {
  private static final List<OptionSet> SETS = List.of(EngineOptions.all(), CoreWorkloadOptions.all());

  private static List<String> check(Phase phase, String key, String value) throws ConfigException {
    return KeyCheck.check(new Config(Map.of(key, value)), SETS, phase);
  }

  @Test
  void dotransactionsMustAgreeWithTheCommand() throws ConfigException {
    assertThat(check(Phase.RUN, "dotransactions", "true")).isEmpty();
    assertThat(check(Phase.LOAD, "dotransactions", "false")).isEmpty();
    assertThatThrownBy(() -> check(Phase.RUN, "dotransactions", "false")).isInstanceOf(ConfigException.class)
        .hasMessage("dotransactions=false asks for the load phase, but this is bin/ycsb run: use bin/ycsb load"
            + " (the command gives the phase)");
    assertThatThrownBy(() -> check(Phase.LOAD, "dotransactions", "true")).hasMessageContaining("use bin/ycsb run");
    assertThatThrownBy(() -> check(Phase.RUN, "dotransactions", "maybe")).hasMessageContaining("dotransactions");
  }

  @Test
  void statusIsUpstreamsSwitchBothWays() throws ConfigException {
    assertThat(check(Phase.RUN, "status", "true")).isEmpty();
    assertThat(check(Phase.RUN, "status", "false")).isEmpty();
    assertThatThrownBy(() -> check(Phase.RUN, "status", "sometimes")).hasMessageContaining("status");
  }

  @Test
  void spinSleepTrueAndHtraceAreRefusedWithTheirReason() throws ConfigException {
    assertThat(check(Phase.RUN, "spin.sleep", "false")).isEmpty();
    assertThatThrownBy(() -> check(Phase.RUN, "spin.sleep", "true")).hasMessageStartingWith("spin.sleep=true is"
        + " refused: a thread parks");
    assertThatThrownBy(() -> check(Phase.LOAD, "htrace.sampler.classes", "AlwaysSampler"))
        .hasMessageStartingWith("property htrace.sampler.classes is refused: upstream's Apache HTrace");
  }

  @Test
  void histogramBucketsIsKnownAndTyped() throws ConfigException {
    assertThat(check(Phase.RUN, "histogram.buckets", "1000")).isEmpty();
    assertThat(org.sciycsb.output.OutputOptions.BUCKETS.defaultValue()).isEqualTo(1000);
    assertThatThrownBy(() -> check(Phase.RUN, "histogram.buckets", "0")).hasMessageContaining("at least 1");
    assertThatThrownBy(() -> check(Phase.RUN, "histogram.bucket", "10")).hasMessageContaining("unknown property");
  }

  @Test
  void theScanLimitsAndKeepGoingAreKnownAndTyped() throws ConfigException {
    for (String k : List.of("maxscanrate", "scanoptimelimit", "discardscannedrecord",
        "core_workload_insertion_keep_going_on_error")) {
      assertThat(check(Phase.RUN, k, k.equals("maxscanrate") || k.equals("scanoptimelimit") ? "0" : "false"))
          .as(k).isEmpty();
    }
    assertThatThrownBy(() -> check(Phase.RUN, "maxscanrate", "-1")).hasMessageContaining("must not be negative");
  }
}
