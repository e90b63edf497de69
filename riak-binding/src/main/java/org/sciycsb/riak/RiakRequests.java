package org.sciycsb.riak;

import com.basho.riak.client.api.cap.VClock;
import com.basho.riak.client.api.commands.indexes.BinIndexQuery;
import com.basho.riak.client.api.commands.kv.DeleteValue;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.api.commands.kv.StoreValue;
import com.basho.riak.client.core.query.Location;
import com.basho.riak.client.core.query.Namespace;
import com.basho.riak.client.core.query.RiakObject;
import com.basho.riak.client.core.query.indexes.StringBinIndex;
import com.basho.riak.client.core.util.BinaryValue;

/**
 * Builds every request the binding sends, from the settings alone: pure functions with no client, so the unit
 * tests can inspect exactly which command, quorums and options each YCSB operation and preset produces.
 *
 * <p>Eventually consistent bucket types get the configured r/pr (reads), w/pw/dw (writes) and n_val. Strongly
 * consistent bucket types get none of them (Riak ignores quorums there; the ensemble decides), and writes carry
 * the causal context (vclock) of a preceding fetch, so they are conditional.
 */
public final class RiakRequests {
  /** The secondary index every record (or its index entry) carries: {@code key_bin} = the record key. */
  public static final String KEY_INDEX = "key";
  /**
   * The secondary index of the {@code SubjectTimeline} access path: every event (FHIR observation), or its index
   * entry, carries {@code timeline_bin} = {@link #timelineTerm}, which sorts a subject's events newest first.
   */
  public static final String TIMELINE_INDEX = "timeline";
  /** Separates the parts of a timeline term; escaped in subject ids ({@link #timelinePrefix}). */
  static final char TERM_SEPARATOR = '|';
  /** Upper bound of a scan's 2i range: above every key made of characters below U+FFFF. */
  public static final String SCAN_RANGE_END = "\uffff";
  public static final String CONTENT_TYPE = "application/json";

  private final RiakSettings s;

  public RiakRequests(RiakSettings settings) {
    this.s = settings;
  }

  public RiakSettings settings() {
    return s;
  }

  /** The bucket of a YCSB table: bucket type {@code riak.bucket_type}, bucket = table. */
  public Namespace namespace(String table) {
    return new Namespace(s.buckets().type(), table);
  }

  /** Where scans look up key_bin: the records themselves, or (strong consistency) their index entries. */
  public Namespace indexNamespace(String table) {
    RiakSettings.Buckets b = s.buckets();
    return b.strongConsistency() && b.scanType() != null ? new Namespace(b.scanType(), table) : namespace(table);
  }

  public Location location(String table, String key) {
    return new Location(namespace(table), key);
  }

  /** Read one record. */
  public FetchValue fetch(String table, String key) {
    FetchValue.Builder b = new FetchValue.Builder(location(table, key)).withTimeout(s.requests().timeoutMillis());
    if (!s.buckets().strongConsistency()) {
      RiakSettings.Consistency q = s.consistency();
      if (q.r() != null) {
        b.withOption(FetchValue.Option.R, q.r());
      }
      if (q.pr() != null) {
        b.withOption(FetchValue.Option.PR, q.pr());
      }
      if (q.nVal() != null) {
        b.withOption(FetchValue.Option.N_VAL, q.nVal());
      }
    }
    return b.build();
  }

  /** The stored form of a record: its JSON, plus key_bin when records are indexed for scans. */
  public RiakObject object(String key, byte[] json) {
    RiakObject o = new RiakObject().setContentType(CONTENT_TYPE).setCharset("UTF-8")
        .setValue(BinaryValue.unsafeCreate(json));
    if (s.buckets().scanIndex() && !s.buckets().strongConsistency()) {
      o.getIndexes().getIndex(StringBinIndex.named(KEY_INDEX)).add(key);
    }
    return o;
  }

  /**
   * Write one record. {@code vclock} is the causal context of the fetch this write follows (update, or a
   * strongly consistent overwrite), or null for a blind insert.
   */
  public StoreValue store(String table, String key, RiakObject object, VClock vclock) {
    StoreValue.Builder b = new StoreValue.Builder(object).withLocation(location(table, key))
        .withTimeout(s.requests().timeoutMillis());
    if (vclock != null) {
      b.withVectorClock(vclock);
    }
    if (!s.buckets().strongConsistency()) {
      writeQuorums(b);
    }
    return b.build();
  }

