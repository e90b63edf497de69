package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user's first commands, exactly as the README and docs/quickstart.md give them (no extra property), through
 * the real launcher in an empty folder: the load and the run of workload A on the embedded default store come out
 * clean (every stdout line upstream YCSB's {@code [SECTION], metric, number}, a valid verdict, the next step named),
 * and {@code bin/ycsb report} on the run writes its page and exits 0 whether or not Chromium is installed.
 */
class FirstHourIT {
  private static final Pattern YCSB_LINE = Pattern.compile("\\[[^\\]]+\\], [^,]+, -?[0-9]+(\\.[0-9]+)?(E-?[0-9]+)?");
  private static final Pattern NEXT = Pattern.compile("next: bin/ycsb report (\\S+)");

  @TempDir
  Path tmp;

  private record Result(int exit, String out, String err) {}

  /** bin/ycsb args, run from the empty folder tmp (so results/ lands there), the work folder under it. */
  private Result ycsb(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Launcher.HOME.resolve("bin/ycsb").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
    pb.environment().put("SCIYCSB_WORK", tmp.resolve("work").toString());
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    Process p = pb.start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("bin/ycsb " + String.join(" ", args) + " finished").isTrue();
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theReadmeCommandsComeOutCleanAndNameTheNextStep() throws Exception {
    String workload = Launcher.HOME.resolve("workloads/workloada").toString();
    Path load = clean(ycsb("load", "-P", workload), "INSERT");
    Path run = clean(ycsb("run", "-P", workload), "READ");
    assertThat(load).isNotEqualTo(run);

    Result report = ycsb("report", run.toString());
    assertThat(report.exit).as(report.err).isZero();
    assertThat(run.resolve("report.html")).isNotEmptyFile();
    assertThat(report.err).contains("html: " + run.resolve("report.html"));
  }

  /** Checks one phase's output and returns its results folder (the one the "next:" line names). */
  private Path clean(Result r, String operation) throws IOException {
    assertThat(r.exit).as(r.err).isZero();
    List<String> lines = r.out.lines().toList();
    assertThat(lines).as("stdout").isNotEmpty();
    for (String line : lines) {
      assertThat(line).as("every stdout line is upstream's [SECTION], metric, number").matches(YCSB_LINE);
    }
    assertThat(r.out).contains("[" + operation + "], Operations, ").doesNotContain("-SERVICE]")
        .doesNotContain("[VALIDITY]");
    Matcher m = NEXT.matcher(r.err);
    assertThat(m.find()).as("the next step is named on stderr:\n" + r.err).isTrue();
    Path dir = Path.of(m.group(1));
    assertThat(dir).startsWith(tmp.resolve("results"));
    JsonNode validity = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).path("validity");
    // the verdict is about the tool and the run; "host busy" is about the machine CI shares (other builds), so a
    // run judged suspect for that reason alone is no failure of the first hour
    List<String> reasons = new ArrayList<>();
    validity.path("reasons").forEach(x -> reasons.add(x.path("reason").asText()));
    reasons.remove("host busy");
    assertThat(reasons).as("validity reasons other than host busy:\n" + validity.toPrettyString()).isEmpty();
    if (validity.path("reasons").isEmpty()) {
      assertThat(validity.path("verdict").asText()).isEqualTo("valid");
      assertThat(r.err).doesNotContain("validity: suspect");
    }
    return dir;
  }
}
