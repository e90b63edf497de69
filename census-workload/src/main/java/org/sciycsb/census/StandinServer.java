package org.sciycsb.census;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * A MongoDB-wire STAND-IN for mongo-hadoop's 3.x driver: de.bwaldvogel mongo-java-server with its in-memory
 * backend, on 127.0.0.1. It is not MongoDB: figures measured against it must be labelled "mongo-java-server
 * stand-in", never "MongoDB". Used because FerretDB rejects the 3.x driver's OP_QUERY handshake.
 */
public final class StandinServer {
  private StandinServer() {}

  /** Starts a stand-in on 127.0.0.1:port (0 = any free port); returns it (call shutdownNow to stop). */
  public static MongoServer start(int port) {
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", port);
    return server;
  }

  public static void main(String[] args) throws InterruptedException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 27018;
    MongoServer server = start(port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.err.println("mongo-java-server stand-in (not MongoDB) listening on " + server.getLocalAddress());
    Thread.currentThread().join();
  }
}
