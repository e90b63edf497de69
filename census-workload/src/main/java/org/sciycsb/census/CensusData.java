package org.sciycsb.census;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.bson.Document;

/**
 * Loading generated records into HDFS (CSV files) or MongoDB (documents, 3.x driver), and reading them back
 * sequentially: the raw write and read tests of seed 000 §6.2, reported in records per minute.
 */
public final class CensusData {
  private CensusData() {}

  /** Writes {@code records} generated records; HDFS: {@code files} files part-NNNNN.csv written in parallel. */
  public static JobReport load(Configuration conf, Locations out, CensusGenerator gen, long records, int files,
      boolean oneField, boolean overwrite, int batch) throws CensusException {
    JobReport r = report("load", out, oneField);
    long t0 = System.nanoTime();
    if (out.mongo()) {
      try (Mongo3 m = new Mongo3(out)) {
        if (m.exists()) {
          if (!overwrite && m.count() > 0) {
            throw new CensusException("collection " + out.namespace() + " exists and is not empty"
                + " (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
          }
          m.drop();
        }
        t0 = System.nanoTime();
        if (oneField) {
          r.recordsWritten = loadOneField(m, records, batch);
        } else {
          r.recordsWritten = m.load(gen, 0, records, batch);
        }
      }
    } else {
      Path dir = new Path(out.uri());
      try {
        FileSystem fs = dir.getFileSystem(conf);
        if (fs.exists(dir)) {
          if (!overwrite) {
            throw new CensusException(out.uri() + " exists (census.overwrite=true replaces it)", CensusException.BAD_INPUT);
          }
          fs.delete(dir, true);
        }
        fs.mkdirs(dir);
        t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(files);
        try {
          List<Future<Long>> parts = new ArrayList<>();
          for (int p = 0; p < files; p++) {
            long from = records * p / files;
            long to = records * (p + 1) / files;
            Path file = new Path(dir, String.format("part-%05d.csv", p));
            parts.add(pool.submit(() -> writeFile(fs, file, gen, from, to, oneField)));
          }
          for (Future<Long> f : parts) {
            r.recordsWritten += f.get();
          }
        } finally {
          pool.shutdownNow();
        }
      } catch (IOException e) {
        throw new CensusException("cannot write " + out.uri() + ": " + Mongo3.firstLine(e), 3, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CensusException("interrupted", CensusException.FAILED, e);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new CensusException("cannot write " + out.uri() + ": " + Mongo3.firstLine(e.getCause()), 3, e);
      }
      r.mappers = files;
    }
    r.totalMs = (System.nanoTime() - t0) / 1_000_000;
    r.recordsRead = r.recordsWritten; // records/min of a load is computed over the records written
    return r;
  }

  private static long writeFile(FileSystem fs, Path file, CensusGenerator gen, long from, long to, boolean oneField)
      throws IOException {
    try (Writer w = new BufferedWriter(new OutputStreamWriter(fs.create(file, false), StandardCharsets.UTF_8),
        1 << 16)) {
      for (long i = from; i < to; i++) {
        w.write(oneField ? Long.toString(i + 1) : gen.line(i));
        w.write('\n');
      }
    }
    return to - from;
  }

  private static long loadOneField(Mongo3 m, long records, int batch) {
    List<Document> docs = new ArrayList<>(batch);
    long n = 0;
    for (long i = 0; i < records; i++) {
      docs.add(new Document("_id", i + 1));
      if (docs.size() == batch || i == records - 1) {
        m.collection().insertMany(docs, new com.mongodb.client.model.InsertManyOptions().ordered(false));
        n += docs.size();
        docs.clear();
      }
    }
    return n;
  }

  /** Reads every record sequentially (HDFS: all files of a folder; MongoDB: a full find), counting them. */
  public static JobReport read(Configuration conf, Locations in) throws CensusException {
    JobReport r = report("read", in, false);
    long t0 = System.nanoTime();
    if (in.mongo()) {
      try (Mongo3 m = new Mongo3(in)) {
        if (!m.exists()) {
          throw new CensusException("collection " + in.namespace() + " does not exist at " + m.hosts(), CensusException.BAD_INPUT);
        }
        t0 = System.nanoTime();
        for (Document d : m.collection().find().batchSize(1000)) {
          if (d.size() >= CensusSchema.FIELDS || d.size() == 1) {
            r.recordsRead++;
          } else {
            r.malformed++;
          }
        }
      }
    } else {
      Path p = new Path(in.uri());
      try {
        FileSystem fs = p.getFileSystem(conf);
        if (!fs.exists(p)) {
          throw new CensusException("census input " + in.uri() + " does not exist", CensusException.BAD_INPUT);
        }
        t0 = System.nanoTime();
        for (FileStatus st : fs.listStatus(p)) {
          if (!st.isFile() || st.getPath().getName().startsWith("_") || st.getPath().getName().startsWith(".")) {
            continue;
          }
          r.splits++;
          try (BufferedReader br = new BufferedReader(new InputStreamReader(fs.open(st.getPath()),
              StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = br.readLine()) != null) {
              String[] f = CensusRecords.split(line);
              if (f.length == CensusSchema.FIELDS || (f.length == 1 && isRecordId(line))) {
                r.recordsRead++;
              } else {
                r.malformed++;
              }
            }
          }
        }
      } catch (IOException e) {
        throw new CensusException("cannot read " + in.uri() + ": " + Mongo3.firstLine(e), 3, e);
      }
    }
    r.totalMs = (System.nanoTime() - t0) / 1_000_000;
    return r;
  }

  /** A one-field record (census.layout=onefield) is its record id: a whole number. */
  static boolean isRecordId(String line) {
    String s = line.strip();
    if (s.isEmpty() || s.length() > 19) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  private static JobReport report(String job, Locations where, boolean oneField) {
    JobReport r = new JobReport();
    r.metadata.put("job", job);
    r.metadata.put(job.equals("read") ? "input" : "output", CensusJobRunner.mask(where.uri()));
    r.metadata.put(job.equals("read") ? "inputKind" : "outputKind", where.kind());
    r.metadata.put("layout", oneField ? "onefield" : "full");
    r.metadata.put("host", CensusJobRunner.host());
    r.metadata.put("java", System.getProperty("java.version"));
    r.metadata.put("start", Instant.now().toString());
    if (where.mongo()) {
      r.metadata.put("client", Mongo3.driverJar());
    }
    return r;
  }
}
