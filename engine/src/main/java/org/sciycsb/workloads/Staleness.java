package org.sciycsb.workloads;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What {@code staleness=true} measures: for every key this client writes, its last {@link #history} writes (the
 * version stamped in their values, the fields they wrote, when each was sent and when acknowledged), and for every
 * read a judgement against them: <em>fresh</em>, <em>stale</em> (how many acknowledged writes behind, and how long
 * after the first of them was acknowledged), or not judged (<em>never written</em>: the key has no write of this
 * client; <em>other client</em>: the value carries another process's stamp).
 *
 * <p>The rule, per field read: the value read came from write {@code v} (or from before the run, when it carries no
 * stamp or the record is missing). Every write {@code w} of that field that was sent after {@code v} was
 * acknowledged, and was acknowledged itself before the read was sent, is newer in real time than {@code v}, and a
 * read that returns {@code v} is behind it: such a read is stale, behind by the number of those writes, its lag the
 * time from the first of their acknowledgements to the read's send. Writes that overlap in time are not ordered, and
 * a failed write never counts as acknowledged, so a store that is linearizable never yields a stale read. A read is
 * stale when any of its fields is: behind by its largest count, lagging by its longest lag.
 *
 * <p>Each judged operation (READ, the read of a READ-MODIFY-WRITE) keeps its counts in a {@link Tally} of its own,
 * judged against the same writes.
 *
 * <p>Thread-safe: each key's history is a {@code long[]} guarded by its own monitor.
 */
final class Staleness {
  /** The judgements; {@link #STALE} comes with a count and a lag. */
  static final int FRESH = 0;
  static final int STALE = 1;
  static final int NEVER_WRITTEN = 2;
  static final int OTHER_CLIENT = 3;
  /** The largest counted distance; further behind counts as this many or more. */
  static final int MAX_BEHIND = 8;
  private static final long PENDING = Long.MAX_VALUE;
  /** In a write's field mask: the write failed (fields are indices 0 to 62). */
  private static final long FAILED = Long.MIN_VALUE;
  /** The most fields a record may have under staleness=true (a write's fields are one long's bits). */
  static final int MAX_FIELDS = 63;
  /** Per key: [0] writes begun, [1] the latest acknowledgement of a write no longer kept, then per write: version,
   * fields (a bit mask of their indices, and FAILED), sent, answered (PENDING until then). */
  private static final int HEAD = 2;
  private static final int SLOT = 4;

  private final int history;
  private final long tag;
  private final AtomicLong sequence = new AtomicLong();
  private final ConcurrentHashMap<String, long[]> keys = new ConcurrentHashMap<>();

  /** One judged operation's counts: by judgement, and the stale ones by distance behind. */
  static final class Tally {
    private final LongAdder[] counts = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};
    private final AtomicLongArray behind = new AtomicLongArray(MAX_BEHIND + 1);
  }

  /**
   * @param history the writes kept per key
   * @param tag this process's 16-bit tag, the top of every version it stamps (another process's stamp is told apart)
   */
  Staleness(int history, int tag) {
    this.history = history;
    this.tag = (long) (tag & 0xffff) << 48;
  }

  /** A version for a new write: unique in this process, with the process's tag; never 0. */
  long nextVersion() {
    return tag | (sequence.incrementAndGet() & 0xffff_ffff_ffffL);
  }

  /** A write of {@code fields} (bit mask) with {@code version} is sent at {@code sentNanos}. */
  void sent(String key, long version, long fields, long sentNanos) {
    long[] h = keys.computeIfAbsent(key, k -> newHistory());
    synchronized (h) {
      int at = HEAD + (int) (h[0]++ % history) * SLOT;
      if (h[0] > history) { // the oldest write is forgotten: its answer bounds every forgotten version's
        h[1] = h[at + 3] == PENDING || h[1] == PENDING ? PENDING : Math.max(h[1], h[at + 3]);
      }
      h[at] = version;
      h[at + 1] = fields;
      h[at + 2] = sentNanos;
      h[at + 3] = PENDING;
    }
  }

  /**
   * The write of {@code version} was answered at {@code doneNanos}: acknowledged when {@code ok}, else failed (it
   * may have been applied, so a read may return it, but it never makes an older value stale).
   */
  void answered(String key, long version, long doneNanos, boolean ok) {
    long[] h = keys.get(key);
    if (h == null) {
      return;
    }
    synchronized (h) {
      for (int at = HEAD; at < h.length; at += SLOT) {
        if (h[at] == version) {
          h[at + 3] = doneNanos;
          h[at + 1] |= ok ? 0 : FAILED;
          return;
        }
      }
      if (h[1] != PENDING) { // forgotten while unanswered (PENDING then) is kept as such: no bound any more
        h[1] = Math.max(h[1], doneNanos);
      }
    }
  }

  private long[] newHistory() {
    long[] h = new long[HEAD + history * SLOT];
    h[1] = Long.MIN_VALUE;
    return h;
  }

  /**
   * Judges a read of {@code key} sent at {@code sentNanos} that returned, for field index {@code fields[i]}, the
   * version {@code versions[i]} (0: no stamp, or the field or record missing); counts it, and for a stale read
   * leaves how far behind and the lag in {@code out}. Returns the judgement.
   */
  int judge(String key, int[] fields, long[] versions, int n, long sentNanos, Judgement out, Tally t) {
    out.behind = 0;
    out.lagNanos = 0;
    long[] h = keys.get(key);
    int kind = h == null ? NEVER_WRITTEN : FRESH;
    if (h != null) {
      synchronized (h) {
        for (int i = 0; i < n && kind != OTHER_CLIENT; i++) {
          kind = field(h, fields[i], versions[i], sentNanos, out) ? kind : OTHER_CLIENT;
        }
      }
      if (kind == FRESH && out.behind > 0) {
        kind = STALE;
      }
    }
    t.counts[kind].increment();
    if (kind == STALE) {
      t.behind.incrementAndGet(Math.min(out.behind, MAX_BEHIND));
    }
    return kind;
  }

  /** One field's judgement into {@code out} (the largest count and lag so far kept); false for another's stamp. */
  private boolean field(long[] h, int field, long version, long readSent, Judgement out) {
    long bit = 1L << field;
    long acked = Long.MIN_VALUE; // when the write read was answered: before the run when it has no stamp
    if (version != 0) {
      if ((version & 0xffff_0000_0000_0000L) != tag) {
        return false;
      }
      acked = h[1]; // not kept any more: acknowledged by the latest of the forgotten ones at the latest
      for (int at = HEAD; at < h.length; at += SLOT) {
        if (h[at] == version) {
          acked = h[at + 3];
          break;
        }
      }
    }
    int count = 0;
    long first = Long.MAX_VALUE;
    for (int at = HEAD; at < h.length; at += SLOT) {
      long ack = h[at + 3];
      long f = h[at + 1];
      if (h[at] != 0 && (f & bit) != 0 && (f & FAILED) == 0 && h[at + 2] > acked && ack <= readSent) {
        count++;
        first = Math.min(first, ack);
      }
    }
    if (count > 0) {
      out.behind = Math.max(out.behind, count);
      out.lagNanos = Math.max(out.lagNanos, readSent - first);
    }
    return true;
  }

  /** What one read's judgement found (one per thread, reused). */
  static final class Judgement {
    int behind;
    long lagNanos;
  }

  /**
   * The run's figures of one judged operation for results.json's {@code extra.staleness.<OP>}: judged (fresh +
   * stale), fresh, stale, the stale share of the judged, not judged (never written, other client) and the stale
   * reads by distance behind.
   */
  Map<String, Object> summary(Tally t) {
    LongAdder[] counts = t.counts;
    AtomicLongArray behind = t.behind;
    long fresh = counts[FRESH].sum();
    long stale = counts[STALE].sum();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("judged", fresh + stale);
    m.put("fresh", fresh);
    m.put("stale", stale);
    m.put("staleRate", fresh + stale == 0 ? 0.0 : (double) stale / (fresh + stale));
    m.put("neverWritten", counts[NEVER_WRITTEN].sum());
    m.put("otherClient", counts[OTHER_CLIENT].sum());
    Map<String, Long> by = new LinkedHashMap<>();
    for (int i = 1; i <= MAX_BEHIND; i++) {
      if (behind.get(i) > 0) {
        by.put(i == MAX_BEHIND ? MAX_BEHIND + "+" : Integer.toString(i), behind.get(i));
      }
    }
    m.put("behind", by);
    m.put("keysWritten", keys.size());
    m.put("history", history);
    return m;
  }
}
