package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;

/** storage.path: folders and their block devices, each device once; a folder on none is one line. */
class RunHooksStorageTest {
  @TempDir
  Path tmp;

  @Test
  void foldersOnOneDeviceAreSampledOnce() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a"));
    Path b = Files.createDirectories(tmp.resolve("b"));
    List<Path> dirs = RunHooks.dataDirs(a + ", " + b + ",");
    assertThat(dirs).containsExactly(a, b);
    List<SampledDevice> devices = RunHooks.devices(dirs);
    assertThat(devices).hasSize(1);
    SampledDevice d = devices.get(0);
    assertThat(d.majorMinor()).isEqualTo(StorageDevice.mountOf(a.toRealPath()).majorMinor());
    assertThat(Path.of("/sys/dev/block", d.majorMinor()).toRealPath().getFileName().toString()).isEqualTo(d.name());
    assertThat(d.path()).isEqualTo(a.toString());
    assertThat(DiskStats.read()).as("the device is in /proc/diskstats").containsKey(d.majorMinor());
    assertThat(RunHooks.dataDirs(null)).isEmpty();
  }

  @Test
  void withoutStoragePathTheTestServersOfResourcesPidsAreAsked() {
    assertThat(RunHooks.serversOf("12, servers:mongodb,servers:cassandra@ring ,/x/pid")).isEqualTo(
        "servers:mongodb,servers:cassandra@ring");
    assertThat(RunHooks.serversOf("12,/x/pid")).isNull();
    assertThat(RunHooks.serversOf(null)).isNull();
  }

  @Test
  void aFolderOnNoBlockDeviceIsOneLine() {
    assertThatThrownBy(() -> RunHooks.devices(List.of(tmp.resolve("nosuch")))).isInstanceOf(ConfigException.class)
        .hasMessage("bad value for storage.path: " + tmp.resolve("nosuch") + " does not exist");
    assertThatThrownBy(() -> RunHooks.devices(List.of(Path.of("/dev/shm")))).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("bad value for storage.path: /dev/shm is on tmpfs").hasMessageEndingWith(
            "not on a block device");
    // no bin/servers where sciycsb.home points (a release; here the module's folder)
    assertThatThrownBy(() -> RunHooks.dataDirs("servers:mongodb")).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("storage.path=servers:mongodb acts on this checkout's test servers through");
  }
}
