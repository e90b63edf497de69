package org.sciycsb.api.access;

import java.util.List;
import java.util.concurrent.CompletionStage;
import site.ycsb.Status;

/**
 * The non-blocking calls of a {@link SubjectTimeline}, for runs with {@code -p inflight=N}: a binding whose
 * {@link org.sciycsb.api.Binding#supportsAsync(Class)} answers true for {@code SubjectTimeline} gives every client
 * thread a handle that also implements this interface, with the driver's own asynchronous calls behind it.
 *
 * <p>Each method sends and returns at once; the stage completes, on any thread, with the status the blocking call
 * would return (never {@link Status#BATCHED_OK}: an event sent this way is written when its stage completes), or
 * exceptionally (counted as ERROR). {@code recentEventsAsync} appends to {@code out} before its stage completes. One
 * thread keeps many calls of its handle pending at once, so they must be safe to make concurrently.
 */
public interface AsyncSubjectTimeline {
  CompletionStage<Status> putSubjectAsync(String subjectId, String json);

  CompletionStage<Status> putEventAsync(String subjectId, long timeMillis, String eventId, String json);

  CompletionStage<Status> recentEventsAsync(String subjectId, int limit, List<String> out);
}
