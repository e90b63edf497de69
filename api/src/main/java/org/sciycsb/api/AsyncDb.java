package org.sciycsb.api;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The non-blocking record operations of a binding, for runs with {@code -p inflight=N}: a binding whose
 * {@link Binding#supportsAsync} is true gives every client thread a {@link site.ycsb.DB} from
 * {@link BindingRun#newDb} that also implements this interface, with the driver's own asynchronous calls behind it.
 *
 * <p>Each method sends the operation and returns at once (it may block briefly where the driver applies its own
 * backpressure); the stage completes, on any thread, when the store has answered: with the same {@link Status} the
 * blocking method would return, or exceptionally (counted as {@code ERROR}). A read or scan fills {@code result}
 * before its stage completes. One client thread keeps many operations of its {@code DB} in flight at once, so the
 * implementation must allow concurrent calls on one instance. The {@code DB}'s blocking methods stay as they are:
 * the same {@code DB} serves synchronous runs, and the conformance suite runs both ways.
 */
public interface AsyncDb {
  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result);

  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> deleteAsync(String table, String key);
}
