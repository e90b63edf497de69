package org.sciycsb.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sciycsb.cli.Main;

/** Runs the CLI in-process and captures its streams. */
public final class Cli {
  public final int exit;
  public final String out;
  public final String err;

  private Cli(int exit, String out, String err) {
    this.exit = exit;
    this.out = out;
    this.err = err;
  }

  public static Cli run(String... argv) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code;
    try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
      code = Main.run(argv, po, pe);
    }
    return new Cli(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  public static JsonNode results(Path dir) throws IOException {
    return new ObjectMapper().readTree(dir.resolve("results.json").toFile());
  }

  /** The value of a YCSB text line such as {@code [READ], Operations}. */
  public String text(String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    for (String line : out.split("\n")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
