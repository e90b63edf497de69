/**
 * The {@code fasta} workload (seed 001): a streaming parser of {@code ssearch36 -m 10} output, the four document
 * types built from it with deterministic ids, a generator of synthetic corpora for runs at scale, and the workload
 * that writes and reads those documents through the {@code DocumentStore} access path. Store-agnostic: no driver.
 */
package org.sciycsb.fasta;
