package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Secrets;

/** getCmdLineOpts' parsed options as MongoDB gives them (nested documents), flattened and masked. */
class MongoDbServerConfigurationTest {
  @Test
  void nestedOptionsBecomeDottedNamesAndKeysAreMasked() {
    Document parsed = Document.parse("{net: {bindIp: '127.0.0.1', port: 27017}, storage: {dbPath: '/data', "
        + "wiredTiger: {engineConfig: {cacheSizeGB: 0.25}}}, security: {keyFile: '/etc/key'}, "
        + "ldap: {bind: {queryPassword: 'secret'}}}");
    Map<String, String> m = new TreeMap<>();
    MongoDbServerConfiguration.flatten("", parsed, m);
    assertThat(m).containsEntry("net.port", "27017").containsEntry("net.bindIp", "127.0.0.1")
        .containsEntry("storage.wiredTiger.engineConfig.cacheSizeGB", "0.25")
        .containsEntry("security.keyFile", Secrets.MASK).containsEntry("ldap.bind.queryPassword", Secrets.MASK)
        .hasSize(6);
  }
}
