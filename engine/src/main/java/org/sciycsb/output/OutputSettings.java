package org.sciycsb.output;

import java.util.List;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * What a run prints and how, read once from {@link OutputOptions} (and the percentiles and granularity the engine
 * declares).
 *
 * @param exporter     the MeasurementsExporter class name
 * @param exportFile   where the exporter writes instead of stdout, or null
 * @param type         measurementtype
 * @param interval     measurement.interval ({@code op}, {@code intended}, {@code both}), or null (unset)
 * @param percentiles  hdrhistogram.percentiles
 * @param verbose      measurement.histogram.verbose
 * @param buckets      histogram.buckets
 * @param granularityMs timeseries.granularity
 * @param hdrFilePrefix the prefix of the .hdr logs (hdrhistogram.output.path) when hdrhistogram.fileoutput, or null
 * @param rawFile      measurement.raw.output_file, or null (stdout)
 * @param rawNoSummary measurement.raw.no_summary
 * @param extended     output.extended
 * @param trackJvm     measurement.trackjvm
 */
public record OutputSettings(String exporter, String exportFile, String type, String interval,
    List<Double> percentiles, boolean verbose, int buckets, int granularityMs, String hdrFilePrefix, String rawFile,
    boolean rawNoSummary, boolean extended, boolean trackJvm) {

  /** Settings without JVM tracking. */
  public OutputSettings(String exporter, String exportFile, String type, String interval, List<Double> percentiles,
      boolean verbose, int buckets, int granularityMs, String hdrFilePrefix, String rawFile, boolean rawNoSummary,
      boolean extended) {
    this(exporter, exportFile, type, interval, percentiles, verbose, buckets, granularityMs, hdrFilePrefix, rawFile,
        rawNoSummary, extended, false);
  }

  /**
   * The extended text on stdout, and the given percentiles: what a report that has no histograms prints (a merged
   * run's, built from summaries).
   */
  public static OutputSettings extendedText(List<Double> percentiles) {
    return new OutputSettings(OutputOptions.TEXT_EXPORTER, null, "hdrhistogram", null, percentiles, false, 1000,
        1000, null, null, false, true);
  }

  public static OutputSettings of(Config cfg, List<Double> percentiles, int granularityMs) throws ConfigException {
    return new OutputSettings(cfg.get(OutputOptions.EXPORTER), cfg.get(OutputOptions.EXPORT_FILE),
        cfg.get(OutputOptions.MEASUREMENT_TYPE), cfg.get(OutputOptions.MEASUREMENT_INTERVAL), percentiles,
        cfg.get(OutputOptions.VERBOSE), cfg.get(OutputOptions.BUCKETS), granularityMs,
        cfg.get(OutputOptions.HDR_FILE_OUTPUT) ? cfg.get(OutputOptions.HDR_OUTPUT_PATH) : null,
        cfg.get(OutputOptions.RAW_OUTPUT_FILE), cfg.get(OutputOptions.RAW_NO_SUMMARY),
        cfg.get(OutputOptions.EXTENDED), cfg.get(OutputOptions.TRACK_JVM));
  }

  /** True when the measurement type keeps every data point. */
  public boolean raw() {
    return type.equals("raw") || type.equals("hdrhistogram+raw");
  }
}
