package org.sciycsb.fasta.doc;

/**
 * The four document types of seed 001 (listing 4.3), each stored in its own table/collection/bucket.
 */
public enum DocType {
  /** One per query of an ssearch36 run: the header's {@code pg_*} and {@code mp_*} fields (about 750 B). */
  TASK("task"),
  /** The query (RNA) fragment of one alignment: begin, end, length, sequence, task id (about 200 B). */
  RNA("rna"),
  /** The library (gene sequence) fragment of one alignment: as rna plus the hit id (about 260 B). */
  GS("gs"),
  /** The scores of one alignment and the ids of its task, rna and gs documents (about 120 B). */
  ALIGN("align");

  private final String code;

  DocType(String code) {
    this.code = code;
  }

  /** Short lower-case name: the value of the {@code "t"} field and the default table name suffix. */
  public String code() {
    return code;
  }
}
