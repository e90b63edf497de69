package org.sciycsb.riak;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import shaded.com.basho.riak.protobuf.RiakKvPB;
import shaded.com.basho.riak.protobuf.RiakMessageCodes;
import shaded.com.basho.riak.protobuf.RiakPB;
import shaded.com.google.protobuf.ByteString;
import shaded.com.google.protobuf.MessageLite;

/**
 * A STAND-IN for a Riak KV node, in TEST scope only. It is not Riak: it speaks just enough of the protocol buffers
 * client protocol (4-byte length, 1-byte message code, protobuf body) to run the binding end to end: ping, server
 * info, get, put, delete and 2i range queries on {@code _bin} indexes, in memory, on one node, with no replication
 * (so quorums are recorded, not honoured). It can play a strongly consistent bucket type (conditional puts),
 * allow_mult siblings, a backend without 2i, and injected server errors.
 *
 * <p>It exists to test the binding's request/response handling; NEVER use it to produce benchmark numbers.
 */
final class RiakStandIn implements AutoCloseable {
  static final String VERSION = "stand-in (not Riak)";
  static final String NO_2I_ERROR = "{error,{indexes_not_supported,riak_kv_bitcask_backend}}";

  /** Behaviour switches, fixed at start. */
  record Mode(boolean strongConsistency, boolean allowMult, boolean secondaryIndexes) {
    static Mode eventual() {
      return new Mode(false, false, true);
    }
  }

  private static final class Entry {
    final List<RiakKvPB.RpbContent> siblings = new ArrayList<>();
    long clock;
  }

  private final Mode mode;
  private final ServerSocket server;
  private final Thread acceptor;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Thread> workers = new CopyOnWriteArrayList<>();
  private final Map<String, Entry> data = new HashMap<>();
  private final List<MessageLite> received = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedDeque<String> faults = new ConcurrentLinkedDeque<>();
  private long clocks;
  private volatile boolean closed;

