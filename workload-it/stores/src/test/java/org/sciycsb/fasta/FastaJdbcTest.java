package org.sciycsb.fasta;

import java.util.List;

/** The fasta workload end to end on the embedded store (jdbc binding, H2 in a temporary folder), with batches. */
class FastaJdbcTest extends FastaEndToEnd {
  @Override
  String binding() {
    return "jdbc";
  }

  @Override
  List<String> storeProps() {
    return List.of("db.url=jdbc:h2:file:" + tmp.resolve("h2").resolve("fasta"), "db.batchsize=50");
  }
}
