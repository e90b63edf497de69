package org.sciycsb.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.sciycsb.report.Fmt;
import org.sciycsb.report.ResultData;

/**
 * The report's section on what the disk under the store's data did, beside the latency charts and on their time
 * axis (the measured part, seconds since its start, with the same fault marks): operations/s, MB/s, mean service
 * time and queue depth, utilisation, per sampled device ({@code resources.samples[].storage}), and a table of each
 * device's means and maxima ({@code resources.storageDevices}). A run that sampled no device has no such section, or
 * one line saying why ({@code metadata.storage.sampling}) when its results say.
 */
final class StorageCharts {
  private StorageCharts() {}

  static void append(StringBuilder sb, JsonNode json) {
    JsonNode res = json.path("resources");
    String sampling = ResultData.text(json.path("metadata").path("storage").path("sampling"));
    if (!res.path("storageDevices").isArray() || res.path("storageDevices").isEmpty()) {
      if (sampling != null && sampling.startsWith("not sampled")) {
        sb.append("<h2>What the disk did</h2>\n<p class=\"note\">data device ").append(Fmt.html(sampling))
            .append("</p>\n");
      }
      return;
    }
    ArrayNode measured = JsonNodeFactory.instance.arrayNode();
    for (JsonNode s : res.path("samples")) {
      if (s.path("tMs").asLong() >= 0 && s.has("storage")) {
        measured.add(s);
      }
    }
    sb.append("<h2>What the disk did (the devices under the store's data)</h2>\n");
    table(sb, res.path("storageDevices"));
    var marks = HtmlReport.faults(json);
    sb.append(HtmlReport.devices(measured, "storage", "storage-ops", "Operations per second", new String[][] {
        {"readsPerSec", "reads"}, {"writesPerSec", "writes"}}, 1, "operations/s", marks));
    sb.append(HtmlReport.devices(measured, "storage", "storage-mbps", "Throughput", new String[][] {
        {"readMBps", "read"}, {"writeMBps", "write"}}, 1, "MB/s", marks));
    sb.append(HtmlReport.devices(measured, "storage", "storage-service", "Mean service time per operation",
        new String[][] {{"serviceMs", "service"}}, 1, "ms", marks));
    sb.append(HtmlReport.devices(measured, "storage", "storage-queue", "Mean queue depth",
        new String[][] {{"queueDepth", "queue depth"}}, 1, "requests in flight", marks));
    sb.append(HtmlReport.devices(measured, "storage", "storage-util", "Utilisation", new String[][] {
        {"utilPct", "busy"}}, 1, "% of the interval", marks));
  }

  /** A figure, or "-" where there is none (the service time of a device that completed no request). */
  private static String num(JsonNode v) {
    return v.isNumber() ? Fmt.num(v.asDouble(), 2) : "-";
  }

  private static void table(StringBuilder sb, JsonNode devices) {
    sb.append("<table class=\"summary\"><tr><th>device</th><th>major:minor</th><th>disk</th><th>figure</th>")
        .append("<th>mean</th><th>max</th></tr>\n");
    for (JsonNode d : devices) {
      var it = d.path("summary").fields();
      while (it.hasNext()) {
        var f = it.next();
        sb.append("<tr><td>").append(Fmt.html(d.path("name").asText())).append("</td><td>")
            .append(Fmt.html(d.path("majorMinor").asText())).append("</td><td>")
            .append(Fmt.html(d.path("wholeDisk").asText())).append("</td><td>").append(Fmt.html(f.getKey()))
            .append("</td><td class=\"n\">").append(num(f.getValue().path("mean")))
            .append("</td><td class=\"n\">").append(num(f.getValue().path("max")))
            .append("</td></tr>\n");
      }
    }
    sb.append("</table>\n");
  }
}
