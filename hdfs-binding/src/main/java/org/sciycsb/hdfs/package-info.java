/**
 * The {@code hdfs} binding: records appended as escaped lines to one file per client thread through hadoop-client
 * 3.4, reads and scans through a per-table key index (updates and deletes are not supported: HDFS files are
 * append-only), the FASTA documents stored the same way, and the daemons' figures read from their JMX servlets.
 */
package org.sciycsb.hdfs;
