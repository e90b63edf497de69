/**
 * The {@code sequoiadb} binding: SequoiaDB (seed 004's third store) through the official Java driver
 * ({@code com.sequoiadb:sequoiadb-driver}): records as documents of a collection space's collection, batched
 * loads, the replica-group read preference and write consistency, the FHIR and FASTA access paths on indexes.
 */
package org.sciycsb.sequoiadb;
