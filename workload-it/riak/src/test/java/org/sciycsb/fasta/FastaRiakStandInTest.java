package org.sciycsb.fasta;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.sciycsb.riak.RiakStandIn;

/**
 * The fasta workload end to end (write phase with the real ssearch36 fixtures and a generated corpus, count check,
 * read phase) through the engine and the riak binding against {@link RiakStandIn}: a protocol-level STAND-IN for
 * a Riak node, in test scope. It checks the binding's DocumentStore mapping (a bucket per collection, key_bin
 * counts) over the real client and wire protocol; it is not Riak and its timings are never benchmark figures.
 * Lives in the riak module (package of {@link FastaEndToEnd}, from the fasta-workload test jar) so that
 * riak-client's netty stays off the fasta module's classpath.
 */
class FastaRiakStandInTest extends FastaEndToEnd {
  private static RiakStandIn standIn;

  @BeforeAll
  static void startStandIn() throws Exception {
    standIn = RiakStandIn.start(RiakStandIn.Mode.eventual());
  }

  @AfterAll
  static void stopStandIn() throws Exception {
    standIn.close();
  }

  @Override
  String binding() {
    return "riak";
  }

  @Override
  List<String> storeProps() {
    return List.of("riak.hosts=" + standIn.hosts(), "riak.consistency=strong");
  }
  @Override
  boolean asyncDocuments() {
    return true;
  }

}
