package org.sciycsb.census;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.bson.BSONObject;

/**
 * The map side of every census job. Input values are lines ({@link Text}, from HDFS) or documents
 * ({@link BSONObject}, from mongo-hadoop's {@code MongoInputFormat}, fields named as the columns). Malformed
 * records are counted ({@link Counters#MALFORMED}) and skipped, never fatal. Output: (record id, output line).
 */
public final class CensusMapper extends Mapper<Object, Object, Text, Text> {
  /** The job's own counters. */
  public enum Counters { MALFORMED, KEPT }

  public static final String JOB = "census.job";
  public static final String SEPARATOR = "census.separator";

  private CensusJobKind kind;
  private String separator;
  private final Text outKey = new Text();
  private final Text outValue = new Text();

  @Override
  protected void setup(Context context) {
    kind = CensusJobKind.parse(context.getConfiguration().get(JOB, "filter"));
    separator = context.getConfiguration().get(SEPARATOR, "|");
  }

  @Override
  protected void map(Object key, Object value, Context context) throws IOException, InterruptedException {
    String[] f;
    String raw = null;
    if (value instanceof Text) {
      raw = value.toString();
      f = CensusRecords.split(raw);
    } else if (value instanceof BSONObject) {
      f = fromDocument((BSONObject) value);
      if (f == null && kind == CensusJobKind.COPY && ((BSONObject) value).containsField("line")) {
        raw = String.valueOf(((BSONObject) value).get("line"));
      }
    } else {
      f = null;
    }
    if (kind == CensusJobKind.COPY) {
      String line = raw != null ? raw : f != null ? String.join(",", f) : null;
      if (line == null) {
        context.getCounter(Counters.MALFORMED).increment(1);
        return;
      }
      outKey.set(f != null && f.length > 0 ? f[0] : Integer.toHexString(line.hashCode()));
      outValue.set(line);
      context.write(outKey, outValue);
      context.getCounter(Counters.KEPT).increment(1);
      return;
    }
    if (!CensusRecords.valid(f)) {
      context.getCounter(Counters.MALFORMED).increment(1);
      return;
    }
    String out;
    switch (kind) {
      case FILTER:
        out = CensusRecords.moreFemales(f) ? (raw != null ? raw : String.join(",", f)) : null;
        break;
      case MERGE:
        out = CensusRecords.labelled(f);
        break;
      case REORDER:
        out = CensusRecords.join(f, separator);
        break;
      default:
        throw new IllegalStateException(kind.name());
    }
    if (out != null) {
      outKey.set(f[CensusSchema.RECORD_ID]);
      outValue.set(out);
      context.write(outKey, outValue);
      context.getCounter(Counters.KEPT).increment(1);
    }
  }

  /** The 111 fields of a document, or null when a column is missing. */
  static String[] fromDocument(BSONObject doc) {
    String[] f = new String[CensusSchema.FIELDS];
    for (int i = 0; i < f.length; i++) {
      Object v = doc.get(CensusSchema.COLUMNS.get(i));
      if (v == null) {
        return null;
      }
      f[i] = CensusRecords.text(v);
    }
    return f;
  }
}
