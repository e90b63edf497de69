package org.sciycsb.report.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** E-Divisive means: steps found where they are, noise and constants left alone, reproducible. */
class EDivisiveTest {
  static final EDivisive E = new EDivisive(0.05, 199, 3, 1);

  static double[] noise(long seed, int n, double mean, double sd) {
    Random r = new Random(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = mean + sd * r.nextGaussian();
    }
    return v;
  }

  static List<Integer> indices(double[] series) {
    return E.changePoints(series).stream().map(EDivisive.ChangePoint::index).toList();
  }

  @Test
  void aCleanStepIsFoundAtItsIndex() {
    double[] v = noise(7, 30, 100, 2);
    for (int i = 18; i < v.length; i++) {
      v[i] += 20;
    }
    List<EDivisive.ChangePoint> cps = E.changePoints(v);
    assertThat(cps).extracting(EDivisive.ChangePoint::index).containsExactly(18);
    assertThat(cps.get(0).pValue()).isLessThanOrEqualTo(0.05);
    assertThat(cps.get(0).qhat()).isPositive();
  }

  @Test
  void aStepDownInTheLastThreeValuesIsFound() {
    double[] v = noise(3, 13, 8000, 150);
    for (int i = 10; i < v.length; i++) {
      v[i] *= 0.77;
    }
    assertThat(indices(v)).containsExactly(10);
  }

  @Test
  void twoStepsAreBothFound() {
    double[] v = noise(11, 45, 100, 3);
    for (int i = 15; i < 30; i++) {
      v[i] += 25;
    }
    for (int i = 30; i < 45; i++) {
      v[i] -= 20;
    }
    assertThat(indices(v)).containsExactly(15, 30);
  }

  @Test
  void pureNoiseRarelyGivesAChangePoint() {
    int withChange = 0;
    for (long seed = 1; seed <= 100; seed++) {
      if (!E.changePoints(noise(seed, 30, 100, 5)).isEmpty()) {
        withChange++;
      }
    }
    // the test's level is 5 %: at most about one series in ten may show a (false) change
    assertThat(withChange).isLessThanOrEqualTo(10);
  }

  @Test
  void aConstantSeriesHasNone() {
    double[] v = new double[20];
    Arrays.fill(v, 42.5);
    assertThat(indices(v)).isEmpty();
  }

  @Test
  void aSeriesShorterThanTwoSegmentsHasNone() {
    assertThat(indices(new double[] {1, 1, 1, 50, 50})).isEmpty();
    assertThat(indices(new double[] {})).isEmpty();
    assertThat(indices(new double[] {3})).isEmpty();
  }

  @Test
  void theSameSeriesAndSeedGiveTheSameAnswer() {
    double[] v = noise(5, 40, 10, 1);
    for (int i = 25; i < 40; i++) {
      v[i] += 1.5;
    }
    assertThat(E.changePoints(v)).isEqualTo(new EDivisive(0.05, 199, 3, 1).changePoints(v.clone()));
  }

  @Test
  void qhatOfTwoSeparatedPairs() {
    // x = {0, 0}, y = {1, 1}: between = 4, within = 0: E = 2 * 4 / 4 = 2, q = 2 * 2 / 4 * 2 = 2
    assertThat(EDivisive.qhat(2, 2, 0, 0, 4)).isEqualTo(2.0);
  }

  @Test
  void badSettingsAreRefused() {
    assertThatThrownBy(() -> new EDivisive(0, 199, 3, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new EDivisive(0.05, 0, 3, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new EDivisive(0.05, 199, 1, 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
