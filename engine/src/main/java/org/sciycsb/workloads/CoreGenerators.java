package org.sciycsb.workloads;

import java.io.IOException;
import java.nio.file.Path;
import java.util.random.RandomGenerator;
import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.draw.Exponential;
import org.sciycsb.api.draw.Histogram;
import org.sciycsb.api.draw.Hotspot;
import org.sciycsb.api.draw.LongDraw;
import org.sciycsb.api.draw.ScrambledZipfian;
import org.sciycsb.api.draw.Sequential;
import org.sciycsb.api.draw.SkewedLatest;
import org.sciycsb.api.draw.Uniform;
import org.sciycsb.api.draw.Zipfian;

/**
 * The core workload's distributions: what is computed once for a run (the zipfian sums, the field-length
 * histogram, the shared sequence), and each thread's draws built from it on the thread's own generator.
 */
final class CoreGenerators {
  private final Config config;
  private final long recordCount;
  private final long insertStart;
  private final long insertCount;
  private final boolean seeded;
  private final String distribution;
  private final double zipfianConstant;
  /** Computed once: the scrambled zipfian's sum, the latest distribution's, the histogram of field lengths. */
  private final double scrambledZetan;
  private final double latestZetan;
  private final LongDraw sharedSequence;
  private final Histogram lengthHistogram;

  /** A thread's distributions: its key choice, scan lengths, field lengths and a load's record numbers. */
  record ThreadDraws(LongDraw keyChooser, LongDraw scanLength, LongDraw fieldLength, LongDraw loadKeys) {}

  /**
   * What a run's threads draw from: the records {@code insertStart} to {@code insertStart + insertCount} of
   * {@code recordCount}; under a seed, a sequential key choice is a lane per thread instead of one shared sequence.
   */
  CoreGenerators(Config p, long recordCount, long insertStart, long insertCount, boolean seeded)
      throws ConfigException {
    this.config = p;
    this.recordCount = recordCount;
    this.insertStart = insertStart;
    this.insertCount = insertCount;
    this.seeded = seeded;
    distribution = p.get(CoreWorkloadOptions.REQUEST_DISTRIBUTION);
    zipfianConstant = p.get(CoreWorkloadOptions.ZIPFIAN_CONSTANT);
    latestZetan = distribution.equals("latest") ? Zipfian.zeta(recordCount - 1, Zipfian.YCSB_CONSTANT) : 0;
    sharedSequence = distribution.equals("sequential") ? Sequential.shared(insertStart, insertCount) : null;
    scrambledZetan = distribution.equals("zipfian") ? ScrambledZipfian.zetan(zipfianConstant) : 0;
    lengthHistogram = histogram(p);
  }

  /**
   * The draws of thread {@code thread} of {@code threads}, on its generator {@code r} (the latest distribution
   * counting back from {@code inserts}), with a load's record numbers {@code loadKeys}.
   */
  ThreadDraws forThread(RandomGenerator r, InsertKeys inserts, LongDraw loadKeys, int thread, int threads)
      throws ConfigException {
    return new ThreadDraws(keyChooser(r, inserts, thread, threads), scanLength(r), fieldLength(r), loadKeys);
  }

  /** The field-length histogram of fieldlengthdistribution=histogram, read and checked; else null. */
  static Histogram histogram(Config p) throws ConfigException {
    if (!p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION).equals("histogram")) {
      return null;
    }
    String file = p.get(CoreWorkloadOptions.FIELD_LENGTH_HISTOGRAM);
    try {
      return Histogram.read(Path.of(file));
    } catch (IOException | RuntimeException e) {
      throw new ConfigException("cannot read fieldlengthhistogram file " + file + ": " + e.getMessage());
    }
  }

  /** A thread's field lengths. */
  private LongDraw fieldLength(RandomGenerator r) throws ConfigException {
    Config p = config;
    int len = p.get(CoreWorkloadOptions.FIELD_LENGTH);
    int min = p.get(CoreWorkloadOptions.MIN_FIELD_LENGTH);
    switch (p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION)) {
      case "constant":
        return LongDraw.constant(len);
      case "uniform":
        return new Uniform(r, min, len);
      case "zipfian":
        return new Zipfian(r, min, len, Zipfian.YCSB_CONSTANT);
      default:
        return lengthHistogram.draw(r);
    }
  }

  /** A thread's key choice (record numbers; the latest distribution counts back from {@code inserts}). */
  private LongDraw keyChooser(RandomGenerator r, InsertKeys inserts, int thread, int threads) throws ConfigException {
    Config p = config;
    switch (distribution) {
      case "uniform":
        return new Uniform(r, insertStart, insertStart + insertCount - 1);
      case "exponential":
        return new Exponential(r, p.get(CoreWorkloadOptions.EXPONENTIAL_PERCENTILE),
            recordCount * p.get(CoreWorkloadOptions.EXPONENTIAL_FRAC));
      case "zipfian": {
        long expectedNewKeys = (long) (p.get(CommonOptions.OPERATION_COUNT)
            * p.get(CoreWorkloadOptions.INSERT_PROPORTION) * 2.0);
        return new ScrambledZipfian(r, insertStart, insertStart + insertCount + expectedNewKeys, zipfianConstant,
            scrambledZetan);
      }
      case "hotspot":
        return new Hotspot(r, insertStart, insertStart + insertCount - 1,
            p.get(CoreWorkloadOptions.HOTSPOT_DATA_FRACTION), p.get(CoreWorkloadOptions.HOTSPOT_OPN_FRACTION));
      case "latest":
        return new SkewedLatest(r, inserts::last, latestZetan);
      case "sequential":
        return seeded ? Sequential.lane(insertStart, insertCount, thread, threads) : sharedSequence;
      default:
        throw new ConfigException("unknown requestdistribution " + distribution);
    }
  }

  private LongDraw scanLength(RandomGenerator r) throws ConfigException {
    Config p = config;
    int min = p.get(CoreWorkloadOptions.MIN_SCAN_LENGTH);
    int max = p.get(CoreWorkloadOptions.MAX_SCAN_LENGTH);
    if (max < min) {
      throw new ConfigException("maxscanlength (" + max + ") is less than minscanlength (" + min + ")");
    }
    return p.get(CoreWorkloadOptions.SCAN_LENGTH_DISTRIBUTION).equals("zipfian")
        ? new Zipfian(r, min, max, Zipfian.YCSB_CONSTANT) : new Uniform(r, min, max);
  }
}
