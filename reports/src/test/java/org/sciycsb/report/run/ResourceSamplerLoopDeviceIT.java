package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk sampler against a real block device: a loop device this test makes over a file, formats (ext4, inode
 * tables and journal initialised at once, so no background writes), mounts, writes to and reads from with O_DIRECT
 * (no page cache: what the program asks is what the device gets) and removes again, also when the test fails. The
 * bytes and operations the sampler saw on the device match what was written and read: at least the data, at most
 * the data plus the file system's own writes (journal and metadata: 1 MiB and 10 %). Needs root (losetup, mount):
 * an integration test (failsafe); when not root it fails with the reason (bin/test runs as root, as CI does).
 */
class ResourceSamplerLoopDeviceIT {
  private static final int MIB = 1 << 20;
  private static final int FILES = 8;
  private static final long INTERVAL_MS = 200;
  /**
   * The data less 2 %: the samples are rates, multiplied back here by each sample's interval in whole milliseconds
   * (a millisecond of a 200 ms interval is 0.5 %), so the sum can fall a little short of the bytes the kernel counted.
   */
  private static final long LEAST = (long) (FILES * MIB * 0.98);

  @TempDir
  Path tmp;

  @Test
  void countsWhatWasWrittenAndReadOnALoopDevice() throws Exception {
    assertThat(sh("id", "-u").strip()).as("needs root: losetup, mkfs.ext4 and mount").isEqualTo("0");
    Path image = tmp.resolve("disk.img");
    Path mnt = Files.createDirectories(tmp.resolve("mnt"));
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(64L * MIB);
    }
    String loop = null;
    boolean mounted = false;
    try {
      loop = sh("losetup", "-f", "--show", image.toString()).strip();
      sh("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", loop);
      sh("mount", loop, mnt.toString());
      mounted = true;
      Path data = Files.createDirectories(mnt.resolve("data"));
      SampledDevice dev = SampledDevice.of(data);
      assertThat(dev.name()).isEqualTo(loop.substring("/dev/".length()));
      assertThat(dev.majorMinor()).startsWith("7:");
      assertThat(StorageDevice.describe(data, null)).containsEntry("medium", "unknown")
          .containsEntry("backingFile", image.toRealPath().toString()).containsEntry("filesystem", "ext4");
      sh("sync");

      long[] written = measure(dev, () -> write(data));
      assertThat(written[1]).as("bytes written (%s operations)", written[0])
          .isBetween(LEAST, (long) (FILES * MIB * 1.1) + MIB);
      assertThat(written[0]).as("write operations").isBetween(1L, FILES * 256L + 512);

      long[] read = measure(dev, () -> read(data));
      assertThat(read[3]).as("bytes read").isBetween(LEAST, (long) (FILES * MIB * 1.1) + MIB);
      assertThat(read[2]).as("read operations").isGreaterThanOrEqualTo(FILES);
    } finally {
      cleanUp(mounted ? mnt : null, loop);
    }
  }

  /** Unmounts (lazily when busy) and detaches the loop device, each tried even when the other fails. */
  private static void cleanUp(Path mnt, String loop) throws IOException, InterruptedException {
    IOException first = null;
    if (mnt != null) {
      try {
        sh("umount", mnt.toString());
      } catch (IOException e) {
        first = e;
        sh("umount", "-l", mnt.toString());
      }
    }
    if (loop != null) {
      sh("losetup", "-d", loop);
    }
    if (first != null) {
      throw first;
    }
  }

  /**
   * Samples the device while {@code io} runs: the write operations, bytes written, read operations and bytes read
   * the samples add up to (each rate times its interval).
   */
  private static long[] measure(SampledDevice dev, IoAction io) throws Exception {
    ResourceSampler s = new ResourceSampler(INTERVAL_MS, List.of(), List.of(dev));
    long start = System.currentTimeMillis();
    s.start();
    List<ResourceSampler.Sample> samples;
    try {
      io.run();
      // the I/O is done (O_DIRECT, fsync'd): wait for the first sample taken after it, so none of it falls in the
      // short tail that stop() leaves out (a tail under 50 ms is not a sample of its own)
      int before = s.sampleCount();
      long deadline = System.currentTimeMillis() + 20 * INTERVAL_MS + 10_000;
      while (s.sampleCount() <= before && System.currentTimeMillis() < deadline) {
        Thread.sleep(10);
      }
    } finally {
      samples = s.stop(start);
    }
    assertThat(samples).as("samples").isNotEmpty();
    double[] sum = new double[4];
    long prev = 0;
    for (ResourceSampler.Sample x : samples) {
      double secs = (x.tMs() - prev) / 1000.0;
      prev = x.tMs();
      DiskStats.Figures f = x.storage().get(dev.name());
      assertThat(f).as("the device in every sample").isNotNull();
      assertThat(f.utilPct()).isBetween(0.0, 100.0);
      assertThat(f.serviceMs()).isGreaterThanOrEqualTo(0);
      sum[0] += f.writesPerSec() * secs;
      sum[1] += f.writeMBps() * 1e6 * secs;
      sum[2] += f.readsPerSec() * secs;
      sum[3] += f.readMBps() * 1e6 * secs;
    }
    return new long[] {Math.round(sum[0]), Math.round(sum[1]), Math.round(sum[2]), Math.round(sum[3])};
  }

  /** FILES files of 1 MiB each, O_DIRECT, fsync'd. */
  private static void write(Path dir) throws IOException {
    ByteBuffer buf = aligned();
    for (int i = 0; i < FILES; i++) {
      try (FileChannel c = FileChannel.open(dir.resolve("f" + i), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
        buf.clear();
        while (buf.hasRemaining()) {
          c.write(buf);
        }
        c.force(true);
      }
    }
  }

  /** The files back, O_DIRECT (no page cache, no read-ahead). */
  private static void read(Path dir) throws IOException {
    ByteBuffer buf = aligned();
    for (int i = 0; i < FILES; i++) {
      try (FileChannel c = FileChannel.open(dir.resolve("f" + i), StandardOpenOption.READ,
          ExtendedOpenOption.DIRECT)) {
        buf.clear();
        while (buf.hasRemaining() && c.read(buf) >= 0) {
          // until 1 MiB
        }
        assertThat(buf.position()).isEqualTo(MIB);
      }
    }
  }

  /** 1 MiB aligned to 4 KiB, filled (not all zeros). */
  private static ByteBuffer aligned() {
    ByteBuffer b = ByteBuffer.allocateDirect(MIB + 4096).alignedSlice(4096);
    b.limit(MIB);
    for (int i = 0; i < MIB; i++) {
      b.put(i, (byte) (i * 31));
    }
    return b;
  }

  /**
   * What the command printed on stdout; a failure (or no end within two minutes) fails the test with its stderr.
   */
  private static String sh(String... cmd) throws IOException, InterruptedException {
    Path err = Files.createTempFile("sh", ".err");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", cmd) + ": no end after two minutes");
    }
    String errors = Files.readString(err).strip();
    Files.delete(err);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": " + errors);
    }
    return out;
  }

  @FunctionalInterface
  private interface IoAction {
    void run() throws IOException;
  }
}
