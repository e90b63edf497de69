package org.sciycsb.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/** The common CRUD contract against the test server (FerretDB 2.5 on DocumentDB: {@code bin/servers start mongodb}). */
@Tag("server-mongodb")
class MongoDbConformanceIT extends BindingConformance {
  MongoDbConformanceIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
