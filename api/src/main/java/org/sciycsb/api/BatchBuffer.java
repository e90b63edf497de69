package org.sciycsb.api;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.Status;

/**
 * One client thread's buffer of writes that a binding sends as batches ({@code mongodb.batchsize},
 * {@code sequoiadb.batchsize}, Cassandra's per-subject batches): items for one target (a table, a collection, a
 * partition) are kept until the batch is full or an item for another target arrives, then handed to the binding's
 * {@link Writer} in one list. Not thread-safe: each thread (or access-path handle) has its own.
 *
 * <p>The statuses follow the YCSB convention for batched inserts: an item that is only buffered gets
 * {@link Status#BATCHED_OK}; the item that fills a batch gets the outcome of that batch (and of the batch of another
 * target written before it, when that one failed). The binding calls {@link #flush} from its {@code cleanup()} or
 * {@code flush()}/{@code close()}, so the tail batch is never lost.
 *
 * @param <T> what the binding buffers (a document, a bound statement)
 */
public final class BatchBuffer<T> {
  /** Writes one batch; never throws (a failure is a status, counted in the run's {@link FailureLog}). */
  @FunctionalInterface
  public interface Writer<T> {
    /**
     * @param target the target every item of the batch was added for
     * @param batch  the items in the order they were added; the writer's own (the buffer keeps no reference)
     * @return OK when every item was written, else the status of the failure
     */
    Status write(String target, List<T> batch);
  }

  private final int size;
  private final Writer<T> writer;
  private List<T> items;
  private String target;

  /**
   * @param size   items per batch (at least 1: a batch of 1 is written at once)
   * @param writer sends a batch to the store
   */
  public BatchBuffer(int size, Writer<T> writer) {
    if (size < 1) {
      throw new IllegalArgumentException("batch size " + size + ": must be at least 1");
    }
    this.size = size;
    this.writer = writer;
    this.items = new ArrayList<>(Math.min(size, 1024));
  }

  /**
   * Buffers an item for a target: writes the buffered batch first when it was for another target, and the batch
   * when this item fills it.
   *
   * @return {@link Status#BATCHED_OK} when nothing was written or what was written succeeded without filling a batch;
   *         otherwise the first failure, or the full batch's status
   */
  public Status add(String target, T item) {
    Status before = Status.BATCHED_OK;
    if (!items.isEmpty() && !target.equals(this.target)) {
      before = flush();
    }
    this.target = target;
    items.add(item);
    if (items.size() < size) {
      return before.isOk() ? Status.BATCHED_OK : before;
    }
    Status full = flush();
    return before.isOk() ? full : before;
  }

  /** Writes what is buffered (nothing: OK) and returns the batch's status. */
  public Status flush() {
    if (items.isEmpty()) {
      return Status.OK;
    }
    List<T> batch = items;
    items = new ArrayList<>(Math.min(size, 1024));
    return writer.write(target, batch);
  }

  /** Items buffered and not yet written. */
  public int pending() {
    return items.size();
  }

  /** The target of the buffered items (the last one added for), or null before the first. */
  public String target() {
    return target;
  }
}
