package org.sciycsb.workloads;

import java.util.Collection;
import java.util.HashMap;
import java.util.Vector;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;

/**
 * A scan's result with upstream master's scan limits (maxscanrate, scanoptimelimit, discardscannedrecord), applied
 * as the binding hands each record over (every binding adds its records to the result as it reads them): after
 * every {@code maxScanRate} records it waits until a second has passed since the batch began; once the scan has
 * taken {@code timeLimitNanos} it keeps no more records and waits no more; with {@code discard} it keeps an empty
 * record for each one. Upstream's bindings stop reading at the time limit; a binding here cannot be stopped from
 * its result, so it reads the rest without the waits. Made only when one of the limits is set: a scan without them
 * gets a plain {@link Vector}.
 */
final class LimitedScanResult extends Vector<HashMap<String, ByteIterator>> {
  private static final long serialVersionUID = 1L;
  private static final long SECOND = 1_000_000_000L;

  private final transient long maxScanRate;
  private final transient long timeLimitNanos;
  private final transient boolean discard;
  private final transient long start;
  private transient long batchStart;
  private transient long handed;

  /**
   * @param maxScanRate records a second, 0 for no limit
   * @param timeLimitNanos the scan's time, 0 for no limit
   */
  LimitedScanResult(long maxScanRate, long timeLimitNanos, boolean discard) {
    this.maxScanRate = maxScanRate;
    this.timeLimitNanos = timeLimitNanos;
    this.discard = discard;
    this.start = System.nanoTime();
    this.batchStart = start;
  }

  /** The record to keep for one the binding hands over, or null once past the time limit; waits for the rate. */
  private HashMap<String, ByteIterator> take(HashMap<String, ByteIterator> record) {
    long now = System.nanoTime();
    if (timeLimitNanos > 0 && now - start > timeLimitNanos) {
      return null;
    }
    handed++;
    if (maxScanRate > 0 && handed % maxScanRate == 0) {
      long until = Math.min(batchStart + SECOND, timeLimitNanos > 0 ? start + timeLimitNanos : Long.MAX_VALUE);
      for (long left = until - now; left > 0; left = until - System.nanoTime()) {
        LockSupport.parkNanos(left);
      }
      batchStart = System.nanoTime();
    }
    return discard ? new HashMap<>() : record;
  }

  @Override
  public synchronized boolean add(HashMap<String, ByteIterator> e) {
    HashMap<String, ByteIterator> kept = take(e);
    return kept != null && super.add(kept);
  }

  @Override
  public synchronized void addElement(HashMap<String, ByteIterator> e) {
    HashMap<String, ByteIterator> kept = take(e);
    if (kept != null) {
      super.addElement(kept);
    }
  }

  @Override
  public void add(int index, HashMap<String, ByteIterator> e) {
    insertElementAt(e, index);
  }

  @Override
  public synchronized void insertElementAt(HashMap<String, ByteIterator> e, int index) {
    HashMap<String, ByteIterator> kept = take(e);
    if (kept != null) {
      super.insertElementAt(kept, Math.min(index, size()));
    }
  }

  @Override
  public boolean addAll(Collection<? extends HashMap<String, ByteIterator>> c) {
    boolean changed = false;
    for (HashMap<String, ByteIterator> e : c) {
      changed |= add(e);
    }
    return changed;
  }

  @Override
  public synchronized boolean equals(Object o) {
    return super.equals(o);
  }

  @Override
  public synchronized int hashCode() {
    return super.hashCode();
  }
}
