/**
 * The census on MongoDB without Hadoop ({@code bin/census native-load|native-read|native-filter}): loading,
 * a full sequential read and the filter as an aggregation pipeline through the 5.x driver, for seed 000's
 * native-vs-Hadoop comparison. It reuses census-workload's generator, records, options and results format (not its
 * Hadoop or 3.x-driver classes), on a classpath of its own.
 */
package org.sciycsb.census.nativemongo;