  private RiakStandIn(Mode mode) throws IOException {
    this.mode = mode;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    this.acceptor = new Thread(this::acceptLoop, "riak-stand-in-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a stand-in on a free loopback port. */
  static RiakStandIn start(Mode mode) throws IOException {
    return new RiakStandIn(mode);
  }

  int port() {
    return server.getLocalPort();
  }

  String hosts() {
    return "127.0.0.1:" + port();
  }

  private volatile int loseEvery;
  private long puts;

  /**
   * From now on every {@code n}-th write is acknowledged but not stored (a store that loses acknowledged writes,
   * for the post-load count check); 0 stores every write.
   */
  void loseEvery(int n) {
    loseEvery = n;
  }

  /** The next {@code times} KV or 2i requests are answered with this Riak error message. */
  void failNext(String errmsg, int times) {
    for (int i = 0; i < times; i++) {
      faults.add(errmsg);
    }
  }

  /** Every decoded request of a type, in arrival order. */
  <T extends MessageLite> List<T> received(Class<T> type) {
    List<T> out = new ArrayList<>();
    for (MessageLite m : received) {
      if (type.isInstance(m)) {
        out.add(type.cast(m));
      }
    }
    return out;
  }

  void clearReceived() {
    received.clear();
  }

  /** The live value count of a key (siblings), 0 when absent. */
  synchronized int siblings(String type, String bucket, String key) {
    Entry e = data.get(id(ByteString.copyFromUtf8(type), ByteString.copyFromUtf8(bucket),
        ByteString.copyFromUtf8(key)));
    return e == null ? 0 : e.siblings.size();
  }

  /** Adds a sibling as a concurrent writer would have (allow_mult), with a given last-modified second. */
  synchronized void addSibling(String type, String bucket, String key, String json, int lastModSeconds) {
    Entry e = data.computeIfAbsent(id(ByteString.copyFromUtf8(type), ByteString.copyFromUtf8(bucket),
        ByteString.copyFromUtf8(key)), k -> new Entry());
    e.siblings.add(RiakKvPB.RpbContent.newBuilder().setValue(ByteString.copyFromUtf8(json))
        .setContentType(ByteString.copyFromUtf8("application/json")).setLastMod(lastModSeconds).setLastModUsecs(0)
        .addIndexes(RiakPB.RpbPair.newBuilder().setKey(ByteString.copyFromUtf8("key_bin"))
            .setValue(ByteString.copyFromUtf8(key)))
        .build());
    e.clock = ++clocks;
  }

  private void acceptLoop() {
    while (!closed) {
      try {
        Socket s = server.accept();
        sockets.add(s);
        Thread t = new Thread(() -> serve(s), "riak-stand-in-conn");
        t.setDaemon(true);
        workers.add(t);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s; DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()))) {
      while (!closed) {
        int len;
        try {
          len = in.readInt();
        } catch (EOFException e) {
          return;
        }
        byte code = in.readByte();
        byte[] body = new byte[len - 1];
        in.readFully(body);
        for (Reply r : handle(code, body)) {
          byte[] b = r.body == null ? new byte[0] : r.body.toByteArray();
          out.writeInt(b.length + 1);
          out.writeByte(r.code);
          out.write(b);
        }
        out.flush();
      }
    } catch (IOException e) {
      // connection closed by the client or by close()
    }
  }

  private record Reply(byte code, MessageLite body) {}

  private static List<Reply> one(byte code, MessageLite body) {
    return List.of(new Reply(code, body));
  }

  private static List<Reply> error(String msg) {
    return one(RiakMessageCodes.MSG_ErrorResp,
        RiakPB.RpbErrorResp.newBuilder().setErrmsg(ByteString.copyFromUtf8(msg)).setErrcode(0).build());
  }

  private List<Reply> handle(byte code, byte[] body) throws IOException {
    switch (code) {
      case RiakMessageCodes.MSG_PingReq:
        return one(RiakMessageCodes.MSG_PingResp, null);
      case RiakMessageCodes.MSG_GetServerInfoReq:
        return one(RiakMessageCodes.MSG_GetServerInfoResp, RiakPB.RpbGetServerInfoResp.newBuilder()
            .setNode(ByteString.copyFromUtf8("standin@127.0.0.1"))
            .setServerVersion(ByteString.copyFromUtf8(VERSION)).build());
      case RiakMessageCodes.MSG_GetReq: {
        RiakKvPB.RpbGetReq q = RiakKvPB.RpbGetReq.parseFrom(body);
        received.add(q);
        String fault = faults.poll();
        return fault != null ? error(fault) : get(q);
      }
      case RiakMessageCodes.MSG_PutReq: {
        RiakKvPB.RpbPutReq q = RiakKvPB.RpbPutReq.parseFrom(body);
        received.add(q);
        String fault = faults.poll();
        return fault != null ? error(fault) : put(q);
      }
      case RiakMessageCodes.MSG_DelReq: {
        RiakKvPB.RpbDelReq q = RiakKvPB.RpbDelReq.parseFrom(body);
        received.add(q);
        String fault = faults.poll();
        return fault != null ? error(fault) : delete(q);
      }
      case RiakMessageCodes.MSG_IndexReq: {
        RiakKvPB.RpbIndexReq q = RiakKvPB.RpbIndexReq.parseFrom(body);
        received.add(q);
        String fault = faults.poll();
        return fault != null ? error(fault) : index(q);
      }
      default:
        return error("stand-in: message code " + code + " not implemented");
    }
  }

  private static String id(ByteString type, ByteString bucket, ByteString key) {
    return (type.isEmpty() ? "default" : type.toStringUtf8()) + "\u0000" + bucket.toStringUtf8() + "\u0000"
        + key.toStringUtf8();
  }

  private static ByteString clockBytes(long clock) {
    return ByteString.copyFrom(ByteBuffer.allocate(8).putLong(clock).array());
  }

  private synchronized List<Reply> get(RiakKvPB.RpbGetReq q) {
    Entry e = data.get(id(q.getType(), q.getBucket(), q.getKey()));
    RiakKvPB.RpbGetResp.Builder b = RiakKvPB.RpbGetResp.newBuilder();
    if (e != null && !e.siblings.isEmpty()) {
      b.addAllContent(e.siblings).setVclock(clockBytes(e.clock));
    }
    return one(RiakMessageCodes.MSG_GetResp, b.build());
  }

  private synchronized List<Reply> put(RiakKvPB.RpbPutReq q) {
    if (!mode.secondaryIndexes() && q.getContent().getIndexesCount() > 0) {
      return error(NO_2I_ERROR);
    }
    String id = id(q.getType(), q.getBucket(), q.getKey());
    Entry e = data.get(id);
    boolean exists = e != null && !e.siblings.isEmpty();
    boolean clockMatches = exists && q.hasVclock() && q.getVclock().equals(clockBytes(e.clock));
    if (mode.strongConsistency()) {
      if (exists ? !clockMatches : q.hasVclock()) {
        return error("failed");
      }
    }
    if (loseEvery > 0 && ++puts % loseEvery == 0) {
      return one(RiakMessageCodes.MSG_PutResp, null); // acknowledged, never stored
    }
    long now = System.currentTimeMillis();
    RiakKvPB.RpbContent c = q.getContent().toBuilder().setLastMod((int) (now / 1000))
        .setLastModUsecs((int) (now % 1000) * 1000).build();
    if (e == null) {
      e = new Entry();
      data.put(id, e);
    }
    if (!mode.allowMult() || clockMatches || !exists) {
      e.siblings.clear();
    }
    e.siblings.add(c);
    e.clock = ++clocks;
    return one(RiakMessageCodes.MSG_PutResp, null);
  }

  private synchronized List<Reply> delete(RiakKvPB.RpbDelReq q) {
    String id = id(q.getType(), q.getBucket(), q.getKey());
    Entry e = data.get(id);
    if (mode.strongConsistency() && e != null && q.hasVclock() && !q.getVclock().equals(clockBytes(e.clock))) {
      return error("failed");
    }
    data.remove(id);
    return one(RiakMessageCodes.MSG_DelResp, null);
  }

  private static final Comparator<ByteString> UNSIGNED = (a, b) -> {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int x = a.byteAt(i) & 0xff;
      int y = b.byteAt(i) & 0xff;
      if (x != y) {
        return Integer.compare(x, y);
      }
    }
    return Integer.compare(a.size(), b.size());
  };

