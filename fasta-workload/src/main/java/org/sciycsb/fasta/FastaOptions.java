package org.sciycsb.fasta;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option of the {@code fasta} workload: typed, with defaults and descriptions, in one place. */
public final class FastaOptions {
  private FastaOptions() {}

  public static final Option<String> INPUT = Option.string("fasta.input", null,
      "load: folder of ssearch36 -m 10 output files (every regular file, .gz read transparently, in name order);"
          + " unset = a generated corpus (fasta.corpus.*)").defaultShownAs("generated corpus");
  public static final Option<Integer> CORPUS_FILES = Option.integer("fasta.corpus.files", 8,
      "load without fasta.input: files of the generated corpus").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> CORPUS_QUERIES = Option.integer("fasta.corpus.queries", 1,
      "load without fasta.input: queries per generated file").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> CORPUS_HITS = Option.integer("fasta.corpus.hits", 2000,
      "load without fasta.input: hits per generated query (seed 001: 80 files x 16,700 hits, about 4 M documents)")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Long> CORPUS_SEED = Option.longValue("fasta.corpus.seed", 1L,
      "load without fasta.input: seed of the generated corpus (same settings = same bytes)");
  public static final Option<String> CORPUS_DIR = Option.string("fasta.corpus.dir", null,
      "where generated corpora are cached, one folder per settings").defaultShownAs("<workDir>/fasta/corpus");
  public static final Option<String> PREFIX = Option.string("fasta.table.prefix", "fasta_",
      "collection/table names are PREFIX + task|rna|gs|align; run: defaults to the prefix of the load read")
      .check(v -> v.matches("[A-Za-z_][A-Za-z0-9_]{0,40}"), "must be a plain identifier (letters, digits, _)");
  public static final Option<String> IDS = Option.string("fasta.ids", null,
      "run: the results folder of the load whose ids/<type>.txt to read").defaultShownAs("the last load in "
          + "the work folder (<workDir>/fasta/last-load)");
  public static final Option<Long> READS = Option.longValue("fasta.reads", 80_000L,
      "run: random reads of written ids, all threads together (seed 001: 80,000)")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Long> READ_SEED = Option.longValue("fasta.reads.seed", null,
      "run: seed of the random id choice; unset = a different choice each run").defaultShownAs("random");
  public static final Option<Boolean> CHECK_COUNT = Option.bool("fasta.checkcount", true,
      "load: after the load, the store's document count per type must have grown by the documents written "
          + "(when the binding can count)");
  public static final Option<Integer> PROBLEMS_SHOWN = Option.integer("fasta.problems.shown", 20,
      "load: problems listed per malformed file in the results (all are counted)")
      .check(v -> v >= 0, "must not be negative");

  public static OptionSet all() {
    return OptionSet.builder("fasta workload")
        .add(INPUT, CORPUS_FILES, CORPUS_QUERIES, CORPUS_HITS, CORPUS_SEED, CORPUS_DIR, PREFIX, IDS, READS,
            READ_SEED, CHECK_COUNT, PROBLEMS_SHOWN)
        .ownPrefix("fasta.")
        .build();
  }
}
