/**
 * The {@code riak} binding: Riak KV over protocol buffers with riak-client 2.1, one shared client per run and
 * non-blocking operations throughout; records as JSON objects, the requests built from validated settings (upstream
 * names accepted as aliases), the FHIR and FASTA access paths as buckets (the FHIR timeline through a
 * secondary index), and each node's {@code /stats} figures.
 */
package org.sciycsb.riak;
