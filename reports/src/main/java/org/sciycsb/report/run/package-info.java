/**
 * What the reports do while a run runs, plugged into the engine through
 * {@link org.sciycsb.report.run.RunHooks#EXTENSION}: resource sampling ({@link org.sciycsb.report.run.ResourceSampler},
 * written out by {@link org.sciycsb.report.run.ResourceWriter}), the storage device in the metadata
 * ({@link org.sciycsb.report.run.StorageDevice}), and at the end {@code final-status.xml}, {@code junit.xml} and the
 * SLA exit code. Reading results afterwards is {@link org.sciycsb.report}'s.
 */
package org.sciycsb.report.run;
