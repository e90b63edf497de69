package org.sciycsb.measure;

import org.HdrHistogram.Histogram;

/**
 * The total histograms of one operation over the measured part, in nanoseconds: what the YCSB-format outputs need
 * beyond {@link OpSummary} (any percentile, 1 ms buckets, each recorded value). Read only.
 *
 * @param name           operation name (never {@code OVERALL})
 * @param response       successful calls, from the intended start when a schedule gave one
 * @param service        successful calls, from the actual start
 * @param failedResponse failed calls, response time
 * @param failedService  failed calls, service time
 */
public record OpHistograms(String name, Histogram response, Histogram service, Histogram failedResponse,
    Histogram failedService) {}
