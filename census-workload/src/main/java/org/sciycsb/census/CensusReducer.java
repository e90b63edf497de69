package org.sciycsb.census;

import com.mongodb.hadoop.io.BSONWritable;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.bson.BasicBSONObject;

/**
 * The one reducer of a census job (as in seed 000): writes every line it receives. To HDFS as text lines; to
 * MongoDB ({@code MongoOutputFormat}) as documents: a line of 111 census fields becomes a document with the
 * columns as typed fields and {@code _id} = record id, any other line (merge, reorder output)
 * {@code {_id: record id, line: "..."}}.
 */
public final class CensusReducer extends Reducer<Text, Text, Object, Object> {
  public static final String OUTPUT_KIND = "census.output.kind";

  private boolean mongo;

  @Override
  protected void setup(Context context) {
    mongo = "mongodb".equals(context.getConfiguration().get(OUTPUT_KIND, "hdfs"));
  }

  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
    int n = 0;
    for (Text v : values) {
      if (!mongo) {
        context.write(NullWritable.get(), v);
        continue;
      }
      String id = n == 0 ? key.toString() : key + "#" + n;
      n++;
      context.write(new Text(id), new BSONWritable(document(v.toString())));
    }
  }

  static BasicBSONObject document(String line) {
    String[] f = CensusRecords.split(line);
    BasicBSONObject doc = new BasicBSONObject();
    if (f.length == CensusSchema.FIELDS) {
      for (int i = 0; i < f.length; i++) {
        doc.put(CensusSchema.COLUMNS.get(i), CensusRecords.typed(i, f[i]));
      }
    } else {
      doc.put("line", line);
    }
    return doc;
  }
}
