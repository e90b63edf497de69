package org.sciycsb.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScheduleTest {
  @Test
  void slotsFollowTheGlobalRateAndStopAtTheLimit() {
    Schedule s = new Schedule(1_000_000L, 1000.0, 3);
    assertThat(s.take()).isEqualTo(1_000_000L);
    assertThat(s.take()).isEqualTo(2_000_000L);
    assertThat(s.take()).isEqualTo(3_000_000L);
    assertThat(s.take()).isEqualTo(-1);
  }

  @Test
  void fractionalPeriodsDoNotDrift() {
    Schedule s = new Schedule(0, 3.0, -1);
    long last = 0;
    for (int i = 0; i < 3001; i++) {
      last = s.take();
    }
    assertThat(last).isEqualTo(1_000_000_000_000L);
  }

  @Test
  void sharesSplitLikeUpstream() {
    long total = 0;
    for (int i = 0; i < 7; i++) {
      long share = org.sciycsb.api.Shares.share(100, 7, i);
      assertThat(share).isIn(14L, 15L);
      total += share;
    }
    assertThat(total).isEqualTo(100);
    assertThat(org.sciycsb.api.Shares.share(5_000_000_000L, 2, 0)).isEqualTo(2_500_000_000L);
  }
}
