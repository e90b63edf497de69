package org.sciycsb.riak;

import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/** The {@code riak} binding: Riak KV over protocol buffers with riak-client 2.1. */
public final class RiakBinding implements Binding {
  @Override
  public String name() {
    return "riak";
  }

  @Override
  public String summary() {
    return "Riak KV (protocol buffers, riak-client 2.1): quorum presets, strongly consistent bucket types, 2i scans";
  }

  /** Every record operation also runs on riak-client's futures ({@link RiakDb}), for {@code -p inflight=N}. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** The SubjectTimeline (fhir) and DocumentStore (fasta) handles run on riak-client's futures too. */
  @Override
  public boolean supportsAsync(Class<? extends org.sciycsb.api.AccessPath> path) {
    return path == org.sciycsb.api.access.SubjectTimeline.class
        || path == org.sciycsb.api.access.DocumentStore.class;
  }

  @Override
  public OptionSet options() {
    return RiakOptions.set();
  }

  /** The nodes of riak.hosts on their protocol buffers ports; unknown when riak.hosts is not set. */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    String hosts = config.get(RiakOptions.HOSTS);
    return hosts == null ? StoreLocation.UNKNOWN : StoreLocation.at(RiakSettings.parseHosts(hosts,
        config.get(RiakOptions.PORT)).stream().map(h -> new StoreLocation.Endpoint(h.host(), h.port())).toList());
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    RiakSettings settings = RiakSettings.from(context.config());
    if (settings.debug()) {
      context.log().println("riak: " + settings.describe());
    }
    String table = context.config().raw("table", "usertable");
    return RiakConnect.open(settings, table, context.log(), context.failures());
  }
}
