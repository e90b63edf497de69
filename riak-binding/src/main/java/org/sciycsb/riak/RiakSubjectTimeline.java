package org.sciycsb.riak;

import com.basho.riak.client.api.commands.indexes.SecondaryIndexQuery;
import com.basho.riak.client.api.commands.kv.FetchValue;
import com.basho.riak.client.core.query.RiakObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.access.AsyncSubjectTimeline;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The {@link SubjectTimeline} access path (FHIR patients and observations) in Riak, through a secondary index.
 *
 * <ul>
 *   <li>Subjects: one object per patient in the bucket {@code schema.subjects()} of {@code riak.bucket_type}, key =
 *       the workload's (hashed) patient id, value = the Patient JSON.</li>
 *   <li>Events: one object per observation in the bucket {@code schema.events()}, key = the observation id, value
 *       = its JSON, with one {@code timeline_bin} index term {@code <subject>|<inverted time>|<event id>}
 *       ({@link RiakRequests#timelineTerm}): within a subject the newest event has the smallest term.</li>
 *   <li>"The n newest events of a subject": a 2i range query on {@code timeline_bin} over the subject's prefix with
 *       {@code max_results = n} (sorted, with the terms), then the n objects fetched at once (all requests in
 *       flight together, awaited in term order).</li>
 *   <li>Writes are single puts with the run's write quorums (the {@code riak.consistency} preset), fetches use
 *       its read quorums. The 2i query itself is a coverage query: Riak asks one replica of each partition, so it
 *       does not honour r (an acknowledged write that has not reached that replica yet can be missing from it).</li>
 *   <li>Strongly consistent bucket types have no 2i: with {@code riak.scan_bucket_type} the term goes on an index
 *       entry ({@code {}}) under the same bucket and key in that eventually consistent type, and the events stay in
 *       the strongly consistent one; without it the access path is refused with a configuration error.</li>
 * </ul>
 */
final class RiakSubjectTimeline implements SubjectTimeline, AsyncSubjectTimeline {
  private final RiakRun run;
  private final RiakRequests req;
  private final RiakSettings s;

  RiakSubjectTimeline(RiakRun run) throws ConfigException {
    this.run = run;
    this.req = run.requests();
    this.s = run.settings();
    if (s.buckets().strongConsistency() && s.buckets().scanType() == null) {
      throw new ConfigException("riak: the SubjectTimeline access path (the FHIR workload's newest observations"
          + " of a patient) needs a secondary index, and strongly consistent bucket types (riak.strong_consistency"
          + "=true) have none: set riak.scan_bucket_type to an eventually consistent bucket type on the leveldb or"
          + " memory backend to hold the timeline index entries, or use an eventually consistent riak.bucket_type");
    }
  }

  private Schema schema() {
    Schema sc = run.timelineSchema();
    if (sc == null) {
      throw new IllegalStateException("riak: SubjectTimeline used before prepare()");
    }
    return sc;
  }

  /**
   * Riak buckets need no creation; this checks, before the threads start, that the events' bucket type serves
   * 2i (a one-result {@code timeline_bin} query): a backend without 2i (bitcask) is a configuration error.
   */
  @Override
  public void prepare(Schema schema) throws BenchmarkException {
    if (schema.subjects().isEmpty() || schema.events().isEmpty()) {
      throw new ConfigException("riak: empty bucket name for the FHIR resources");
    }
    String type = req.indexNamespace(schema.events()).getBucketTypeAsString();
    try {
      run.execute(req.recentEvents(schema.events(), "", 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while probing the timeline index");
    } catch (Exception e) {
      Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      if (RiakOutcome.of(e) == RiakOutcome.NO_2I) {
        throw new ConfigException("riak: the SubjectTimeline access path (the FHIR workload's newest observations"
            + " of a patient) needs secondary indexes, and the backend of bucket type '" + type + "' has none"
            + " (bitcask?): use a bucket type on the leveldb or memory backend (riak.bucket_type, or"
            + " riak.scan_bucket_type with strong consistency); the server said: " + c.getMessage());
      }
      throw new BindingException("riak: the probe of the timeline index (timeline_bin in bucket type '" + type
          + "', bucket '" + schema.events() + "') failed: " + c.getMessage(), e);
    }
    run.timelineSchema(schema);
  }

  private static byte[] utf8(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Status putSubject(String subjectId, String json) {
    return RiakStages.await(putSubjectAsync(subjectId, json));
  }

  @Override
  public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
    return RiakStages.await(putEventAsync(subjectId, timeMillis, eventId, json));
  }

  @Override
  public Status recentEvents(String subjectId, int limit, List<String> out) {
    return RiakStages.await(recentEventsAsync(subjectId, limit, out));
  }

  @Override
  public CompletionStage<Status> putSubjectAsync(String subjectId, String json) {
    String bucket = schema().subjects();
    byte[] value = utf8(json);
    return run.retryingAsync("put subject", () -> run.upsertAsync(bucket, subjectId, req.object(subjectId, value))
        .thenApply(stored -> Status.OK));
  }

  /** The event (an upsert), then with strong consistency its index entry in the eventually consistent type. */
  @Override
  public CompletionStage<Status> putEventAsync(String subjectId, long timeMillis, String eventId, String json) {
    String bucket = schema().events();
    String term = RiakRequests.timelineTerm(subjectId, timeMillis, eventId);
    byte[] value = utf8(json);
    CompletableFuture<Status> st = run.retryingAsync("put event", () -> run.upsertAsync(bucket, eventId,
        req.eventObject(term, value)).thenApply(stored -> Status.OK));
    if (!s.buckets().strongConsistency()) {
      return st;
    }
    return st.thenCompose(done -> !done.isOk() ? CompletableFuture.completedFuture(done)
        : run.retryingAsync("put event", () -> run.executeAsync(req.storeTimelineEntry(bucket, eventId, term))
            .thenApply(x -> Status.OK)));
  }

  /**
   * A {@code timeline_bin} range query over the subject's prefix (newest first, at most {@code limit}), then the
   * events fetched all at once; they join {@code out} in the index's order, those absent left out (not yet on the
   * replicas read, or removed since the query). A retry starts over from the query.
   */
  @Override
  public CompletionStage<Status> recentEventsAsync(String subjectId, int limit, List<String> out) {
    if (limit <= 0) {
      return CompletableFuture.completedFuture(Status.OK);
    }
    String bucket = schema().events();
    String prefix = RiakRequests.timelinePrefix(subjectId);
    int base = out.size();
    return run.retryingAsync("recent events", () -> run.executeAsync(req.recentEvents(bucket, subjectId, limit))
        .thenCompose(r -> {
          List<CompletableFuture<FetchValue.Response>> fetches = new ArrayList<>(limit);
          for (SecondaryIndexQuery.Response.Entry<String> e : r.getEntries()) {
            String term = e.getIndexKey();
            if (term != null && !term.startsWith(prefix)) {
              continue; // outside the subject's range: never sent by a correct server, never returned
            }
            fetches.add(run.executeAsync(req.fetch(bucket, e.getRiakObjectLocation().getKeyAsString())));
            if (fetches.size() >= limit) {
              break;
            }
          }
          return CompletableFuture.allOf(fetches.toArray(CompletableFuture[]::new)).thenApply(all -> {
            synchronized (out) {
              while (out.size() > base) {
                out.remove(out.size() - 1); // a retry starts over
              }
              for (CompletableFuture<FetchValue.Response> f : fetches) {
                FetchValue.Response v = f.join();
                RiakObject o = v.isNotFound() ? null : RiakRun.live(v.getValues());
                if (o != null) {
                  out.add(o.getValue().toStringUtf8());
                }
              }
            }
            return Status.OK;
          });
        }));
  }

  /** Every {@code timeline_bin} entry of the events' bucket, counted page by page (a coverage query). */
  @Override
  public long countEvents() throws BenchmarkException {
    Schema sc = run.timelineSchema();
    if (sc == null) {
      return -1;
    }
    try {
      return run.countPages(c -> req.timelineCountPage(sc.events(), c));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("riak: interrupted while counting the events");
    } catch (Exception e) {
      if (RiakOutcome.of(e) == RiakOutcome.NO_2I) {
        return -1;
      }
      Throwable c = e.getCause() != null ? e.getCause() : e;
      throw new BindingException("riak: counting the events of bucket " + sc.events() + " through timeline_bin"
          + " failed: " + c, e);
    }
  }

  /** Nothing is buffered: every write is acknowledged when it returns. */
  @Override
  public void close() {}
}
