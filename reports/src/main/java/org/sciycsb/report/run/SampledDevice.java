package org.sciycsb.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A block device whose {@code /proc/diskstats} counters a run samples: the device holding the mount of a data folder
 * (a partition, a loop or device-mapper device, or a whole disk, keyed by its major:minor), and its whole disk (a
 * partition's parent; the device itself otherwise).
 *
 * @param name the kernel's name of the device ({@code vda1}, {@code loop3}, {@code dm-0})
 * @param majorMinor its device number, as {@code /proc/diskstats} and mountinfo give it
 * @param wholeDisk the whole disk's name
 * @param path the data folder it was found from
 */
public record SampledDevice(String name, String majorMinor, String wholeDisk, String path) {
  /**
   * The device under {@code dir}.
   *
   * @throws IOException with the reason when there is none: the folder does not exist, or its file system is not
   *     on a block device (tmpfs, overlay, a network file system)
   */
  public static SampledDevice of(Path dir) throws IOException {
    Path abs = dir.toAbsolutePath().normalize();
    if (!Files.exists(abs)) {
      throw new IOException(abs + " does not exist");
    }
    StorageDevice.Mount mount = StorageDevice.mountOf(abs.toRealPath());
    if (mount == null) {
      throw new IOException("no mount found for " + abs + " in /proc/self/mountinfo");
    }
    Path sys = Path.of("/sys/dev/block", mount.majorMinor());
    if (!Files.exists(sys)) {
      throw new IOException(abs + " is on " + mount.fsType() + " (" + mount.source() + "), not on a block device");
    }
    Path dev = sys.toRealPath();
    return new SampledDevice(dev.getFileName().toString(), mount.majorMinor(),
        StorageDevice.wholeDisk(dev).getFileName().toString(), abs.toString());
  }
}
