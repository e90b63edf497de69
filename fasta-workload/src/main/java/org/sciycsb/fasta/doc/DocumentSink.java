package org.sciycsb.fasta.doc;

/**
 * Receives the documents made from parsed ssearch36 output, in file order: for each query its task document, then
 * for each alignment its rna, gs and align documents (so a referenced document always comes before the one that
 * references it). The FASTA workload implements it to write to a store; one sink per worker thread.
 */
@FunctionalInterface
public interface DocumentSink {
  void accept(Document document);
}
