package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * {@link ServerStatsIT}'s check for Riak: the node's own figures ({@code extra.server}, from its /stats) read back
 * against what a load did, on a REAL Riak KV node that the user brings ({@code bin/test --server riak=HOST:PORT},
 * {@link TestServers#riakHosts()}): no package registry ships Riak KV. Tagged {@code server-riak}, so left out of
 * the default {@code bin/test}; without the node it fails, it is never skipped.
 */
@Tag("server-riak")
class RiakServerStatsIT {
  @TempDir
  Path tmp;

  JsonNode load(String name, String binding, String... props) throws Exception {
    ServerStatsIT stats = new ServerStatsIT();
    stats.tmp = tmp;
    return stats.load(name, binding, props);
  }

  /**
   * Riak: the node coordinates every put of the load (node_puts_total) and, n_val 3 on one node, stores each in
   * three vnodes (vnode_puts_total), acknowledging it once two of them have (w = quorum). Riak answers /stats from a
   * cache it refreshes at most once a second, so the closing sample can miss the puts of the load's last second:
   * paced to at most 1,000 per second, never half of them. The node brought must be a single node (not a ring: the
   * counters are one node's) that nothing else writes to during the test.
   */
  @Test
  void riakCountsThePutsItCoordinatedAndItsVnodesStored() throws Exception {
    JsonNode r = load("riak", "riak", "-p", "riak.hosts=" + TestServers.riakHosts(),
        "-p", "table=serverstats" + System.currentTimeMillis(), "-p", "target=1000");
    assertThat(r.path("metadata").path("store").path("details").path("nodes").asText()).isEqualTo("1");
    JsonNode server = r.path("extra").path("server");
    assertThat(server.path("source").asText()).startsWith("/stats of riak");
    double puts = ServerStatsIT.delta(server, "node_puts_total");
    assertThat(puts).isBetween(ServerStatsIT.RECORDS / 2.0, (double) ServerStatsIT.RECORDS);
    assertThat(ServerStatsIT.delta(server, "vnode_puts_total")).isBetween(2 * puts, 3.0 * ServerStatsIT.RECORDS);
  }
}
