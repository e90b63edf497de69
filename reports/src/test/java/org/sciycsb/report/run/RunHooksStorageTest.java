package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.engine.servers.ServerControl;

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
  void howTheDataFoldersWereFoundIsRecorded() throws Exception {
    StoreDataLocator locator = new StoreDataLocator(ServerControl.local(), Path.of("/proc"));
    StoreLocation remote = StoreLocation.at(List.of(new StoreLocation.Endpoint("198.51.100.7", 5432)));
    RunHooks.Storage named = RunHooks.storage(new Config(Map.of("storage.path", tmp.toString())), remote, locator);
    assertThat(named.found()).isEqualTo("storage.path");
    assertThat(named.devices()).hasSize(1);
    RunHooks.Storage far = RunHooks.storage(new Config(Map.of()), remote, locator);
    assertThat(far.devices()).isEmpty();
    assertThat(far.found()).isNull();
    assertThat(far.unsampled()).isEqualTo("not sampled: remote (198.51.100.7:5432)");
    RunHooks.Storage embedded = RunHooks.storage(new Config(Map.of()), StoreLocation.embedded(tmp), locator);
    assertThat(embedded.dirs()).containsExactly(tmp);
    assertThat(embedded.devices()).hasSize(1);
    assertThat(embedded.found()).isEqualTo("binding: embedded store's folder");
    // found, not named: a folder on no block device is not sampled, and the run goes on
    RunHooks.Storage shm = RunHooks.storage(new Config(Map.of()), StoreLocation.embedded(Path.of("/dev/shm")),
        locator);
    assertThat(shm.devices()).isEmpty();
    assertThat(shm.unsampled()).startsWith("not sampled: binding: embedded store's folder: /dev/shm is on tmpfs");
  }

  @Test
  void theMetadataSaysHowTheDataFolderWasFound() throws Exception {
    RunHooks h = RunHooks.of(new Config(Map.of("storage.path", tmp.toString(), "resources.sample", "false")),
        tmp, StoreLocation.UNKNOWN);
    @SuppressWarnings("unchecked")
    Map<String, Object> storage = (Map<String, Object>) h.metadata().get("storage");
    assertThat(storage).containsEntry("found", "storage.path").containsEntry("sampling",
        "not sampled: resource sampling is off");
    RunHooks none = RunHooks.of(new Config(Map.of()), tmp, StoreLocation.UNKNOWN);
    @SuppressWarnings("unchecked")
    Map<String, Object> noStorage = (Map<String, Object>) none.metadata().get("storage");
    assertThat(noStorage).doesNotContainKey("found").containsEntry("sampling",
        "not sampled: no storage.path (a remote server, or one whose data folder was not named)");
    none.close();
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
