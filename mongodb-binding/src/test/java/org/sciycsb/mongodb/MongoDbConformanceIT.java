package org.sciycsb.mongodb;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/** The common CRUD contract against the test server (FerretDB 1.24 on PostgreSQL 15: {@code bin/servers start mongodb}). */
@Tag("server-mongodb")
class MongoDbConformanceIT extends BindingConformance {
  MongoDbConformanceIT() {
    super(new MongoDbBinding(), () -> ItServer.props());
  }
}
