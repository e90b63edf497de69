package org.sciycsb.fasta;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.sciycsb.testkit.TestServers;

/**
 * The fasta workload end to end on the MongoDB-wire test server ({@code bin/servers start mongodb}: FerretDB),
 * with {@code insertMany} batches. The address comes from {@code -Dsciycsb.mongodb.url} or
 * {@code SCIYCSB_MONGODB_URL} (default {@code mongodb://127.0.0.1:27017}, the server script's); the test fails
 * when no server answers there.
 */
class FastaMongoIT extends FastaEndToEnd {
  static final String DB = "sciycsb_fasta_it";

  static String url() {
    return TestServers.mongodb();
  }

  @Override
  String binding() {
    return "mongodb";
  }

  @Override
  List<String> storeProps() {
    return List.of("mongodb.url=" + TestServers.mongodb(DB), "mongodb.batchsize=100", "mongodb.connecttimeout=5s");
  }
  @Override
  boolean asyncDocuments() {
    return true;
  }

  @Override
  List<String> inflightProps() {
    return List.of("mongodb.batchsize=1"); // insert batches and operations in flight do not go together
  }


  @AfterEach
  void dropCollections() {
    try (MongoClient c = MongoClients.create(url())) {
      for (String n : c.getDatabase(DB).listCollectionNames()) {
        if (n.startsWith(prefix)) {
          c.getDatabase(DB).getCollection(n).drop();
        }
      }
    }
  }
}
