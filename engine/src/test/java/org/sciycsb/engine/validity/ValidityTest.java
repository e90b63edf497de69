package org.sciycsb.engine.validity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.measure.IntervalPoint;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunReport;

/**
 * Each reason of the verdict on reports built by hand (the runs that provoke them for real are e2e's), and a sound
 * report that stays valid.
 */
class ValidityTest {
  static LatencySummary lat(long n) {
    return new LatencySummary(n, 1000, 100, 900, 1500, 1800, 2500, 4000, 5000, 6000);
  }

  static OpSummary op(String name, long ok, long failed) {
    Map<String, Long> st = new LinkedHashMap<>();
    st.put("OK", ok);
    if (failed > 0) {
      st.put("ERROR", failed);
    }
    return new OpSummary(name, ok, st, ok / 20.0, lat(ok), lat(ok), lat(0));
  }

  /** 20 one-second intervals whose OVERALL throughput starts at {@code start} and grows by {@code step}. */
  static List<IntervalPoint> series(double start, double step) {
    List<IntervalPoint> out = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      double t = start + step * i + (i % 2 == 0 ? 3 : -3);
      out.add(new IntervalPoint(i * 1000L, (i + 1) * 1000L, Map.of("OVERALL",
          new IntervalPoint.IntervalOp((long) t, 0, t, lat((long) t), lat((long) t))), null));
    }
    return out;
  }

  static RunReport report(long ok, long failed, double throughput, double coresBusy, List<IntervalPoint> s) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("clientCpu", Map.of("coresBusy", coresBusy));
    return new RunReport(meta, "completed", 20_000, ok, throughput, List.of(op("OVERALL", ok, failed),
        op("READ", ok, failed)), s, Map.of(), List.of(), List.of(50.0, 95.0, 99.0, 99.9), null);
  }

  static Map<String, Object> judge(RunReport r, boolean load, double target, long gcMs, boolean clientOnly,
      Map<String, String> props) throws ConfigException {
    return Validity.judge(r, new Validity.Inputs(load, target, new GcWatch.Pauses(gcMs > 0 ? 3 : 0, gcMs, gcMs / 2),
        2, clientOnly, new Config(props)));
  }

  @SuppressWarnings("unchecked")
  static List<String> reasons(Map<String, Object> v) {
    return ((List<Map<String, Object>>) v.get("reasons")).stream().map(m -> (String) m.get("reason")).toList();
  }

  @Test
  void aSoundRunIsValid() throws ConfigException {
    Map<String, Object> v = judge(report(40_000, 0, 2000, 0.4, series(2000, 0)), false, 2000, 20, false, Map.of());
    assertThat(v.get("verdict")).as(v.toString()).isEqualTo("valid");
    assertThat(reasons(v)).isEmpty();
  }

  @Test
  void eachReasonWithItsEvidence() throws ConfigException {
    Map<String, Object> v = judge(report(500, 20, 1500, 1.95, series(1000, 40)), false, 2000, 2000, false,
        Map.of());
    assertThat(v.get("verdict")).isEqualTo("suspect");
    assertThat(reasons(v)).containsExactly("client bottleneck", "target not reached", "GC pauses", "not steady",
        "too few operations", "errors");
    assertThat(v.toString()).contains("1.95 of its 2 cores busy", "1500.0 ops/s of the target 2000.0 (75 %)",
        "took 2000 ms of the measured 20.0 s (10.0 %", "throughput rose by", "p99.9 is printed, which needs 10000",
        "OVERALL 500, READ 500", "20 of 520 operations failed (3.85 %), above validity.errors 1%");
  }

  @Test
  void thresholdsAreOptions() throws ConfigException {
    Map<String, Object> v = judge(report(1000, 20, 1500, 1.95, series(1000, 40)), false, 2000, 2000, false,
        Map.of("validity.cpu", "1", "validity.target", "0.7", "validity.gc", "0.2", "validity.trend", "5",
            "validity.samples", "1", "validity.errors", "5%"));
    assertThat(reasons(v)).as(v.toString()).isEmpty();
  }

  @Test
  void aLoadToleratesNoErrorAndANoStoreBindingIsNotSuspectForItsBusyClient() throws ConfigException {
    Map<String, Object> v = judge(report(40_000, 1, 2000, 1.99, series(2000, 0)), true, 0, 0, true, Map.of());
    assertThat(reasons(v)).containsExactly("errors");
    assertThat(v.get("notes").toString()).contains("the binding measures the client itself");
  }

  @Test
  void aBadErrorsThresholdIsOneLine() {
    assertThatThrownBy(() -> new Config(Map.of("validity.errors", "lots")).get(ValidityOptions.ERRORS))
        .isInstanceOf(ConfigException.class).hasMessageContaining("must be a percentage (0.5%) or auto");
  }
}
