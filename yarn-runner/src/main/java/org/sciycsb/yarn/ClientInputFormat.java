package org.sciycsb.yarn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** {@code sciycsb.clients} splits, one per client; each gives its map task one record: the client's index. */
public final class ClientInputFormat extends InputFormat<IntWritable, NullWritable> {
  @Override
  public List<InputSplit> getSplits(JobContext context) {
    int n = context.getConfiguration().getInt(JobKeys.CLIENTS, 1);
    List<InputSplit> splits = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      splits.add(new ClientSplit(i));
    }
    return splits;
  }

  @Override
  public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private int index;
      private boolean read;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        index = ((ClientSplit) s).index;
      }

      @Override
      public boolean nextKeyValue() {
        if (read) {
          return false;
        }
        read = true;
        return true;
      }

      @Override
      public IntWritable getCurrentKey() {
        return new IntWritable(index);
      }

      @Override
      public NullWritable getCurrentValue() {
        return NullWritable.get();
      }

      @Override
      public float getProgress() {
        return read ? 1f : 0f;
      }

      @Override
      public void close() {}
    };
  }

  /** One client: its index; no data, no preferred host. */
  public static final class ClientSplit extends InputSplit implements Writable {
    int index;

    public ClientSplit() {}

    ClientSplit(int index) {
      this.index = index;
    }

    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(index);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      index = in.readInt();
    }

    @Override
    public String toString() {
      return "client " + index;
    }
  }
}
