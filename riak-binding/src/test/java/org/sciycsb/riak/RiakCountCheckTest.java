package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;

/**
 * The post-load count check through the whole engine, with the binding counting through its key_bin 2i range:
 * a load of N leaves N, and a store that acknowledged writes it did not keep fails the load (exit 4). Against the
 * protocol-level STAND-IN ({@link RiakStandIn}, not Riak): no Riak server can be installed here.
 */
class RiakCountCheckTest {
  @TempDir
  Path tmp;

  @Test
  void aLoadOfNLeavesNAndALossFailsTheLoad() throws Exception {
    try (RiakStandIn standIn = RiakStandIn.start(RiakStandIn.Mode.eventual())) {
      InProcessRun ok = InProcessRun.run("load", "riak", "-P", "../workloads/workloada", "-p",
          "riak.hosts=" + standIn.hosts(),
          "-p", "recordcount=250", "-p", "table=counted", "-threads", "2", "-p", "results.dir=" + tmp.resolve("ok"));
      assertThat(ok.exit).as(ok.toString()).isZero();
      JsonNode j = InProcessRun.results(tmp.resolve("ok"));
      assertThat(j.path("extra").path("countCheck").asText()).isEqualTo("ok");
      assertThat(ok.text("INSERT", "Operations")).isEqualTo("250");

      standIn.loseEvery(10);
      InProcessRun lost = InProcessRun.run("load", "riak", "-P", "../workloads/workloada", "-p",
          "riak.hosts=" + standIn.hosts(),
          "-p", "recordcount=250", "-p", "table=lossy", "-threads", "2", "-p", "results.dir=" + tmp.resolve("lost"));
      assertThat(lost.exit).as(lost.toString()).isEqualTo(4);
      assertThat(lost.err).contains("error: count check failed: 250 inserts succeeded but the store holds 225 records");
      JsonNode l = InProcessRun.results(tmp.resolve("lost"));
      assertThat(l.path("summary").path("outcome").asText()).isEqualTo("failed");
      assertThat(l.path("extra").path("countCheck").asText()).contains("holds 225 records");
    }
  }
}
