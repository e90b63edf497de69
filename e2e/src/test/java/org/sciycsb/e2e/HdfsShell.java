package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Hadoop's own file system shell ({@code org.apache.hadoop.fs.FsShell}, from the HDFS test server's classpath), to
 * change data behind the tool's back.
 */
final class HdfsShell {
  private HdfsShell() {}

  static String fs(Path tmp, String url, String... args) throws IOException, InterruptedException {
    Path work = Path.of(Launcher.env("SCIYCSB_WORK", Launcher.HOME.resolve("work").toString()));
    Path cpFile = work.resolve("servers/hdfs/classpath.txt");
    assertThat(cpFile).as("the HDFS test server's classpath (bin/servers setup hdfs)").exists();
    String java = Path.of(Launcher.env("JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"), "bin/java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "-cp", work.resolve("servers/hdfs/conf") + ":" + Files.readString(cpFile).trim(), "org.apache.hadoop.fs.FsShell", "-fs", url));
    cmd.addAll(List.of(args));
    Path log = tmp.resolve("fsshell-" + System.nanoTime() + ".log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
    String out = Files.readString(log);
    assertThat(p.exitValue()).as("FsShell " + String.join(" ", args) + ":\n" + out).isZero();
    return out;
  }

  /**
   * Changes one character of field0 in the first {@code records} records of the table's files (same length, so
   * every other record stays where it was).
   */
  static void corruptFirstRecords(Path tmp, String url, String tableDir, int records) throws Exception {
    Path local = Files.createDirectories(tmp.resolve("hdfs-copy-" + System.nanoTime()));
    fs(tmp, url, "-copyToLocal", tableDir + "/*.rec", local.toString());
    List<Path> files;
    try (Stream<Path> s = Files.list(local)) {
      files = s.filter(f -> f.getFileName().toString().endsWith(".rec")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    int left = records;
    for (Path f : files) {
      if (left == 0) {
        break;
      }
      List<String> lines = new ArrayList<>(Files.readAllLines(f, StandardCharsets.UTF_8));
      for (int i = 0; i < lines.size() && left > 0; i++) {
        String l = lines.get(i);
        int at = l.indexOf("\tfield0=") + "\tfield0=".length();
        assertThat(at).isGreaterThan("\tfield0=".length() - 1);
        char c = l.charAt(at) == '#' ? '!' : '#';
        lines.set(i, l.substring(0, at) + c + l.substring(at + 1));
        left--;
      }
      Files.write(f, lines, StandardCharsets.UTF_8);
      fs(tmp, url, "-put", "-f", f.toString(), tableDir + "/" + f.getFileName());
    }
    assertThat(left).as("records corrupted").isZero();
  }
}
