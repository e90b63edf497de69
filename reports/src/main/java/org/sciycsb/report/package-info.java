/**
 * Reports on results folders: merge (several clients into one exact result), compare, sweep aggregates, HTML
 * reports with charts, SLA gates and the Jenkins files (JUnit XML, Taurus final-status.xml), and what a run adds for
 * them through {@link org.sciycsb.report.RunHooks#EXTENSION} (resource sampling, the storage device, the SLA exit
 * code). The commands that drive them are in {@code org.sciycsb.cli}.
 */
package org.sciycsb.report;
