package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/servers device (bin/lib/device.sh, bin/devices/fusedisk; docs/devices.md): an emulated HDD and an emulated SSD
 * made at a small size, measured by "device check" (fio, 2 s a job) within 25 % of their profile, and removed; bad
 * input (unknown profile, a size the disk cannot hold, a name that exists or does not) is one line, exit 2, nothing
 * made; a create that fails half way leaves no state folder, loop device, FUSE mount or fusedisk process, and a
 * device whose fusedisk died is refused by check in one line and still removed whole. Needs root
 * (loop devices, mounts), as CI has. Every device a test makes is removed after it, also when it fails. The devices
 * live in the checkout's work/devices, so that fusedisk's build and the floor measurement are made once.
 */
class DeviceScriptIT {
  static final Path DEVICES = Launcher.HOME.resolve("work/devices");

  @TempDir Path tmp;

  final List<String> made = new ArrayList<>();


  Launcher.ServersOut servers(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(List.of("device"));
    all.addAll(List.of(args));
    return Launcher.serversCall(tmp, env, 240, all);
  }

  String name(String kind) {
    String n = "it-" + kind + "-" + ProcessHandle.current().pid();
    made.add(n);
    return n;
  }

  @AfterEach
  void removeWhatWasMade() throws Exception {
    for (String n : made) {
      if (Files.exists(DEVICES.resolve(n))) {
        servers(Map.of(), "remove", n);
      }
    }
  }

