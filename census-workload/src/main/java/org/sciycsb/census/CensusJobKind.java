package org.sciycsb.census;

/** The jobs of seed 000, plus the identity copy used by the three-stage path. */
public enum CensusJobKind {
  /** Keeps counties with more females than males; output lines are census CSV (small output). */
  FILTER,
  /** Labels every field ({@code name: value; ...}); output larger than input. */
  MERGE,
  /** Changes the separator (default '|'); output the same size as input. */
  REORDER,
  /** Copies records unchanged (MongoDB to HDFS and back in the three-stage path); lines are not validated. */
  COPY;

  public static CensusJobKind parse(String s) {
    for (CensusJobKind k : values()) {
      if (k.name().equalsIgnoreCase(s)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown census job '" + s + "' (filter, merge, reorder, copy)");
  }

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
