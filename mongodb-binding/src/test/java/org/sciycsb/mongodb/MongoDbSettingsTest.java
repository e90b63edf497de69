package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCompressor;
import com.mongodb.MongoException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcern;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.StoreInfo;
import site.ycsb.Status;

class MongoDbSettingsTest {
  private static MongoDbSettings resolve(String... kv) throws ConfigException {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return MongoDbSettings.resolve(new Config(m));
  }

  @Test
  void defaults() throws Exception {
    MongoDbSettings s = resolve();
    assertThat(s.url().getConnectionString()).isEqualTo("mongodb://127.0.0.1:27017/ycsb");
    assertThat(s.database()).isEqualTo("ycsb");
    assertThat(s.table()).isEqualTo("usertable");
    assertThat(s.batchSize()).isEqualTo(1);
    assertThat(s.upsert()).isFalse();
    assertThat(s.writeConcern()).isNull();
    assertThat(s.readPreference()).isEqualTo(ReadPreference.primary());
    assertThat(s.consistency()).isEqualTo("none");
    assertThat(s.shardKey()).isEqualTo("hashed");
    assertThat(s.compressors()).isEmpty();
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.clientSettings().getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS))
        .isEqualTo(5000);
    assertThat(s.clientSettings().getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS)).isEqualTo(5000);
  }

  @Test
  void databaseFromUrlOrOptionOrDefault() throws Exception {
    assertThat(resolve("mongodb.url", "mongodb://h:1/science").database()).isEqualTo("science");
    assertThat(resolve("mongodb.url", "mongodb://h:1/science", "mongodb.database", "other").database())
        .isEqualTo("other");
    assertThat(resolve("mongodb.url", "mongodb://h:1").database()).isEqualTo("ycsb");
    assertThat(resolve("table", "observations").table()).isEqualTo("observations");
  }

  @Test
  void strongPresetIsPrimaryAcknowledgedAndPrimaryPreferred() throws Exception {
    MongoDbSettings s = resolve("mongodb.consistency", "strong");
    assertThat(s.writeConcern()).isEqualTo(WriteConcern.W1);
    assertThat(s.readPreference()).isEqualTo(ReadPreference.primaryPreferred());
    assertThat(s.clientSettings().getWriteConcern()).isEqualTo(WriteConcern.W1);
  }

  @Test
  void eventualPresetIsW1AndNearest() throws Exception {
    MongoDbSettings s = resolve("mongodb.consistency", "EVENTUAL");
    assertThat(s.consistency()).isEqualTo("eventual");
    assertThat(s.writeConcern()).isEqualTo(WriteConcern.W1);
    assertThat(s.readPreference()).isEqualTo(ReadPreference.nearest());
  }

  @Test
  void explicitOptionsOverridePreset() throws Exception {
    MongoDbSettings s = resolve("mongodb.consistency", "eventual", "mongodb.writeconcern.w", "majority",
        "mongodb.readpreference", "secondaryPreferred");
    assertThat(s.writeConcern()).isEqualTo(WriteConcern.MAJORITY);
    assertThat(s.readPreference()).isEqualTo(ReadPreference.secondaryPreferred());
  }

  @Test
  void presetOverridesUrlAndUrlServesWithoutPreset() throws Exception {
    String url = "mongodb://h:1/db?w=2&readPreference=secondary&journal=true&wtimeoutMS=700";
    MongoDbSettings preset = resolve("mongodb.url", url, "mongodb.consistency", "strong");
    assertThat(preset.writeConcern().getWObject()).isEqualTo(1);
    assertThat(preset.writeConcern().getJournal()).isTrue();
    assertThat(preset.writeConcern().getWTimeout(TimeUnit.MILLISECONDS)).isEqualTo(700);
    assertThat(preset.readPreference()).isEqualTo(ReadPreference.primaryPreferred());

    MongoDbSettings plain = resolve("mongodb.url", url);
    assertThat(plain.writeConcern().getWObject()).isEqualTo(2);
    assertThat(plain.writeConcern().getJournal()).isTrue();
    assertThat(plain.readPreference()).isEqualTo(ReadPreference.secondary());
  }

  @Test
  void journalAndWtimeout() throws Exception {
    MongoDbSettings s = resolve("mongodb.writeconcern.w", "3", "mongodb.writeconcern.j", "true",
        "mongodb.writeconcern.wtimeout", "2s");
    assertThat(s.writeConcern().getWObject()).isEqualTo(3);
    assertThat(s.writeConcern().getJournal()).isTrue();
    assertThat(s.writeConcern().getWTimeout(TimeUnit.MILLISECONDS)).isEqualTo(2000);
    assertThat(s.writeConcernText()).isEqualTo("w=3, j=true, wtimeout=2000ms");

    MongoDbSettings onlyJ = resolve("mongodb.writeconcern.j", "false");
    assertThat(onlyJ.writeConcern().getJournal()).isFalse();
    assertThat(onlyJ.writeConcern().getWObject()).isNull();

    MongoDbSettings w0 = resolve("mongodb.writeconcern.w", "0");
    assertThat(w0.writeConcern().isAcknowledged()).isFalse();
  }

  @Test
  void badWriteConcernValues() {
    assertThatThrownBy(() -> resolve("mongodb.writeconcern.w", "most")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongodb.writeconcern.w");
    assertThatThrownBy(() -> resolve("mongodb.writeconcern.w", "-1")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("mongodb.writeconcern.w", "0", "mongodb.writeconcern.j", "true"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("w=0");
    assertThatThrownBy(() -> resolve("mongodb.writeconcern.wtimeout", "soon")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("mongodb.readpreference", "closest")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("nearest");
    assertThatThrownBy(() -> resolve("mongodb.consistency", "linearizable")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("mongodb.batchsize", "0")).isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> resolve("mongodb.connecttimeout", "0s")).isInstanceOf(ConfigException.class);
  }

  @Test
  void badUrlIsConfigErrorWithoutPassword() {
    assertThatThrownBy(() -> resolve("mongodb.url", "http://alice:pw-x9y8@h:1/db"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongodb.url")
        .hasMessageNotContaining("pw-x9y8");
    assertThatThrownBy(() -> resolve("mongodb.url", "mongodb://alice:pw-x9y8@h:notaport/db"))
        .isInstanceOf(ConfigException.class)
        .hasMessageNotContaining("pw-x9y8");
  }

  @Test
  void maskRemovesPasswordEverywhere() throws Exception {
    MongoDbSettings s = resolve("mongodb.url", "mongodb://alice:Secr3t%21@h:1/db");
    assertThat(s.maskedUrl()).isEqualTo("mongodb://alice:*****@h:1/db");
    assertThat(s.mask("auth failed for alice with Secr3t! at mongodb://alice:Secr3t%21@h:1/db"))
        .doesNotContain("Secr3t").contains("alice");
    assertThat(s.hosts()).isEqualTo("h:1");
  }

  @Test
  void compressors() throws Exception {
    assertThat(resolve("mongodb.compressors", "zlib").compressors()).extracting(MongoCompressor::getName)
        .containsExactly("zlib");
    assertThat(resolve("mongodb.compressors", "snappy").compressors()).extracting(MongoCompressor::getName)
        .containsExactly("snappy");
    assertThat(resolve("mongodb.compressors", "zstd").compressors()).extracting(MongoCompressor::getName)
        .containsExactly("zstd");
    assertThat(resolve("mongodb.url", "mongodb://h/?compressors=zlib", "mongodb.compressors", "none")
        .compressors()).isEmpty();
    assertThat(resolve("mongodb.url", "mongodb://h/?compressors=snappy").compressors())
        .extracting(MongoCompressor::getName).containsExactly("snappy");
  }

  @Test
  void timeoutFromOptionOrUrl() throws Exception {
    assertThat(resolve("mongodb.connecttimeout", "1500ms").connectTimeout()).isEqualTo(Duration.ofMillis(1500));
    assertThat(resolve("mongodb.connecttimeout", "2").connectTimeout()).isEqualTo(Duration.ofMillis(2));
    assertThat(resolve("mongodb.url", "mongodb://h/?serverSelectionTimeoutMS=900").connectTimeout())
        .isEqualTo(Duration.ofMillis(900));
    assertThat(resolve("mongodb.url", "mongodb://h/?serverSelectionTimeoutMS=900", "mongodb.connecttimeout", "3s")
        .connectTimeout()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void optionsAreDeclaredOnceUnderThePrefix() {
    var set = new MongoDbBinding().options();
    assertThat(set.prefixes()).containsExactly("mongodb.");
    for (Option<?> o : set.options()) {
      assertThat(o.name()).startsWith("mongodb.");
      assertThat(o.description()).isNotBlank();
    }
    assertThat(set.declares("mongodb.batchsize")).isTrue();
    assertThat(new MongoDbBinding().name()).isEqualTo("mongodb");
  }

  @Test
  void driverFailuresMapToStatuses() {
    assertThat(MongoDbClient.status(new MongoTimeoutException("timed out"))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(MongoDbClient.status(new MongoSocketOpenException("refused", new ServerAddress("h", 1))))
        .isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(MongoDbClient.status(new IllegalStateException("state should be: open")))
        .isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(MongoDbClient.status(new MongoException("boom"))).isEqualTo(Status.ERROR);
    assertThat(MongoDbClient.status(new IllegalArgumentException("bad"))).isEqualTo(Status.ERROR);
  }

  @Test
  void timeoutCauseIsExtracted() {
    String msg = "Timed out after 2000 ms while waiting to connect. Client view of cluster state is {type=UNKNOWN,"
        + " servers=[{address=127.0.0.1:1, type=UNKNOWN, state=CONNECTING, exception={com.mongodb."
        + "MongoSocketOpenException: Exception opening socket}, caused by {java.net.ConnectException: Connection"
        + " refused}}]";
    assertThat(MongoDbBinding.cause(msg)).isEqualTo("Connection refused");
    assertThat(MongoDbBinding.cause("plain\nsecond")).isEqualTo("plain");
  }

  @Test
  void ferretDbIsNeverLabelledMongoDb() throws Exception {
    MongoDbSettings s = resolve();
    Document hello = new Document("isWritablePrimary", true).append("maxWireVersion", 21);
    StoreInfo ferret = MongoDbRun.describe(s, hello,
        new Document("version", "7.0.77").append("ferretdbVersion", "v1.24.0"), "not a sharded cluster");
    assertThat(ferret.product()).isEqualTo("FerretDB");
    assertThat(ferret.version()).isEqualTo("v1.24.0");
    assertThat(ferret.details()).containsEntry("mongodbCompatibleVersion", "7.0.77")
        .containsEntry("topology", "standalone").doesNotContainKey("backend");
    assertThat(ferret.label()).isEqualTo("FerretDB 1.24.0, NOT MongoDB");
    StoreInfo onPostgres = MongoDbRun.describe(s, hello, new Document("version", "7.0.77")
        .append("ferretdbVersion", "v1.24.0").append(MongoDbRun.FERRETDB_BACKEND, "PostgreSQL"), "not sharded");
    assertThat(onPostgres.label()).isEqualTo("FerretDB 1.24.0 on PostgreSQL, NOT MongoDB");
    assertThat(onPostgres.details()).doesNotContainKey("serverChanges");
    StoreInfo changed = MongoDbRun.describe(s, hello, new Document("version", "7.0.77")
        .append("ferretdbVersion", "v1.24.0").append(MongoDbRun.FERRETDB_BACKEND, "PostgreSQL")
        .append(MongoDbRun.SERVER_CHANGES, "GIN indexes added"), "not sharded");
    assertThat(changed.label())
        .isEqualTo("FerretDB 1.24.0 on PostgreSQL with indexes added behind its back (serverChanges), NOT MongoDB");
    assertThat(changed.details()).containsEntry("serverChanges", "GIN indexes added");

    StoreInfo ferret2 = MongoDbRun.describe(s, hello, new Document("version", "7.0.77")
        .append("ferretdb", new Document("version", "v2.5.0")).append(MongoDbRun.FERRETDB_BACKEND,
            MongoDbRun.ferretDbBackend(new Document("documentdb", "0.106.0 gitref: docdb sha:47eff92 buildId:0")
                .append("postgresql", "PostgreSQL 15.20 (Debian 15.20-0+deb12u1) on x86_64-pc-linux-gnu"))),
        "not a sharded cluster");
    assertThat(ferret2.product()).isEqualTo("FerretDB");
    assertThat(ferret2.version()).isEqualTo("v2.5.0");
    assertThat(ferret2.details()).containsEntry("backend", "DocumentDB 0.106.0 / PostgreSQL 15.20")
        .containsEntry("mongodbCompatibleVersion", "7.0.77");
    assertThat(ferret2.label()).isEqualTo("FerretDB 2.5.0 on DocumentDB 0.106.0 / PostgreSQL 15.20, NOT MongoDB");
    assertThat(MongoDbRun.ferretDbBackend(null)).isNull();
    assertThat(MongoDbRun.ferretDbBackend(new Document())).isNull();

    StoreInfo mongo = MongoDbRun.describe(s, new Document("msg", "isdbgrid"), new Document("version", "7.0.14"),
        "mongos");
    assertThat(mongo.product()).isEqualTo("MongoDB");
    assertThat(mongo.version()).isEqualTo("7.0.14");
    assertThat(mongo.details()).containsEntry("topology", "sharded (mongos)").doesNotContainKey("label");
    assertThat(mongo.label()).isEqualTo("MongoDB 7.0.14");

    StoreInfo rs = MongoDbRun.describe(s, new Document("setName", "rs0"), new Document("version", "6.0.1"), "-");
    assertThat(rs.details()).containsEntry("topology", "replica set rs0");
  }
}
