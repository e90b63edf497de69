package org.sciycsb.engine.trace;

import java.util.List;

/**
 * One recorded operation, as a line of the trace holds it.
 *
 * @param op       {@code R} read, {@code S} scan, {@code U} update, {@code I} insert, {@code D} delete
 * @param warmup   issued in the warmup (not measured)
 * @param intended nanoseconds from the start of its phase's schedule (warmup or measured part) to the operation's
 *                 intended start, or -1 when the run had no schedule
 * @param fields   read/scan: the requested fields, null for all; update/insert: the value's field names
 * @param lengths  update/insert: each field's value length in bytes (same order), otherwise null
 * @param count    scan: the record count asked, otherwise 0
 */
public record TraceRecord(char op, boolean warmup, long intended, String table, String key, List<String> fields,
    long[] lengths, int count) {

  /** The line of this record (without the newline), as {@link TraceFormat#parse} reads it back. */
  public String line() {
    StringBuilder b = new StringBuilder(64);
    TraceFormat.append(b, this);
    return b.toString();
  }
}
