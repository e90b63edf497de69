package org.sciycsb.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.ClientShares;
import org.sciycsb.workloads.CoreWorkload;

class ArrivalProcessTest {
  private static ArrivalProcess of(Map<String, String> props) throws ConfigException {
    return ArrivalProcess.of(new Config(props));
  }

  /** Every intended start of a schedule (seconds from its start) until it ends. */
  private static List<Double> starts(ArrivalProcess p, long limit) {
    Schedule s = new Schedule(0, p, limit);
    List<Double> out = new ArrayList<>();
    for (long t = s.take(); t >= 0; t = s.take()) {
      out.add(t / 1e9);
    }
    return out;
  }

  private static long countBetween(List<Double> starts, double from, double to) {
    return starts.stream().filter(t -> t >= from && t < to).count();
  }

  @Test
  void noTargetMeansAsFastAsPossibleAndATargetAConstantRate() throws Exception {
    assertThat(of(Map.of())).isNull();
    ArrivalProcess c = of(Map.of("target", "250"));
    assertThat(c.poisson()).isFalse();
    assertThat(c.describe()).isEqualTo("constant 250 ops/s");
    assertThat(starts(c, 5)).containsExactly(0.0, 0.004, 0.008, 0.012, 0.016);
  }

  @Test
  void aRampStartsAsManyOperationsAsTheAreaUnderItsRateAndThenEnds() throws Exception {
    ArrivalProcess r = of(Map.of("arrival", "ramp", "arrival.from", "0", "arrival.to", "1000",
        "arrival.duration", "10s"));
    assertThat(r.describe()).isEqualTo("ramp 0 -> 1000 ops/s over 10s");
    List<Double> t = starts(r, -1);
    assertThat(t).hasSize(5000).isSorted(); // the area: 10 s x 1000 / 2
    assertThat(countBetween(t, 0, 5)).isEqualTo(1250); // a quarter of it in the first half
    assertThat(countBetween(t, 9, 10)).isEqualTo(950); // the last second: between 900 and 1000 ops/s
    assertThat(t.get(t.size() - 1)).isLessThan(10.0);
    assertThat(r.initialRate()).as("the warmup of a ramp from 0: its mean rate").isEqualTo(500.0);
  }

  @Test
  void aFallingRampIsTheMirrorImage() throws Exception {
    List<Double> t = starts(of(Map.of("arrival", "ramp", "arrival.from", "1000", "arrival.to", "0",
        "arrival.duration", "10s")), -1);
    assertThat(t).hasSize(5000).isSorted();
    assertThat(countBetween(t, 0, 1)).isEqualTo(950);
    assertThat(countBetween(t, 5, 10)).isEqualTo(1250);
  }

  @Test
  void stepsHoldEachRateForItsDurationIncludingAPause() throws Exception {
    ArrivalProcess s = of(Map.of("arrival", "steps", "arrival.steps", "100:1s, 0:500ms,200:1s"));
    assertThat(s.describe()).isEqualTo("steps 100:1s,0:500ms,200:1s (ops/s:duration)");
    List<Double> t = starts(s, -1);
    assertThat(t).hasSize(300).isSorted();
    assertThat(countBetween(t, 0, 1)).isEqualTo(100);
    assertThat(countBetween(t, 1, 1.5)).isZero();
    assertThat(countBetween(t, 1.5, 2.5)).isEqualTo(200);
    assertThat(of(Map.of("arrival", "steps", "arrival.steps", "0:1s,300:1s")).initialRate())
        .as("the warmup skips a leading pause").isEqualTo(300.0);
  }

  @Test
  void theOperationCountStillEndsTheSchedule() throws Exception {
    assertThat(starts(of(Map.of("arrival", "steps", "arrival.steps", "1000:10s")), 42)).hasSize(42);
  }

  /**
   * Poisson arrivals at 1000/s: the gaps are exponential, so their mean and their standard deviation are both 1 ms.
   * Over 200,000 gaps, the standard error of the mean is 0.22 % and that of the variance 0.63 %: the bounds are more
   * than five of them wide. Even gaps (variance 0) and a wrong rate both fail.
   */
  @Test
  void poissonGapsHaveTheMeanAndTheVarianceOfAnExponential() throws Exception {
    ArrivalProcess p = of(Map.of("arrival", "poisson", "target", "1000"));
    assertThat(p.describe()).isEqualTo("poisson, mean 1000 ops/s");
    List<Double> t = starts(p, 200_001);
    assertThat(t).hasSize(200_001).isSorted();
    double n = t.size() - 1;
    double sum = 0;
    double sq = 0;
    for (int i = 1; i < t.size(); i++) {
      double gap = t.get(i) - t.get(i - 1);
      sum += gap;
      sq += gap * gap;
    }
    double mean = sum / n;
    double variance = sq / n - mean * mean;
    assertThat(mean).isCloseTo(0.001, within(0.001 * 0.015));
    assertThat(variance).isCloseTo(1e-6, within(1e-6 * 0.04));
    // and the count per second is Poisson too: the 200 s hold about 1000 each, not exactly 1000
    long exact = 0;
    for (int s = 0; s < 190; s++) {
      exact += countBetween(t, s, s + 1) == 1000 ? 1 : 0;
    }
    assertThat(exact).isLessThan(20);
  }

