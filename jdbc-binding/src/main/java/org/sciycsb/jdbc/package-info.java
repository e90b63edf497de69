/**
 * The {@code jdbc} binding, the tool's default store: an embedded H2 database when {@code db.url} is unset,
 * PostgreSQL or MariaDB by URL; one connection and prepared-statement cache per client thread, the SQL text and
 * dialect differences in one place each, the FHIR and FASTA access paths as tables, and PostgreSQL's
 * {@code pg_stat_database} figures.
 */
package org.sciycsb.jdbc;
