package org.sciycsb.workloads;

import site.ycsb.generator.AcknowledgedCounterGenerator;

/**
 * Where a run's inserts take their record numbers, and the newest record that reads may pick (the bound of every
 * key choice, the base of latest and exponential). {@link #shared} is YCSB's: one counter for all threads, a record
 * readable once its insert and every one before it ended (timing decides which thread inserts which number).
 * {@link #own} is a thread's own, for reproducible runs: its numbers interleave with the other threads' through the
 * key names (virtual clients), and its reads pick among the loaded records and the ones it has itself sent.
 */
abstract class InsertKeys {
  abstract long next();

  abstract void acknowledge(long n);

  /** The newest record number reads may pick. */
  abstract long last();

  static InsertKeys shared(long start) {
    AcknowledgedCounterGenerator c = new AcknowledgedCounterGenerator(start);
    return new InsertKeys() {
      @Override
      long next() {
        return c.nextValue();
      }

      @Override
      void acknowledge(long n) {
        c.acknowledge(n);
      }

      @Override
      long last() {
        return c.lastValue();
      }
    };
  }

  /**
   * A thread's own counter: a record counts as soon as its insert is sent (with operations in flight, a read may
   * pick a record whose insert has not completed yet: waiting for completions would make the choice timing's).
   */
  static InsertKeys own(long start) {
    return new InsertKeys() {
      private long next = start;

      @Override
      long next() {
        return next++;
      }

      @Override
      void acknowledge(long n) {}

      @Override
      long last() {
        return next - 1;
      }
    };
  }
}