  @Test
  void theOfferedRateOfAnIntervalComesFromTheProcessAndStopsAtTheOperationCount() throws Exception {
    ArrivalProcess r = of(Map.of("arrival", "ramp", "arrival.from", "0", "arrival.to", "1000",
        "arrival.duration", "10s"));
    Schedule s = new Schedule(0, r, -1);
    assertThat(s.offeredPerSecond(0, 1000)).isCloseTo(50.0, within(1e-9));
    assertThat(s.offeredPerSecond(9000, 10_000)).isCloseTo(950.0, within(1e-9));
    assertThat(s.offeredPerSecond(10_000, 11_000)).isZero(); // the ramp has ended
    Schedule limited = new Schedule(0, of(Map.of("target", "100")), 150);
    assertThat(limited.offeredPerSecond(0, 1000)).isCloseTo(100.0, within(1e-9));
    assertThat(limited.offeredPerSecond(1000, 2000)).isCloseTo(50.0, within(1e-9));
  }

  @Test
  void badInputIsRefusedWithOneLineNamingIt() {
    assertThatThrownBy(() -> of(Map.of("arrival", "ramp", "arrival.from", "-5", "arrival.to", "10",
        "arrival.duration", "1m"))).isInstanceOf(ConfigException.class).hasMessageContaining("arrival.from")
        .hasMessageContaining("must not be negative");
    assertThatThrownBy(() -> of(Map.of("arrival", "ramp", "arrival.from", "5", "arrival.to", "10")))
        .hasMessageContaining("arrival.duration");
    assertThatThrownBy(() -> of(Map.of("arrival", "steps", "arrival.steps", "100:10s,fast:10s")))
        .hasMessage("bad value for arrival.steps: step 'fast:10s' is not <ops per second>:<duration> (e.g. 1000:30s)");
    assertThatThrownBy(() -> of(Map.of("arrival", "steps", "arrival.steps", "100")))
        .hasMessageContaining("step '100' is not");
    assertThatThrownBy(() -> of(Map.of("arrival", "steps", "arrival.steps", "100:0s")))
        .hasMessageContaining("positive duration");
    assertThatThrownBy(() -> of(Map.of("arrival", "steps", "arrival.steps", "0:10s")))
        .hasMessageContaining("every rate is 0");
    assertThatThrownBy(() -> of(Map.of("arrival", "poisson")))
        .hasMessageContaining("arrival=poisson needs -target");
    assertThatThrownBy(() -> of(Map.of("arrival", "ramp", "target", "100", "arrival.from", "5",
        "arrival.to", "10", "arrival.duration", "1m"))).hasMessageContaining("do not set -target too");
    assertThatThrownBy(() -> of(Map.of("target", "100", "arrival.steps", "5:1s")))
        .hasMessageContaining("arrival.steps is set but arrival is constant");
    assertThatThrownBy(() -> of(Map.of("arrival", "wave"))).hasMessageContaining("arrival");
  }

  @Test
  void severalClientProcessesShareEveryRate() throws Exception {
    List<Map<String, String>> s = ClientShares.of(new CoreWorkload(), Phase.RUN, new Config(Map.of("arrival",
        "steps", "arrival.steps", "100:1s,300:2m", "operationcount", "0")), 2);
    assertThat(s.get(1)).containsEntry("arrival.steps", "50.0:1000000000ns,150.0:120000000000ns");
    Map<String, String> one = new java.util.HashMap<>(Map.of("arrival", "steps", "operationcount", "0"));
    one.putAll(s.get(0));
    List<Double> t = starts(of(one), -1);
    assertThat(t).hasSize(50 + 150 * 120);
    s = ClientShares.of(new CoreWorkload(), Phase.RUN, new Config(Map.of("arrival", "ramp", "arrival.from", "100",
        "arrival.to", "400", "arrival.duration", "1m", "operationcount", "0")), 4);
    assertThat(s.get(3)).containsEntry("arrival.from", "25.0").containsEntry("arrival.to", "100.0");
  }
}
