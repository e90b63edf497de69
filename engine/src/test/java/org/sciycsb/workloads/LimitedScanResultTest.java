package org.sciycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/** maxscanrate, scanoptimelimit and discardscannedrecord as a scan's result applies them. */
class LimitedScanResultTest {
  private static HashMap<String, ByteIterator> record(int i) {
    HashMap<String, ByteIterator> r = new HashMap<>();
    r.put("field0", new StringByteIterator("v" + i));
    return r;
  }

  @Test
  void discardKeepsAnEmptyRecordForEachOneHandedOver() {
    LimitedScanResult r = new LimitedScanResult(0, 0, true);
    for (int i = 0; i < 5; i++) {
      r.add(record(i));
    }
    r.addElement(record(5));
    r.add(0, record(6));
    r.addAll(List.of(record(7), record(8)));
    assertThat(r).hasSize(9).allSatisfy(m -> assertThat(m).isEmpty());
  }

  @Test
  void withoutDiscardTheRecordsAreKept() {
    LimitedScanResult r = new LimitedScanResult(0, 0, false);
    r.add(record(1));
    assertThat(r).hasSize(1);
    assertThat(r.get(0).get("field0").toString()).isEqualTo("v1");
  }

  @Test
  void theRateHoldsBackEveryBatchToOneSecond() {
    LimitedScanResult r = new LimitedScanResult(3, 0, false);
    long start = System.nanoTime();
    for (int i = 0; i < 7; i++) { // waits after the 3rd and the 6th
      r.add(record(i));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(r).hasSize(7);
    assertThat(seconds).isGreaterThanOrEqualTo(1.95);
  }

  @Test
  void pastTheTimeLimitNothingMoreIsKeptNorWaitedFor() {
    // 1 record a second, a limit of 0.3 s: the first wait ends at the limit, and the rest go by at once
    LimitedScanResult r = new LimitedScanResult(1, 300_000_000L, false);
    long start = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      r.add(record(i));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(r).hasSize(1);
    assertThat(seconds).isBetween(0.29, 0.95);
  }
}
