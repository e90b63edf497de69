/**
 * The {@code wiredtiger} binding: WiredTiger 3.2 from Debian embedded in the client process, one connection per run
 * and a session with cached cursors per client thread; collections laid out as mongod lays them out (BSON documents
 * by record id, an {@code _id} index), mongod's open and create configurations as the defaults, the FHIR timeline as a
 * compound index, and WiredTiger's own statistics as the store's figures.
 */
package org.sciycsb.wiredtiger;