  /** Strong consistency with {@code riak.scan_bucket_type}: the key_bin-indexed entry ({@code {}}) a scan finds. */
  public StoreValue storeIndexEntry(String table, String key) {
    RiakObject o = new RiakObject().setContentType(CONTENT_TYPE).setValue(BinaryValue.create("{}"));
    o.getIndexes().getIndex(StringBinIndex.named(KEY_INDEX)).add(key);
    StoreValue.Builder b = new StoreValue.Builder(o).withLocation(new Location(indexNamespace(table), key))
        .withTimeout(s.requests().timeoutMillis());
    writeQuorums(b);
    return b.build();
  }

  private void writeQuorums(StoreValue.Builder b) {
    RiakSettings.Consistency q = s.consistency();
    if (q.w() != null) {
      b.withOption(StoreValue.Option.W, q.w());
    }
    if (q.pw() != null) {
      b.withOption(StoreValue.Option.PW, q.pw());
    }
    if (q.dw() != null) {
      b.withOption(StoreValue.Option.DW, q.dw());
    }
    if (q.nVal() != null) {
      b.withOption(StoreValue.Option.N_VAL, q.nVal());
    }
  }

  /** Delete one record; {@code vclock} from a preceding fetch (strong consistency) or null. */
  public DeleteValue delete(String table, String key, VClock vclock) {
    DeleteValue.Builder b = new DeleteValue.Builder(location(table, key)).withTimeout(s.requests().timeoutMillis());
    if (vclock != null) {
      b.withVClock(vclock);
    }
    if (!s.buckets().strongConsistency()) {
      deleteQuorums(b);
    }
    return b.build();
  }

  /** Delete the index entry of a record (strong consistency with {@code riak.scan_bucket_type}). */
  public DeleteValue deleteIndexEntry(String table, String key) {
    DeleteValue.Builder b = new DeleteValue.Builder(new Location(indexNamespace(table), key))
        .withTimeout(s.requests().timeoutMillis());
    deleteQuorums(b);
    return b.build();
  }

  private void deleteQuorums(DeleteValue.Builder b) {
    RiakSettings.Consistency q = s.consistency();
    if (q.r() != null) {
      b.withOption(DeleteValue.Option.R, q.r());
    }
    if (q.w() != null) {
      b.withOption(DeleteValue.Option.W, q.w());
    }
    if (q.pr() != null) {
      b.withOption(DeleteValue.Option.PR, q.pr());
    }
    if (q.pw() != null) {
      b.withOption(DeleteValue.Option.PW, q.pw());
    }
    if (q.dw() != null) {
      b.withOption(DeleteValue.Option.DW, q.dw());
    }
    if (q.nVal() != null) {
      b.withOption(DeleteValue.Option.N_VAL, q.nVal());
    }
  }

  /** Page size of {@link #countPage}. */
  public static final int COUNT_PAGE = 10_000;

  /** One page of the post-load count: every key_bin entry of the table, {@link #COUNT_PAGE} at a time. */
  public BinIndexQuery countPage(String table, BinaryValue continuation) {
    BinIndexQuery.Builder b = new BinIndexQuery.Builder(indexNamespace(table), KEY_INDEX, "", SCAN_RANGE_END)
        .withMaxResults(COUNT_PAGE)
        .withPaginationSort(true)
        .withTimeout(s.requests().timeoutMillis());
    if (continuation != null) {
      b.withContinuation(continuation);
    }
    return b.build();
  }

  // ------------------------------------------------------------------ SubjectTimeline (FHIR) through 2i

  /**
   * The term of a subject's event in {@code timeline_bin}: {@code <subject>|<inverted time>|<event id>}. The subject
   * part is escaped ({@code %} as {@code %25}, {@code |} as {@code %7C}), so a subject's terms share a prefix no
   * other subject's term starts with. The time is inverted and fixed-width (16 lower-case hex digits of
   * {@code ~(time ^ Long.MIN_VALUE)}, i.e. the signed order reversed), so within a subject the newest event has the
   * smallest term: a 2i range query, whose results come back sorted by term, returns the newest first. Ties (the
   * same millisecond) go by event id.
   */
  public static String timelineTerm(String subject, long timeMillis, String eventId) {
    return timelinePrefix(subject) + invertedTime(timeMillis) + TERM_SEPARATOR + eventId;
  }