  /** What a device leaves in the system: its loop device, its mounts, its fusedisk process. */
  static List<String> traces(String name) throws IOException, InterruptedException {
    List<String> found = new ArrayList<>();
    String mark = "/work/devices/" + name + "/";
    for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
      if (line.contains(mark)) {
        found.add("mount: " + line);
      }
    }
    Process losetup = new ProcessBuilder("losetup", "-a").redirectErrorStream(true).start();
    String loops = new String(losetup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    losetup.waitFor(10, TimeUnit.SECONDS);
    loops.lines().filter(l -> l.contains(mark)).forEach(l -> found.add("loop: " + l));
    ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().orElse("").contains(mark))
        .forEach(h -> found.add("process: " + h.info().commandLine().orElse("")));
    if (Files.exists(DEVICES.resolve(name))) {
      found.add("folder: " + DEVICES.resolve(name));
    }
    return found;
  }

  void createCheckRemove(String profile) throws Exception {
    String n = name(profile);
    Launcher.ServersOut create = servers(Map.of(), "create", n, "--profile", profile, "--size", "96M");
    assertThat(create.exit()).as(create.toString()).isZero();
    Path mnt = DEVICES.resolve(n).resolve("mnt");
    assertThat(create.out()).isEqualTo(mnt + "\n");
    assertThat(Files.readAllLines(Path.of("/proc/mounts")))
        .anyMatch(l -> l.startsWith("/dev/loop") && l.contains(" " + mnt + " ext4 "));
    Launcher.ServersOut list = servers(Map.of(), "list");
    assertThat(list.out().lines()).anyMatch(l -> l.startsWith(n + " " + profile + " 96M "));

    Launcher.ServersOut check = servers(Map.of(), "check", n, "--seconds", "2");
    if (check.exit() != 0) {
      // once more: on 2 cores shared with the build a host stall of 10-60 ms now and then costs a 2 s job 5-15 %
      // (docs/devices.md); a model that is off fails twice
      Launcher.ServersOut first = check;
      check = servers(Map.of(), "check", n, "--seconds", "3");
      assertThat(check.exit()).as("first:\n" + first.out() + first.errLines() + "\nagain:\n" + check.out()
          + check.errLines()).isZero();
    }
    List<String> lines = check.out().lines().toList();
    assertThat(lines.get(0)).startsWith("device " + n + ": profile " + profile + ", 96M");
    assertThat(lines).anyMatch(l -> l.startsWith("figure ") && l.contains("profile") && l.contains("measured"));
    int judged = 0;
    for (String figure : List.of("randread_qd1", "randread_qd32", "seqread_1m", "seqwrite_1m", "fsyncwrite_4k")) {
      // the SSD's 122,000 IOPS at queue depth 32 are over twice what the stack here does (its floor): that figure
      // measures this machine's CPU and load, so the check shows it without judging it. Any other figure is judged
      // unless this machine's floor binds it too on this run (seen: an fsync floor of 751/s under the SSD's 1,642):
      // then the check says so rather than judging, and that is a right answer, not a pass by default
      boolean qd32 = profile.equals("ssd") && figure.equals("randread_qd32");
      String line = lines.stream().filter(l -> l.startsWith(figure + " ")).findFirst().orElse("");
      assertThat(line).as(check.out()).endsWith(qd32 ? " floor-bound" : "");
      assertThat(line).as(check.out()).matches(".* (ok|floor-bound)");
      judged += line.endsWith(" ok") ? 1 : 0;
    }
    assertThat(judged).as("figures judged (within 25 %% of the model), not floor-bound:%n%s", check.out())
        .isGreaterThanOrEqualTo(3);

    Launcher.ServersOut remove = servers(Map.of(), "remove", n);
    assertThat(remove.exit()).as(remove.toString()).isZero();
    assertThat(traces(n)).isEmpty();
  }

  @Test
  void anEmulatedHddMeasuresAsItsProfile() throws Exception {
    createCheckRemove("hdd");
  }

  @Test
  void anEmulatedSsdMeasuresAsItsProfile() throws Exception {
    createCheckRemove("ssd");
  }

  @Test
  void badInputIsOneLineExitTwoAndNothingMade() throws Exception {
    String n = name("bad");
    Launcher.ServersOut unknown = servers(Map.of(), "create", n, "--profile", "floppy", "--size", "64M");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.errLines()).containsExactly(
        "bin/servers device: unknown profile 'floppy' (hdd, ssd, or a profile file: see bin/devices/hdd.profile)");
    assertThat(traces(n)).isEmpty();

    Launcher.ServersOut huge = servers(Map.of(), "create", n, "--profile", "hdd", "--size", "900T");
    assertThat(huge.exit()).isEqualTo(2);
    assertThat(huge.errLines()).hasSize(1);
    assertThat(huge.errLines().get(0)).startsWith("bin/servers device: size 900T does not fit: ");
    assertThat(traces(n)).isEmpty();

    Path bad = tmp.resolve("bad.profile");
    Files.writeString(bad, "random_ms=fast\n");
    Launcher.ServersOut badProfile = servers(Map.of(), "create", n, "--profile", bad.toString(), "--size", "64M");
    assertThat(badProfile.exit()).isEqualTo(2);
    assertThat(badProfile.errLines()).containsExactly(
        "bin/servers device: bad profile: " + bad + ":1: random_ms wants a number >= 0, not \"fast\"");
    assertThat(traces(n)).isEmpty();

    for (String verb : List.of("check", "remove")) {
      Launcher.ServersOut none = servers(Map.of(), verb, n);
      assertThat(none.exit()).isEqualTo(2);
      assertThat(none.errLines()).containsExactly("bin/servers device: no device '" + n + "' (bin/servers device list)");
    }
  }

  @Test
  void aDeviceWhoseFusediskDiedIsRefusedByCheckAndRemoved() throws Exception {
    String n = name("dead");
    Launcher.ServersOut create = servers(Map.of(), "create", n, "--profile", "hdd", "--size", "64M");
    assertThat(create.exit()).as(create.toString()).isZero();
    long pid = Long.parseLong(Files.readString(DEVICES.resolve(n).resolve("fusedisk.pid")).trim());
    ProcessHandle fusedisk = ProcessHandle.of(pid).orElseThrow();
    fusedisk.destroyForcibly();
    fusedisk.onExit().get(10, TimeUnit.SECONDS);
    Launcher.ServersOut check = servers(Map.of(), "check", n, "--seconds", "1");
    assertThat(check.exit()).isEqualTo(1);
    assertThat(check.errLines()).hasSize(1);
    assertThat(check.errLines().get(0)).startsWith("bin/servers device: device '" + n + "': its fusedisk is not running");
    Launcher.ServersOut remove = servers(Map.of(), "remove", n);
    assertThat(remove.exit()).as(remove.toString()).isZero();
    assertThat(traces(n)).isEmpty();
  }

  @Test
  void aCreateThatFailsHalfWayLeavesNothing() throws Exception {
    String n = name("half");
    Launcher.ServersOut failed = servers(Map.of("SCIYCSB_DEVICE_FAIL_BEFORE_MOUNT", "1"), "create", n, "--profile", "ssd", "--size",
        "64M");
    assertThat(failed.exit()).isEqualTo(1);
    assertThat(failed.errLines()).contains("bin/servers device: failing before mount (SCIYCSB_DEVICE_FAIL_BEFORE_MOUNT=1)");
    assertThat(traces(n)).isEmpty();

    // a name in use: one line, exit 2, the device there untouched
    Launcher.ServersOut first = servers(Map.of(), "create", n, "--profile", "ssd", "--size", "64M");
    assertThat(first.exit()).as(first.toString()).isZero();
    Launcher.ServersOut again = servers(Map.of(), "create", n, "--profile", "hdd", "--size", "64M");
    assertThat(again.exit()).isEqualTo(2);
    assertThat(again.errLines()).hasSize(1);
    assertThat(again.errLines().get(0)).startsWith("bin/servers device: device '" + n + "' exists");
    assertThat(Files.readString(DEVICES.resolve(n).resolve("profile"))).contains("name=ssd");
    assertThat(servers(Map.of(), "remove", n).exit()).isZero();
    assertThat(traces(n)).isEmpty();
  }
}
