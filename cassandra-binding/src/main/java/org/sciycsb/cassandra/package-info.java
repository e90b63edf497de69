/**
 * The {@code cassandra} binding: Apache Cassandra through the Apache Cassandra Java driver 4.x, one
 * {@code CqlSession} per run with its prepared statements ({@code Cql} holds their text), blocking and asynchronous
 * CRUD, the FHIR and FASTA access paths as tables of their own (one partition per subject, events clustered newest
 * first), and the server's figures read from every node's virtual tables.
 */
package org.sciycsb.cassandra;
