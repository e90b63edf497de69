package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.report.html.Chromium;

/**
 * The HTML reports in a real headless Chromium (Debian's {@code chromium}, installed by
 * {@code bin/servers setup chromium}, which {@code bin/test} runs): the page renders, the charts are in the
 * rendered DOM, and the screenshot is a non-trivial PNG. Fails when Chromium is missing.
 */
class ReportChromiumIT {
  @TempDir
  Path tmp;

  private static Path chromium() {
    Path exe = Chromium.find(System.getProperty("sciycsb.chromium", System.getenv("SCIYCSB_CHROMIUM")));
    assertThat(exe).as("Chromium is needed for this test: bin/servers setup chromium").isNotNull();
    return exe;
  }

  @Test
  void reportRendersWithEveryChart() throws Exception {
    Path exe = chromium();
    Cli run = Cli.run("run", "test-stall", "-P", "../workloads/workloada", "-p", "operationcount=4000",
        "-p", "stall.ms=300", "-p", "stall.at=2000", "-target", "2000", "-threads", "2",
        "-p", "timeseries.granularity=200", "-p", "resources.interval=200ms", "-p", "results.dir=" + tmp.resolve("r"));
    assertThat(run.exit).as(run.toString()).isZero();
    Cli c = Cli.run("report", tmp.resolve("r").toString(), "-p", "report.chromium=" + exe);
    assertThat(c.exit).as(c.toString()).isZero();
    Path png = tmp.resolve("r/report.png");
    assertThat(png).isRegularFile();
    assertThat(Files.size(png)).isGreaterThan(20_000);
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getWidth()).isEqualTo(1200);
    // the whole page, not a fixed window: the resource charts at the bottom used to be cut off at 1600 px
    assertThat(img.getHeight()).isGreaterThan(1600);
    Set<Integer> bottom = new HashSet<>();
    for (int y = img.getHeight() * 3 / 4; y < img.getHeight(); y += 2) {
      for (int x = 0; x < img.getWidth(); x += 2) {
        bottom.add(img.getRGB(x, y) & 0xffffff);
      }
    }
    assertThat(bottom).as("the bottom quarter (resource charts) is in the screenshot").contains(0x1f77b4, 0xd62728);
    Set<Integer> colors = new HashSet<>();
    long nonWhite = 0;
    for (int y = 0; y < img.getHeight(); y += 2) {
      for (int x = 0; x < img.getWidth(); x += 2) {
        int rgb = img.getRGB(x, y) & 0xffffff;
        colors.add(rgb);
        if (rgb != 0xffffff) {
          nonWhite++;
        }
      }
    }
    assertThat(colors.size()).as("the screenshot shows coloured charts, not a blank page").isGreaterThan(20);
    assertThat(nonWhite).isGreaterThan(img.getWidth() * img.getHeight() / 4 / 50);
    // the chart series colours are in the screenshot
    assertThat(colors).contains(0x1f77b4, 0xd62728);

    String dom = Chromium.dumpDom(exe, tmp.resolve("r/report.html"));
    Matcher m = Pattern.compile("<svg class=\"chart\" id=\"([a-z0-9-]+)\"").matcher(dom);
    Set<String> ids = new HashSet<>();
    while (m.find()) {
      ids.add(m.group(1));
    }
    assertThat(ids).containsAll(List.of("throughput-over-time", "latency-over-time", "p95-over-time",
        "percentile-distribution", "cpu", "memory", "disk-bytes", "disk-iops", "network"));
    assertThat(dom).contains("<polyline");
  }

  @Test
  void compareAndSweepRenderToPng() throws Exception {
    Path exe = chromium();
    Cli s = Cli.run("sweep", "basic", "-P", "../workloads/workloada", "-p", "operationcount=2000",
        "--threads", "1,2", "-p", "results.dir=" + tmp.resolve("sweep"), "-p", "report.chromium=" + exe);
    assertThat(s.exit).as(s.toString()).isZero();
    assertThat(tmp.resolve("sweep/sweep.png")).isRegularFile();
    assertThat(Files.size(tmp.resolve("sweep/sweep.png"))).isGreaterThan(10_000);
    Cli c = Cli.run("compare", tmp.resolve("sweep/threads-1/run-1").toString(),
        tmp.resolve("sweep/threads-2/run-1").toString(), "-p", "report.out=" + tmp.resolve("cmp.html"),
        "-p", "report.png=true", "-p", "report.chromium=" + exe);
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(Files.size(tmp.resolve("cmp.png"))).isGreaterThan(10_000);
    assertThat(Chromium.dumpDom(exe, tmp.resolve("cmp.html"))).contains("<svg class=\"chart\" id=\"p95\"");
  }
}
