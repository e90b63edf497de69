package org.sciycsb.census;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;

/**
 * A wire-protocol bridge on 127.0.0.1 that lets mongo-hadoop's 3.x driver use a server that speaks only OP_MSG
 * for commands, FerretDB 1.24 above all: the driver sends some commands ({@code buildinfo}, ...) as OP_QUERY on
 * {@code <db>.$cmd}, which FerretDB refuses with error 352 (UnsupportedOpQueryCommand), and mongo-hadoop's record
 * reader asks for {@code noCursorTimeout}, which FerretDB refuses too. The bridge rewrites those messages and their
 * answers ({@link WireFrames}) and passes every other byte through unchanged, one upstream connection per client
 * connection. It stores nothing: the figures measured through it are the upstream server's, plus the bridge's
 * own copying, and are labelled with both.
 */
public final class OpQueryBridge implements Closeable {
  /** The largest message the bridge forwards: MongoDB's limit (48,000,000 bytes) and a margin. */
  static final int MAX_MESSAGE = 64 << 20;

  private final ServerSocket listener;
  private final InetSocketAddress upstream;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicLong translated = new AtomicLong();
  private final AtomicLong strippedNoCursorTimeout = new AtomicLong();
  private final Thread acceptor;

  private OpQueryBridge(ServerSocket listener, InetSocketAddress upstream) {
    this.listener = listener;
    this.upstream = upstream;
    this.acceptor = new Thread(this::accept, "opquery-bridge-accept");
    acceptor.setDaemon(true);
  }

  /** Starts a bridge on 127.0.0.1:port (0 = any free port) to the upstream server. */
  public static OpQueryBridge start(int port, InetSocketAddress upstream) throws IOException {
    ServerSocket s = new ServerSocket(port, 128, InetAddress.getLoopbackAddress());
    OpQueryBridge b = new OpQueryBridge(s, upstream);
    b.acceptor.start();
    return b;
  }

  public int port() {
    return listener.getLocalPort();
  }

  public InetSocketAddress upstream() {
    return upstream;
  }

  /** OP_QUERY commands sent on as OP_MSG so far. */
  public long translated() {
    return translated.get();
  }

