package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ServerStats;

/**
 * A node's GET /stats recorded from the former test server (Riak KV 3.2.2, one node, ring of 8, after
 * 3,975 puts through HTTP into a bucket of n_val 3), read as the ring's details and as counters and gauges.
 */
class RiakNodeStatsTest {
  static JsonNode recorded(String name) throws IOException {
    try (InputStream in = RiakNodeStatsTest.class.getResourceAsStream("/stats/" + name + ".json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  @Test
  void theCumulativeTotalsAreCountersAndTheCurrentLoadGauges() throws IOException {
    ServerStats s = RiakNodeStats.serverStats(recorded("riak-single-node"));
    assertThat(s.source()).isEqualTo("/stats of riak1@127.0.0.1");
    assertThat(s.counters()).containsEntry("node_puts_total", 3975.0)
        .containsEntry("vnode_puts_total", 3 * 3975.0) // n_val 3: three vnodes store each put
        .containsEntry("vnode_index_writes_total", 3 * 3975.0)
        .containsEntry("node_gets_total", 0.0)
        .containsKeys("pbc_connects_total", "read_repairs_total", "coord_redirs_total", "vnode_index_reads_total")
        // Erlang's memory, the machine's and the vnode queues end in _total but count nothing since the start;
        // the one-minute windows (node_puts) are no counters either
        .doesNotContainKeys("memory_total", "mem_total", "riak_kv_vnodeq_total", "node_puts");
    assertThat(s.counters().keySet()).allMatch(k -> k.endsWith("_total"));
    assertThat(s.counters()).hasSize(88);
    assertThat(s.gauges()).containsEntry("memory_total", 70702936.0)
        .containsEntry("sys_process_count", 802.0)
        .containsEntry("pbc_active", 0.0)
        .containsEntry("node_put_fsm_time_95", 0.0)
        .containsEntry("riak_kv_vnodeq_total", 0.0);
    assertThat(s.gauges()).hasSize(RiakNodeStats.GAUGES.size());
  }

  @Test
  void theRingOfOneNode() throws IOException {
    Map<String, String> details = new LinkedHashMap<>();
    RiakNodeStats.ring(recorded("riak-single-node"), details);
    assertThat(details).containsEntry("nodes", "1").containsEntry("ring_members", "riak1@127.0.0.1")
        .containsEntry("connected_nodes", "0").containsEntry("ring_size", "8")
        .containsEntry("storage_backend", "riak_kv_leveled_backend");
  }

  @Test
  void theRingOfThreeNodesAsItsFirstNodeSeesIt() throws IOException {
    Map<String, String> details = new LinkedHashMap<>();
    RiakNodeStats.ring(new ObjectMapper().readTree("{\"nodename\": \"riak_r1@127.0.0.1\", \"ring_members\":"
        + " [\"riak_r1@127.0.0.1\", \"riak_r2@127.0.0.1\", \"riak_r3@127.0.0.1\"], \"connected_nodes\":"
        + " [\"riak_r2@127.0.0.1\", \"riak_r3@127.0.0.1\"], \"ring_num_partitions\": 64}"), details);
    assertThat(details).containsEntry("nodes", "3")
        .containsEntry("ring_members", "riak_r1@127.0.0.1,riak_r2@127.0.0.1,riak_r3@127.0.0.1")
        .containsEntry("connected_nodes", "2").containsEntry("ring_size", "64").doesNotContainKey("storage_backend");
  }

  @Test
  void aNodeWithoutHttpIsABindingErrorThatNamesTheOption() {
    RiakNodeStats stats = new RiakNodeStats(URI.create("http://127.0.0.1:1/stats"), Duration.ofSeconds(1));
    assertThatThrownBy(stats::read).isInstanceOf(BindingException.class)
        .hasMessageContaining("http://127.0.0.1:1/stats").hasMessageContaining("riak.http_port");
  }
}
