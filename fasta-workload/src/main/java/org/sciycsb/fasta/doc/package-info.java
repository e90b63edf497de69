/**
 * The four document types of seed 001 ({@link org.sciycsb.fasta.doc.DocType}) built from the parser's output
 * ({@link org.sciycsb.fasta.doc.DocumentBuilder}, a parser handler): compact JSON written by a small byte-buffer
 * writer, with deterministic, scattered ids ({@link org.sciycsb.fasta.doc.Ids}), handed in file order to a
 * {@link org.sciycsb.fasta.doc.DocumentSink}.
 */
package org.sciycsb.fasta.doc;
