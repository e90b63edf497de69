package org.sciycsb.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;

/**
 * The cluster and schema checks of a new session: the local datacenter exists, the keyspace and table are created
 * ({@code cassandra.createschema=true}) or must exist, and every node agrees on the schema.
 */
final class CassandraSchema {
  /** How long a DDL statement, and the nodes' agreement after it, may take. */
  static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);

  private CassandraSchema() {}

  /** Checks the datacenter, then creates or checks the keyspace and table. */
  static void prepare(CassandraSettings s, CqlSession session, PrintStream log) throws ConfigException,
      BindingException {
    checkDatacenter(s.connection().localDc(), session);
    if (s.schema().create()) {
      create(s.schema(), session, log);
    } else {
      check(s.schema(), session);
    }
  }

  private static void checkDatacenter(String localDc, CqlSession session) throws ConfigException {
    Set<String> dcs = new TreeSet<>();
    for (Node n : session.getMetadata().getNodes().values()) {
      if (n.getDatacenter() != null) {
        dcs.add(n.getDatacenter());
      }
    }
    if (!dcs.isEmpty() && !dcs.contains(localDc)) {
      throw new ConfigException("cassandra.localdc=" + localDc + " is not a datacenter of the cluster: it has "
          + String.join(", ", dcs));
    }
  }

  private static void create(CassandraSettings.Schema s, CqlSession session, PrintStream log)
      throws BindingException {
    try {
      session.execute(SimpleStatement.newInstance(Cql.createKeyspace(s.keyspace(), s.replication()))
          .setTimeout(DDL_TIMEOUT));
      String actual = replicationOf(session, s.keyspace());
      if (!s.replication().equals(actual)) {
        log.println("cassandra: WARNING: keyspace " + s.keyspace() + " already exists with replication " + actual
            + ", not the requested " + s.replication() + " (cassandra.replication.* only apply to a new keyspace)");
      }
      session.execute(SimpleStatement.newInstance(Cql.createTable(s.keyspace(), s.table(), s.fields()))
          .setTimeout(DDL_TIMEOUT));
      awaitAgreement(session);
    } catch (DriverException e) {
      throw new BindingException("cannot create keyspace " + s.keyspace() + " / table " + s.table() + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }

  /**
   * The driver waits for agreement after each DDL statement, but judges it from the control node's {@code
   * system.peers}, which gossip fills in: on a cluster just started a peer can be listed with the new version before
   * it has the table (CI saw "table ... does not exist" right after a create on three nodes). So each node that is
   * not down is asked for its own {@code system.local} version, until all are the same, for at most the DDL timeout
   * (then goes on: the statements that follow name the node that lacks the table).
   */
  static void awaitAgreement(CqlSession session) {
    long deadline = System.nanoTime() + DDL_TIMEOUT.toNanos();
    while (!everyNodeAgrees(session) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static boolean everyNodeAgrees(CqlSession session) {
    if (!session.checkSchemaAgreement()) {
      return false;
    }
    Set<Object> versions = new HashSet<>();
    for (Node n : session.getMetadata().getNodes().values()) {
      // a node the session holds no connection to (another data centre than cassandra.localdc: distance IGNORED)
      // cannot be asked; checkSchemaAgreement above judged it from system.peers. Asking it anyway failed every time
      // and waited out the whole DDL timeout on every run against a multi-data-centre cluster.
      if (n.getState() == NodeState.DOWN || n.getState() == NodeState.FORCED_DOWN
          || n.getDistance() == NodeDistance.IGNORED) {
        continue;
      }
      try {
        Row row = session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
            .setNode(n).setTimeout(Duration.ofSeconds(5))).one();
        versions.add(row == null ? null : row.getUuid(0));
      } catch (DriverException e) {
        return false;
      }
    }
    return versions.size() <= 1;
  }

  /** The keyspace's replication as the server has it, in {@link CassandraOptions#render} form. */
  static String replicationOf(CqlSession session, String keyspace) {
    Row row = session.execute(SimpleStatement.newInstance(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).one();
    return row == null ? "none" : CassandraOptions.render(row.getMap(0, String.class, String.class));
  }

  private static void check(CassandraSettings.Schema s, CqlSession session) throws BindingException {
    try {
      boolean ks = session.execute(SimpleStatement.newInstance(
          "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", s.keyspace())).one() != null;
      if (!ks) {
        throw new BindingException("keyspace '" + s.keyspace() + "' does not exist and cassandra.createschema=false:"
            + " create it, or set cassandra.createschema=true");
      }
      boolean table = session.execute(SimpleStatement.newInstance(
          "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
          s.keyspace(), s.table())).one() != null;
      if (!table) {
        throw new BindingException("table '" + s.keyspace() + "." + s.table() + "' does not exist and"
            + " cassandra.createschema=false: create it, or set cassandra.createschema=true");
      }
    } catch (DriverException e) {
      throw new BindingException("cannot read the schema of keyspace " + s.keyspace() + ": "
          + Secrets.maskText(e.getMessage()), e);
    }
  }
}
