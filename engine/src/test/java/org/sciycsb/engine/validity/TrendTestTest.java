package org.sciycsb.engine.validity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TrendTestTest {
  @Test
  void aStrictlyRisingSeriesHasTheTextbookStatistics() {
    double[] x = new double[10];
    for (int i = 0; i < x.length; i++) {
      x[i] = i + 1;
    }
    TrendTest.Result r = TrendTest.of(x);
    // S = n(n-1)/2 = 45, Var = n(n-1)(2n+5)/18 = 125, z = (S - 1) / sqrt(Var)
    assertThat(r.s()).isEqualTo(45);
    assertThat(r.z()).isCloseTo(44 / Math.sqrt(125), within(1e-9));
    assertThat(r.p()).isCloseTo(8.3e-5, within(0.2e-5));
    assertThat(r.senSlope()).isEqualTo(1.0);
  }

  @Test
  void noiseAroundALevelIsNoTrendAndOneOutlierDoesNotMakeOne() {
    Random rnd = new Random(7);
    double[] x = new double[60];
    for (int i = 0; i < x.length; i++) {
      x[i] = 1000 + rnd.nextGaussian() * 50;
    }
    x[59] = 5000;
    TrendTest.Result r = TrendTest.of(x);
    assertThat(r.p()).isGreaterThan(0.05);
    assertThat(Math.abs(r.senSlope())).isLessThan(3);
  }

  @Test
  void tiesAreAllowed() {
    TrendTest.Result r = TrendTest.of(new double[] {5, 5, 5, 5, 5, 5, 5, 5});
    assertThat(r.s()).isZero();
    assertThat(r.p()).isCloseTo(1.0, within(1e-6));
  }

  @Test
  void theNormalCdfMatchesItsTable() {
    assertThat(TrendTest.normalCdf(1.959964)).isCloseTo(0.975, within(1e-6));
    assertThat(TrendTest.normalCdf(0)).isCloseTo(0.5, within(1e-7));
    assertThat(TrendTest.normalCdf(-2.575829)).isCloseTo(0.005, within(1e-6));
  }

  @Test
  void aLongSeriesIsBinnedAndItsSlopeStaysPerStep() {
    double[] x = new double[36_000]; // ten hours at one interval a second
    for (int i = 0; i < x.length; i++) {
      x[i] = 1000 + 0.01 * i + (i % 2 == 0 ? 20 : -20);
    }
    TrendTest.Result r = TrendTest.of(x, 200);
    assertThat(r.s()).as("S over the 200 bins").isEqualTo(200L * 199 / 2);
    assertThat(r.senSlope()).isCloseTo(0.01, within(1e-4));
    assertThat(r.p()).isLessThan(1e-6);
    double[] small = {3, 1, 2, 5, 4, 6, 8, 7};
    assertThat(TrendTest.of(small, 200)).as("short series: the test itself").isEqualTo(TrendTest.of(small));
  }
}
