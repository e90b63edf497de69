package org.sciycsb.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The block device holding a path, from {@code /proc/self/mountinfo} (the longest mount point containing the path:
 * its major:minor, file system, source and mount options) and {@code /sys/dev/block/<major:minor>}: the device
 * holding the mount (a partition, a loop or device-mapper device, or a whole disk), its whole disk (for a partition,
 * its parent), the disk's rotational flag ({@code queue/rotational}, as read), I/O scheduler (the one in brackets of
 * {@code queue/scheduler}), model and size, and the kind of medium: {@code hdd}, {@code ssd}, or {@code unknown}
 * where the rotational flag cannot be trusted (a virtio or Xen disk, whose flag is the hypervisor's default; a loop
 * or device-mapper device, whose flag is its driver's: then its backing file or underlying devices), with the
 * reason. What the tool cannot see (a virtual disk on SAN, a cloud volume type) goes in {@code label.storage}.
 */
public final class StorageDevice {
  /** The sysfs root ({@code /sys}); tests point it elsewhere. */
  private static final Path SYS = Path.of("/sys");

  private StorageDevice() {}

  /** The medium kind and why. */
  record Medium(String kind, String reason) {}

  public static Map<String, Object> describe(Path path, String storageLabel) {
    Map<String, Object> m = new LinkedHashMap<>();
    Path abs = path.toAbsolutePath().normalize();
    m.put("path", abs.toString());
    m.put("label", storageLabel);
    Mount mount = mountOf(abs);
    if (mount == null) {
      return m;
    }
    m.put("mountPoint", mount.point());
    m.put("filesystem", mount.fsType());
    m.put("mountOptions", mount.options());
    m.put("source", mount.source());
    m.put("majorMinor", mount.majorMinor());
    Path sys = SYS.resolve("dev/block").resolve(mount.majorMinor());
    if (!Files.exists(sys)) {
      m.put("device", null); // not a block device (tmpfs, overlay, network file system)
      return m;
    }
    try {
      Path dev = sys.toRealPath();
      Path disk = wholeDisk(dev);
      m.put("device", disk.getFileName().toString());
      if (!disk.equals(dev)) {
        m.put("partition", dev.getFileName().toString());
      }
      String rot = read(disk.resolve("queue/rotational"));
      m.put("rotational", rot == null ? null : rot.equals("1"));
      Medium medium = medium(disk);
      m.put("medium", medium.kind());
      m.put("mediumReason", medium.reason());
      m.put("scheduler", scheduler(read(disk.resolve("queue/scheduler"))));
      m.put("model", read(disk.resolve("device/model")));
      m.put("vendor", read(disk.resolve("device/vendor")));
      String size = read(disk.resolve("size"));
      if (size != null) {
        m.put("sizeBytes", Long.parseLong(size) * 512);
      }
      backing(disk, m);
    } catch (IOException | RuntimeException e) {
      m.put("device", null);
    }
    return m;
  }

  /** The whole disk of a sysfs block device: a partition's parent, else the device itself. */
  static Path wholeDisk(Path dev) {
    return Files.exists(dev.resolve("partition")) ? dev.getParent() : dev;
  }

  /** The scheduler in brackets of {@code queue/scheduler} ("none [mq-deadline] kyber"), or the one named. */
  static String scheduler(String line) {
    if (line == null) {
      return null;
    }
    int open = line.indexOf('[');
    int close = line.indexOf(']', open + 1);
    return open >= 0 && close > open ? line.substring(open + 1, close) : line.trim();
  }

  /**
   * The kind of medium of a whole disk (its real sysfs path): {@code unknown} for virtual and stacked devices whose
   * rotational flag says nothing about the medium, else {@code hdd} or {@code ssd} from the flag.
   */
  static Medium medium(Path disk) {
    String name = disk.getFileName().toString();
    if (name.startsWith("loop")) {
      return new Medium("unknown", "loop device: the rotational flag is the loop driver's, the medium is that of "
          + "its backing file");
    }
    if (name.startsWith("dm-")) {
      return new Medium("unknown", "device-mapper device: the rotational flag is the mapping's, the medium is that"
          + " of its underlying devices");
    }
    String driver = driver(disk);
    String real = disk.toString();
    if (name.startsWith("vd") || "virtio_blk".equals(driver) || real.contains("/virtio")) {
      return new Medium("unknown", "virtio disk: the rotational flag is the hypervisor's default");
    }
    if (name.startsWith("xvd") || (driver != null && driver.contains("xen")) || real.contains("/xen")) {
      return new Medium("unknown", "Xen virtual disk: the rotational flag is the hypervisor's default");
    }
    String rot = read(disk.resolve("queue/rotational"));
    if (rot == null) {
      return new Medium("unknown", "no rotational flag");
    }
    return rot.equals("1") ? new Medium("hdd", "rotational flag 1") : new Medium("ssd", "rotational flag 0");
  }

  private static String driver(Path disk) {
    try {
      Path d = disk.resolve("device/driver");
      return Files.exists(d) ? d.toRealPath().getFileName().toString() : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A loop device's backing file, a device-mapper device's name and underlying devices, where readable. */
  private static void backing(Path disk, Map<String, Object> m) {
    String file = read(disk.resolve("loop/backing_file"));
    if (file != null) {
      m.put("backingFile", file);
    }
    if (disk.getFileName().toString().startsWith("dm-")) {
      m.put("dmName", read(disk.resolve("dm/name")));
      List<String> slaves = new ArrayList<>();
      try (Stream<Path> s = Files.list(disk.resolve("slaves"))) {
        s.forEach(p -> slaves.add(p.getFileName().toString()));
      } catch (IOException | RuntimeException e) {
        // not readable: left out
      }
      m.put("underlying", slaves.stream().sorted().toList());
    }
  }

  static String read(Path p) {
    try {
      String s = Files.readString(p).trim();
      return s.isEmpty() ? null : s;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A mount of {@code /proc/self/mountinfo}. */
  record Mount(String point, String majorMinor, String fsType, String source, String options) {}

  /** The mount holding path (the longest mount point containing it), or null. */
  static Mount mountOf(Path abs) {
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of("/proc/self/mountinfo"));
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return mountOf(abs, lines);
  }

  /** The mount of {@code lines} (mountinfo's format) holding path, or null. */
  static Mount mountOf(Path abs, List<String> lines) {
    Mount best = null;
    String p = abs.toString();
    for (String line : lines) {
      String[] f = line.split(" ");
      if (f.length < 10) {
        continue;
      }
      String mp = f[4].replace("\\040", " ");
      boolean contains = p.equals(mp) || mp.equals("/") || p.startsWith(mp + "/");
      if (!contains || (best != null && mp.length() < best.point().length())) {
        continue;
      }
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
      // the mount's own options (f[5]) and the file system's (after the source)
      java.util.Set<String> opts = new java.util.LinkedHashSet<>(List.of(f[5].split(",")));
      if (dash + 3 < f.length) {
        opts.addAll(List.of(f[dash + 3].split(",")));
      }
      best = new Mount(mp, f[2], f[dash + 1], f[dash + 2], String.join(",", opts));
    }
    return best;
  }
}
