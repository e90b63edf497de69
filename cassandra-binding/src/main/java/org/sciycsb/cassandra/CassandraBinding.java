package org.sciycsb.cassandra;

import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code cassandra} binding: Apache Cassandra through the Apache Cassandra Java driver 4.x.
 * One {@code CqlSession} per run, prepared statements cached per (operation, table, field set).
 */
public final class CassandraBinding implements Binding {
  private static final OptionSet OPTIONS = CassandraOptions.optionSet();

  @Override
  public String name() {
    return "cassandra";
  }

  @Override
  public String summary() {
    return "Apache Cassandra 3.x-5.x via the Apache Cassandra Java driver 4.x (CQL, token-range scans)";
  }

  @Override
  public OptionSet options() {
    return OPTIONS;
  }

  /** Its DBs send through the driver's {@code executeAsync} too: a few threads keep many requests in flight. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** The SubjectTimeline (fhir) and DocumentStore (fasta) handles send through {@code executeAsync} too. */
  @Override
  public boolean supportsAsync(Class<? extends org.sciycsb.api.AccessPath> path) {
    return path == org.sciycsb.api.access.SubjectTimeline.class
        || path == org.sciycsb.api.access.DocumentStore.class;
  }

  /** The contact points of cassandra.hosts (or hosts) on cassandra.port (or port). */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    return StoreLocation.at(CassandraSettings.contactPoints(config).stream()
        .map(h -> new StoreLocation.Endpoint(h.host(), h.port())).toList());
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    return CassandraRun.open(CassandraSettings.from(context.config()), context.log(), context.failures());
  }
}
