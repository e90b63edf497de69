package org.sciycsb.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The block device holding a path, from {@code /proc/self/mountinfo} (the longest mount point containing the path,
 * its major:minor) and {@code /sys/dev/block/<major:minor>}: the whole disk (for a partition, its parent), its
 * rotational flag ({@code queue/rotational}: 1 = HDD, 0 = SSD/NVMe/virtual) and model ({@code device/model}).
 * What the tool cannot see (a virtual disk on SAN, a cloud volume type) goes in {@code label.storage}.
 */
public final class StorageDevice {
  private StorageDevice() {}

  public static Map<String, Object> describe(Path path, String storageLabel) {
    Map<String, Object> m = new LinkedHashMap<>();
    Path abs = path.toAbsolutePath().normalize();
    m.put("path", abs.toString());
    m.put("label", storageLabel);
    String[] mount = mountOf(abs);
    if (mount != null) {
      m.put("mountPoint", mount[0]);
      m.put("filesystem", mount[2]);
      m.put("source", mount[3]);
      Path sys = Path.of("/sys/dev/block", mount[1]);
      if (Files.exists(sys)) {
        try {
          Path dev = sys.toRealPath();
          Path disk = Files.exists(dev.resolve("partition")) ? dev.getParent() : dev;
          m.put("device", disk.getFileName().toString());
          if (!disk.equals(dev)) {
            m.put("partition", dev.getFileName().toString());
          }
          String rot = read(disk.resolve("queue/rotational"));
          m.put("rotational", rot == null ? null : rot.equals("1"));
          m.put("model", read(disk.resolve("device/model")));
          m.put("vendor", read(disk.resolve("device/vendor")));
          String size = read(disk.resolve("size"));
          if (size != null) {
            m.put("sizeBytes", Long.parseLong(size) * 512);
          }
        } catch (IOException | RuntimeException e) {
          m.put("device", null);
        }
      } else {
        m.put("device", null); // not a block device (tmpfs, overlay, network file system)
      }
    }
    return m;
  }

  private static String read(Path p) {
    try {
      String s = Files.readString(p).trim();
      return s.isEmpty() ? null : s;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {mount point, major:minor, fs type, source} of the mount holding path, or null. */
  static String[] mountOf(Path abs) {
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of("/proc/self/mountinfo"));
    } catch (IOException | RuntimeException e) {
      return null;
    }
    String[] best = null;
    int bestLen = -1;
    String p = abs.toString();
    for (String line : lines) {
      String[] f = line.split(" ");
      if (f.length < 10) {
        continue;
      }
      String mp = f[4].replace("\\040", " ");
      boolean contains = p.equals(mp) || mp.equals("/") || p.startsWith(mp + "/");
      if (contains && mp.length() >= bestLen) {
        int dash = -1;
        for (int i = 6; i < f.length; i++) {
          if (f[i].equals("-")) {
            dash = i;
            break;
          }
        }
        if (dash < 0 || dash + 2 >= f.length) {
          continue;
        }
        best = new String[] {mp, f[2], f[dash + 1], f[dash + 2]};
        bestLen = mp.length();
      }
    }
    return best;
  }
}
