package org.sciycsb.output;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * The options of what a run prints: YCSB 0.17's measurement and exporter properties, with upstream's values and
 * meanings, and {@code output.extended} for this project's own sections on stdout. Read once into
 * {@link OutputSettings}.
 */
public final class OutputOptions {
  private OutputOptions() {}

  public static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";

  public static final Option<String> EXPORTER = Option.string("exporter", TEXT_EXPORTER,
      "the class that writes the measurements (YCSB's): any site.ycsb.measurements.exporter.MeasurementsExporter"
          + " with a public (OutputStream) constructor, e.g. site.ycsb.measurements.exporter.JSONMeasurementsExporter"
          + " or JSONArrayMeasurementsExporter; the results directory has every format regardless");
  public static final Option<String> EXPORT_FILE = Option.string("exportfile", null,
      "write the exporter's measurements to this file instead of stdout (as YCSB); its folder must exist");
  public static final Option<String> MEASUREMENT_TYPE = Option.choice("measurementtype", "hdrhistogram",
      "what each operation's section holds (as YCSB): hdrhistogram (percentiles from the full histogram), histogram"
          + " (1 ms buckets: histogram.buckets, LatencyVariance), timeseries (the mean per timeseries.granularity),"
          + " raw (every data point, then a summary), hdrhistogram+histogram and hdrhistogram+raw (both, as Hdr<OP>"
          + " and Bucket<OP> / Raw<OP>); recording is the same for all (HdrHistogram in nanoseconds; raw keeps every"
          + " point besides)",
      "hdrhistogram", "histogram", "hdrhistogram+histogram", "hdrhistogram+raw", "timeseries", "raw");
  public static final Option<String> MEASUREMENT_INTERVAL = Option.choice("measurement.interval", null,
      "which latency the sections give (as YCSB): op = service time (from the actual start), intended = response"
          + " time (from the intended start of -target's schedule), both = [OP] service time and [Intended-OP]"
          + " response time; unset: [OP] is response time (the same as service time without a target; with one,"
          + " YCSB's default gives service time)",
      "op", "intended", "both").defaultShownAs("unset (response time)");
  public static final Option<Boolean> VERBOSE = Option.bool("measurement.histogram.verbose", false,
      "measurementtype hdrhistogram or histogram: also print the count of every recorded value or bucket");
  public static final Option<Integer> BUCKETS = Option.integer("histogram.buckets", 1000,
      "measurementtype=histogram: the number of 1 ms buckets (latencies past the last count as >N)")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Boolean> HDR_FILE_OUTPUT = Option.bool("hdrhistogram.fileoutput", false,
      "measurementtype with hdrhistogram: also write each section's histogram as an HdrHistogram log,"
          + " <hdrhistogram.output.path><SECTION>.hdr");
  public static final Option<String> HDR_OUTPUT_PATH = Option.string("hdrhistogram.output.path", "",
      "hdrhistogram.fileoutput: the prefix of the log files (a folder ends with /; it must exist)")
      .defaultShownAs("none (the working folder)");
  public static final Option<String> RAW_OUTPUT_FILE = Option.string("measurement.raw.output_file", null,
      "measurementtype with raw: append the data points to this file instead of stdout");
  public static final Option<Boolean> RAW_NO_SUMMARY = Option.bool("measurement.raw.no_summary", false,
      "measurementtype with raw: leave out the summary after the data points");
  public static final Option<Boolean> TRACK_JVM = Option.bool("measurement.trackjvm", false,
      "as YCSB: sample the client JVM every status.interval (live threads, heap in use, system load, collections):"
          + " [MAX_MEM_USED], [MIN_MEM_USED], [MAX_THREADS], [MIN_THREADS], [MAX_SYS_LOAD_AVG], [MIN_SYS_LOAD_AVG]"
          + " after the GC lines, and THREAD_COUNT, USED_MEM_MB, SYS_LOAD_AVG, GCS, GCS_TIME sections of the"
          + " measurementtype (not with measurement.interval=intended, as upstream; upstream samples only with -s,"
          + " here with or without it)");
  public static final Option<Boolean> EXTENDED = Option.bool("output.extended", false,
      "stdout gets this project's extended text (results.txt: the OVERALL latency block, -SERVICE sections where"
          + " a target makes them differ, the longest GC pause, the validity verdict) instead of YCSB's measurements;"
          + " exportfile still gets the exporter's");

  /** Every option here, for the engine's set. */
  public static OptionSet all() {
    return OptionSet.builder("engine")
        .add(EXPORTER, EXPORT_FILE, MEASUREMENT_TYPE, MEASUREMENT_INTERVAL, VERBOSE, BUCKETS, HDR_FILE_OUTPUT,
            HDR_OUTPUT_PATH, RAW_OUTPUT_FILE, RAW_NO_SUMMARY, TRACK_JVM, EXTENDED)
        .build();
  }
}
