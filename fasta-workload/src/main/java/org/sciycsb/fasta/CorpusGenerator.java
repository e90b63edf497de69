package org.sciycsb.fasta;

import java.io.IOException;
import org.sciycsb.fasta.corpus.CorpusCommand;

/**
 * {@code java -cp ... org.sciycsb.fasta.CorpusGenerator DIR [files=N] [queries=N] [hits=N] [seed=N]
 * [alternatives=F] [threads=N]}: writes a synthetic corpus of {@code ssearch36 -m 10} files
 * ({@link org.sciycsb.fasta.corpus.SyntheticCorpus}); the keys may also be given as {@code fasta.corpus.files=N} etc.
 */
public final class CorpusGenerator {
  private CorpusGenerator() {}

  public static void main(String[] args) throws IOException {
    CorpusCommand.run(args, System.out);
  }
}
