package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.StoreInfo;

/**
 * What the binding learns of the test server {@code bin/servers start mongodb} starts, FerretDB 1.24 on PostgreSQL
 * 15 with the GIN indexes that script adds behind FerretDB's back (SCIYCSB_MONGODB_INDEXES=gin, the default), and
 * what it refuses there. Not tagged {@code server-mongodb}: a server the user brings is another product.
 */
class MongoDbTestServerIT {
  /** The test server's label: bin/servers start mongodb adds GIN indexes behind FerretDB's back (its default). */
  static final String LABEL = "FerretDB 1.24.0 on PostgreSQL with indexes added behind its back (serverChanges),"
      + " NOT MongoDB";

  @Test
  void storeInfoNamesFerretDbOnPostgreSqlNotMongoDb() throws Exception {
    try (MongoDbRun run = (MongoDbRun) new MongoDbBinding().open(ItServer.context(ItServer.props(), Phase.LOAD, 1))) {
      StoreInfo info = run.storeInfo();
      assertThat(info.product()).isEqualTo("FerretDB");
      assertThat(info.version()).isEqualTo("v1.24.0");
      // FerretDB 1.x names no backend; the binding reads it from the shape of its explain answers
      assertThat(info.details()).containsEntry("backend", "PostgreSQL")
          .containsEntry("label", LABEL)
          .containsKey("mongodbCompatibleVersion").containsEntry("topology", "standalone")
          .containsEntry("database", "sciycsb_it").containsEntry("sharding",
              "not a sharded cluster (mongodb.shardkey=hashed applies on a mongos only)");
      assertThat(info.label()).isEqualTo(LABEL);
      // what bin/servers changed behind FerretDB's back, from its note on the server
      assertThat(info.details().get("serverChanges")).contains("GIN index").contains("listIndexes does not show")
          .contains("plan_cache_mode=force_custom_plan");
      assertThat(info.details().get("driver")).startsWith("mongodb-driver-sync 5.");
      assertThat(run.isMongos()).isFalse();
    }
  }

  @Test
  void serverConfigurationIsFerretDbsCommandLine() throws Exception {
    try (MongoDbRun run = (MongoDbRun) new MongoDbBinding().open(ItServer.context(ItServer.props(), Phase.LOAD, 1))) {
      org.sciycsb.api.ServerConfiguration c = run.serverConfiguration().orElseThrow();
      assertThat(c.source()).startsWith("getCmdLineOpts");
      // FerretDB 1.24 answers getCmdLineOpts with argv ["ferretdb"] and nothing parsed
      assertThat(c.settings()).as("FerretDB's getCmdLineOpts").containsEntry("argv", "ferretdb");
    }
  }

  @Test
  void unacknowledgedWritesAreRefusedOnFerretDb() throws Exception {
    Map<String, String> p = ItServer.props("mongodb.writeconcern.w", "0");
    assertThatThrownBy(() -> new MongoDbBinding().open(ItServer.context(p, Phase.RUN, 1)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("FerretDB").hasMessageContaining("w=0");
  }
}
