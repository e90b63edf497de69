/**
 * A run's results: {@link org.sciycsb.results.RunReport} (what the exporters write and the reports read) and
 * {@link org.sciycsb.results.ResultsDir} (the folder, written atomically, discarded when nothing was measured).
 */
package org.sciycsb.results;
