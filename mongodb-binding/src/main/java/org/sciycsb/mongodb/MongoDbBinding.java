package org.sciycsb.mongodb;

import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import org.bson.Document;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code mongodb} binding: MongoDB (and MongoDB-wire servers such as FerretDB) through the synchronous
 * Java driver 5.x. {@link #open} creates the run's one {@link MongoClient} and checks that the server answers.
 */
public final class MongoDbBinding implements Binding {
  @Override
  public String name() {
    return "mongodb";
  }

  @Override
  public String summary() {
    return "MongoDB and MongoDB-wire servers (FerretDB) through the Java driver 5.x: batched unordered loads,"
        + " write concerns, consistency presets, hashed sharding";
  }

  @Override
  public OptionSet options() {
    return MongoDbOptions.set();
  }

  /** Its DBs send through the same driver's reactive-streams client too, one document per call. */
  @Override
  public boolean supportsAsync() {
    return true;
  }

  /** The SubjectTimeline (fhir) and DocumentStore (fasta) handles send through the reactive-streams client too. */
  @Override
  public boolean supportsAsync(Class<? extends org.sciycsb.api.AccessPath> path) {
    return path == org.sciycsb.api.access.SubjectTimeline.class
        || path == org.sciycsb.api.access.DocumentStore.class;
  }

  @Override
  public boolean supportsThreadClients() {
    return true;
  }

  /**
   * The hosts of mongodb.url (port 27017 where none is given); unknown for a {@code mongodb+srv://} URL, whose hosts
   * only DNS knows.
   */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    com.mongodb.ConnectionString url = MongoDbSettings.resolve(config).url();
    if (url.isSrvProtocol()) {
      return StoreLocation.UNKNOWN;
    }
    return StoreLocation.at(StoreLocation.parseHosts(String.join(",", url.getHosts()), 27017,
        MongoDbOptions.URL.name()));
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    MongoDbSettings settings = MongoDbSettings.resolve(context.config());
    String inflight = context.config().raw("inflight");
    if (inflight != null && Integer.parseInt(inflight.trim()) > context.threads() && settings.batchSize() > 1) {
      throw new org.sciycsb.api.ConfigException(MongoDbOptions.BATCHSIZE.name() + "=" + settings.batchSize()
          + " buffers a thread's inserts, which inflight=" + inflight.trim() + " sends one at a time: use "
          + MongoDbOptions.BATCHSIZE.name() + "=1 with inflight");
    }
    MongoClient client;
    java.util.concurrent.atomic.AtomicLong opened = new java.util.concurrent.atomic.AtomicLong();
    try {
      client = MongoClients.create(MongoDbRun.counting(settings.clientSettings(), opened, 0));
    } catch (RuntimeException e) {
      throw new BindingException("cannot create the MongoDB client for " + settings.maskedUrl() + ": "
          + settings.mask(e.getMessage()), e);
    }
    try {
      MongoDatabase admin = client.getDatabase("admin");
      Document hello;
      try {
        hello = admin.runCommand(new Document("hello", 1));
      } catch (com.mongodb.MongoCommandException e) {
        hello = admin.runCommand(new Document("isMaster", 1)); // servers older than 4.4.2 (4.2.10, 4.0.21)
      }
      Document buildInfo = admin.runCommand(new Document("buildInfo", 1));
      if (buildInfo.get("ferretdb") instanceof Document) {
        // FerretDB 2 names its backend (DocumentDB and PostgreSQL versions) in serverStatus only
        buildInfo.put(MongoDbRun.FERRETDB_BACKEND,
            MongoDbRun.ferretDbBackend(admin.runCommand(new Document("serverStatus", 1)).get("ferretdb")));
      } else if (buildInfo.get("ferretdbVersion") != null) {
        buildInfo.put(MongoDbRun.FERRETDB_BACKEND, MongoDbRun.ferretDb1Backend(admin));
      }
      if (MongoDbRun.ferretDbVersion(buildInfo) != null) {
        buildInfo.put(MongoDbRun.SERVER_CHANGES, MongoDbRun.serverChanges(admin));
      }
      return new MongoDbRun(settings, client, opened, hello, buildInfo, context);
    } catch (MongoTimeoutException e) {
      client.close();
      throw new BindingException("MongoDB server at " + settings.hosts() + " not reachable within "
          + org.sciycsb.api.Option.formatDuration(settings.connectTimeout()) + " (" + MongoDbOptions.URL.name()
          + "=" + settings.maskedUrl() + "); is it running? (" + settings.mask(cause(e.getMessage())) + ")", e);
    } catch (MongoSecurityException e) {
      client.close();
      throw new BindingException("MongoDB server at " + settings.hosts() + " refused the credentials of "
          + settings.maskedUrl() + ": " + firstLine(settings.mask(e.getMessage())), e);
    } catch (MongoException | IllegalStateException e) {
      client.close();
      throw new BindingException("MongoDB server at " + settings.hosts() + " failed at start: "
          + firstLine(settings.mask(e.getMessage())), e);
    } catch (BenchmarkException e) {
      client.close();
      throw e;
    } catch (RuntimeException e) {
      client.close();
      throw new BindingException("MongoDB server at " + settings.hosts() + " failed at start: "
          + firstLine(settings.mask(String.valueOf(e))), e);
    }
  }

  private static final java.util.regex.Pattern CAUSED_BY = java.util.regex.Pattern.compile("caused by \\{([^}]*)\\}");

  /** The innermost cause the driver quotes in a server-selection timeout, e.g. "Connection refused". */
  static String cause(String message) {
    if (message == null) {
      return "timed out";
    }
    java.util.regex.Matcher m = CAUSED_BY.matcher(message);
    String last = null;
    while (m.find()) {
      last = m.group(1);
    }
    if (last == null) {
      return firstLine(message);
    }
    int colon = last.indexOf(": ");
    String text = colon >= 0 ? last.substring(colon + 2) : last;
    return last.startsWith("java.net.UnknownHostException") ? "unknown host " + text : text;
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    String line = nl < 0 ? s : s.substring(0, nl);
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }
}
