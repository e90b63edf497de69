/**
 * Latency measurement of a run, from each operation to the results.
 *
 * <p><b>Recording, per thread.</b> Each client thread records into its own {@link org.sciycsb.measure.ThreadRecorder}:
 * counts per (operation, outcome, time kind) in {@link org.sciycsb.measure.SparseCounts} (HdrHistogram's bucket
 * layout), plus counters of calls per status ({@link org.sciycsb.measure.StatusCodes}) and operations done. The
 * writer's path takes no lock and allocates nothing once warm; the collector swaps a recorder's set of counts without
 * ever waiting for its writer.
 *
 * <p><b>Collecting, per interval.</b> {@link org.sciycsb.measure.Collector} is the engine's handle and holds the
 * collector side's lock. {@link org.sciycsb.measure.IntervalAggregator} finalizes the intervals of the time series:
 * with aligned intervals the client threads hand their counts over themselves as they cross a boundary
 * ({@link org.sciycsb.measure.HandOverStripes}), and the collector reads only the recorders still behind
 * ({@link org.sciycsb.measure.RecorderDrain}), so each interval holds the operations that ended in it even when a
 * thousand threads starve the collector of CPU. Each interval becomes an {@link org.sciycsb.measure.IntervalPoint};
 * {@link org.sciycsb.measure.StatusPrinter} prints the status lines on stderr, in YCSB 0.17's format
 * ({@link org.sciycsb.measure.StatusLine}, its figures as {@link org.sciycsb.measure.StatusStyle} says: upstream's
 * measurementtype and measurement.interval), and a client thread prints a progress line when the collector falls
 * behind.
 *
 * <p><b>The {@code .hlog}.</b> {@link org.sciycsb.measure.IntervalLog} writes every interval's histograms to
 * HdrHistogram's interval log ({@link org.sciycsb.measure.FastLogWriter}: same format, faster deflate), which
 * {@code bin/ycsb merge} and the reports read back.
 *
 * <p><b>The summaries.</b> {@link org.sciycsb.measure.Summaries} adds the intervals into total histograms and builds
 * an {@link org.sciycsb.measure.OpSummary} per operation and {@code OVERALL}, with percentiles through
 * {@link org.sciycsb.measure.LatencySummary}.
 */
package org.sciycsb.measure;
