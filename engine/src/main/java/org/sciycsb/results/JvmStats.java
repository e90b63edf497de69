package org.sciycsb.results;

import java.util.Map;

/**
 * YCSB's {@code measurement.trackjvm} figures: the client JVM sampled at each status interval, from the start of
 * the measured part to its end.
 *
 * @param maxMemMb   the most heap in use, MB ({@code [MAX_MEM_USED], MBs})
 * @param minMemMb   the least heap in use, MB
 * @param maxThreads the most live threads ({@code Thread.activeCount()})
 * @param minThreads the fewest live threads
 * @param maxLoad    the highest system load average (upstream's {@code Double.MAX_VALUE} start when none was read)
 * @param minLoad    the lowest system load average
 * @param samples    per YCSB measurement name ({@code THREAD_COUNT}, {@code USED_MEM_MB}, {@code SYS_LOAD_AVG},
 *                   {@code GCS}, {@code GCS_TIME}), in upstream's order: each sample as {epoch ms, value}
 */
public record JvmStats(long maxMemMb, long minMemMb, int maxThreads, int minThreads, double maxLoad, double minLoad,
    Map<String, long[][]> samples) {}
