/**
 * The synthetic corpus for runs at scale: {@code ssearch36 -m 10} files with consistent values written from a seed
 * ({@link org.sciycsb.fasta.corpus.SyntheticCorpus}, its alignments:
 * {@link org.sciycsb.fasta.corpus.SyntheticAlignment}), the {@code CorpusGenerator} command line
 * ({@link org.sciycsb.fasta.corpus.CorpusCommand}) and the corpus cached under the work folder
 * ({@link org.sciycsb.fasta.corpus.Corpus}).
 */
package org.sciycsb.fasta.corpus;
