package org.sciycsb.output;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sciycsb.engine.ResultsDir;
import org.sciycsb.engine.RunReport;

/** Writes every format of a finished run: text to stdout and the results directory's files. */
public final class Exporters {
  private Exporters() {}

  public static void writeAll(RunReport report, ResultsDir dir, PrintStream out, String exportFile, PrintStream err) {
    String text = TextExporter.format(report);
    out.print(text);
    out.flush();
    try {
      dir.writeAtomically("results.txt", text);
      dir.writeAtomically("results.csv", CsvExporter.summary(report));
      dir.writeAtomically("timeseries.csv", CsvExporter.series(report));
      dir.writeAtomically("results.json", JsonExporter.format(report));
      if (exportFile != null) {
        Path p = Path.of(exportFile);
        if (p.getParent() != null) {
          Files.createDirectories(p.getParent());
        }
        Files.writeString(p, text);
      }
    } catch (IOException e) {
      err.println("error: could not write results to " + dir.path() + ": " + e.getMessage());
    }
  }
}
