package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The /proc/diskstats arithmetic on two recorded readings of this machine's disk, a loop device and a dm device. */
class DiskStatsTest {
  /** Two readings 2 s apart (kernel 5.x+ lines: 20 fields; the dm line has the older 14). */
  private static final String BEFORE = String.join("\n",
      "   7       3 loop3 120 0 960 40 0 0 0 0 0 44 40 0 0 0 0 0 0",
      " 254       0 vda 1889882 281998 894580338 11858693 1833424 229283 89613928 608853 0 623124 12549986 288420 115"
          + " 29812592 35487 566601 46952",
      " 253       1 dm-1 500 0 4000 100 200 0 1600 300 0 350 400",
      "garbage line");
  private static final String AFTER = String.join("\n",
      "   7       3 loop3 120 0 960 40 100 0 204800 500 0 1000 1500 0 0 0 0 0 0",
      " 254       0 vda 1891882 281998 894612338 11860693 1835424 229283 89645928 612853 2 624124 12555986 288420 115"
          + " 29812592 35487 566601 46952",
      " 253       1 dm-1 500 0 4000 100 200 0 1600 300 0 350 400");

  @Test
  void parsesEveryDeviceByMajorMinor() {
    Map<String, DiskStats.Counters> m = DiskStats.parse(BEFORE);
    assertThat(m).containsOnlyKeys("7:3", "254:0", "253:1");
    DiskStats.Counters vda = m.get("254:0");
    assertThat(vda.name()).isEqualTo("vda");
    assertThat(vda.reads()).isEqualTo(1889882);
    assertThat(vda.readSectors()).isEqualTo(894580338);
    assertThat(vda.readMs()).isEqualTo(11858693);
    assertThat(vda.writes()).isEqualTo(1833424);
    assertThat(vda.writeSectors()).isEqualTo(89613928);
    assertThat(vda.writeMs()).isEqualTo(608853);
    assertThat(vda.ioTicksMs()).isEqualTo(623124);
    assertThat(vda.weightedMs()).isEqualTo(12549986);
  }

  @Test
  void figuresOfAnIntervalOfReadsAndWrites() {
    // vda over 2000 ms: 2000 reads, 32000 sectors read (16.384 MB), 2000 ms reading; 2000 writes, 32000 sectors
    // written, 4000 ms writing; io_ticks +1000 ms, weighted +6000 ms
    DiskStats.Figures f = DiskStats.figures(DiskStats.parse(BEFORE).get("254:0"), DiskStats.parse(AFTER).get("254:0"),
        2000);
    assertThat(f.readsPerSec()).isCloseTo(1000, within(1e-9));
    assertThat(f.writesPerSec()).isCloseTo(1000, within(1e-9));
    assertThat(f.readMBps()).isCloseTo(32000 * 512 / 1e6 / 2, within(1e-9));
    assertThat(f.writeMBps()).isCloseTo(8.192, within(1e-9));
    assertThat(f.serviceMs()).as("(2000 + 4000) ms over 4000 operations").isCloseTo(1.5, within(1e-9));
    assertThat(f.queueDepth()).as("6000 weighted ms over 2000 ms").isCloseTo(3.0, within(1e-9));
    assertThat(f.utilPct()).as("1000 busy ms of 2000").isCloseTo(50.0, within(1e-9));
  }

  @Test
  void aLoopDeviceThatOnlyWrote() {
    // 100 writes of 1 MiB (204800 sectors = 104.8576 MB) in 500 ms over a 1 s interval, busy 956 ms
    DiskStats.Figures f = DiskStats.figures(DiskStats.parse(BEFORE).get("7:3"), DiskStats.parse(AFTER).get("7:3"),
        1000);
    assertThat(f.readsPerSec()).isZero();
    assertThat(f.writesPerSec()).isCloseTo(100, within(1e-9));
    assertThat(f.writeMBps()).isCloseTo(104.8576, within(1e-9));
    assertThat(f.serviceMs()).isCloseTo(5.0, within(1e-9));
    assertThat(f.queueDepth()).isCloseTo(1.46, within(1e-9));
    assertThat(f.utilPct()).isCloseTo(95.6, within(1e-9));
  }

  @Test
  void anIdleDeviceHasNoServiceTimeAndUtilisationIsCappedAt100() {
    DiskStats.Counters dm = DiskStats.parse(BEFORE).get("253:1");
    DiskStats.Figures idle = DiskStats.figures(dm, DiskStats.parse(AFTER).get("253:1"), 1000);
    assertThat(idle.values()).containsOnly(0.0);
    DiskStats.Counters busy = new DiskStats.Counters("dm-1", 500, 4000, 100, 200, 1600, 300, 350 + 1003, 400);
    // io_ticks can run a few ms ahead of the interval the sampler measured
    assertThat(DiskStats.figures(dm, busy, 1000).utilPct()).isEqualTo(100.0);
  }
}
