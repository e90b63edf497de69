/**
 * What a run prints and writes, each from a {@link org.sciycsb.results.RunReport}: YCSB 0.17's measurements on stdout
 * through its exporters ({@link org.sciycsb.output.YcsbMeasurements}: every {@code measurementtype} and
 * {@code measurement.interval}, upstream's section order), this project's extended text ({@code results.txt}),
 * {@code results.json} ({@code sciycsb-results} version 1), CSV summaries and time series; golden-file tested
 * (docs/results-format.md).
 */
package org.sciycsb.output;
