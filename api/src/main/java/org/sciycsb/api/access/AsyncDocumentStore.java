package org.sciycsb.api.access;

import java.util.concurrent.CompletionStage;
import site.ycsb.Status;

/**
 * The non-blocking calls of a {@link DocumentStore}, for runs with {@code -p inflight=N}: a binding whose
 * {@link org.sciycsb.api.Binding#supportsAsync(Class)} answers true for {@code DocumentStore} gives every client
 * thread a handle that also implements this interface, with the driver's own asynchronous calls behind it.
 *
 * <p>Each method sends and returns at once; the stage completes, on any thread, with what the blocking call would
 * return, except that nothing is buffered: an insert sent this way is written when its stage completes (never
 * {@link Status#BATCHED_OK}). A stage that completes exceptionally counts as ERROR. One thread keeps many calls of
 * its handle pending at once, so they must be safe to make concurrently.
 */
public interface AsyncDocumentStore {
  CompletionStage<Status> insertAsync(String collection, String id, String json);

  CompletionStage<DocumentStore.Result> readAsync(String collection, String id);
}
