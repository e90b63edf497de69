/**
 * The formats a run writes into its results folder, each from a {@link org.sciycsb.results.RunReport}: text (YCSB's
 * layout), {@code results.json} ({@code sciycsb-results} version 1), CSV summaries and time series; golden-file
 * tested (docs/results-format.md).
 */
package org.sciycsb.output;
