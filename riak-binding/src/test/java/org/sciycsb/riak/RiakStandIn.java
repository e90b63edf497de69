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
import java.util.TreeSet;
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
 * info, get, put, delete and 2i queries on {@code _bin} indexes (range and equality, any index name, {@code
 * max_results} with a continuation, {@code return_terms}, results sorted by term then key as Riak's sorted
 * queries return them), in memory, on one node, with no replication (so quorums are recorded, not honoured). It can play a strongly consistent bucket type (conditional puts),
 * allow_mult siblings, a backend without 2i, and injected server errors.
 *
 * <p>It exists to test the binding's request/response handling; NEVER use it to produce benchmark numbers.
 */
public final class RiakStandIn implements AutoCloseable {
  static final String VERSION = "stand-in (not Riak)";
  static final String NO_2I_ERROR = "{error,{indexes_not_supported,riak_kv_bitcask_backend}}";

  /** Behaviour switches, fixed at start. */
  public record Mode(boolean strongConsistency, boolean allowMult, boolean secondaryIndexes) {
    public static Mode eventual() {
      return new Mode(false, false, true);
    }
  }

  private static final class Entry {
    final List<RiakKvPB.RpbContent> siblings = new ArrayList<>();
    long clock;
    /** The index postings of this key's live siblings, as {index, term} (to remove them on the next write). */
    final List<ByteString[]> postings = new ArrayList<>();
  }

  /** One 2i entry: a term pointing at an object key. */
  private record Posting(ByteString term, ByteString key) {}

  private static final Comparator<Posting> POSTING_ORDER = (a, b) -> {
    int t = RiakStandIn.UNSIGNED.compare(a.term, b.term);
    return t != 0 ? t : RiakStandIn.UNSIGNED.compare(a.key, b.key);
  };

