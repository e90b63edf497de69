package org.sciycsb.study.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProfileModelTest {
  @Test
  void uniformMissesWhatTheCacheDoesNotHold() {
    assertThat(ProfileModel.missRate("uniform", 1_000_000, 0.1)).isCloseTo(0.9, within(1e-12));
    assertThat(ProfileModel.missRate("uniform", 1_000_000, 2.5)).as("data in memory").isZero();
  }

  @Test
  void zipfianMissesLessThanUniformAndLessAsTheCacheGrows() {
    double small = ProfileModel.missRate("zipfian", 1_000_000, 0.01);
    double large = ProfileModel.missRate("zipfian", 1_000_000, 0.1);
    assertThat(small).isLessThan(0.99).isGreaterThan(large);
    assertThat(large).isLessThan(0.9).isPositive();
    assertThat(ProfileModel.missRate("latest", 1_000_000, 0.1)).as("latest: the same skew").isEqualTo(large);
  }

  @Test
  void theHarmonicNumberBeyondTheExactTermsFollowsItsSum() {
    double exact = 0;
    for (int i = 1; i <= 200_000; i++) {
      exact += Math.pow(i, -ProfileModel.THETA);
    }
    assertThat(ProfileModel.harmonic(200_000)).isCloseTo(exact, within(exact * 1e-4));
    assertThat(ProfileModel.harmonic(0)).isZero();
  }

  @Test
  void aDeviceBoundsThroughputByItsQueuesOverTheAccessesEachOperationMakes() {
    // 8 ms per access, one queue, every operation one access, half of them miss: 250 ops/s at most
    assertThat(ProfileModel.throughput(5000, 1.0, 0.5, 8, 1, 32)).isCloseTo(250, within(1e-9));
    // 0.1 ms, 32 queues but 4 threads: 4 / (0.5 x 0.1 ms) = 80,000 ops/s, above the in-memory 5,000
    assertThat(ProfileModel.throughput(5000, 1.0, 0.5, 0.1, 32, 4)).isEqualTo(5000);
    assertThat(ProfileModel.throughput(5000, 1.0, 0.0, 8, 1, 32)).as("no misses").isEqualTo(5000);
  }
}
