package org.sciycsb.sequoiadb;

import com.sequoiadb.exception.SDBError;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
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
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BSON;
import org.bson.BSONObject;
import org.bson.BasicBSONObject;
import org.bson.types.BasicBSONList;
import org.bson.types.Binary;
import org.bson.types.ObjectId;

/**
 * A STAND-IN for a SequoiaDB node, in TEST scope only. It is NOT SequoiaDB: it speaks just enough of SequoiaDB's
 * client wire protocol, as {@code com.sequoiadb:sequoiadb-driver} 5.10 sends it, to run the binding end to end
 * through the real driver: the system-info handshake (little-endian, protocol version 2, MD5 authentication),
 * authentication, session attributes, the database snapshot, collection spaces and collections (test, create, drop,
 * list), insert (single and bulk, with the continue-on-duplicate flag), query with a matcher ({@code $and}, equality,
 * {@code $et $ne $gt $gte $lt $lte $in}), a {@code $include} selector, orderBy, an index-name hint, skip and limit,
 * with cursors served through get-more and kill-context, update with {@code $set}, delete, count, truncate, and
 * index creation and listing. Everything is kept in memory, on one node; the {@code $id} index's uniqueness is
 * enforced, other indexes are recorded (a hint names one) but do not change how a query is answered.
 *
 * <p>It CHECKS what it receives: a message it cannot parse (wrong length, malformed BSON, an unknown opcode, flags
 * or options it does not know, a matcher or update operator it does not implement) or an operation on a collection
 * that does not exist is answered with the error SequoiaDB gives (or, where it cannot tell, {@code SDB_INVALIDARG})
 * and recorded as a violation; {@link SequoiadbStandInExtension} fails the test that caused one. Every decoded
 * request is recorded ({@link #received()}), and failures can be injected ({@link #failNext},
 * {@link #dropNext}, {@link #dropConnections}).
 *
 * <p>It reports {@link #VERSION} wherever SequoiaDB reports its version (the database snapshot), so results taken
 * on it never claim SequoiaDB's. It exists to test the binding's requests and response handling; NEVER use it to
 * produce benchmark numbers, and nothing it does says how SequoiaDB behaves.
 */
public final class SequoiadbStandIn implements AutoCloseable {
  static final String VERSION = "stand-in (not SequoiaDB)";

  static final int RESP_MASK = 0x80000000;
  static final int OP_UPDATE = 2001;
  static final int OP_INSERT = 2002;
  static final int OP_QUERY = 2004;
  static final int OP_GET_MORE = 2005;
  static final int OP_DELETE = 2006;
  static final int OP_KILL_CONTEXT = 2007;
  static final int OP_DISCONNECT = 2008;
  static final int OP_INTERRUPT = 2009;
  static final int OP_INTERRUPT_SELF = 2020;
  static final int OP_AUTH = 7000;

  static final int FLG_INSERT_CONTONDUP = 1;
  /** Insert, update and delete: answer with the numbers (InsertedNum, UpdatedNum, DeletedNum ...). */
  static final int FLG_INSERT_RETURNNUM = 2;
  static final int FLG_UPDATE_RETURNNUM = 4;
  static final int FLG_DELETE_RETURNNUM = 4;
  static final int FLG_QUERY_WITH_RETURNDATA = 512;
  static final int FLG_QUERY_CLOSE_EOF_CTX = 524288;

  /** Flags of each opcode that the stand-in understands; any other bit is refused. */
  private static final int INSERT_FLAGS = 1 | 2 | 4 | 16 | 32 | 64 | 268435456;
  private static final int QUERY_FLAGS = 512 | 16384 | 524288 | 128;
  private static final int UPDATE_FLAGS = 2 | 4 | 32768;
  private static final int DELETE_FLAGS = 2 | 4;

  private static final int HEADER = 56;
  private static final int SYSINFO_EYE = -66052;
  private static final int SYSINFO_LENGTH = 128;
  private static final int MAX_MESSAGE = 64 << 20;
  /** Records per reply of a cursor (a real node fills a buffer instead); small, so cursors need get-more. */
  static final int BATCH = 100;

  /** One decoded request: opcode, collection (or command) name, flags, records carried, and its BSON arguments. */
  public record Received(int opCode, String name, int flags, int records, long skip, long limit,
      List<BSONObject> bson) {
    /** The matcher, selector, orderBy and hint of a query, or the matcher, modifier, hint of an update. */
    BSONObject arg(int i) {
      return i < bson.size() ? bson.get(i) : null;
    }
  }

  private static final class Collection {
    final BSONObject options;
    final LinkedHashMap<Object, BSONObject> docs = new LinkedHashMap<>();
    final LinkedHashMap<String, BSONObject> indexes = new LinkedHashMap<>();

    Collection(BSONObject options) {
      this.options = options;
      indexes.put("$id", new BasicBSONObject("name", "$id").append("key", new BasicBSONObject("_id", 1))
          .append("unique", true).append("enforced", true));
    }
  }

  /** An answer the stand-in gives instead of a result: an error code and a detail. */
  private static final class Refusal extends Exception {
    final int code;

    Refusal(SDBError error, String detail) {
      super(detail);
      this.code = error.getErrorCode();
    }
  }

  private final ServerSocket server;
  private final Thread acceptor;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Thread> workers = new CopyOnWriteArrayList<>();
  private final Map<String, Map<String, Collection>> spaces = new HashMap<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final List<BSONObject> sessionAttributes = new CopyOnWriteArrayList<>();
  private final AtomicInteger failTimes = new AtomicInteger();
  private volatile int failCode;
  private final AtomicInteger dropTimes = new AtomicInteger();
  private final AtomicLong contexts = new AtomicLong(1);
  private final AtomicLong connections = new AtomicLong();
  private volatile String user = "";
  private volatile String passwordMd5 = md5("");
  private volatile boolean closed;