  private final Mode mode;
  private final ServerSocket server;
  private final Thread acceptor;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Thread> workers = new CopyOnWriteArrayList<>();
  private final Map<String, Entry> data = new HashMap<>();
  /** "type NUL bucket NUL index" → its postings, sorted by term then key (Riak's sorted 2i order). */
  private final Map<String, TreeSet<Posting>> indexes = new HashMap<>();
  private final List<MessageLite> received = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedDeque<String> faults = new ConcurrentLinkedDeque<>();
  private long clocks;
  private volatile boolean closed;
  /** Bucket types that stay eventually consistent on a strongly consistent stand-in (index bucket types). */
  private final java.util.Set<String> eventualTypes = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private RiakStandIn(Mode mode) throws IOException {
    this.mode = mode;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    this.acceptor = new Thread(this::acceptLoop, "riak-stand-in-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a stand-in on a free loopback port. */
  public static RiakStandIn start(Mode mode) throws IOException {
    return new RiakStandIn(mode);
  }

  public int port() {
    return server.getLocalPort();
  }

  /** {@code 127.0.0.1:<port>}, for {@code riak.hosts}. */
  public String hosts() {
    return "127.0.0.1:" + port();
  }

  /**
   * With {@code Mode.strongConsistency}: this bucket type behaves as an eventually consistent one (as the
   * {@code riak.scan_bucket_type} of a real cluster): blind puts overwrite.
   */
  void eventuallyConsistentType(String type) {
    eventualTypes.add(type);
  }

  private boolean strong(ByteString type) {
    return mode.strongConsistency() && !eventualTypes.contains(type.isEmpty() ? "default" : type.toStringUtf8());
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
    reindex(ByteString.copyFromUtf8(type), ByteString.copyFromUtf8(bucket), ByteString.copyFromUtf8(key), e);
  }

  /** The 2i postings of an index (for tests): {term, key} pairs in Riak's sorted order. */
  synchronized List<String[]> postings(String type, String bucket, String index) {
    List<String[]> out = new ArrayList<>();
    TreeSet<Posting> set = indexes.get(type + "\u0000" + bucket + "\u0000" + index);
    if (set != null) {
      for (Posting p : set) {
        out.add(new String[] {p.term.toStringUtf8(), p.key.toStringUtf8()});
      }
    }
    return out;
  }

  private static String indexId(ByteString type, ByteString bucket, ByteString index) {
    return (type.isEmpty() ? "default" : type.toStringUtf8()) + "\u0000" + bucket.toStringUtf8() + "\u0000"
        + index.toStringUtf8();
  }

  /** Replaces a key's postings by those of its current siblings (none once deleted). */
  private void reindex(ByteString type, ByteString bucket, ByteString key, Entry e) {
    for (ByteString[] p : e.postings) {
      TreeSet<Posting> set = indexes.get(indexId(type, bucket, p[0]));
      if (set != null) {
        set.remove(new Posting(p[1], key));
      }
    }
    e.postings.clear();
    for (RiakKvPB.RpbContent c : e.siblings) {
      for (RiakPB.RpbPair p : c.getIndexesList()) {
        indexes.computeIfAbsent(indexId(type, bucket, p.getKey()), k -> new TreeSet<>(POSTING_ORDER))
            .add(new Posting(p.getValue(), key));
        e.postings.add(new ByteString[] {p.getKey(), p.getValue()});
      }
    }
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
    if (strong(q.getType())) {
      if (exists ? !clockMatches : q.hasVclock()) {
        return error("failed");
      }
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
    reindex(q.getType(), q.getBucket(), q.getKey(), e);
    return one(RiakMessageCodes.MSG_PutResp, null);
  }

  private synchronized List<Reply> delete(RiakKvPB.RpbDelReq q) {
    String id = id(q.getType(), q.getBucket(), q.getKey());
    Entry e = data.get(id);
    if (strong(q.getType()) && e != null && q.hasVclock() && !q.getVclock().equals(clockBytes(e.clock))) {
      return error("failed");
    }
    Entry gone = data.remove(id);
    if (gone != null) {
      gone.siblings.clear();
      reindex(q.getType(), q.getBucket(), q.getKey(), gone);
    }
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

  /**
   * A 2i query as Riak answers it: range (inclusive at both ends) or equality on any {@code _bin} index, results
   * sorted by term then key, at most {@code max_results} with a continuation when the page is full (as Riak, which
   * sets it whenever a page holds max_results entries), the terms only with {@code return_terms}. The continuation
   * is opaque to the client; here it encodes the last (term, key) of the page.
   */
  private synchronized List<Reply> index(RiakKvPB.RpbIndexReq q) {
    if (!mode.secondaryIndexes()) {
      return error(NO_2I_ERROR);
    }
    if (!q.getIndex().toStringUtf8().endsWith("_bin")) {
      return error("stand-in: only _bin indexes are implemented");
    }
    ByteString min;
    ByteString max;
    if (q.getQtype() == RiakKvPB.RpbIndexReq.IndexQueryType.eq) {
      min = q.getKey();
      max = q.getKey();
    } else {
      min = q.getRangeMin();
      max = q.getRangeMax();
    }
    RiakKvPB.RpbIndexResp.Builder b = RiakKvPB.RpbIndexResp.newBuilder();
    TreeSet<Posting> set = indexes.get(indexId(q.getType(), q.getBucket(), q.getIndex()));
    if (set != null) {
      java.util.NavigableSet<Posting> from = q.hasContinuation() ? set.tailSet(decode(q.getContinuation()), false)
          : set.tailSet(new Posting(min, ByteString.EMPTY), true);
      int n = 0;
      Posting last = null;
      for (Posting p : from) {
        if (UNSIGNED.compare(p.term, min) < 0) {
          continue;
        }
        if (UNSIGNED.compare(p.term, max) > 0) {
          break;
        }
        if (q.getReturnTerms()) {
          b.addResults(RiakPB.RpbPair.newBuilder().setKey(p.term).setValue(p.key));
        } else {
          b.addKeys(p.key);
        }
        last = p;
        if (q.hasMaxResults() && ++n >= q.getMaxResults()) {
          b.setContinuation(encode(last));
          break;
        }
      }
    }
    if (q.getStream()) {
      b.setDone(true);
    }
    return one(RiakMessageCodes.MSG_IndexResp, b.build());
  }

  private static ByteString encode(Posting p) {
    return ByteString.copyFrom(ByteBuffer.allocate(4).putInt(p.term.size()).array()).concat(p.term).concat(p.key);
  }

  private static Posting decode(ByteString c) {
    int n = ByteBuffer.wrap(c.substring(0, 4).toByteArray()).getInt();
    return new Posting(c.substring(4, 4 + n), c.substring(4 + n));
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
