/**
 * Runs along the load axis: the aggregate of a thread-count sweep with its 95 % intervals
 * ({@link org.sciycsb.report.sweep.Sweep}: JSON, CSV and HTML) and {@code bin/ycsb findmax}'s search for the highest
 * target rate at which every SLA threshold holds ({@link org.sciycsb.report.sweep.FindMax}).
 */
package org.sciycsb.report.sweep;
