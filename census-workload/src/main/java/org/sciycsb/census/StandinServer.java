package org.sciycsb.census;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MongoDB-wire STAND-IN for mongo-hadoop's 3.x driver: de.bwaldvogel mongo-java-server on 127.0.0.1, with its
 * in-memory backend (every collection in the heap) or its H2 backend (every collection in one H2 MVStore file, the
 * heap holding only the MVStore's cache and the current queries' results). It is not MongoDB: figures measured
 * against it must be labelled with {@link #label}, never "MongoDB". Used where mongo-hadoop's 3.x driver needs a
 * server in this JVM or without FerretDB; FerretDB alone rejects the driver's OP_QUERY handshake ({@link
 * OpQueryBridge} lets it through).
 *
 * <pre>
 *   java -cp ... org.sciycsb.census.StandinServer [PORT [memory | h2 FILE]]     (default: 27018 memory)
 * </pre>
 */
public final class StandinServer {
  private StandinServer() {}

  /**
   * Documents per reply of a find or getMore that names no batchSize. mongo-java-server 1.44 answers such a command
   * with the whole result in one reply (MongoDB: 101 documents, then up to 16 MB a reply), which the 3.x driver
   * refuses over 48 MB ("reply message length ... is greater than the maximum message length 48000000"):
   * mongo-hadoop's record reader names no batch size, so a split of more than ~18,000 census records (census.splitsize=128)
   * read nothing. 1000 census documents are about 2.7 MB.
   */
  public static final int DEFAULT_BATCH = 1000;

  /** Where the stand-in keeps its collections. */
  public enum Backend {
    /** mongo-java-server's MemoryBackend: the collections live in the heap (about 1.5 GB per 100,000 census records). */
    MEMORY("in-memory backend"),
    /** mongo-java-server's H2Backend on an MVStore file: the collections live on disk. */
    H2("H2 backend");

    final String description;

    Backend(String description) {
      this.description = description;
    }

    /** "memory" or "h2" (case-insensitive); anything else is an IllegalArgumentException naming the choices. */
    public static Backend parse(String s) {
      switch (s.toLowerCase(Locale.ROOT)) {
        case "memory":
          return MEMORY;
        case "h2":
          return H2;
        default:
          throw new IllegalArgumentException("unknown stand-in backend '" + s + "' (memory or h2)");
      }
    }
  }

  /** Starts an in-memory stand-in on 127.0.0.1:port (0 = any free port); returns it (call shutdownNow to stop). */
  public static MongoServer start(int port) {
    return start(port, Backend.MEMORY, null);
  }

  /**
   * Starts a stand-in on 127.0.0.1:port (0 = any free port) with the given backend; for H2, {@code file} is the
   * MVStore file (created with its parent folders when missing, reopened with its collections when present).
   * {@code shutdownNow} on the returned server closes the backend, which writes the MVStore file out.
   */
  public static MongoServer start(int port, Backend backend, Path file) {
    MongoBackend b;
    if (backend == Backend.H2) {
      if (file == null) {
        throw new IllegalArgumentException("the H2 backend needs a file");
      }
      try {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
      } catch (java.io.IOException e) {
        throw new IllegalStateException("cannot create the folder of " + file + ": " + e.getMessage(), e);
      }
      b = new BatchedH2Backend(file.toAbsolutePath().toString());
    } else {
      b = new BatchedMemoryBackend();
    }
    MongoServer server = new MongoServer(b);
    try {
      server.bind("127.0.0.1", port);
    } catch (RuntimeException e) {
      b.close();
      throw e;
    }
    return server;
  }

  /** find and getMore without a batchSize get {@link #DEFAULT_BATCH}; every other command is left as it is. */
  static Document withDefaultBatch(String command, Document query) {
    if (("find".equalsIgnoreCase(command) || "getMore".equalsIgnoreCase(command)) && !query.containsKey("batchSize")) {
      Document q = new Document(query);
      q.put("batchSize", DEFAULT_BATCH);
      return q;
    }
    return query;
  }

  static final class BatchedMemoryBackend extends MemoryBackend {
    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      return super.handleCommand(channel, database, command, withDefaultBatch(command, query));
    }
  }

  static final class BatchedH2Backend extends H2Backend {
    BatchedH2Backend(String file) {
      super(file);
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      return super.handleCommand(channel, database, command, withDefaultBatch(command, query));
    }
  }

  /** mongo-java-server's version, from its core jar's name (its manifest has none), or "?" when not found. */
  public static String version() {
    try {
      java.security.CodeSource cs = MongoServer.class.getProtectionDomain().getCodeSource();
      String name = cs == null ? "" : new File(cs.getLocation().toURI()).getName();
      Matcher m = Pattern.compile("mongo-java-server(?:-core)?-(\\d[^/]*?)\\.jar").matcher(name);
      if (m.matches()) {
        return m.group(1);
      }
    } catch (java.net.URISyntaxException | SecurityException e) {
      // fall through
    }
    return "?";
  }

  /** The name every message and figure gives this server, e.g. "mongo-java-server 1.44.0 stand-in (H2 backend), NOT MongoDB". */
  public static String label(Backend backend) {
    return "mongo-java-server " + version() + " stand-in (" + backend.description + "), NOT MongoDB";
  }

  public static void main(String[] args) throws InterruptedException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 27018;
    Backend backend = args.length > 1 ? Backend.parse(args[1]) : Backend.MEMORY;
    Path file = null;
    if (backend == Backend.H2) {
      if (args.length < 3) {
        System.err.println("usage: StandinServer PORT h2 FILE");
        System.exit(2);
      }
      file = Paths.get(args[2]);
    }
    MongoServer server = start(port, backend, file);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.err.println(label(backend) + ", listening on " + server.getLocalAddress()
        + (file == null ? "" : ", data file " + file.toAbsolutePath()));
    Thread.currentThread().join();
  }
}
