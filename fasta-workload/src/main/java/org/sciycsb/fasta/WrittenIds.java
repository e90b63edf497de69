package org.sciycsb.fasta;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sciycsb.api.ConfigException;
import org.sciycsb.fasta.doc.DocType;

/**
 * The ids a load wrote, by type, for the run's reads: a draw among all of them picks the type in the proportions
 * written ({@link #typeOf}) and then the id ({@link #id}).
 */
final class WrittenIds {
  private final long[][] ids;
  private final long[] cumulative;
  private final long total;

  private WrittenIds(long[][] ids) {
    this.ids = ids;
    this.cumulative = new long[ids.length];
    long n = 0;
    for (int t = 0; t < ids.length; t++) {
      n += ids[t].length;
      cumulative[t] = n;
    }
    this.total = n;
  }

  /** Reads {@code <type>.txt} of every type in a load's {@code ids/} folder (a missing file: no ids). */
  static WrittenIds read(Path idsDir) throws ConfigException {
    long[][] ids = new long[DocType.values().length][];
    for (DocType t : DocType.values()) {
      Path f = IdFile.of(idsDir, t);
      try {
        ids[t.ordinal()] = Files.isRegularFile(f) ? IdFile.read(f) : new long[0];
      } catch (IOException | IllegalArgumentException e) {
        throw new ConfigException("fasta: cannot read the ids in " + f + ": " + e.getMessage());
      }
    }
    return new WrittenIds(ids);
  }

  /** All the ids written. */
  long total() {
    return total;
  }

  /** The ids written of type {@code t}. */
  int count(int t) {
    return ids[t].length;
  }

  /** The type of the id that {@code draw} (in [0, total)) picks. */
  int typeOf(long draw) {
    int t = 0;
    while (draw >= cumulative[t]) {
      t++;
    }
    return t;
  }

  /** The id that {@code draw} picks, of its type {@code t}. */
  long id(int t, long draw) {
    return ids[t][(int) (draw - (t == 0 ? 0 : cumulative[t - 1]))];
  }
}
