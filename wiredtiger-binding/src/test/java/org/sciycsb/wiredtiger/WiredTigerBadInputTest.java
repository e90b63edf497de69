package org.sciycsb.wiredtiger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;

/**
 * Bad input refused with one line and its exit code (2 bad input, 3 the store cannot be opened), the folder left as
 * it was: a data folder that is a file, one that cannot be written, one holding another engine's files, a cache below
 * WiredTiger's minimum or above the host's memory, a configuration WiredTiger rejects (its own words), and a folder
 * another process has open (WiredTiger's lock).
 */
class WiredTigerBadInputTest {
  @TempDir
  Path work;

  private BenchmarkException refused(Map<String, String> props) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> Runs.open(work, props).close());
    assertThat(t).isInstanceOf(BenchmarkException.class);
    assertThat(t.getMessage()).doesNotContain("\n");
    return (BenchmarkException) t;
  }

  /** A store of some records, closed: what a refused open must leave as it is. */
  private Path store() throws Exception {
    Path dir = work.resolve("store");
    try (WiredTigerRun run = Runs.open(work, Map.of("wiredtiger.dir", dir.toString()))) {
      site.ycsb.DB db = run.newDb(0);
      db.init();
      db.insert("t", "k1", Map.of("f", new site.ycsb.StringByteIterator("v")));
      db.cleanup();
    }
    return dir;
  }

  @Test
  void aFileIsNoDataFolder() throws Exception {
    Path file = Files.writeString(work.resolve("afile"), "x");
    BenchmarkException e = refused(Map.of("wiredtiger.dir", file.toString()));
    assertThat(e).isInstanceOf(ConfigException.class).hasMessageContaining("is a file, not a folder");
    assertThat(Files.readString(file)).isEqualTo("x");
    BenchmarkException under = refused(Map.of("wiredtiger.dir", file.resolve("data").toString()));
    assertThat(under.exitCode()).isEqualTo(2);
    assertThat(under).hasMessageContaining("cannot create");
  }

  @Test
  void anotherEnginesFolderIsRefusedAndLeftAlone() throws Exception {
    Path dir = Files.createDirectories(work.resolve("pg"));
    Files.writeString(dir.resolve("PG_VERSION"), "15\n");
    Map<String, String> before = Runs.state(dir);
    BenchmarkException e = refused(Map.of("wiredtiger.dir", dir.toString()));
    assertThat(e.exitCode()).isEqualTo(2);
    assertThat(e).hasMessageContaining("holds files but no WiredTiger database");
    assertThat(Runs.state(dir)).isEqualTo(before);
  }

  @Test
  void cacheSizesOutsideWiredTigersAndTheHostsBounds() throws Exception {
    Path dir = work.resolve("data");
    BenchmarkException small = refused(Map.of("wiredtiger.dir", dir.toString(), "wiredtiger.cache_size", "512k"));
    assertThat(small.exitCode()).isEqualTo(2);
    assertThat(small).hasMessageContaining("at least 1MiB");
    BenchmarkException big = refused(Map.of("wiredtiger.dir", dir.toString(), "wiredtiger.cache_size", "64t"));
    assertThat(big.exitCode()).isEqualTo(2);
    assertThat(big).hasMessageContaining("more than this host's memory");
    assertThat(dir).doesNotExist();
  }

  @Test
  void aConfigurationWiredTigerRejectsIsItsOwnLineAndTouchesNothing() throws Exception {
    Path fresh = work.resolve("fresh");
    BenchmarkException e = refused(Map.of("wiredtiger.dir", fresh.toString(), "wiredtiger.config", "bogus_key=1"));
    assertThat(e.exitCode()).isEqualTo(2);
    assertThat(e).hasMessageContaining("wiredtiger.config").hasMessageContaining("unknown configuration key")
        .hasMessageContaining("bogus_key");
    assertThat(fresh).doesNotExist();
    Path dir = store();
    Map<String, String> before = Runs.state(dir);
    BenchmarkException bad = refused(Map.of("wiredtiger.dir", dir.toString(),
        "wiredtiger.config", "cache_size=lots"));
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(Runs.state(dir)).isEqualTo(before);
  }

  @Test
  void aFolderThisUserCannotWrite() throws Exception {
    Path dir = store();
    Map<String, String> before = Runs.state(dir);
    if (!"root".equals(System.getProperty("user.name"))) {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
      try {
        BenchmarkException e = refused(Map.of("wiredtiger.dir", dir.toString()));
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e).hasMessageContaining("not writable");
      } finally {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
    } else {
      // root writes anywhere: the second process runs as nobody, on a copy of the test's classpath it can read
      List<String> out = asNobody(dir);
      assertThat(out).contains("exit 2");
      assertThat(String.join("\n", out)).contains("is not writable by this user");
    }
    assertThat(Runs.state(dir)).isEqualTo(before);
  }

  @Test
  void aSecondProcessOnTheFolderGetsOneLineAndTheStoreStaysWhole() throws Exception {
    Path dir = store();
    try (WiredTigerRun first = Runs.open(work, Map.of("wiredtiger.dir", dir.toString()))) {
      List<String> out = child(List.of(), dir);
      assertThat(out).as("the second process's output").contains("exit 3");
      assertThat(out.stream().filter(l -> l.startsWith("error: ")).toList()).singleElement().asString()
          .contains("is in use: process " + ProcessHandle.current().pid() + " has it open");
      assertThat(first.count("t")).hasValue(1);
      BindingException self = (BindingException) refused(Map.of("wiredtiger.dir", dir.toString()));
      assertThat(self).hasMessageContaining("this process has it open already");
    }
    try (WiredTigerRun after = Runs.open(work, Map.of("wiredtiger.dir", dir.toString()))) {
      assertThat(after.count("t")).as("the store after both").hasValue(1);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private List<String> child(List<String> prefix, Path dir, String classpath, String libraryPath) throws Exception {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.addAll(List.of(java(), "-Djava.library.path=" + libraryPath, "-cp", classpath, ChildOpen.class.getName(),
        dir.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return text.lines().toList();
  }

  private List<String> child(List<String> prefix, Path dir) throws Exception {
    return child(prefix, dir, System.getProperty("java.class.path"), System.getProperty("java.library.path"));
  }

  /** The child as user nobody: the classpath and the JNI link copied where nobody can read them. */
  private List<String> asNobody(Path dir) throws Exception {
    Path copy = Files.createTempDirectory("wt-nobody");
    List<String> entries = new ArrayList<>();
    int i = 0;
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path src = Path.of(e);
      Path dst = copy.resolve((i++) + "-" + src.getFileName());
      copyTree(src, dst);
      entries.add(dst.toString());
    }
    Path lib = Files.createDirectories(copy.resolve("native"));
    Files.createSymbolicLink(lib.resolve("libwiredtiger_java.so"), Path.of("/usr/lib/libwiredtiger_java.so.0"));
    try (var s = Files.walk(copy)) {
      for (Path p : s.toList()) {
        if (!Files.isSymbolicLink(p)) {
          Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x"
              : "rw-r--r--"));
        }
      }
    }
    Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
    // nobody must reach the store's folder to be refused for writing it: its parents are readable, it is not writable
    for (Path p = dir; p != null && p.startsWith(work.getParent()); p = p.getParent()) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return child(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"), dir,
        String.join(java.io.File.pathSeparator, entries), lib.toString());
  }

  private static void copyTree(Path src, Path dst) throws IOException {
    if (!Files.exists(src)) {
      return;
    }
    try (var s = Files.walk(src)) {
      for (Path p : s.toList()) {
        Path t = dst.resolve(src.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
  }

  @Test
  void checkingAMissingFolderCreatesNothing() throws Exception {
    Path missing = work.resolve("missing/data");
    assertThat(DataFolder.check(missing)).as("an existing folder").isFalse();
    assertThat(work.resolve("missing")).doesNotExist();
    assertThatThrownBy(() -> DataFolder.check(Files.writeString(work.resolve("f"), "")))
        .isInstanceOf(ConfigException.class);
  }
}
