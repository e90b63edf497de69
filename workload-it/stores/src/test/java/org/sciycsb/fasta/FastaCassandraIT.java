package org.sciycsb.fasta;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.sciycsb.fasta.doc.DocType;

/**
 * The fasta workload end to end on the Cassandra test server ({@code bin/servers start cassandra}), one table per
 * type in the keyspace {@code sciycsb_fasta_it}. The contact point comes from {@code -Dsciycsb.cassandra.hosts} or
 * {@code SCIYCSB_CASSANDRA_HOSTS} (default 127.0.0.1, port 9042 as the server script); the test fails when no
 * server answers there.
 */
class FastaCassandraIT extends FastaEndToEnd {
  static final String KEYSPACE = "sciycsb_fasta_it";

  static String hosts() {
    String env = System.getenv("SCIYCSB_CASSANDRA_HOSTS");
    return System.getProperty("sciycsb.cassandra.hosts", env == null ? "127.0.0.1" : env);
  }

  @Override
  String binding() {
    return "cassandra";
  }

  @Override
  List<String> storeProps() {
    return List.of("cassandra.hosts=" + hosts(), "cassandra.keyspace=" + KEYSPACE);
  }
  @Override
  boolean asyncDocuments() {
    return true;
  }


  @AfterEach
  void dropTables() {
    String host = hosts().split(",")[0].trim();
    try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress(host.split(":")[0], 9042))
        .withLocalDatacenter("datacenter1").build()) {
      for (DocType t : DocType.values()) {
        s.execute(SimpleStatement.newInstance("DROP TABLE IF EXISTS " + KEYSPACE + "." + prefix + t.code())
            .setTimeout(Duration.ofSeconds(60)));
      }
    }
  }
}
