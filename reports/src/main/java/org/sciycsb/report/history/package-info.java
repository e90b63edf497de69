/**
 * {@code bin/ycsb history}: the runs a CI job archived under a folder ({@link org.sciycsb.report.history.HistoryRuns}),
 * grouped by configuration and ordered by build ({@link org.sciycsb.report.history.History}), each gated series cut
 * at its change points (E-Divisive means: {@link org.sciycsb.report.history.EDivisive}), and the outputs: history.json,
 * the text, history-junit.xml ({@link org.sciycsb.report.history.HistoryReport}) and history.html
 * ({@link org.sciycsb.report.history.HistoryHtml}).
 */
package org.sciycsb.report.history;