  private synchronized List<Reply> index(RiakKvPB.RpbIndexReq q) {
    if (!mode.secondaryIndexes()) {
      return error(NO_2I_ERROR);
    }
    if (q.getQtype() != RiakKvPB.RpbIndexReq.IndexQueryType.range || !q.getIndex().toStringUtf8().endsWith("_bin")) {
      return error("stand-in: only _bin range queries are implemented");
    }
    String prefix = (q.getType().isEmpty() ? "default" : q.getType().toStringUtf8()) + "\u0000"
        + q.getBucket().toStringUtf8() + "\u0000";
    List<ByteString[]> hits = new ArrayList<>(); // {term, key}
    for (Map.Entry<String, Entry> d : data.entrySet()) {
      if (!d.getKey().startsWith(prefix) || d.getValue().siblings.isEmpty()) {
        continue;
      }
      ByteString key = ByteString.copyFromUtf8(d.getKey().substring(prefix.length()));
      for (RiakKvPB.RpbContent c : d.getValue().siblings) {
        for (RiakPB.RpbPair p : c.getIndexesList()) {
          if (p.getKey().equals(q.getIndex()) && UNSIGNED.compare(p.getValue(), q.getRangeMin()) >= 0
              && UNSIGNED.compare(p.getValue(), q.getRangeMax()) <= 0) {
            hits.add(new ByteString[] {p.getValue(), key});
          }
        }
      }
    }
    hits.sort((a, b) -> {
      int t = UNSIGNED.compare(a[0], b[0]);
      return t != 0 ? t : UNSIGNED.compare(a[1], b[1]);
    });
    RiakKvPB.RpbIndexResp.Builder b = RiakKvPB.RpbIndexResp.newBuilder();
    ByteString last = null;
    int n = 0;
    // the stand-in's continuation is simply the last key of the previous page (Riak's is opaque)
    ByteString after = q.hasContinuation() ? q.getContinuation() : null;
    for (ByteString[] h : hits) {
      if (h[1].equals(last) || after != null && UNSIGNED.compare(h[1], after) <= 0) {
        continue;
      }
      if (q.hasMaxResults() && n >= q.getMaxResults()) {
        b.setContinuation(last);
        break;
      }
      b.addKeys(h[1]);
      last = h[1];
      n++;
    }
    if (q.getStream()) {
      b.setDone(true);
    }
    return one(RiakMessageCodes.MSG_IndexResp, b.build());
  }

  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
    for (Thread t : Collections.unmodifiableList(workers)) {
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
