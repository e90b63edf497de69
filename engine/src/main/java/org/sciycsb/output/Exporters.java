package org.sciycsb.output;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/** Writes every format of a finished run: text to stdout and the results directory's files. */
public final class Exporters {
  private Exporters() {}

  /**
   * Prints the text and writes every file, each atomically; results.json last, so that its presence means the
   * other files are complete too.
   */
  public static void writeAll(RunReport report, ResultsDir dir, PrintStream out, String exportFile)
      throws IOException {
    String text = TextExporter.format(report);
    out.print(text);
    out.flush();
    dir.writeAtomically("results.txt", text);
    dir.writeAtomically("results.csv", CsvExporter.summary(report));
    dir.writeAtomically("timeseries.csv", CsvExporter.series(report));
    dir.writeAtomically("results.json", JsonExporter.format(report));
    if (exportFile != null) {
      Path p = Path.of(exportFile).toAbsolutePath();
      if (p.getParent() != null) {
        Files.createDirectories(p.getParent());
      }
      AtomicFiles.write(p, text);
    }
  }
}