  /** {@code <escaped subject>|}: what every term of the subject starts with. */
  public static String timelinePrefix(String subject) {
    StringBuilder b = new StringBuilder(subject.length() + 1);
    for (int i = 0; i < subject.length(); i++) {
      char c = subject.charAt(i);
      if (c == '%') {
        b.append("%25");
      } else if (c == TERM_SEPARATOR) {
        b.append("%7C");
      } else {
        b.append(c);
      }
    }
    return b.append(TERM_SEPARATOR).toString();
  }

  /** 16 hex digits that sort (as text) in the reverse order of the times. */
  static String invertedTime(long timeMillis) {
    String h = Long.toHexString(~(timeMillis ^ Long.MIN_VALUE));
    return "0000000000000000".substring(h.length()) + h;
  }

  /**
   * The stored form of an event: its JSON, plus {@code timeline_bin} unless the bucket type is strongly
   * consistent (no 2i there: the term then goes on the index entry, {@link #storeTimelineEntry}).
   */
  public RiakObject eventObject(String term, byte[] json) {
    RiakObject o = new RiakObject().setContentType(CONTENT_TYPE).setCharset("UTF-8")
        .setValue(BinaryValue.unsafeCreate(json));
    if (!s.buckets().strongConsistency()) {
      o.getIndexes().getIndex(StringBinIndex.named(TIMELINE_INDEX)).add(term);
    }
    return o;
  }

  /**
   * Strong consistency with {@code riak.scan_bucket_type}: the {@code timeline_bin}-indexed entry ({@code {}}) of an
   * event, same bucket and key in the index bucket type.
   */
  public StoreValue storeTimelineEntry(String events, String eventId, String term) {
    RiakObject o = new RiakObject().setContentType(CONTENT_TYPE).setValue(BinaryValue.create("{}"));
    o.getIndexes().getIndex(StringBinIndex.named(TIMELINE_INDEX)).add(term);
    StoreValue.Builder b = new StoreValue.Builder(o).withLocation(new Location(indexNamespace(events), eventId))
        .withTimeout(s.requests().timeoutMillis());
    writeQuorums(b);
    return b.build();
  }

  /**
   * The newest {@code limit} events of a subject: a {@code timeline_bin} range query over the subject's prefix with
   * {@code max_results = limit}, sorted (results come back in term order, newest first) and with the terms
   * ({@code return_terms}), so the binding can check that each result belongs to the subject.
   */
  public BinIndexQuery recentEvents(String events, String subject, int limit) {
    String prefix = timelinePrefix(subject);
    return new BinIndexQuery.Builder(indexNamespace(events), TIMELINE_INDEX, prefix, prefix + SCAN_RANGE_END)
        .withMaxResults(limit)
        .withPaginationSort(true)
        .withKeyAndIndex(true)
        .withTimeout(s.requests().timeoutMillis())
        .build();
  }

  /** One page of counting every event: the whole {@code timeline_bin} range, {@link #COUNT_PAGE} at a time. */
  public BinIndexQuery timelineCountPage(String events, BinaryValue continuation) {
    BinIndexQuery.Builder b = new BinIndexQuery.Builder(indexNamespace(events), TIMELINE_INDEX, "", SCAN_RANGE_END)
        .withMaxResults(COUNT_PAGE)
        .withPaginationSort(true)
        .withTimeout(s.requests().timeoutMillis());
    if (continuation != null) {
      b.withContinuation(continuation);
    }
    return b.build();
  }

  /**
   * The keys of a scan: a key_bin range query from the start key, at most {@code count} results, sorted (the
   * records are then fetched one by one).
   */
  public BinIndexQuery scan(String table, String startKey, int count) {
    return new BinIndexQuery.Builder(indexNamespace(table), KEY_INDEX, startKey, SCAN_RANGE_END)
        .withMaxResults(count)
        .withPaginationSort(true)
        .withTimeout(s.requests().timeoutMillis())
        .build();
  }
}
