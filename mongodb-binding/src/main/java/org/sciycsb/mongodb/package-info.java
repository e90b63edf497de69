/**
 * The {@code mongodb} binding: MongoDB and MongoDB-wire servers such as FerretDB through the synchronous Java driver
 * 5.x, one {@code MongoClient} per run (or per thread with {@code connections=perthread}); option resolution into
 * driver settings, sharding on a mongos, waiting for index builds, the FHIR and FASTA access paths and their query
 * plans, and the server's {@code serverStatus} figures.
 */
package org.sciycsb.mongodb;
