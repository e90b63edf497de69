package org.sciycsb.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every package of every module's main sources has a {@code package-info.java} whose javadoc says what the package
 * holds (docs/design.md, "Module layout"). Walks the checkout's sources, not the classpath, so a module the e2e
 * tests do not depend on is checked too.
 */
class PackageInfoTest {
  /** The checkout: surefire runs this module's tests in e2e/. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A javadoc comment with some text, then (after any annotations) the package declaration. */
  private static final Pattern DOCUMENTED = Pattern.compile(
      "(?s)/\\*\\*[\\s*]*[^\\s*/].*?\\*/\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*package\\s+[\\w.]+\\s*;");

  @Test
  void everyMainPackageHasAPackageInfoWithAJavadoc() {
    assertThat(modules(ROOT)).as("modules with main sources under " + ROOT)
        .contains("api", "engine", "reports", "studies", "cli", "jdbc-binding", "census-native", "yarn-runner");
    assertThat(problems(ROOT))
        .as("main-source packages without a package-info.java with a javadoc (what the package holds, in a few"
            + " sentences read from its classes)")
        .isEmpty();
  }

  @Test
  void theCheckSeesAMissingOrEmptyPackageInfo(@TempDir Path root) throws IOException {
    Path src = root.resolve("mod/src/main/java/org/x");
    write(src.resolve("good/A.java"), "package org.x.good;\nclass A {}\n");
    write(src.resolve("good/package-info.java"),
        "/**\n * {@code A} and what it holds.\n */\n@Deprecated\npackage org.x.good;\n");
    write(src.resolve("none/B.java"), "package org.x.none;\nclass B {}\n");
    write(src.resolve("bare/C.java"), "package org.x.bare;\nclass C {}\n");
    write(src.resolve("bare/package-info.java"), "// no javadoc\npackage org.x.bare;\n");
    write(src.resolve("blank/D.java"), "package org.x.blank;\nclass D {}\n");
    write(src.resolve("blank/package-info.java"), "/** */\npackage org.x.blank;\n");
    write(root.resolve("mod/src/test/java/org/x/tests/T.java"), "package org.x.tests;\nclass T {}\n");
    write(root.resolve("docs/E.java"), "class E {}\n");
    assertThat(problems(root)).containsExactly(
        "mod: org.x.bare (package-info.java has no javadoc before its package line)",
        "mod: org.x.blank (package-info.java has no javadoc before its package line)",
        "mod: org.x.none (no package-info.java)");
  }

  /** The checkout's directories with a {@code src/main/java}, sorted. */
  static List<String> modules(Path root) {
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).map(d -> d.getFileName().toString())
          .sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** "module: package (what is wrong)" for every main-source package without a documented package-info.java. */
  static List<String> problems(Path root) {
    List<String> out = new ArrayList<>();
    for (String module : modules(root)) {
      Path src = root.resolve(module).resolve("src/main/java");
      for (Path dir : packageDirs(src)) {
        String pkg = src.relativize(dir).toString().replace(dir.getFileSystem().getSeparator(), ".");
        Path info = dir.resolve("package-info.java");
        if (!Files.isRegularFile(info)) {
          out.add(module + ": " + pkg + " (no package-info.java)");
        } else if (!DOCUMENTED.matcher(read(info)).find()) {
          out.add(module + ": " + pkg + " (package-info.java has no javadoc before its package line)");
        }
      }
    }
    return out;
  }

  /** The directories under {@code src} that hold a {@code .java} file, sorted. */
  private static List<Path> packageDirs(Path src) {
    try (Stream<Path> files = Files.walk(src)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".java") && Files.isRegularFile(f))
          .map(Path::getParent).distinct().sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
