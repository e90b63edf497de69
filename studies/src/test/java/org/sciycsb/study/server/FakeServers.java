package org.sciycsb.study.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A checkout whose bin/servers is a script of the test's own: it answers device list, memory-min, url and datadir as
 * the real one does (e2e's SandiskDevicesIT runs the real one), and writes every stop, start and drop-cache it is
 * asked, one a line, to {@code calls}.
 */
final class FakeServers {
  private FakeServers() {}

  /** Writes home/bin/servers and the device hdd1 under home/work/devices; returns the file the calls go to. */
  static Path write(Path home) throws IOException {
    Path devices = home.resolve("work/devices");
    Files.createDirectories(devices.resolve("hdd1/mnt"));
    Files.writeString(devices.resolve("hdd1/profile"), "name=hdd\nrandom_ms=8 # seek\nqueues=1\n");
    Path calls = home.resolve("calls");
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path script = bin.resolve("servers");
    Files.writeString(script, String.join("\n", "#!/usr/bin/env bash",
        "case \"$1 $2\" in",
        "  'device list') echo 'hdd1 hdd 1.0G " + devices.resolve("hdd1/mnt") + "' ;;",
        "  'memory-min postgres') echo '67108864 268435456' ;;",
        "  'memory-min hdfs') echo 'hdfs: start --memory is not supported for hdfs' >&2; exit 2 ;;",
        "  'url postgres') echo 'jdbc:postgresql://127.0.0.1:5433/ycsb?user=ycsb&password=ycsb' ;;",
        "  'datadir postgres') echo '" + devices.resolve("hdd1/mnt/postgres/data") + "' ;;",
        "  'stop postgres'|'start postgres') echo \"$*\" >>'" + calls + "'; echo \"postgres: $1\" >&2 ;;",
        "  'drop-cache '*) echo \"$*\" >>'" + calls + "'; echo \"drop-cache: 3 files, 24K under $2: cached before "
            + "24K, after 0\" ;;",
        "  *) echo \"unexpected: $*\" >&2; exit 9 ;;",
        "esac", ""), StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return calls;
  }
}