  private SequoiadbStandIn() throws IOException {
    server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    acceptor = new Thread(this::acceptLoop, "sequoiadb-stand-in-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a stand-in on a free loopback port. */
  public static SequoiadbStandIn start() throws IOException {
    return new SequoiadbStandIn();
  }

  public int port() {
    return server.getLocalPort();
  }

  /** {@code 127.0.0.1:<port>}, for {@code sequoiadb.hosts}. */
  public String hosts() {
    return "127.0.0.1:" + port();
  }

  // ---------------------------------------------------------------- what the tests see and switch

  /** Every decoded request, in arrival order. */
  public List<Received> received() {
    return List.copyOf(received);
  }

  /** The decoded requests of one opcode (e.g. {@link #OP_INSERT}). */
  public List<Received> received(int opCode) {
    return received.stream().filter(r -> r.opCode() == opCode).toList();
  }

  /** The commands ({@code $create collection}, ...) received, with their arguments. */
  public List<Received> commands(String command) {
    return received.stream().filter(r -> r.opCode() == OP_QUERY && r.name().equals(command)).toList();
  }

  public void clearReceived() {
    received.clear();
  }

  /** The session attributes set on any connection ({@code $set session attribute}). */
  public List<BSONObject> sessionAttributes() {
    return List.copyOf(sessionAttributes);
  }

  /** Protocol violations recorded so far, and forgets them. */
  public List<String> takeViolations() {
    List<String> out = List.copyOf(violations);
    violations.clear();
    return out;
  }

  /** The next {@code times} data requests (query, command, insert, update, delete, get-more) get this error code. */
  public void failNext(int code, int times) {
    failCode = code;
    failTimes.set(times);
  }

  /** The next {@code times} data requests are not answered: their connection is closed instead. */
  public void dropNext(int times) {
    dropTimes.set(times);
  }

  /** Closes every open client connection now (the node "restarts"; the data stays). */
  public void dropConnections() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
  }

  /** Connections accepted so far. */
  public long connectionsAccepted() {
    return connections.get();
  }

  /** From now on only this user with this password logs in (as a coordinator with users); "" and "" accept all. */
  public void requireUser(String name, String password) {
    this.user = name;
    this.passwordMd5 = md5(password);
  }

  /** The records of a collection ("cs.cl") as stored, in insertion order; empty when it does not exist. */
  public synchronized List<BSONObject> records(String fullName) {
    Collection c = find(fullName);
    return c == null ? List.of() : List.copyOf(c.docs.values());
  }

  /** The options a collection was created with, or null when it does not exist. */
  public synchronized BSONObject collectionOptions(String fullName) {
    Collection c = find(fullName);
    return c == null ? null : c.options;
  }

  /** The index definitions of a collection, by name ({@code $id} included). */
  public synchronized Map<String, BSONObject> indexes(String fullName) {
    Collection c = find(fullName);
    return c == null ? Map.of() : Map.copyOf(c.indexes);
  }

  private Collection find(String fullName) {
    int dot = fullName.indexOf('.');
    if (dot < 0) {
      return null;
    }
    Map<String, Collection> cs = spaces.get(fullName.substring(0, dot));
    return cs == null ? null : cs.get(fullName.substring(dot + 1));
  }

  private void violation(String what) {
    violations.add(what);
  }

  // ---------------------------------------------------------------- network

  private void acceptLoop() {
    while (!closed) {
      try {
        Socket s = server.accept();
        connections.incrementAndGet();
        sockets.add(s);
        Thread t = new Thread(() -> serve(s), "sequoiadb-stand-in-conn");
        t.setDaemon(true);
        workers.add(t);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  /** One connection's state: its open cursors. */
  private static final class Conn {
    final Map<Long, Iterator<BSONObject>> cursors = new HashMap<>();
    boolean authenticated;
  }

  private void serve(Socket s) {
    Conn conn = new Conn();
    try (s; InputStream in = new BufferedInputStream(s.getInputStream());
        OutputStream out = new BufferedOutputStream(s.getOutputStream())) {
      byte[] first = new byte[4];
      if (!readFully(in, first)) {
        return;
      }
      if (ByteBuffer.wrap(first).getInt() != -1) {
        violation("connection did not start with the system-info request (first word "
            + HexFormat.of().formatHex(first) + ")");
        return;
      }
      if (!sysInfo(in, out)) {
        return;
      }
      while (!closed) {
        byte[] lenBytes = new byte[4];
        if (!readFully(in, lenBytes)) {
          return;
        }
        int length = ByteBuffer.wrap(lenBytes).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (length == -1) { // another system-info request
          if (!sysInfo(in, out)) {
            return;
          }
          continue;
        }
        if (length < HEADER || length > MAX_MESSAGE) {
          violation("message length " + length + " outside " + HEADER + ".." + MAX_MESSAGE
              + "; closing the connection (the stream cannot be resynchronised)");
          return;
        }
        byte[] msg = new byte[length];
        System.arraycopy(lenBytes, 0, msg, 0, 4);
        if (!readFully(in, msg, 4, length - 4)) {
          violation("connection closed in the middle of a message of " + length + " bytes");
          return;
        }
        byte[] answer = handle(conn, ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN));
        if (answer == null) {
          return; // disconnect, or an injected drop
        }
        out.write(answer);
        out.flush();
      }
    } catch (IOException e) {
      // closed by the client, or by dropConnections()/close()
    } finally {
      sockets.remove(s);
    }
  }

  private static boolean readFully(InputStream in, byte[] b) throws IOException {
    return readFully(in, b, 0, b.length);
  }

  private static boolean readFully(InputStream in, byte[] b, int off, int len) throws IOException {
    int done = 0;
    while (done < len) {
      int n = in.read(b, off + done, len - done);
      if (n < 0) {
        if (done == 0 && off == 0) {
          return false;
        }
        throw new EOFException();
      }
      done += n;
    }
    return true;
  }

  /** Reads the rest of a system-info request (eye catcher, length 12) and answers: little-endian, protocol v2, MD5. */
  private boolean sysInfo(InputStream in, OutputStream out) throws IOException {
    byte[] rest = new byte[8];
    if (!readFully(in, rest)) {
      violation("truncated system-info request");
      return false;
    }
    ByteBuffer b = ByteBuffer.wrap(rest);
    int eye = b.getInt();
    if (eye != SYSINFO_EYE && eye != Integer.reverseBytes(SYSINFO_EYE)) {
      violation("system-info request with eye catcher " + Integer.toHexString(eye));
      return false;
    }
    b.order(eye == SYSINFO_EYE ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    int len = b.getInt(4);
    if (len != 12) {
      violation("system-info request of length " + len + " (12 expected)");
      return false;
    }
    ByteBuffer r = ByteBuffer.allocate(SYSINFO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
    r.putInt(-1).putInt(SYSINFO_EYE).putInt(SYSINFO_LENGTH);
    r.putInt(0); // osType
    r.putInt(0); // authVersion: MD5
    r.putLong(0); // start time
    r.put((byte) 0).put((byte) 0).put((byte) 0); // engine version: none (not SequoiaDB)
    r.position(SYSINFO_LENGTH - 4);
    byte[] digest = md5Bytes(Arrays.copyOf(r.array(), SYSINFO_LENGTH - 4));
    r.put(digest, 0, 4); // the fingerprint that tells the driver the node speaks protocol v2
    out.write(r.array());
    out.flush();
    return true;
  }

  private record Header(int length, int tid, long requestId, int opCode, short version) {}

  /** Decodes one message and returns the bytes of its reply, or null to close the connection. */
  private byte[] handle(Conn conn, ByteBuffer m) {
    Header h = new Header(m.getInt(), m.getInt(4), m.getLong(20), m.getInt(28), m.getShort(32));
    m.position(HEADER);
    if (h.version() != 2) {
      violation("message of protocol version " + h.version() + " (the stand-in answered the handshake with 2)");
      return error(h, SDBError.SDB_INVALIDARG.getErrorCode(), "stand-in: protocol version " + h.version());
    }
    try {
      switch (h.opCode()) {
        case OP_DISCONNECT:
          return null;
        case OP_INTERRUPT:
        case OP_INTERRUPT_SELF: // no reply; interrupt also ends the session's cursors
          if (m.hasRemaining()) {
            violation("interrupt of " + h.length() + " bytes (56 expected)");
          }
          received.add(new Received(h.opCode(), "interrupt", 0, 0, 0, 0, List.of()));
          if (h.opCode() == OP_INTERRUPT) {
            conn.cursors.clear();
          }
          return new byte[0];
        case OP_AUTH:
          return auth(conn, h, m);
        case OP_KILL_CONTEXT:
          return killContext(conn, h, m);
        case OP_QUERY:
        case OP_INSERT:
        case OP_UPDATE:
        case OP_DELETE:
        case OP_GET_MORE:
          break;
        default:
          violation("unknown opcode " + h.opCode());
          return error(h, SDBError.SDB_UNKNOWN_MESSAGE.getErrorCode(), "stand-in: opcode " + h.opCode()
              + " not implemented");
      }
      if (!conn.authenticated) {
        violation("opcode " + h.opCode() + " before authentication");
      }
      Received r = decode(h, m);
      received.add(r);
      if (dropTimes.get() > 0 && dropTimes.getAndDecrement() > 0) {
        return null;
      }
      if (failTimes.get() > 0 && failTimes.getAndDecrement() > 0) {
        if (h.opCode() == OP_GET_MORE) {
          conn.cursors.remove(r.skip());
        }
        return error(h, failCode, "stand-in: injected failure");
      }
      return switch (h.opCode()) {
        case OP_QUERY -> r.name().startsWith("$") ? command(conn, h, r) : query(conn, h, r);
        case OP_INSERT -> insert(h, r);
        case OP_UPDATE -> update(h, r);
        case OP_DELETE -> delete(h, r);
        default -> getMore(conn, h, r);
      };
    } catch (Refusal e) {
      return error(h, e.code, e.getMessage());
    } catch (RuntimeException e) {
      violation("opcode " + h.opCode() + ": " + e);
      return error(h, SDBError.SDB_INVALIDARG.getErrorCode(), "stand-in: " + e.getMessage());
    }
  }

  private byte[] auth(Conn conn, Header h, ByteBuffer m) throws Refusal {
    BSONObject o = bson(m, "authentication");
    end(m, h, "authentication");
    received.add(new Received(h.opCode(), "auth", 0, 0, 0, 0, List.of(new BasicBSONObject("User", o.get("User")))));
    if (!o.containsField("User") || !o.containsField("Passwd")) {
      violation("authentication without User or Passwd: " + o.keySet());
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: User and Passwd expected");
    }
    if (!user.isEmpty() && !(user.equals(o.get("User")) && passwordMd5.equals(o.get("Passwd")))) {
      throw new Refusal(SDBError.SDB_AUTH_AUTHORITY_FORBIDDEN, "stand-in: user or password refused");
    }
    conn.authenticated = true;
    return reply(h, 0, -1, List.of());
  }

  private byte[] killContext(Conn conn, Header h, ByteBuffer m) throws Refusal {
    int reserved = m.getInt();
    int n = m.getInt();
    if (reserved != 0 || n < 0 || m.remaining() != 8L * n) {
      violation("kill-context with " + n + " ids in " + m.remaining() + " bytes");
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed kill-context");
    }
    List<BSONObject> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long id = m.getLong();
      conn.cursors.remove(id);
      ids.add(new BasicBSONObject("contextId", id));
    }
    received.add(new Received(h.opCode(), "kill-context", 0, n, 0, 0, ids));
    return reply(h, 0, -1, List.of());
  }

  // ---------------------------------------------------------------- decoding

  private Received decode(Header h, ByteBuffer m) throws Refusal {
    String what = "opcode " + h.opCode();
    if (h.opCode() == OP_GET_MORE) {
      if (m.remaining() != 12) {
        violation("get-more of " + h.length() + " bytes (68 expected)");
        throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed get-more");
      }
      long ctx = m.getLong();
      int n = m.getInt();
      return new Received(h.opCode(), "get-more", 0, n, ctx, n, List.of());
    }
    int version = m.getInt();
    m.getShort(); // w
    m.getShort(); // padding
    int flags = m.getInt();
    int nameLength = m.getInt();
    long skip = 0;
    long limit = -1;
    if (h.opCode() == OP_QUERY) {
      skip = m.getLong();
      limit = m.getLong();
    }
    if (version != 1 || nameLength <= 0 || nameLength > m.remaining()) {
      violation(what + ": body version " + version + ", name length " + nameLength);
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed message");
    }
    byte[] nameBytes = new byte[nameLength];
    m.get(nameBytes);
    if (m.get() != 0) {
      violation(what + ": name not NUL-terminated");
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed name");
    }
    m.position(m.position() + pad(nameLength + 1));
    String name = new String(nameBytes, StandardCharsets.UTF_8);
    List<BSONObject> args = new ArrayList<>();
    int count = switch (h.opCode()) {
      case OP_QUERY -> 4;
      case OP_UPDATE -> 3;
      case OP_DELETE -> 2;
      default -> -1; // insert: documents until the end
    };
    if (count < 0) {
      while (m.hasRemaining()) {
        args.add(bson(m, what + " document " + args.size()));
      }
      if (args.isEmpty()) {
        violation(what + " on " + name + " without documents");
        throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: insert without documents");
      }
    } else {
      for (int i = 0; i < count; i++) {
        args.add(bson(m, what + " argument " + i));
      }
      end(m, h, what);
    }
    return new Received(h.opCode(), name, flags, h.opCode() == OP_INSERT ? args.size() : 0, skip, limit,
        List.copyOf(args));
  }

  private static int pad(int n) {
    return (4 - n % 4) % 4;
  }

  /** One BSON object at the buffer's position (aligned to 4 bytes after it). */
  private BSONObject bson(ByteBuffer m, String what) throws Refusal {
    if (m.remaining() < 5) {
      violation(what + ": " + m.remaining() + " bytes left where a BSON object was expected");
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: missing BSON");
    }
    int len = m.getInt(m.position());
    if (len < 5 || len > m.remaining() || m.get(m.position() + len - 1) != 0) {
      violation(what + ": malformed BSON (length " + len + ", " + m.remaining() + " bytes left)");
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed BSON");
    }
    byte[] b = new byte[len];
    m.get(b);
    m.position(Math.min(m.limit(), m.position() + pad(len)));
    try {
      return BSON.decode(b);
    } catch (RuntimeException e) {
      violation(what + ": BSON that does not decode: " + e);
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: malformed BSON");
    }
  }

  private void end(ByteBuffer m, Header h, String what) throws Refusal {
    if (m.hasRemaining()) {
      violation(what + ": message length " + h.length() + " leaves " + m.remaining() + " bytes unread");
      throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: message length does not match its content");
    }
  }

  // ---------------------------------------------------------------- replies

  private static byte[] reply(Header h, int flag, long contextId, List<BSONObject> docs) {
    return reply(h, flag, contextId, docs, null);
  }

  private static byte[] reply(Header h, int flag, long contextId, List<BSONObject> docs, BSONObject error) {
    List<byte[]> encoded = new ArrayList<>();
    int data = 0;
    for (BSONObject d : docs) {
      byte[] b = BSON.encode(d);
      encoded.add(b);
      data += b.length + pad(b.length);
    }
    byte[] err = error == null ? null : BSON.encode(error);
    int length = HEADER + 28 + data + (err == null ? 0 : err.length + pad(err.length));
    ByteBuffer r = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    r.putInt(length).putInt(0).putInt(h.tid()).putLong(0).putLong(h.requestId()).putInt(h.opCode() | RESP_MASK)
        .putShort(h.version()).putShort((short) 0);
    r.position(HEADER); // global id and reserve: zero
    r.putLong(contextId).putInt(flag).putInt(0).putInt(docs.size()).putInt(0).putInt(data);
    for (byte[] b : encoded) {
      r.put(b);
      r.position(r.position() + pad(b.length));
    }
    if (err != null) {
      r.put(err);
    }
    return r.array();
  }

  private static byte[] error(Header h, int code, String detail) {
    SDBError e = SDBError.getSDBError(code);
    BSONObject o = new BasicBSONObject("errno", code)
        .append("description", e == null ? "stand-in error" : e.getErrorDescription())
        .append("detail", detail == null ? "" : detail);
    return reply(h, code, -1, List.of(), o);
  }

  // ---------------------------------------------------------------- commands

  private byte[] command(Conn conn, Header h, Received r) throws Refusal {
    BSONObject arg = r.arg(0);
    BSONObject hint = r.arg(3);
    synchronized (this) {
      switch (r.name()) {
        case "$test collectionspace":
          space(text(arg, "Name", r));
          return reply(h, 0, -1, List.of());
        case "$create collectionspace": {
          String name = text(arg, "Name", r);
          known(arg, r, "Name", "PageSize", "LobPageSize", "Domain");
          if (spaces.containsKey(name)) {
            throw new Refusal(SDBError.SDB_DMS_CS_EXIST, "stand-in: collection space " + name + " exists");
          }
          spaces.put(name, new LinkedHashMap<>());
          return reply(h, 0, -1, List.of());
        }
        case "$drop collectionspace": {
          String name = text(arg, "Name", r);
          if (spaces.remove(name) == null) {
            throw new Refusal(SDBError.SDB_DMS_CS_NOTEXIST, "stand-in: no collection space " + name);
          }
          return reply(h, 0, -1, List.of());
        }
        case "$test collection":
          collection(text(arg, "Name", r), false);
          return reply(h, 0, -1, List.of());
        case "$create collection": {
          String full = text(arg, "Name", r);
          known(arg, r, "Name", "ReplSize", "Compressed", "CompressionType");
          Object repl = arg.get("ReplSize");
          if (repl != null && !(repl instanceof Integer i && i >= -1 && i <= 7)) {
            throw refuse(r, "ReplSize " + repl + " is not an int in -1..7");
          }
          Object ct = arg.get("CompressionType");
          if (ct != null && !("snappy".equals(ct) || "lzw".equals(ct))) {
            throw refuse(r, "CompressionType " + ct);
          }
          if (arg.get("Compressed") != null && !(arg.get("Compressed") instanceof Boolean)) {
            throw refuse(r, "Compressed " + arg.get("Compressed"));
          }
          int dot = full.indexOf('.');
          if (dot <= 0) {
            throw refuse(r, "collection name " + full + " without its collection space");
          }
          Map<String, Collection> cs = space(full.substring(0, dot));
          String cl = full.substring(dot + 1);
          if (cs.containsKey(cl)) {
            throw new Refusal(SDBError.SDB_DMS_EXIST, "stand-in: collection " + full + " exists");
          }
          BasicBSONObject options = new BasicBSONObject();
          options.putAll(arg);
          options.removeField("Name");
          cs.put(cl, new Collection(options));
          return reply(h, 0, -1, List.of());
        }
        case "$drop collection": {
          String full = text(arg, "Name", r);
          collection(full, false);
          int dot = full.indexOf('.');
          spaces.get(full.substring(0, dot)).remove(full.substring(dot + 1));
          return reply(h, 0, -1, List.of());
        }
        case "$truncate":
          collection(text(arg, "Collection", r), true).docs.clear();
          return reply(h, 0, -1, List.of());
        case "$get count": {
          Collection c = collection(text(hint, "Collection", r), true);
          known(hint, r, "Collection", "Hint");
          long n = 0;
          for (BSONObject d : c.docs.values()) {
            if (matches(d, arg, r)) {
              n++;
            }
          }
          return reply(h, 0, -1, List.of(new BasicBSONObject("Total", n)));
        }
        case "$get indexes": {
          Collection c = collection(text(hint, "Collection", r), true);
          List<BSONObject> out = new ArrayList<>();
          for (BSONObject def : c.indexes.values()) {
            BSONObject doc = new BasicBSONObject("IndexDef", def).append("IndexFlag", "Normal");
            if (matches(doc, arg, r)) {
              out.add(doc);
            }
          }
          return cursor(conn, h, r, out);
        }
        case "$create index": {
          Collection c = collection(text(arg, "Collection", r), true);
          known(arg, r, "Collection", "Index", "SortBufferSize", "Async");
          if (Boolean.TRUE.equals(arg.get("Async"))) {
            throw refuse(r, "asynchronous index creation is not implemented");
          }
          if (!(arg.get("Index") instanceof BSONObject def) || !(def.get("name") instanceof String name)
              || !(def.get("key") instanceof BSONObject key) || key.keySet().isEmpty()) {
            throw refuse(r, "index definition " + arg.get("Index"));
          }
          known(def, r, "name", "key", "unique", "enforced", "NotNull", "NotArray");
          if (Boolean.TRUE.equals(def.get("unique"))) {
            throw refuse(r, "unique indexes other than $id are not implemented");
          }
          for (String k : key.keySet()) {
            if (!(key.get(k) instanceof Integer dir && (dir == 1 || dir == -1))) {
              throw refuse(r, "index key " + k + ": " + key.get(k));
            }
          }
          if (c.indexes.containsKey(name)) {
            throw new Refusal(SDBError.SDB_IXM_REDEF, "stand-in: index " + name + " exists");
          }
          c.indexes.put(name, def);
          return reply(h, 0, -1, List.of());
        }
        case "$set session attribute":
          known(arg, r, "PreferredInstance", "PreferedInstance", "PreferedInstanceV1", "PreferredInstanceMode",
              "ClientCharset", "ResultsCharset", "Timeout");
          sessionAttributes.add(arg);
          return reply(h, 0, -1, List.of());
        case "$snapshot database": {
          BSONObject version = new BasicBSONObject("Major", VERSION).append("Minor", 0).append("Fix", 0)
              .append("Release", VERSION).append("GitVersion", VERSION).append("Build", VERSION);
          BSONObject snap = new BasicBSONObject("NodeName", hosts()).append("HostName", "127.0.0.1")
              .append("ServiceName", String.valueOf(port())).append("GroupName", "").append("Role", VERSION)
              .append("IsPrimary", false).append("Version", version);
          return cursor(conn, h, r, List.of(snap));
        }
        case "$list collectionspaces": {
          List<BSONObject> out = new ArrayList<>();
          for (String cs : spaces.keySet()) {
            out.add(new BasicBSONObject("Name", cs));
          }
          return cursor(conn, h, r, out);
        }
        case "$list collections": {
          List<BSONObject> out = new ArrayList<>();
          for (Map.Entry<String, Map<String, Collection>> cs : spaces.entrySet()) {
            for (String cl : cs.getValue().keySet()) {
              out.add(new BasicBSONObject("Name", cs.getKey() + "." + cl));
            }
          }
          return cursor(conn, h, r, out);
        }
        default:
          violation("command not implemented: " + r.name() + " " + arg);
          throw new Refusal(SDBError.SDB_INVALIDARG, "stand-in: command " + r.name() + " not implemented");
      }
    }
  }

  private Refusal refuse(Received r, String what) {
    violation((r.name().startsWith("$") ? r.name() : "opcode " + r.opCode() + " on " + r.name()) + ": " + what);
    return new Refusal(SDBError.SDB_INVALIDARG, "stand-in: " + what);
  }

  private String text(BSONObject o, String field, Received r) throws Refusal {
    if (o == null || !(o.get(field) instanceof String s) || s.isEmpty()) {
      throw refuse(r, "no " + field + " in " + o);
    }
    return s;
  }

  private void known(BSONObject o, Received r, String... keys) throws Refusal {
    Set<String> allowed = Set.of(keys);
    for (String k : o.keySet()) {
      if (!allowed.contains(k)) {
        throw refuse(r, "option " + k + " not implemented");
      }
    }
  }

  private Map<String, Collection> space(String name) throws Refusal {
    Map<String, Collection> cs = spaces.get(name);
    if (cs == null) {
      throw new Refusal(SDBError.SDB_DMS_CS_NOTEXIST, "stand-in: no collection space " + name);
    }
    return cs;
  }

  /** The collection "cs.cl"; {@code operation}: a data operation on a missing one is also a violation. */
  private Collection collection(String full, boolean operation) throws Refusal {
    int dot = full.indexOf('.');
    Map<String, Collection> cs = dot <= 0 ? null : spaces.get(full.substring(0, dot));
    if (cs == null) {
      if (operation) {
        violation("operation on " + full + ", whose collection space does not exist");
      }
      throw new Refusal(SDBError.SDB_DMS_CS_NOTEXIST, "stand-in: no collection space for " + full);
    }
    Collection c = cs.get(full.substring(dot + 1));
    if (c == null) {
      if (operation) {
        violation("operation on collection " + full + ", which does not exist");
      }
      throw new Refusal(SDBError.SDB_DMS_NOTEXIST, "stand-in: no collection " + full);
    }
    return c;
  }

  // ---------------------------------------------------------------- data operations

  private byte[] query(Conn conn, Header h, Received r) throws Refusal {
    if ((r.flags() & ~QUERY_FLAGS) != 0) {
      throw refuse(r, "query flags " + Integer.toHexString(r.flags() & ~QUERY_FLAGS) + " not implemented");
    }
    BSONObject matcher = r.arg(0);
    BSONObject selector = r.arg(1);
    BSONObject order = r.arg(2);
    BSONObject hint = r.arg(3);
    List<BSONObject> out = new ArrayList<>();
    synchronized (this) {
      Collection c = collection(r.name(), true);
      checkHint(c, hint, r);
      for (BSONObject d : c.docs.values()) {
        if (matches(d, matcher, r)) {
          out.add(d);
        }
      }
      if (!order.keySet().isEmpty()) {
        out.sort(order(order, r));
      }
    }
    long skip = Math.max(0, r.skip());
    long limit = r.limit() < 0 ? Long.MAX_VALUE : r.limit();
    List<BSONObject> page = new ArrayList<>();
    for (int i = 0; i < out.size() && page.size() < limit; i++) {
      if (i >= skip) {
        page.add(select(out.get(i), selector, r));
      }
    }
    return cursor(conn, h, r, page);
  }

  private void checkHint(Collection c, BSONObject hint, Received r) throws Refusal {
    for (String k : hint.keySet()) {
      Object v = hint.get(k);
      if (!k.isEmpty() || !(v == null || v instanceof String)) {
        throw refuse(r, "hint " + hint + " (only {\"\": indexName} is implemented)");
      }
    }
  }

  /** Answers a query: with FLG_QUERY_WITH_RETURNDATA the first batch comes in the reply, the rest by get-more. */
  private byte[] cursor(Conn conn, Header h, Received r, List<BSONObject> results) {
    Iterator<BSONObject> it = results.iterator();
    List<BSONObject> first = new ArrayList<>();
    if ((r.flags() & FLG_QUERY_WITH_RETURNDATA) != 0) {
      while (it.hasNext() && first.size() < BATCH) {
        first.add(it.next());
      }
    }
    long ctx = -1;
    if (it.hasNext() || (r.flags() & FLG_QUERY_CLOSE_EOF_CTX) == 0) {
      ctx = contexts.getAndIncrement();
      conn.cursors.put(ctx, it);
    }
    return reply(h, 0, ctx, first);
  }

  private byte[] getMore(Conn conn, Header h, Received r) throws Refusal {
    long ctx = r.skip();
    Iterator<BSONObject> it = conn.cursors.get(ctx);
    if (it == null) {
      violation("get-more on context " + ctx + ", which this connection does not have open");
      throw new Refusal(SDBError.SDB_RTN_CONTEXT_NOTEXIST, "stand-in: no context " + ctx);
    }
    if (!it.hasNext()) {
      conn.cursors.remove(ctx);
      throw new Refusal(SDBError.SDB_DMS_EOC, "");
    }
    int n = r.limit() <= 0 ? BATCH : (int) Math.min(BATCH, r.limit());
    List<BSONObject> batch = new ArrayList<>();
    while (it.hasNext() && batch.size() < n) {
      batch.add(it.next());
    }
    if (!it.hasNext()) {
      conn.cursors.remove(ctx);
      return reply(h, 0, -1, batch);
    }
    return reply(h, 0, ctx, batch);
  }

  private byte[] insert(Header h, Received r) throws Refusal {
    if ((r.flags() & ~INSERT_FLAGS) != 0) {
      throw refuse(r, "insert flags " + Integer.toHexString(r.flags() & ~INSERT_FLAGS) + " not implemented");
    }
    if ((r.flags() & (4 | 32 | 64)) != 0) {
      throw refuse(r, "replace-on-duplicate inserts are not implemented");
    }
    long inserted = 0;
    long duplicated = 0;
    synchronized (this) {
      Collection c = collection(r.name(), true);
      for (BSONObject d : r.bson()) {
        Object id = d.get("_id");
        if (id == null) {
          throw refuse(r, "document without _id (the driver adds one)");
        }
        Object key = idKey(id);
        if (c.docs.containsKey(key)) {
          if ((r.flags() & FLG_INSERT_CONTONDUP) != 0) {
            duplicated++;
            continue;
          }
          throw new Refusal(SDBError.SDB_IXM_DUP_KEY, "stand-in: duplicate key " + id + " in index $id of "
              + r.name() + " (" + inserted + " inserted before it)");
        }
        c.docs.put(key, d);
        inserted++;
      }
    }
    return reply(h, 0, -1, (r.flags() & FLG_INSERT_RETURNNUM) == 0 ? List.of()
        : List.of(new BasicBSONObject("InsertedNum", inserted).append("DuplicatedNum", duplicated)));
  }

  private byte[] update(Header h, Received r) throws Refusal {
    if ((r.flags() & ~UPDATE_FLAGS) != 0) {
      throw refuse(r, "update flags " + Integer.toHexString(r.flags() & ~UPDATE_FLAGS) + " not implemented");
    }
    BSONObject matcher = r.arg(0);
    BSONObject modifier = r.arg(1);
    if (modifier.keySet().isEmpty()) {
      throw refuse(r, "empty update rule");
    }
    for (String op : modifier.keySet()) {
      if (!"$set".equals(op) || !(modifier.get(op) instanceof BSONObject set)
          || set instanceof BasicBSONList) {
        throw refuse(r, "update operator " + op + " not implemented (only $set)");
      }
      for (String f : set.keySet()) {
        if (f.equals("_id") || f.contains(".") || f.startsWith("$")) {
          throw refuse(r, "$set of " + f + " not implemented");
        }
      }
    }
    BSONObject set = (BSONObject) modifier.get("$set");
    long updated = 0;
    long modified = 0;
    synchronized (this) {
      Collection c = collection(r.name(), true);
      checkHint(c, r.arg(2), r);
      for (Map.Entry<Object, BSONObject> e : c.docs.entrySet()) {
        if (!matches(e.getValue(), matcher, r)) {
          continue;
        }
        BasicBSONObject copy = new BasicBSONObject();
        copy.putAll(e.getValue());
        boolean changed = false;
        for (String f : set.keySet()) {
          changed |= !same(copy.get(f), set.get(f));
          copy.put(f, set.get(f));
        }
        e.setValue(copy);
        updated++;
        modified += changed ? 1 : 0;
        if ((r.flags() & 2) != 0) {
          break;
        }
      }
    }
    return reply(h, 0, -1, (r.flags() & FLG_UPDATE_RETURNNUM) == 0 ? List.of()
        : List.of(new BasicBSONObject("UpdatedNum", updated).append("ModifiedNum", modified)
            .append("InsertedNum", 0L)));
  }

  private byte[] delete(Header h, Received r) throws Refusal {
    if ((r.flags() & ~DELETE_FLAGS) != 0) {
      throw refuse(r, "delete flags " + Integer.toHexString(r.flags() & ~DELETE_FLAGS) + " not implemented");
    }
    long deleted = 0;
    synchronized (this) {
      Collection c = collection(r.name(), true);
      checkHint(c, r.arg(1), r);
      Iterator<BSONObject> it = c.docs.values().iterator();
      while (it.hasNext()) {
        if (matches(it.next(), r.arg(0), r)) {
          it.remove();
          deleted++;
          if ((r.flags() & 2) != 0) {
            break;
          }
        }
      }
    }
    return reply(h, 0, -1, (r.flags() & FLG_DELETE_RETURNNUM) == 0 ? List.of()
        : List.of(new BasicBSONObject("DeletedNum", deleted)));
  }

  // ---------------------------------------------------------------- matching, selecting, sorting

  /** The $id index key of a value: byte arrays and binaries compare by content. */
  private static Object idKey(Object id) {
    if (id instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (id instanceof Binary b) {
      return HexFormat.of().formatHex(b.getData());
    }
    if (id instanceof Number n && !(id instanceof Double || id instanceof Float)) {
      return n.longValue();
    }
    return id;
  }

  private boolean matches(BSONObject doc, BSONObject matcher, Received r) throws Refusal {
    if (matcher == null) {
      return true;
    }
    for (String key : matcher.keySet()) {
      Object cond = matcher.get(key);
      if (key.equals("$and")) {
        if (!(cond instanceof BasicBSONList list)) {
          throw refuse(r, "$and of " + cond);
        }
        for (Object o : list) {
          if (!(o instanceof BSONObject sub) || sub instanceof BasicBSONList) {
            throw refuse(r, "$and element " + o);
          }
          if (!matches(doc, sub, r)) {
            return false;
          }
        }
        continue;
      }
      if (key.startsWith("$")) {
        throw refuse(r, "matcher operator " + key + " not implemented");
      }
      Object value = path(doc, key);
      if (cond instanceof BSONObject ops && !(cond instanceof BasicBSONList) && isOperators(ops)) {
        for (String op : ops.keySet()) {
          if (!test(value, op, ops.get(op), r)) {
            return false;
          }
        }
      } else if (!same(value, cond)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isOperators(BSONObject o) {
    Set<String> keys = o.keySet();
    return !keys.isEmpty() && keys.stream().allMatch(k -> k.startsWith("$"));
  }

  private boolean test(Object value, String op, Object arg, Received r) throws Refusal {
    switch (op) {
      case "$et":
        return same(value, arg);
      case "$ne":
        return !same(value, arg);
      case "$in":
        if (!(arg instanceof BasicBSONList list)) {
          throw refuse(r, "$in of " + arg);
        }
        for (Object o : list) {
          if (same(value, o)) {
            return true;
          }
        }
        return false;
      case "$gt":
      case "$gte":
      case "$lt":
      case "$lte": {
        if (!comparable(arg)) {
          throw refuse(r, op + " on a " + (arg == null ? "null" : arg.getClass().getSimpleName())
              + " (only numbers and strings are implemented)");
        }
        if (value == null || rank(value) != rank(arg)) {
          return false; // SequoiaDB compares within a type
        }
        int c = compare(value, arg);
        return switch (op) {
          case "$gt" -> c > 0;
          case "$gte" -> c >= 0;
          case "$lt" -> c < 0;
          default -> c <= 0;
        };
      }
      default:
        throw refuse(r, "matcher operator " + op + " not implemented");
    }
  }

  private static boolean comparable(Object o) {
    return o instanceof Number || o instanceof String;
  }

  private static Object path(BSONObject doc, String key) {
    Object v = doc;
    for (String part : key.split("\\.")) {
      if (!(v instanceof BSONObject o) || v instanceof BasicBSONList) {
        return null;
      }
      v = o.get(part);
    }
    return v;
  }

  private static boolean same(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a instanceof Number x && b instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue()) == 0;
    }
    if (a instanceof byte[] || a instanceof Binary || b instanceof byte[] || b instanceof Binary) {
      return Arrays.equals(bytes(a), bytes(b));
    }
    return a.equals(b);
  }

  private static byte[] bytes(Object o) {
    return o instanceof byte[] b ? b : o instanceof Binary bin ? bin.getData() : null;
  }

  /** BSON's canonical order of types: missing/null, numbers, strings, objects, arrays, binary, ids, booleans. */
  private static int rank(Object o) {
    if (o == null) {
      return 0;
    }
    if (o instanceof Number) {
      return 1;
    }
    if (o instanceof String) {
      return 2;
    }
    if (o instanceof BasicBSONList) {
      return 4;
    }
    if (o instanceof BSONObject) {
      return 3;
    }
    if (o instanceof byte[] || o instanceof Binary) {
      return 5;
    }
    if (o instanceof ObjectId) {
      return 6;
    }
    if (o instanceof Boolean) {
      return 7;
    }
    return 8;
  }

  private static int compare(Object a, Object b) {
    int ra = rank(a);
    int rb = rank(b);
    if (ra != rb) {
      return Integer.compare(ra, rb);
    }
    if (a instanceof Number x && b instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    if (a instanceof String x && b instanceof String y) {
      return Arrays.compare(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
    }
    if (ra == 5) {
      return Arrays.compareUnsigned(bytes(a), bytes(b));
    }
    if (a instanceof Comparable<?> && a.getClass() == b.getClass()) {
      @SuppressWarnings("unchecked")
      Comparable<Object> c = (Comparable<Object>) a;
      return c.compareTo(b);
    }
    return 0;
  }

  private Comparator<BSONObject> order(BSONObject orderBy, Received r) throws Refusal {
    Comparator<BSONObject> cmp = null;
    for (String f : orderBy.keySet()) {
      if (!(orderBy.get(f) instanceof Integer dir && (dir == 1 || dir == -1))) {
        throw refuse(r, "orderBy " + f + ": " + orderBy.get(f));
      }
      Comparator<BSONObject> one = (x, y) -> compare(path(x, f), path(y, f));
      if (dir < 0) {
        one = one.reversed();
      }
      cmp = cmp == null ? one : cmp.thenComparing(one);
    }
    return cmp;
  }

  /** Applies a selector of {@code {field: {$include: 1}}} (only those fields) or {@code {$include: 0}} (all but). */
  private BSONObject select(BSONObject doc, BSONObject selector, Received r) throws Refusal {
    if (selector.keySet().isEmpty()) {
      return doc;
    }
    Boolean include = null;
    for (String f : selector.keySet()) {
      Object s = selector.get(f);
      if (!(s instanceof BSONObject o) || o.keySet().size() != 1 || !(o.get("$include") instanceof Integer i)
          || (i != 0 && i != 1) || f.contains(".")) {
        throw refuse(r, "selector " + f + ": " + s + " (only top-level {$include: 0|1} is implemented)");
      }
      if (include != null && include != (i == 1)) {
        throw refuse(r, "selector mixes $include 1 and 0");
      }
      include = i == 1;
    }
    BasicBSONObject out = new BasicBSONObject();
    for (String k : doc.keySet()) {
      if (selector.containsField(k) == include) {
        out.put(k, doc.get(k));
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- helpers

  private static byte[] md5Bytes(byte[] b) {
    try {
      return MessageDigest.getInstance("MD5").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String md5(String s) {
    return HexFormat.of().formatHex(md5Bytes(s.getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
    for (Thread t : List.copyOf(workers)) {
      try {
        t.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    try {
      acceptor.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
