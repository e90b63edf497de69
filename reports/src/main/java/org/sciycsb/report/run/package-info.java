/**
 * What the reports do while a run runs, plugged into the engine through
 * {@link org.sciycsb.report.run.RunHooks#EXTENSION}: resource sampling ({@link org.sciycsb.report.run.ResourceSampler},
 * written out by {@link org.sciycsb.report.run.ResourceWriter}), the block devices under the store's data
 * ({@link org.sciycsb.report.run.SampledDevice}, their {@code /proc/diskstats} figures:
 * {@link org.sciycsb.report.run.DiskStats}), the storage device in the metadata
 * ({@link org.sciycsb.report.run.StorageDevice}: device, scheduler, file system, mount options, medium), and at the end {@code final-status.xml}, {@code junit.xml} and the
 * SLA exit code. Reading results afterwards is {@link org.sciycsb.report}'s.
 */
package org.sciycsb.report.run;
