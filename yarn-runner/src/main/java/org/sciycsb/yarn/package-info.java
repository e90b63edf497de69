/**
 * Cluster runs ({@code bin/ycsb load|run ... --yarn DIR --clients N}): the submitter validates the configuration,
 * ships the engine's classpath, runs each client as a map task of a Hadoop job on an existing YARN cluster (the
 * engine in a JVM of its own, started together through a barrier), then downloads every client's results folder
 * and merges them exactly.
 */
package org.sciycsb.yarn;
