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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/test}'s refusals, each one line on stderr and exit 2 before Maven or any server starts: an unknown
 * {@code --server} name, a malformed or unreachable address (the password of a mongodb:// URL not shown), and a
 * tracked file pointing into the folder {@code shared} beside the checkout (checked in a scratch git repository
 * holding a copy of the script and of the bin/lib/java.sh it sources; the path is spelt in pieces here, so that this
 * file does not trip the check);
 * and the riak / sequoiadb server scripts, which say in one line that no registry ships the server. No server needed.
 */
class TestScriptIT {
  /** The folder beside the checkout, in pieces: bin/test's check refuses the whole path in any tracked file. */
  static final String SHARED = ".." + "/shared/";

  @TempDir Path tmp;

  record Out(int exit, String out, List<String> errLines) {}

  Out run(Path dir, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().putAll(env);
    Path out = tmp.resolve("out-" + System.nanoTime());
    Path err = tmp.resolve("err-" + System.nanoTime());
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", cmd) + " did not end within 60 s");
    }
    return new Out(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8).lines().toList());
  }

  Out binTest(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Launcher.HOME.resolve("bin/test").toString()));
    cmd.addAll(List.of(args));
    return run(Launcher.HOME, Map.of(), cmd.toArray(new String[0]));
  }

  static void oneLine(Out o, String line) {
    assertThat(o.exit()).as(o.toString()).isEqualTo(2);
    assertThat(o.errLines()).as(o.toString()).containsExactly(line);
  }

  @Test
  void anUnknownServerNameIsOneLine() throws Exception {
    oneLine(binTest("--server", "bogus=x"),
        "bin/test: unknown server 'bogus' for --server (riak, sequoiadb, mongodb, cassandra, hdfs)");
  }

  @Test
  void aMalformedAddressIsOneLine() throws Exception {
    oneLine(binTest("--server", "riak=host:port"), "bin/test: malformed address for riak: 'host:port' (bin/test --help)");
    oneLine(binTest("--server", "hdfs=127.0.0.1:9000"),
        "bin/test: malformed address for hdfs: '127.0.0.1:9000' (bin/test --help)");
    oneLine(binTest("--server", "sequoiadb"), "bin/test: --server needs NAME=ADDRESS, not 'sequoiadb' (bin/test --help)");
  }

  @Test
  void anUnreachableServerIsOneLineNamingItAndItsAddress() throws Exception {
    // port 1 on loopback: refused at once
    oneLine(binTest("--server", "riak=127.0.0.1:1"), "bin/test: cannot reach riak at 127.0.0.1:1");
    oneLine(binTest("--server", "sequoiadb=127.0.0.1:1"), "bin/test: cannot reach sequoiadb at 127.0.0.1:1");
    Out m = binTest("--server", "mongodb=mongodb://u:s3cret@127.0.0.1:1/?authSource=admin");
    oneLine(m, "bin/test: cannot reach mongodb at 127.0.0.1:1");
    assertThat(m.errLines().get(0)).doesNotContain("s3cret");
    oneLine(binTest("--server", "hdfs=hdfs://127.0.0.1:1"), "bin/test: cannot reach hdfs at 127.0.0.1:1");
  }

  @Test
  void helpNamesTheServerOption() throws Exception {
    Out o = binTest("--help");
    assertThat(o.exit()).isZero();
    assertThat(o.out()).contains("--server NAME=ADDRESS").contains("riak=HOST[:PORT]");
  }

  @Test
  void aTrackedFilePointingIntoSharedFailsTheRunNamingIt() throws Exception {
    Path repo = tmp.resolve("repo");
    Files.createDirectories(repo.resolve("bin/lib"));
    Files.copy(Launcher.HOME.resolve("bin/test"), repo.resolve("bin/test"));
    Files.copy(Launcher.HOME.resolve("bin/lib/java.sh"), repo.resolve("bin/lib/java.sh"));
    repo.resolve("bin/test").toFile().setExecutable(true);
    Files.writeString(repo.resolve("old.sh"), "tar xf \"$SCIYCSB_HOME/" + SHARED + "riak/riak.tar.gz\"\n");
    Files.writeString(repo.resolve("seeds.md"), "the seeds: " + SHARED + "seeds/001\n");
    Files.writeString(repo.resolve("clean.md"), "nothing shared\n");
    assertThat(run(repo, Map.of(), "git", "init", "-q").exit()).isZero();
    assertThat(run(repo, Map.of(), "git", "add", ".").exit()).isZero();
    oneLine(run(repo, Map.of(), repo.resolve("bin/test").toString(), "--no-servers"),
        "bin/test: tracked files point into " + SHARED + " (gone; only " + SHARED + "seeds/ may be used): old.sh");
  }

  @Test
  void theRiakAndSequoiadbServerScriptsSayNoRegistryShipsThem() throws Exception {
    String servers = Launcher.HOME.resolve("bin/servers").toString();
    Map<String, String> work = Map.of("SCIYCSB_WORK", tmp.resolve("work").toString());
    for (String verb : List.of("setup", "start", "stop", "status", "url")) {
      oneLine(run(Launcher.HOME, work, servers, verb, "riak"), "riak server: no package registry ships Riak KV, so"
          + " bin/servers cannot set one up; test against your own: bin/test --server riak=HOST:PORT");
      oneLine(run(Launcher.HOME, work, servers, verb, "sequoiadb"), "sequoiadb server: no package registry ships"
          + " SequoiaDB, so bin/servers cannot set one up; test against your own: bin/test --server"
          + " sequoiadb=HOST:PORT");
    }
    Out url = run(Launcher.HOME, Map.of("SCIYCSB_RIAK_HOSTS", "riak1:8087,riak2:8087"), servers, "url", "riak");
    assertThat(url.exit()).isZero();
    assertThat(url.out()).isEqualTo("riak1:8087,riak2:8087\n");
  }
}
