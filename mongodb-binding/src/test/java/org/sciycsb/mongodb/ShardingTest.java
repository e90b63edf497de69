package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The shard keys mongodb.shardkey asks a mongos for (no mongos runs here: the commands are checked as built). */
class ShardingTest {
  @Test
  void hashedAndRangeKeys() {
    assertThat(Sharding.key("_id", "hashed").toJson()).isEqualTo(new Document("_id", "hashed").toJson());
    assertThat(Sharding.key("subject", "range").toJson()).isEqualTo(new Document("subject", 1).toJson());
    assertThat(Sharding.describe("_id", "hashed")).isEqualTo("{_id: hashed}");
    assertThat(Sharding.describe("subject", "range")).isEqualTo("{subject: 1} (range)");
  }

  @Test
  void noneShardsNothing() throws Exception {
    // admin is never touched for none: a null handle proves it
    Sharding s = new Sharding("none", null, "db", System.err);
    assertThat(s.shard("usertable", "_id")).isEqualTo("mongos, db.usertable left as it is (mongodb.shardkey=none)");
  }
}
