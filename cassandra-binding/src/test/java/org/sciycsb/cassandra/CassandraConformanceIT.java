package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/** The shared CRUD contract against the one-node test server ({@code bin/servers start cassandra}). */
@Tag("server-cassandra")
class CassandraConformanceIT extends BindingConformance {
  CassandraConformanceIT() {
    super(new CassandraBinding(), () -> ItSupport.props());
  }

  /**
   * Token order is not key order: the scan returns the records at or after the start key's Murmur3 token
   * ({@code user005}, value v5) in ascending token order and, on reaching the end of the ring, wraps around to
   * its start: every wrapped record's token is below the start token. (Of the 20 test keys only 3 have a token at
   * or after user005's, so the 5-record scan wraps.) The records are user000..user019 with field0 = v&lt;i&gt;.
   */
  @Override
  protected void checkScanOrder(Vector<HashMap<String, ByteIterator>> out) {
    assertThat(StringByteIterator.getStringMap(out.get(0))).containsEntry("field0", "v5");
    long start = ItSupport.token("user005");
    long previous = Long.MIN_VALUE;
    boolean wrapped = false;
    for (HashMap<String, ByteIterator> r : out) {
      String v = StringByteIterator.getStringMap(r).get("field0");
      String key = String.format("user%03d", Integer.parseInt(v.substring(1)));
      long t = ItSupport.token(key);
      if (!wrapped && t < previous) {
        wrapped = true;
      } else {
        assertThat(t).as("token of %s after the previous record's", key).isGreaterThan(previous);
      }
      if (wrapped) {
        assertThat(t).as("token of wrapped %s", key).isLessThan(start);
      } else {
        assertThat(t).as("token of %s", key).isGreaterThanOrEqualTo(start);
      }
      previous = t;
    }
  }
}
