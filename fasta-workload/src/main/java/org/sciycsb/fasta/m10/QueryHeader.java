package org.sciycsb.fasta.m10;

import java.util.Collections;
import java.util.Map;

/**
 * A query's header block: {@code >>>NAME, LENGTH nt vs LIBRARY library} and the {@code ; pg_*} and {@code ; mp_*}
 * fields in file order (values trimmed). Immutable.
 *
 * <p>ssearch36 36.3.8 prints {@code pg_name_alg} on the {@code pg_argv} line ({@code ; pg_argv: ARGS; pg_name_alg:
 * ALG}); the parser splits it into its own field and drops the stray {@code ;} at the end of {@code pg_argv}.
 */
public record QueryHeader(
    String source, int index, long line, String name, int length, String unit, String library,
    Map<String, String> fields) {

  public QueryHeader {
    fields = Collections.unmodifiableMap(fields);
  }

  /** A {@code pg_*} or {@code mp_*} field's value, or null. */
  public String field(String key) {
    return fields.get(key);
  }
}
