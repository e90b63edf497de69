package org.sciycsb.api.access;

import java.util.List;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import site.ycsb.Status;

/**
 * Subjects, each with a timeline of timestamped events, read newest first: FHIR patients and their observations
 * ("the n most recent observations of one patient"). A binding maps it to its native model: a compound index on
 * (subject, time descending) in MongoDB, a partition per subject clustered by time DESC in Cassandra, an index in
 * SQL, a per-subject index object or 2i in Riak.
 *
 * <p>Handles are per thread ({@code BindingRun.accessPath(SubjectTimeline.class, threadId)}); a handle with
 * thread id -1 is for {@link #prepare} during workload init. Documents are JSON text, stored as they are.
 */
public interface SubjectTimeline extends AccessPath {
  /** The collection (table) names. */
  record Schema(String subjects, String events) {}

  /** Creates collections, tables and indexes if missing (idempotent); called once before threads start. */
  void prepare(Schema schema) throws BenchmarkException;

  /** Stores one subject document. */
  Status putSubject(String subjectId, String json);

  /**
   * Stores one event of a subject. {@code timeMillis} orders the timeline; {@code eventId} is unique. The binding
   * may buffer (returning {@link Status#BATCHED_OK}); {@link #flush} and {@link #close} write what is buffered.
   */
  Status putEvent(String subjectId, long timeMillis, String eventId, String json);

  /**
   * Appends to {@code out} the JSON of the subject's {@code limit} (at least 1) newest events, newest first: all of
   * them when it has fewer, none (and {@link Status#OK}) for a subject without events.
   */
  Status recentEvents(String subjectId, int limit, List<String> out);

  /** Writes buffered events. */
  default Status flush() {
    return Status.OK;
  }

  /** Events stored in all, for the post-load check; -1 when the store cannot tell cheaply. */
  default long countEvents() throws BenchmarkException {
    return -1;
  }
}
