package org.sciycsb.output;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Writes every format of a finished run. stdout gets YCSB 0.17's measurements through the {@code exporter} (its
 * text by default: {@link YcsbMeasurements}), or this project's extended text with {@code output.extended};
 * {@code exportfile} gets the exporter's measurements instead of stdout, as upstream. The results directory gets
 * every file of its own formats regardless.
 */
public final class Exporters {
  private Exporters() {}

  /**
   * Prints, then writes every file, each atomically; results.json last, so that its presence means the other files
   * are complete too.
   */
  public static void writeAll(RunReport report, ResultsDir dir, PrintStream out, OutputSettings o)
      throws IOException {
    String text = TextExporter.format(report);
    if (o.exportFile() != null) {
      try (OutputStream file = new FileOutputStream(o.exportFile())) {
        measurements(report, o, file, out);
      }
    } else if (!o.extended()) {
      measurements(report, o, ExporterClass.unclosable(out), out);
    }
    if (o.extended()) {
      out.print(text);
    }
    out.flush();
    dir.writeAtomically("results.txt", text);
    dir.writeAtomically("results.csv", CsvExporter.summary(report));
    dir.writeAtomically("timeseries.csv", CsvExporter.series(report));
    dir.writeAtomically("results.json", JsonExporter.format(report));
  }

  /** YCSB's measurements through the configured exporter into {@code dest}, closed after. */
  public static void measurements(RunReport report, OutputSettings o, OutputStream dest, PrintStream stdout)
      throws IOException {
    MeasurementsExporter e = ExporterClass.open(o.exporter(), dest);
    try {
      YcsbMeasurements.write(report, o, e, stdout);
    } finally {
      e.close();
    }
  }
}
