package org.sciycsb.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.report.ResultData;

/**
 * Compare's rows on what the disk under the store's data did: each figure's mean over the measured part
 * ({@code resources.storageDevices[].summary.<figure>.mean}) of the runs that sampled a device, side by side
 * ({@code -} for a run that did not). Shown when at least two of the runs have them. With several devices in a run
 * (a cluster's nodes on different disks), rates add up, service time, queue depth and utilisation are the devices'
 * largest.
 */
final class CompareStorage {
  /** {figure in results.json, row title, unit}. */
  static final String[][] FIGURES = {{"readsPerSec", "storage reads", "ops/s"},
      {"writesPerSec", "storage writes", "ops/s"}, {"readMBps", "storage read", "MB/s"},
      {"writeMBps", "storage write", "MB/s"}, {"serviceMs", "storage service time", "ms/op"},
      {"queueDepth", "storage queue depth", "requests"}, {"utilPct", "storage utilisation", "%"}};

  private CompareStorage() {}

  /** Whether at least two of the runs sampled a device under the store's data. */
  static boolean any(List<ResultData> runs) {
    return runs.stream().filter(r -> !devices(r).isEmpty()).count() >= 2;
  }

  /** The devices a run sampled, as {@code name (major:minor)}. */
  static List<String> devices(ResultData r) {
    List<String> out = new ArrayList<>();
    for (JsonNode d : r.json().path("resources").path("storageDevices")) {
      out.add(d.path("name").asText() + " (" + d.path("majorMinor").asText() + ")");
    }
    return out;
  }

  /** Figure {@code k} of a run ({@link #FIGURES}); NaN when it sampled no device. */
  static double value(ResultData r, int k) {
    JsonNode devices = r.json().path("resources").path("storageDevices");
    boolean rate = k < 4;
    double v = Double.NaN;
    for (JsonNode d : devices) {
      JsonNode mean = d.path("summary").path(FIGURES[k][0]).path("mean");
      if (!mean.isNumber()) {
        continue;
      }
      v = Double.isNaN(v) ? mean.asDouble() : rate ? v + mean.asDouble() : Math.max(v, mean.asDouble());
    }
    return v;
  }
}
