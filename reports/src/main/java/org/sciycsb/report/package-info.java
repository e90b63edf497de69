/**
 * Reading results folders after the fact, the basics every report shares: a run's results ({@link
 * org.sciycsb.report.ResultData}, its interval log: {@link org.sciycsb.report.Hlog}), the statistics of repeated
 * measurements ({@link org.sciycsb.report.Interval}), number formatting ({@link org.sciycsb.report.Fmt}), the
 * reports' options, the exact merge of several clients into one result ({@link org.sciycsb.report.Merge},
 * {@link org.sciycsb.report.MergedRun}), the SLA gate and the Jenkins files (JUnit XML, Taurus final-status.xml).
 * The reports built on them are in sub-packages: {@link org.sciycsb.report.html} (the run's HTML report and the
 * charts), {@link org.sciycsb.report.compare} (comparing runs, repeated and interleaved runs, verdicts),
 * {@link org.sciycsb.report.sweep} (sweep aggregates and findmax) and {@link org.sciycsb.report.history} (the runs
 * a CI job archived and their change points); each depends on this package, never the other way. What a run adds
 * for them while it runs (resource sampling, the storage device, the SLA exit code) is in
 * {@link org.sciycsb.report.run}. The commands that drive them are in {@code org.sciycsb.cli}.
 */
package org.sciycsb.report;
