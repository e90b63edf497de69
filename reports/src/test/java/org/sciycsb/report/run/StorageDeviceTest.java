package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data device's description: on this machine's disk, and on recorded mountinfo and sysfs trees. */
class StorageDeviceTest {
  @TempDir
  Path tmp;

  /**
   * This project's machines run on a virtio disk whose rotational flag is 1: the medium must read "unknown" with
   * the reason, never "hdd". On a machine whose data disk is not virtio the test says so instead of passing.
   */
  @Test
  void thisMachinesVirtioDiskIsOfUnknownMedium() {
    Map<String, Object> m = StorageDevice.describe(tmp, "ssd");
    assertThat(m.get("device")).as("the disk under %s (%s)", tmp, m).isNotNull();
    Path disk = Path.of("/sys/block", (String) m.get("device"));
    assertThat(StorageDevice.medium(disk).reason()).as("the test assumes a virtio disk here: %s", m)
        .startsWith("virtio disk");
    assertThat(m).containsEntry("medium", "unknown")
        .containsEntry("mediumReason", "virtio disk: the rotational flag is the hypervisor's default")
        .containsEntry("label", "ssd");
    assertThat(m.get("rotational")).as("kept as read").isEqualTo(
        "1".equals(StorageDevice.read(disk.resolve("queue/rotational"))));
    assertThat((String) m.get("scheduler")).isNotBlank().doesNotContain("[", "]", " ");
    assertThat((String) m.get("majorMinor")).matches("\\d+:\\d+");
    assertThat((String) m.get("mountOptions")).contains("rw");
    assertThat((String) m.get("filesystem")).isNotBlank();
  }

  @Test
  void theSchedulerIsTheOneInBrackets() {
    assertThat(StorageDevice.scheduler("none [mq-deadline] kyber bfq")).isEqualTo("mq-deadline");
    assertThat(StorageDevice.scheduler("[none] mq-deadline")).isEqualTo("none");
    assertThat(StorageDevice.scheduler("none")).isEqualTo("none");
    assertThat(StorageDevice.scheduler(null)).isNull();
  }

  @Test
  void theMountHoldingAPathWithItsOptions() {
    List<String> mountinfo = List.of(
        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
        "40 27 7:3 / /mnt/data rw,noatime shared:1 - xfs /dev/loop3 rw,attr2,inode64",
        "41 27 0:50 / /mnt/data/tmp rw - tmpfs tmpfs rw,size=1024k");
    StorageDevice.Mount m = StorageDevice.mountOf(Path.of("/mnt/data/mongo/wt"), mountinfo);
    assertThat(m).isEqualTo(new StorageDevice.Mount("/mnt/data", "7:3", "xfs", "/dev/loop3",
        "rw,noatime,attr2,inode64"));
    assertThat(StorageDevice.mountOf(Path.of("/mnt/database"), mountinfo).majorMinor()).isEqualTo("254:0");
    assertThat(StorageDevice.mountOf(Path.of("/mnt/data/tmp/x"), mountinfo).fsType()).isEqualTo("tmpfs");
  }

  @Test
  void theMediumOfRealAndVirtualDisks() throws Exception {
    assertThat(StorageDevice.medium(disk("sda", "1", null))).isEqualTo(
        new StorageDevice.Medium("hdd", "rotational flag 1"));
    assertThat(StorageDevice.medium(disk("nvme0n1", "0", null)).kind()).isEqualTo("ssd");
    assertThat(StorageDevice.medium(disk("sdb", "1", "virtio_blk")).reason()).startsWith("virtio disk");
    assertThat(StorageDevice.medium(disk("xvda", "1", null)).reason()).startsWith("Xen virtual disk");
    assertThat(StorageDevice.medium(disk("loop3", "1", null)).reason()).startsWith("loop device");
    assertThat(StorageDevice.medium(disk("dm-0", "1", null)).reason()).startsWith("device-mapper device");
    assertThat(StorageDevice.medium(disk("sdc", null, null))).isEqualTo(
        new StorageDevice.Medium("unknown", "no rotational flag"));
  }

  /** A sysfs block-device folder with a rotational flag and a driver, where given. */
  private Path disk(String name, String rotational, String driver) throws Exception {
    Path d = Files.createDirectories(tmp.resolve("devices").resolve(name));
    Files.createDirectories(d.resolve("queue"));
    if (rotational != null) {
      Files.writeString(d.resolve("queue/rotational"), rotational + "\n");
    }
    if (driver != null) {
      Path drv = Files.createDirectories(tmp.resolve("drivers").resolve(driver));
      Files.createDirectories(d.resolve("device"));
      Files.createSymbolicLink(d.resolve("device/driver"), drv);
    }
    return d;
  }
}
