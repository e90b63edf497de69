package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Binding;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.testkit.BindingConformance;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The conformance suite against a REAL Riak KV node (2i needs the leveldb or memory backend). Runs only in the
 * {@code riak-it} Maven profile, which is active when {@code RIAK_HOSTS} is set:
 * {@code RIAK_HOSTS=10.0.0.1,10.0.0.2 mvn -pl riak-binding -am verify}. Optional: {@code RIAK_BUCKET_TYPE}
 * (default {@code default}), {@code RIAK_CONSISTENCY} (strong, eventual or default). Run by hand without a node it
 * fails (it connects to 127.0.0.1:8087): it is never skipped.
 */
class RiakIT extends BindingConformance {
  static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? dflt : v;
  }

  @Override
  protected Binding binding() {
    return new RiakBinding();
  }

  @Override
  protected Map<String, String> properties() {
    Map<String, String> p = new HashMap<>();
    p.put("riak.hosts", env("RIAK_HOSTS", "127.0.0.1"));
    p.put("riak.bucket_type", env("RIAK_BUCKET_TYPE", "default"));
    p.put("riak.consistency", env("RIAK_CONSISTENCY", "strong"));
    return p;
  }

  @Test
  void storeInfoNamesTheServerVersion() {
    StoreInfo info = run.storeInfo();
    assertThat(info.product()).isEqualTo("Riak KV");
    assertThat(info.version()).isNotEqualTo("unknown");
    assertThat(info.details()).containsKey("node");
  }

  @Test
  void updateOfMissingRecordIsNotFound() {
    assertThat(db.update(table, "ghost", record("field0", "x"))).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void insertOverwrites() {
    db.insert(table, "k", record("field0", "a"));
    assertThat(db.insert(table, "k", record("field0", "b"))).isEqualTo(Status.OK);
    Map<String, ByteIterator> out = new HashMap<>();
    assertThat(db.read(table, "k", null, out)).isEqualTo(Status.OK);
    assertThat(out.get("field0").toString()).isEqualTo("b");
  }
}
