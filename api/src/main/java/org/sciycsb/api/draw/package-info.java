/**
 * YCSB's distributions (uniform, zipfian, scrambled zipfian, latest, hotspot, exponential, histogram, sequential)
 * and its random field values, drawing from a thread's {@link java.util.random.RandomGenerator} instead of a source
 * they cannot be given: with {@link org.sciycsb.api.ThreadContext#random()} a workload's operations are reproducible
 * under {@code -p seed=N} ({@link org.sciycsb.api.draw.SeededRandom}), and as random as YCSB's without it.
 */
package org.sciycsb.api.draw;
