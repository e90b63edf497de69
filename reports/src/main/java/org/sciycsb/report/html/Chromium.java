package org.sciycsb.report.html;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;

/**
 * Renders an HTML file to PNG with headless Chromium (Debian package {@code chromium}), offline: a fresh profile
 * in a temporary folder, no sandbox (CI runs as root), no GPU, and every background network feature off.
 */
public final class Chromium {
  private Chromium() {}

  /** The executable: the given path, else chromium, chromium-browser or google-chrome on PATH; null if none. */
  public static Path find(String configured) {
    if (configured != null && !configured.isBlank()) {
      Path p = Path.of(configured);
      return Files.isExecutable(p) ? p : null;
    }
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    for (String name : new String[] {"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}) {
      for (String dir : path.split(File.pathSeparator)) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  public static String missingMessage(String configured) {
    return configured != null ? "Chromium not found at " + configured + " (report.chromium)"
        : "cannot render the PNG: Chromium is not installed (apt-get install -y chromium, or bin/servers setup "
            + "chromium; set report.chromium=/path for another browser, or -p report.png=false for HTML only)";
  }

  /** The command line for a screenshot (or, with dumpDom, for printing the rendered DOM). */
  static List<String> command(Path exe, Path profile, Path html, Path png, int width, int height, boolean dumpDom) {
    List<String> cmd = new ArrayList<>(List.of(exe.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-extensions", "--hide-scrollbars", "--user-data-dir=" + profile));
    if (dumpDom) {
      cmd.add("--dump-dom");
    } else {
      cmd.add("--screenshot=" + png.toAbsolutePath());
    }
    if (width > 0 && height > 0) {
      cmd.add("--window-size=" + width + "," + height);
    }
    cmd.add(html.toAbsolutePath().toUri().toString());
    return cmd;
  }

  /** Takes the screenshot; fails with one clear line. */
  public static void screenshot(Path exe, Path html, Path png, int width, int height) throws BenchmarkException {
    String out = run(command(exe, null, html, png, width, height, false), true);
    try {
      if (!Files.isRegularFile(png) || Files.size(png) == 0) {
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "Chromium did not write " + png + ": "
            + lastLine(out));
      }
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot read " + png + ": " + e.getMessage());
    }
  }

  /**
   * The rendered height in pixels of a page laid out {@code width} pixels wide: a copy of the page with a script that
   * writes its scroll height into the DOM, printed with {@code --dump-dom}. A PNG of that height shows the whole
   * page, however many charts it has.
   */
  public static int pageHeight(Path exe, Path html, int width) throws BenchmarkException {
    String page;
    Path copy;
    try {
      page = Files.readString(html);
      copy = Files.createTempFile(html.toAbsolutePath().getParent(), ".measure-", ".html");
    } catch (IOException e) {
      throw new ConfigException("cannot measure " + html + ": " + e.getMessage());
    }
    String script = "<script>document.documentElement.setAttribute('" + HEIGHT_ATTRIBUTE
        + "', Math.ceil(document.documentElement.scrollHeight));</script>";
    int body = page.lastIndexOf("</body>");
    try {
      Files.writeString(copy, body < 0 ? page + script : page.substring(0, body) + script + page.substring(body));
      String dom = run(command(exe, null, copy, null, width, 800, true), false);
      java.util.regex.Matcher m = java.util.regex.Pattern.compile(HEIGHT_ATTRIBUTE + "=\"(\\d+)\"").matcher(dom);
      if (!m.find()) {
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "Chromium did not lay out " + html
            + " (no height in the rendered DOM)");
      }
      return Integer.parseInt(m.group(1));
    } catch (IOException e) {
      throw new ConfigException("cannot measure " + html + ": " + e.getMessage());
    } finally {
      try {
        Files.deleteIfExists(copy);
      } catch (IOException e) {
        // best effort
      }
    }
  }

  private static final String HEIGHT_ATTRIBUTE = "data-sciycsb-height";

  /** The DOM after rendering, as Chromium prints it. */
  public static String dumpDom(Path exe, Path html) throws BenchmarkException {
    return run(command(exe, null, html, null, 0, 0, true), false);
  }

  private static String run(List<String> cmdWithoutProfile, boolean mergeErr) throws BenchmarkException {
    Path profile;
    try {
      profile = Files.createTempDirectory("sciycsb-chromium-");
    } catch (IOException e) {
      throw new ConfigException("cannot create a temporary Chromium profile: " + e.getMessage());
    }
    List<String> cmd = new ArrayList<>();
    for (String a : cmdWithoutProfile) {
      cmd.add(a.equals("--user-data-dir=null") ? "--user-data-dir=" + profile : a);
    }
    Path log = profile.resolve("chromium-output.txt");
    Path err = profile.resolve("chromium-stderr.txt");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectError(err.toFile());
      pb.environment().put("HOME", profile.toString());
      Process p = pb.start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "Chromium did not finish in 120 s");
      }
      String out = Files.readString(log);
      if (p.exitValue() != 0) {
        throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "Chromium failed (exit " + p.exitValue()
            + "): " + lastLine(Files.readString(err)));
      }
      return mergeErr ? out + Files.readString(err) : out;
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "cannot run Chromium: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException(BenchmarkException.EXIT_INTERRUPTED, "interrupted while Chromium rendered");
    } finally {
      deleteTree(profile);
    }
  }

  private static String lastLine(String s) {
    String[] lines = s.strip().split("\n");
    return lines.length == 0 ? "" : lines[lines.length - 1];
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // best effort
        }
      });
    } catch (IOException e) {
      // best effort
    }
  }
}
