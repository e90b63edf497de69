/**
 * Seed 000's census benchmark ({@code bin/census}): the deterministic census record generator and schema, the raw
 * load and read tests against HDFS or MongoDB, and the filter, merge, reorder and copy MapReduce jobs (mongo-hadoop
 * with the 3.x driver), each written as a results folder; plus the wire-protocol bridge and in-process stand-in
 * that let that driver talk to FerretDB or run without a MongoDB server.
 */
package org.sciycsb.census;
