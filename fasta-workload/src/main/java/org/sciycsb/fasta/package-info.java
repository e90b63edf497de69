/**
 * The {@code fasta} workload (seed 001) that writes and reads the documents built from {@code ssearch36 -m 10}
 * output through the {@code DocumentStore} access path ({@link org.sciycsb.fasta.FastaWorkload}: the load's and the
 * reads' threads, the input (given files or a generated corpus), the ids files, the load manifest and checks), and
 * the two command-line entry points: {@link org.sciycsb.fasta.CorpusGenerator} and
 * {@link org.sciycsb.fasta.ParserBenchmark}. Built on {@link org.sciycsb.fasta.m10} (the parser),
 * {@link org.sciycsb.fasta.doc} (the documents) and {@link org.sciycsb.fasta.corpus} (the synthetic corpus), none of
 * which depends on this package. Store-agnostic: no driver.
 */
package org.sciycsb.fasta;
