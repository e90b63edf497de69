package org.sciycsb.yarn;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * Ships the engine's classpath to the cluster: every jar (a class folder is packed into one) is stored once under
 * {@code <staging>/jars/<sha256>-<name>} (a later job with the same jar reuses it) and added to the job's
 * distributed cache with a link name that keeps the classpath order: {@code cp000-<name>}, {@code cp001-...}.
 * The tasks' own JVMs never see these jars; the client JVM gets them as its {@code -cp}.
 */
final class Shipper {
  private Shipper() {}

  /** The classpath entries that exist, wildcards expanded, each once, in order. */
  static List<File> entries(List<String> classpath) {
    Set<File> out = new LinkedHashSet<>();
    for (String e : classpath) {
      if (e.isBlank()) {
        continue;
      }
      if (e.endsWith("/*") || e.equals("*")) {
        File dir = new File(e.substring(0, Math.max(0, e.length() - 1)));
        File[] jars = dir.listFiles((d, n) -> n.endsWith(".jar") || n.endsWith(".JAR"));
        if (jars != null) {
          java.util.Arrays.sort(jars);
          for (File j : jars) {
            out.add(canonical(j));
          }
        }
        continue;
      }
      File f = new File(e);
      if (f.exists()) {
        out.add(canonical(f)); // as java does, entries that do not exist are skipped
      }
    }
    return new ArrayList<>(out);
  }

  /** Uploads what the cluster does not have yet and adds every entry to the job's cache; returns the link names. */
  static List<String> ship(Job job, FileSystem fs, Path jarsDir, List<File> entries) throws IOException {
    List<String> links = new ArrayList<>();
    fs.mkdirs(jarsDir);
    int k = 0;
    for (File e : entries) {
      File jar = e.isDirectory() ? pack(e) : e;
      String name = e.isDirectory() ? e.getName() + ".jar" : e.getName();
      name = name.replaceAll("[^A-Za-z0-9._-]", "_");
      Path remote = fs.makeQualified(new Path(jarsDir, sha256(jar).substring(0, 20) + "-" + name));
      if (!fs.exists(remote) || fs.getFileStatus(remote).getLen() != jar.length()) {
        Path tmp = new Path(jarsDir, "_upload-" + java.util.UUID.randomUUID() + "-" + name);
        fs.copyFromLocalFile(false, true, new Path(jar.getAbsolutePath()), tmp);
        if (!fs.rename(tmp, remote)) { // another submitter shipped the same jar meanwhile
          fs.delete(tmp, false);
        }
      }
      if (e.isDirectory()) {
        Files.deleteIfExists(jar.toPath());
      }
      String link = String.format("cp%03d-%s", k++, name);
      job.addCacheFile(URI.create(remote.toUri() + "#" + link));
      links.add(link);
    }
    return links;
  }

  /** A class folder as a jar with fixed entry times and order, so the same classes give the same bytes. */
  static File pack(File dir) throws IOException {
    File jar = File.createTempFile("sciycsb-classes-", ".jar");
    java.nio.file.Path root = dir.toPath();
    List<java.nio.file.Path> files;
    try (Stream<java.nio.file.Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).sorted().toList();
    }
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar.toPath()))) {
      for (java.nio.file.Path f : files) {
        JarEntry je = new JarEntry(root.relativize(f).toString().replace(File.separatorChar, '/'));
        je.setTime(315532800000L); // 1980-01-01, the zip format's epoch
        out.putNextEntry(je);
        Files.copy(f, out);
        out.closeEntry();
      }
    }
    return jar;
  }

  /** The jar holding a class, or its class folder packed into a temporary jar. */
  static String jarOf(Class<?> c) throws IOException {
    try {
      File f = new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      return f.isDirectory() ? pack(f).getAbsolutePath() : f.getAbsolutePath();
    } catch (java.net.URISyntaxException | RuntimeException e) {
      throw new IOException("cannot find the jar of " + c.getName() + ": " + e.getMessage(), e);
    }
  }

  static String sha256(File f) throws IOException {
    try (InputStream in = Files.newInputStream(f.toPath())) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static File canonical(File f) {
    try {
      return f.getCanonicalFile();
    } catch (IOException e) {
      return f.getAbsoluteFile();
    }
  }
}
