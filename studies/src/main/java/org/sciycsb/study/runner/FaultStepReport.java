package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.report.Hlog;
import org.sciycsb.report.ResultData;
import org.sciycsb.report.html.HtmlReport;
import org.sciycsb.study.plan.Step;

/**
 * A run step under a fault schedule gets the run's own report beside its results ({@code report.html}: the time
 * charts with the fault and its restore marked), named in the step's record as {@code report}; a report that
 * cannot be written is a line in the step's log, not a failed step.
 */
final class FaultStepReport {
  private FaultStepReport() {}

  static void write(StudyFolder folder, Step s, JsonNode res, Map<String, Object> rec) {
    if (res == null || res.path("metadata").path("faults").isEmpty()) {
      return;
    }
    Path dir = folder.of(s);
    try {
      ResultData d = ResultData.load(dir);
      Hlog h = d.hlog();
      Files.writeString(dir.resolve("report.html"), HtmlReport.render(res,
          h == null ? Map.of() : h.totals()));
      rec.put("report", s.name() + "/report.html");
    } catch (IOException | ConfigException e) {
      folder.appendLog(s, "cannot write the step's report.html: " + e.getMessage());
    }
  }
}
