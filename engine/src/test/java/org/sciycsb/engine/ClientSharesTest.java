package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.workloads.CoreWorkload;

class ClientSharesTest {
  static List<Map<String, String>> shares(Phase p, int clients, Map<String, String> props) throws ConfigException {
    return ClientShares.of(new CoreWorkload(), p, new Config(props), clients);
  }

  @Test
  void loadDividesTheRecordRangeIntoContiguousBlocks() throws Exception {
    List<Map<String, String>> s = shares(Phase.LOAD, 3, Map.of("recordcount", "1000"));
    assertThat(s).containsExactly(
        Map.of("insertstart", "0", "insertcount", "334"),
        Map.of("insertstart", "334", "insertcount", "333"),
        Map.of("insertstart", "667", "insertcount", "333"));
  }

  @Test
  void loadDividesTheUsersOwnRange() throws Exception {
    List<Map<String, String>> s = shares(Phase.LOAD, 2,
        Map.of("recordcount", "1000", "insertstart", "100", "insertcount", "11"));
    assertThat(s).containsExactly(Map.of("insertstart", "100", "insertcount", "6"),
        Map.of("insertstart", "106", "insertcount", "5"));
    // insertcount unset: the rest of recordcount from insertstart
    s = shares(Phase.LOAD, 2, Map.of("recordcount", "1000", "insertstart", "900"));
    assertThat(s).containsExactly(Map.of("insertstart", "900", "insertcount", "50"),
        Map.of("insertstart", "950", "insertcount", "50"));
  }

  @Test
  void runDividesOperationsAndTarget() throws Exception {
    List<Map<String, String>> s = shares(Phase.RUN, 3, Map.of("operationcount", "1000", "target", "300"));
    // the core workload's own keys interleave the clients' inserts (CoreWorkloadClientsTest)
    assertThat(s).containsExactly(Map.of("operationcount", "334", "target", "100.0", "coreworkload.clients", "3",
        "coreworkload.client", "0", "coreworkload.clientbase", "1000"),
        Map.of("operationcount", "333", "target", "100.0", "coreworkload.clients", "3", "coreworkload.client", "1",
            "coreworkload.clientbase", "1000"),
        Map.of("operationcount", "333", "target", "100.0", "coreworkload.clients", "3", "coreworkload.client", "2",
            "coreworkload.clientbase", "1000"));
    long sum = s.stream().mapToLong(m -> Long.parseLong(m.get("operationcount"))).sum();
    assertThat(sum).isEqualTo(1000);
    // no operation limit: every client runs until maxexecutiontime
    assertThat(shares(Phase.RUN, 2, Map.of("operationcount", "0", "maxexecutiontime", "10")))
        .extracting(m -> m.containsKey("operationcount")).containsExactly(false, false);
  }

  @Test
  void tooManyClientsIsOneLine() {
    assertThatThrownBy(() -> shares(Phase.LOAD, 5, Map.of("recordcount", "3")))
        .isInstanceOf(ConfigException.class).hasMessage("--clients 5 is more than the 3 records to load: every "
            + "client needs at least one");
    assertThatThrownBy(() -> shares(Phase.RUN, 4, Map.of("operationcount", "3")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("more than operationcount (3)");
    assertThatThrownBy(() -> shares(Phase.RUN, 0, Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("--clients");
  }
}