  /** OP_MSG commands whose {@code noCursorTimeout} was taken out so far. */
  public long strippedNoCursorTimeout() {
    return strippedNoCursorTimeout.get();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        connect(client);
      } catch (IOException e) {
        if (!listener.isClosed()) {
          System.err.println("opquery-bridge: " + e.getMessage());
        }
      }
    }
  }

  private void connect(Socket client) {
    Socket up = new Socket();
    try {
      up.connect(upstream, 10_000);
    } catch (IOException e) {
      System.err.println("opquery-bridge: upstream " + upstream + " not reachable: " + e.getMessage());
      closeQuietly(client);
      closeQuietly(up);
      return;
    }
    open.add(client);
    open.add(up);
    Set<Integer> asked = ConcurrentHashMap.newKeySet(); // request ids whose answers go back as OP_REPLY
    Thread c2u = new Thread(() -> pump(client, up, m -> toUpstream(m, asked)), "opquery-bridge-c2u");
    Thread u2c = new Thread(() -> pump(up, client, m -> asked.remove(WireFrames.responseTo(m))
        ? WireFrames.opMsgAsReply(m) : m), "opquery-bridge-u2c");
    c2u.setDaemon(true);
    u2c.setDaemon(true);
    c2u.start();
    u2c.start();
  }

  private byte[] toUpstream(byte[] m, Set<Integer> asked) {
    byte[] msg = WireFrames.commandAsOpMsg(m);
    if (msg != null) {
      asked.add(WireFrames.requestId(m));
      translated.incrementAndGet();
      return msg;
    }
    byte[] stripped = WireFrames.withoutNoCursorTimeout(m);
    if (stripped != null) {
      strippedNoCursorTimeout.incrementAndGet();
      return stripped;
    }
    return m;
  }

  private interface Rewrite {
    byte[] apply(byte[] message);
  }

  /** Copies whole messages from one socket to the other until either closes; then closes both. */
  private void pump(Socket from, Socket to, Rewrite rewrite) {
    try (InputStream rawIn = from.getInputStream(); OutputStream rawOut = to.getOutputStream()) {
      DataInputStream in = new DataInputStream(new BufferedInputStream(rawIn, 1 << 16));
      OutputStream out = new BufferedOutputStream(rawOut, 1 << 16);
      byte[] m;
      while ((m = read(in)) != null) {
        out.write(rewrite.apply(m));
        if (in.available() == 0) {
          out.flush();
        }
      }
    } catch (IOException | RuntimeException e) {
      if (!(e instanceof IOException) && !listener.isClosed()) {
        System.err.println("opquery-bridge: connection closed: " + e);
      }
    } finally {
      closeQuietly(from);
      closeQuietly(to);
      open.remove(from);
      open.remove(to);
    }
  }

  /** One whole message, or null at a clean end of the stream. */
  static byte[] read(DataInputStream in) throws IOException {
    byte[] header = new byte[WireFrames.HEADER];
    int first = in.read(header, 0, 1);
    if (first < 0) {
      return null;
    }
    in.readFully(header, 1, WireFrames.HEADER - 1);
    int length = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    if (length < WireFrames.HEADER || length > MAX_MESSAGE) {
      throw new EOFException("message length " + length + " out of range");
    }
    byte[] m = new byte[length];
    System.arraycopy(header, 0, m, 0, WireFrames.HEADER);
    in.readFully(m, WireFrames.HEADER, length - WireFrames.HEADER);
    return m;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  /**
   * What the upstream server says it is, from its {@code buildInfo}: "FerretDB 1.24.0" when it is FerretDB, else
   * "a MongoDB-wire server reporting version X"; an IOException naming the address when it does not answer.
   */
  public static String describe(InetSocketAddress upstream) throws IOException {
    byte[] body = WireFrames.bytes(new BsonDocument("buildInfo", new BsonInt32(1)).append("$db", new BsonString("admin")));
    ByteBuffer msg = ByteBuffer.allocate(WireFrames.HEADER + 5 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    msg.putInt(msg.capacity()).putInt(1).putInt(0).putInt(WireFrames.OP_MSG).putInt(0).put((byte) 0).put(body);
    try (Socket s = new Socket()) {
      s.connect(upstream, 10_000);
      s.setSoTimeout(10_000);
      s.getOutputStream().write(msg.array());
      byte[] m = read(new DataInputStream(new BufferedInputStream(s.getInputStream())));
      if (m == null || WireFrames.opCode(m) != WireFrames.OP_MSG) {
        throw new IOException("no OP_MSG answer to buildInfo");
      }
      int at = WireFrames.HEADER + 5;
      RawBsonDocument info = new RawBsonDocument(m, at,
          ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).getInt(at));
      if (info.containsKey("ferretdbVersion")) {
        return "FerretDB " + info.getString("ferretdbVersion").getValue().replaceFirst("^v", "");
      }
      return "a MongoDB-wire server reporting version "
          + (info.containsKey("version") ? info.getString("version").getValue() : "?");
    } catch (IOException | RuntimeException e) {
      throw new IOException("the upstream server " + upstream.getHostString() + ":" + upstream.getPort()
          + " does not answer buildInfo: " + e.getMessage(), e);
    }
  }

  /**
   * {@code OpQueryBridge PORT UPSTREAM_HOST:PORT [BACKEND]}: runs a bridge until killed. Its first line is its label,
   * e.g. "FerretDB 1.24.0 on PostgreSQL 15 through the OP_QUERY bridge, NOT MongoDB" (BACKEND "PostgreSQL 15").
   */
  public static void main(String[] args) throws InterruptedException {
    if (args.length < 2 || !args[1].matches("[^:]+:\\d+") || !args[0].matches("\\d+")) {
      System.err.println("usage: OpQueryBridge PORT UPSTREAM_HOST:PORT [BACKEND]");
      System.exit(2);
    }
    String[] hp = args[1].split(":");
    InetSocketAddress up = new InetSocketAddress(hp[0], Integer.parseInt(hp[1]));
    try {
      String label = describe(up) + (args.length > 2 && !args[2].isBlank() ? " on " + args[2] : "") + " through the OP_QUERY bridge, NOT MongoDB";
      OpQueryBridge b = start(Integer.parseInt(args[0]), up);
      Runtime.getRuntime().addShutdownHook(new Thread(b::close));
      System.err.println(label + ", listening on 127.0.0.1:" + b.port() + ", upstream " + args[1]);
    } catch (IOException e) {
      System.err.println("opquery-bridge: " + e.getMessage());
      System.exit(1);
    }
    Thread.currentThread().join();
  }

  /** Stops listening and closes every open connection. */
  @Override
  public void close() {
    try {
      listener.close();
    } catch (IOException e) {
      // already closed
    }
    open.forEach(OpQueryBridge::closeQuietly);
  }
}
