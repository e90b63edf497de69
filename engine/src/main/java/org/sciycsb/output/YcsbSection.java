package org.sciycsb.output;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One section of YCSB's measurements, as upstream's {@code Measurements} holds one {@code OneMeasurement} per name:
 * its printed name, its latencies (nanoseconds) and the {@code Return=} counts it carries.
 *
 * @param name      the printed name ({@code READ}, {@code READ-FAILED}, {@code Intended-READ}, {@code CLEANUP})
 * @param op        the operation it measures ({@code READ}, {@code CLEANUP})
 * @param failed    failed calls ({@code -FAILED})
 * @param response  response time (from the intended start), else service time
 * @param latencies the section's histogram, nanoseconds
 * @param statuses  its {@code Return=} counts, in YCSB's order (empty where upstream reports none)
 */
record YcsbSection(String name, String op, boolean failed, boolean response, Histogram latencies,
    Map<String, Long> statuses) {}
