package org.sciycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;

/**
 * A run shared by client processes (--clients): each client inserts keys no other client inserts, and its reads
 * pick among the shared records and its own inserts only (never a key another client may not have written yet).
 */
class CoreWorkloadClientsTest {
  static final int RECORDS = 100;

  static Map<String, String> client(int n, int i) throws ConfigException {
    Map<String, String> m = new java.util.LinkedHashMap<>(CoreWorkloadEquivalenceTest.props("recordcount",
        Integer.toString(RECORDS), "operationcount", "3000", "readproportion", "0.5", "updateproportion", "0", "insertproportion", "0.5",
        "requestdistribution", "latest", "insertorder", "ordered"));
    m.putAll(new CoreWorkload().clientShare(Phase.RUN, new Config(m), n, i).orElseThrow());
    return m;
  }

  static long keynum(String key) {
    return Long.parseLong(key.substring("user".length()));
  }

  @Test
  void theClientsInsertDisjointKeysAndReadOnlyWhatExistsForThem() throws Exception {
    Map<String, String> share = client(3, 1);
    assertThat(share).containsEntry("operationcount", "1000").containsEntry("coreworkload.clients", "3")
        .containsEntry("coreworkload.client", "1").containsEntry("coreworkload.clientbase", "100");
    Set<Long> all = new HashSet<>();
    for (int i = 0; i < 3; i++) {
      CoreWorkloadEquivalenceTest.Recorder r = CoreWorkloadEquivalenceTest.ours(client(3, i), false, 1000);
      Set<Long> own = new HashSet<>();
      for (String k : r.inserted) {
        long n = keynum(k);
        assertThat(n).as("client %d's insert", i).isGreaterThanOrEqualTo(RECORDS);
        assertThat((n - RECORDS) % 3).as("client %d's insert %d", i, n).isEqualTo(i);
        assertThat(all.add(n)).as("key %d inserted by two clients", n).isTrue();
        own.add(n);
      }
      assertThat(own).hasSizeGreaterThan(300);
      for (String k : r.keys.keySet()) {
        long n = keynum(k);
        assertThat(n < RECORDS || own.contains(n)).as("client %d read key %d", i, n).isTrue();
      }
    }
  }

  @Test
  void oneClientKeepsUpstreamsKeys() throws Exception {
    CoreWorkloadEquivalenceTest.Recorder r = CoreWorkloadEquivalenceTest.ours(client(1, 0), false, 200);
    List<Long> keys = r.inserted.stream().map(CoreWorkloadClientsTest::keynum).sorted().toList();
    assertThat(keys.get(0)).isEqualTo(RECORDS);
    assertThat(keys.get(keys.size() - 1)).isEqualTo(RECORDS + keys.size() - 1L);
  }

  @Test
  void anIndexOutsideTheClientsIsOneLine() {
    Map<String, String> m = CoreWorkloadEquivalenceTest.props("coreworkload.clients", "2", "coreworkload.client",
        "2");
    assertThatThrownBy(() -> new CoreWorkload().validate(new Config(m), Phase.RUN))
        .hasMessage("bad combination: coreworkload.client (2) must be less than coreworkload.clients (2)");
  }
}
