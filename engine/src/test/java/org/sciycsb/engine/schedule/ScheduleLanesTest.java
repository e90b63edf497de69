package org.sciycsb.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.draw.SeededRandom;

/** The schedule of a seeded run: a lane per thread, each the same from run to run, together the global schedule. */
class ScheduleLanesTest {
  /** Every thread's intended starts, as offsets from the schedule's start, each lane taken to its end. */
  static List<List<Long>> offsets(Schedule s, long start, int threads, long seed) {
    List<List<Long>> out = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Schedule.Lane lane = s.lane(t, SeededRandom.of(seed, t));
      List<Long> mine = new ArrayList<>();
      for (long at = lane.take(); at >= 0 && mine.size() < 100_000; at = lane.take()) {
        mine.add(at - start);
      }
      out.add(mine);
    }
    return out;
  }

  @Test
  void constantRateLanesTogetherAreExactlyTheGlobalSlots() {
    Schedule global = new Schedule(0, ArrivalProcess.constant(700.0, false), 1001);
    List<Long> slots = new ArrayList<>();
    for (long at = global.take(); at >= 0; at = global.take()) {
      slots.add(at);
    }
    List<List<Long>> lanes = offsets(Schedule.perThread(0, ArrivalProcess.constant(700.0, false), 1001, 4), 0, 4, 1);
    List<Long> union = new ArrayList<>();
    lanes.forEach(union::addAll);
    union.sort(null);
    assertThat(union).as("the four lanes' slots, merged").hasSize(1001).isEqualTo(slots);
    assertThat(lanes.get(1).subList(0, 3)).as("thread 1 of 4: global slots 1, 5, 9")
        .containsExactly(slots.get(1), slots.get(5), slots.get(9));
  }

  @Test
  void poissonLanesAreTheSameFromRunToRunAndTogetherKeepTheRate() {
    ArrivalProcess p = ArrivalProcess.constant(1000.0, true);
    List<List<Long>> a = offsets(Schedule.perThread(5_000, p, 20_000, 4), 5_000, 4, 77);
    List<List<Long>> b = offsets(Schedule.perThread(987_654_321L, p, 20_000, 4), 987_654_321L, 4, 77);
    assertThat(b).as("the same seed, another start time").isEqualTo(a);
    assertThat(offsets(Schedule.perThread(0, p, 20_000, 4), 0, 4, 78)).as("another seed").isNotEqualTo(a);
    long last = a.stream().mapToLong(l -> l.get(l.size() - 1)).max().orElseThrow();
    assertThat(a.stream().mapToInt(List::size).sum()).isEqualTo(20_000);
    // 20,000 arrivals at 1000/s: about 20 s (the sum of 5,000 gaps of mean 4 ms in each lane: sd about 1.4 %)
    assertThat(last / 1e9).as("seconds to the last arrival").isBetween(18.5, 21.5);
  }

  @Test
  void rampLanesFollowTheRampBySlot() {
    ArrivalProcess ramp = new ArrivalProcess(List.of(new ArrivalProcess.Segment(10, 100, 300)), false);
    Schedule global = new Schedule(0, ramp, -1);
    List<Long> slots = new ArrayList<>();
    for (long at = global.take(); at >= 0; at = global.take()) {
      slots.add(at);
    }
    List<Long> union = new ArrayList<>();
    offsets(Schedule.perThread(0, ramp, -1, 3), 0, 3, 1).forEach(union::addAll);
    union.sort(null);
    assertThat(union).hasSize(2000).isEqualTo(slots);
  }

  @Test
  void withoutLanesEveryThreadTakesFromTheOneSchedule() {
    Schedule s = new Schedule(0, 1000.0, 4);
    Schedule.Lane a = s.lane(0, ThreadLocalRandom.current());
    Schedule.Lane b = s.lane(1, ThreadLocalRandom.current());
    assertThat(List.of(a.take(), a.take(), b.take(), a.take(), b.take()))
        .containsExactly(0L, 1_000_000L, 2_000_000L, 3_000_000L, -1L);
  }
}
