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
    return report(ok, failed, throughput, coresBusy, s, host(0.1, 0.3), List.of(50.0, 95.0, 99.0, 99.9));
  }

  /** As above, with metadata.hostCpu and the percentiles the run printed. */
  static RunReport report(long ok, long failed, double throughput, double coresBusy, List<IntervalPoint> s,
      Map<String, Object> hostCpu, List<Double> percentiles) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("clientCpu", Map.of("coresBusy", coresBusy));
    meta.put("hostCpu", hostCpu);
    return new RunReport(meta, "completed", 20_000, ok, throughput, List.of(op("OVERALL", ok, failed),
        op("READ", ok, failed)), s, Map.of(), List.of(), percentiles, null);
  }

  /** metadata.hostCpu of a 2-core host over 20 s whose other processes kept mean (worst: max) cores busy. */
  static Map<String, Object> host(double mean, double max) {
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("hostCores", 2);
    h.put("seconds", 20.0);
    h.put("intervalMs", 500);
    h.put("othersCoresMean", mean);
    h.put("othersCoresMax", max);
    h.put("busiest", List.of(Map.of("pid", 4242, "command", "stress", "cores", 1.5)));
    return h;
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
    Map<String, Object> v = judge(report(500, 20, 1500, 1.95, series(1000, 40), host(1.62, 1.98),
        List.of(50.0, 95.0, 99.0, 99.9)), false, 2000, 2000, false, Map.of("hdrhistogram.percentiles",
        "50,95,99,99.9"));
    assertThat(v.get("verdict")).isEqualTo("suspect");
    assertThat(reasons(v)).containsExactly("client bottleneck", "target not reached", "GC pauses", "not steady",
        "host busy", "too few operations", "errors");
    assertThat(v.toString()).contains("1.95 of its 2 cores busy", "1500.0 ops/s of the target 2000.0 (75 %)",
        "took 2000 ms of the measured 20.0 s (10.0 %", "throughput rose by",
        "p99.9 needs 10000 operations (10 beyond it, validity.samples), asked for by hdrhistogram.percentiles: "
            + "OVERALL 500, READ 500", "20 of 520 operations failed (3.85 %), above validity.errors 1%",
        "other processes kept 1.62 of the host's 2 cores busy on average over the measured 20.0 s (81 %; the "
            + "busiest 500 ms interval 1.98), above validity.host 0.5", "the busiest: stress (pid 4242) 1.5");
  }

  @Test
  void thresholdsAreOptions() throws ConfigException {
    Map<String, Object> v = judge(report(1000, 20, 1500, 1.95, series(1000, 40)), false, 2000, 2000, false,
        Map.of("validity.cpu", "1", "validity.target", "0.7", "validity.gc", "0.2", "validity.trend", "5",
            "validity.samples", "1", "validity.errors", "5%", "validity.host", "2"));
    assertThat(reasons(v)).as(v.toString()).isEmpty();
  }

  @Test
  void aLoadToleratesNoErrorAndANoStoreBindingIsNotSuspectForItsBusyClient() throws ConfigException {
    Map<String, Object> v = judge(report(40_000, 1, 2000, 1.99, series(2000, 0)), true, 0, 0, true, Map.of());
    assertThat(reasons(v)).containsExactly("errors");
    assertThat(v.get("notes").toString()).contains("the binding measures the client itself");
  }

  @Test
  void hostBusyIsJudgedOnTheMeanOfOtherProcessesCores() throws ConfigException {
    Map<String, Object> quiet = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), host(0.45, 1.9),
        List.of(95.0, 99.0)), false, 0, 0, false, Map.of());
    assertThat(reasons(quiet)).as("a burst, but 0.45 cores on average: not above 0.5").isEmpty();
    Map<String, Object> busy = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), host(0.6, 0.9),
        List.of(95.0, 99.0)), false, 0, 0, false, Map.of());
    assertThat(reasons(busy)).containsExactly("host busy");
    assertThat(judge(report(40_000, 0, 2000, 0.4, series(2000, 0), host(0.6, 0.9), List.of(95.0, 99.0)), false, 0,
        0, false, Map.of("validity.host", "1"))).as("validity.host").satisfies(v -> assertThat(reasons(v)).isEmpty());
    Map<String, Object> shortRun = new LinkedHashMap<>(host(1.9, 2));
    shortRun.put("seconds", 0.4);
    Map<String, Object> v = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), shortRun, List.of(95.0)), false, 0,
        0, false, Map.of());
    assertThat(reasons(v)).isEmpty();
    assertThat(v.get("notes").toString()).contains("host busy not judged: 0.40 s measured, under 1 s");
    Map<String, Object> none = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), Map.of(), List.of(95.0)), false, 0,
        0, false, Map.of());
    assertThat(none.get("notes").toString()).contains("host CPU not measured");
  }

  @Test
  void theStoresCpuOnThisHostIsNamedButNotCountedAsOtherProcesses() throws ConfigException {
    // the store took 1.8 of the 2 cores, the others 0.1: valid; the others at 1.2 are suspect, the store named apart
    Map<String, Object> h = new LinkedHashMap<>(host(0.1, 0.3));
    h.put("storeCoresMean", 1.8);
    h.put("store", List.of(Map.of("pid", 77, "command", "postgres", "cores", 1.5), Map.of("pid", 78, "command",
        "postgres", "cores", 0.3), Map.of("pid", 76, "command", "postgres", "cores", 0.0)));
    Map<String, Object> v = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), h, List.of(95.0, 99.0)), false, 0,
        0, false, Map.of());
    assertThat(v.get("verdict")).as(v.toString()).isEqualTo("valid");
    h.put("othersCoresMean", 1.2);
    v = judge(report(40_000, 0, 2000, 0.4, series(2000, 0), h, List.of(95.0, 99.0)), false, 0, 0, false, Map.of());
    assertThat(reasons(v)).containsExactly("host busy");
    assertThat(v.get("reasons").toString()).contains("other processes kept 1.20 of the host's 2 cores",
        "the busiest: stress (pid 4242) 1.5", "(not counted: the store on this host, 1.80 cores: postgres (pid 77) "
            + "1.5, postgres (pid 78) 0.3, 1 idle)");
  }

  @Test
  void theHostSamplesGiveTheOtherProcessesCores() {
    // 2 cores: 100 ticks of wall time a core between readings; the host busy 150 ticks of which the run's own 30
    List<HostCpu.Reading> r = List.of(new HostCpu.Reading(0, 1000, 5000, 100),
        new HostCpu.Reading(500_000_000L, 1150, 5200, 130), new HostCpu.Reading(1_000_000_000L, 1200, 5400, 150));
    assertThat(HostCpu.others(r.get(0), r.get(1), 2)).isEqualTo(1.2);
    Map<String, Object> m = HostCpu.summary(r, 2, List.of());
    assertThat(m).containsEntry("othersCoresMean", 0.75).containsEntry("othersCoresMax", 1.2)
        .containsEntry("hostCores", 2).containsEntry("samples", 2).containsEntry("seconds", 1.0);
    // of the run's own 50 ticks over the 400, the store's 40: 0.2 cores
    List<HostCpu.Reading> s = List.of(new HostCpu.Reading(0, 1000, 5000, 0, 0),
        new HostCpu.Reading(1_000_000_000L, 1200, 5400, 50, 40));
    assertThat(HostCpu.summary(s, 2, List.of(), List.of(Map.of("pid", 5L)))).containsEntry("othersCoresMean", 0.75)
        .containsEntry("storeCoresMean", 0.2).containsEntry("store", List.of(Map.of("pid", 5L)));
    assertThat(HostCpu.summary(r.subList(0, 1), 2, List.of())).as("one reading: nothing").isEmpty();
    assertThat(HostCpu.hostTicks("cpu  59962 5 9998 106984 862 1 331 3686 7 0")).containsExactly(
        59962L + 5 + 9998 + 1 + 331 + 3686, 59962L + 5 + 9998 + 1 + 331 + 3686 + 106984 + 862);
    Map<Long, HostCpu.Proc> start = Map.of(1L, new HostCpu.Proc(10, "init"), 7L, new HostCpu.Proc(0, "stress"),
        9L, new HostCpu.Proc(500, "java"));
    Map<Long, HostCpu.Proc> end = Map.of(1L, new HostCpu.Proc(11, "init"), 7L, new HostCpu.Proc(80, "stress"),
        9L, new HostCpu.Proc(560, "java"), 12L, new HostCpu.Proc(30, "cc1"));
    assertThat(HostCpu.busiest(start, end, java.util.Set.of(9L), r, 2)).as("200 ticks a core elapsed")
        .containsExactly(Map.of("pid", 7L, "command", "stress", "cores", 0.4),
            Map.of("pid", 12L, "command", "cc1", "cores", 0.15));
  }

  @Test
  void theProcessesResourcesPidsNamesAreTheRunsOwn(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path pidFile = java.nio.file.Files.writeString(tmp.resolve("server.pid"), "4321\nmore\n");
    assertThat(HostCpu.ownPids(new Config(Map.of("resources.pids", "1234, " + pidFile + ", /no/such.pid"))))
        .containsExactlyInAnyOrder(1234L, 4321L);
    assertThat(HostCpu.ownPids(new Config(Map.of()))).isEmpty();
  }

  @Test
  void aDefaultPercentileWithTooFewOperationsIsANoteAnAskedOneMakesTheRunSuspect() throws ConfigException {
    // 1000 operations: p99 rests on 10 of them (just enough), p99.9 on 1 (too few)
    RunReport r = report(1000, 0, 2000, 0.4, series(2000, 0), host(0, 0), List.of(95.0, 99.0, 99.9));
    Map<String, Object> byDefault = judge(r, false, 0, 0, false, Map.of());
    assertThat(byDefault.get("verdict")).as(byDefault.toString()).isEqualTo("valid");
    assertThat(Validity.printedNotes(byDefault)).containsExactly("note: few operations: p99.9 is printed from fewer "
        + "operations than it rests on: p99.9 needs 10000 operations (10 beyond it, validity.samples): OVERALL 1000, "
        + "READ 1000; printed by default, so the run is not suspect for it (set hdrhistogram.percentiles to ask for "
        + "it, and then it counts)");
    Map<String, Object> asked = judge(r, false, 0, 0, false, Map.of("hdrhistogram.percentiles", "95,99,99.9"));
    assertThat(reasons(asked)).containsExactly("too few operations");
    assertThat(Validity.printedNotes(asked)).isEmpty();
    Map<String, Object> sla = judge(report(1000, 0, 2000, 0.4, series(2000, 0), host(0, 0), List.of(95.0, 99.0)),
        false, 0, 0, false, Map.of("sla.read.p999", "5ms", "sla.READ.p95", "2ms"));
    assertThat(reasons(sla)).as("p99.9 is not printed, but an SLA judges it").containsExactly("too few operations");
    assertThat(sla.toString()).contains("p99.9 needs 10000 operations (10 beyond it, validity.samples): READ 1000 "
        + "(sla.READ.p99.9)").doesNotContain("OVERALL 1000");
    Map<String, Object> enough = judge(report(1000, 0, 2000, 0.4, series(2000, 0), host(0, 0), List.of(95.0, 99.0)),
        false, 0, 0, false, Map.of("hdrhistogram.percentiles", "95,99"));
    assertThat(enough.get("verdict")).as("the run's own percentiles, not a default list").isEqualTo("valid");
    assertThat(Validity.printedNotes(enough)).isEmpty();
  }

  @Test
  void aBadErrorsThresholdIsOneLine() {
    assertThatThrownBy(() -> new Config(Map.of("validity.errors", "lots")).get(ValidityOptions.ERRORS))
        .isInstanceOf(ConfigException.class).hasMessageContaining("must be a percentage (0.5%) or auto");
  }
}
