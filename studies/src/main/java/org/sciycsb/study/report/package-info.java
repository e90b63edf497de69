/**
 * What a study's report is built from and written as: the steps' results read by field
 * ({@link org.sciycsb.study.report.Runs}: means over repeats with 95 % intervals), the published figures, the
 * tables and figures ({@link org.sciycsb.study.report.Report}, {@link org.sciycsb.study.report.ReportBuilder}), the
 * servers' figures, {@code study.md} and {@code study.html}, and the studies' JSON files.
 */
package org.sciycsb.study.report;
