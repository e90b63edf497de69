package org.sciycsb.report.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.sciycsb.report.run.ResourceSampler.Sample;

/**
 * The {@code storageDevices} of the results' {@code resources} section: per block device under the store's data, its
 * name, major:minor, whole disk, the data folder it was found from, and the mean and max of each
 * {@link DiskStats} figure over the measured part (samples at or after the measured start; the service time's over
 * the samples in which a request completed, null when none did).
 */
final class StorageSummary {
  /** The index of serviceMs in {@link DiskStats#NAMES}. */
  private static final int SERVICE = 4;

  private StorageSummary() {}

  static List<Object> devices(List<SampledDevice> devices, List<Sample> samples) {
    List<Object> out = new ArrayList<>();
    for (SampledDevice d : devices) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("name", d.name());
      o.put("majorMinor", d.majorMinor());
      o.put("wholeDisk", d.wholeDisk());
      o.put("path", d.path());
      List<double[]> measured = samples.stream().filter(s -> s.tMs() >= 0).map(s -> s.storage().get(d.name()))
          .filter(Objects::nonNull).map(DiskStats.Figures::values).toList();
      o.put("samples", measured.size());
      Map<String, Object> summary = new LinkedHashMap<>();
      for (int i = 0; i < DiskStats.NAMES.length; i++) {
        if (measured.isEmpty()) {
          break;
        }
        int k = i;
        // the service time of intervals in which no request completed is no figure: left out of its mean
        List<double[]> of = k == SERVICE ? measured.stream().filter(v -> v[0] + v[1] > 0).toList() : measured;
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("mean", of.isEmpty() ? null : ResourceWriter.round2(of.stream().mapToDouble(v -> v[k]).average()
            .orElse(0)));
        f.put("max", of.isEmpty() ? null : ResourceWriter.round2(of.stream().mapToDouble(v -> v[k]).max().orElse(0)));
        summary.put(DiskStats.NAMES[i], f);
      }
      o.put("summary", summary);
      out.add(o);
    }
    return out;
  }
}
