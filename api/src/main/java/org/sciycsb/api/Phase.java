package org.sciycsb.api;

/** {@code bin/ycsb load} runs the insert phase, {@code bin/ycsb run} the transaction phase. */
public enum Phase {
  LOAD, RUN
}
