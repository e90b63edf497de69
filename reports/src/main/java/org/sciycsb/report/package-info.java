/**
 * Reading results folders after the fact: merge (several clients into one exact result), compare, sweep aggregates,
 * history and change points, HTML reports with charts, SLA gates and the Jenkins files (JUnit XML, Taurus
 * final-status.xml). What a run adds for them while it runs (resource sampling, the storage device, the SLA exit
 * code) is in {@link org.sciycsb.report.run}. The commands that drive them are in {@code org.sciycsb.cli}.
 */
package org.sciycsb.report;
