package org.sciycsb.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * docs/design.md's lists of module edges (its {@code compile-edges} and {@code test-edges} blocks) are the edges the
 * modules' {@code pom.xml}s declare between the build's modules: the test names every edge the doc lists that no pom
 * has, and every edge a pom has that the doc omits.
 */
class DesignDocTest {
  static final Path ROOT = PackageInfoTest.ROOT;
  static final String COMPILE = "compile-edges";
  static final String TEST = "test-edges";
  private static final Pattern EDGE = Pattern.compile("([\\w./-]+)\\s*->\\s*([\\w./-]+(?:\\s*,\\s*[\\w./-]+)*)");

  /**
   * The edges between the build's modules, as "from -> to" with module directory names.
   *
   * @param compile the compile-scope edges (scope compile, or none given here or in the parent's management)
   * @param test the test-scope edges between modules that have no compile edge (a test-jar included)
   * @param other dependencies on the build's modules neither list can hold (another scope, an unknown artifact)
   */
  record Edges(SortedSet<String> compile, SortedSet<String> test, List<String> other) {}

  @Test
  void theDocsModuleEdgesAreThePomsEdges() throws Exception {
    Edges poms = ofPoms(ROOT);
    assertThat(poms.compile()).as("compile edges read from the poms").contains("engine -> api", "cli -> studies");
    assertThat(poms.test()).as("a module inside an aggregator, by its folder")
        .contains("workload-it/riak -> riak-binding");
    assertThat(poms.other()).as("dependencies between modules in a scope other than compile and test").isEmpty();
    String doc = Files.readString(ROOT.resolve("docs/design.md"), StandardCharsets.UTF_8);
    assertThat(compare(doc, poms)).as("docs/design.md's module edges against the poms'").isEmpty();
  }

  @Test
  void theComparisonNamesEveryEdgeTheDocGetsWrong() {
    Edges poms = new Edges(new TreeSet<>(Set.of("b -> a", "c -> a", "c -> b")), new TreeSet<>(Set.of("d -> c")),
        List.of());
    String doc = "# Design\n\n```text compile-edges\nb -> a\nc   -> a, z   # z: no such edge\n\n```\n\nprose\n\n"
        + "```text test-edges\nd -> c\nd -> a\n```\n";
    assertThat(compare(doc, poms)).containsExactly(
        "docs/design.md names the compile-edges edge c -> z, which no pom declares",
        "docs/design.md omits the compile-edges edge c -> b, which c/pom.xml declares",
        "docs/design.md names the test-edges edge d -> a, which no pom declares");
    assertThat(compare("```text compile-edges\nb -> a\nc <- a\n```\n", poms)).containsExactly(
        "docs/design.md: unreadable line in its compile-edges block: 'c <- a' (write 'module -> module, module')",
        "docs/design.md omits the compile-edges edge c -> a, which c/pom.xml declares",
        "docs/design.md omits the compile-edges edge c -> b, which c/pom.xml declares",
        "docs/design.md has no ```text test-edges block");
  }

  @Test
  void thePomsAreReadByScope(@TempDir Path root) throws Exception {
    write(root.resolve("pom.xml"), "<project><groupId>org.sciycsb</groupId><artifactId>parent</artifactId>"
        + "<modules><module>a</module><module>b</module><module>c</module></modules>"
        + "<dependencyManagement><dependencies>"
        + dep("org.sciycsb", "sciycsb-a", "provided", "<type>test-jar</type>")
        + "</dependencies></dependencyManagement></project>");
    write(root.resolve("a/pom.xml"), "<project><artifactId>sciycsb-a</artifactId></project>");
    write(root.resolve("b/pom.xml"), "<project><artifactId>sciycsb-b</artifactId><dependencies>"
        + dep("org.sciycsb", "sciycsb-a", null, "") + dep("org.sciycsb", "sciycsb-a", "test", "<type>test-jar</type>")
        + dep("junit", "junit", "test", "") + "</dependencies>"
        + "<profiles><profile><dependencies>" + dep("org.sciycsb", "sciycsb-c", null, "")
        + "</dependencies></profile></profiles></project>");
    write(root.resolve("c/pom.xml"), "<project><artifactId>sciycsb-c</artifactId><dependencies>"
        + dep("${project.groupId}", "sciycsb-b", "compile", "") + dep("org.sciycsb", "sciycsb-a", "test", "")
        + dep("org.sciycsb", "sciycsb-a", null, "<type>test-jar</type>")
        + dep("org.sciycsb", "sciycsb-x", "test", "") + "</dependencies></project>");
    Edges edges = ofPoms(root);
    assertThat(edges.compile()).containsExactly("b -> a", "c -> b");
    assertThat(edges.test()).containsExactly("c -> a");
    assertThat(edges.other()).containsExactly("c/pom.xml: c -> a in scope provided",
        "c/pom.xml: c -> sciycsb-x, not an artifact of the build's modules");
  }

  /** Every difference between the doc's edge blocks and the poms' edges, one line each. */
  static List<String> compare(String doc, Edges poms) {
    List<String> out = new ArrayList<>();
    compare(doc, COMPILE, poms.compile(), out);
    compare(doc, TEST, poms.test(), out);
    return out;
  }

  private static void compare(String doc, String block, SortedSet<String> actual, List<String> out) {
    SortedSet<String> named = block(doc, block, out);
    if (named == null) {
      out.add("docs/design.md has no ```text " + block + " block");
      return;
    }
    for (String edge : named) {
      if (!actual.contains(edge)) {
        out.add("docs/design.md names the " + block + " edge " + edge + ", which no pom declares");
      }
    }
    for (String edge : actual) {
      if (!named.contains(edge)) {
        out.add("docs/design.md omits the " + block + " edge " + edge + ", which "
            + edge.substring(0, edge.indexOf(' ')) + "/pom.xml declares");
      }
    }
  }

  /**
   * The edges of the fenced block opened by {@code ```text <name>}: lines {@code from -> to, to...}, {@code #}
   * starting a comment; null when there is no such block.
   */
  private static SortedSet<String> block(String doc, String name, List<String> out) {
    List<String> lines = doc.lines().toList();
    int start = lines.indexOf("```text " + name);
    if (start < 0) {
      return null;
    }
    SortedSet<String> edges = new TreeSet<>();
    for (String raw : lines.subList(start + 1, lines.size())) {
      if (raw.strip().equals("```")) {
        return edges;
      }
      String line = raw.replaceFirst("#.*", "").strip();
      Matcher m = EDGE.matcher(line);
      if (m.matches()) {
        for (String to : m.group(2).split("\\s*,\\s*")) {
          edges.add(m.group(1) + " -> " + to);
        }
      } else if (!line.isEmpty()) {
        out.add("docs/design.md: unreadable line in its " + name + " block: '" + line
            + "' (write 'module -> module, module')");
      }
    }
    out.add("docs/design.md: its " + name + " block is never closed");
    return edges;
  }

  /**
   * The edges between the modules of the root pom's {@code <modules>}, read from each module's own
   * {@code <dependencies>} (not its profiles' or plugins'), a scope left out taken from the root pom's
   * {@code <dependencyManagement>}, else compile.
   */
  static Edges ofPoms(Path root) throws Exception {
    Element parent = parse(root.resolve("pom.xml"));
    Map<String, String> managedScopes = new HashMap<>();
    for (Element d : children(child(child(parent, "dependencyManagement"), "dependencies"), "dependency")) {
      if (text(d, "scope") != null) {
        managedScopes.put(key(d), text(d, "scope"));
      }
    }
    Map<String, Element> poms = new LinkedHashMap<>();
    Map<String, String> moduleOf = new HashMap<>();
    addModules(root, "", parent, poms, moduleOf);
    Edges edges = new Edges(new TreeSet<>(), new TreeSet<>(), new ArrayList<>());
    SortedSet<String> tests = new TreeSet<>();
    for (Map.Entry<String, Element> e : poms.entrySet()) {
      String from = e.getKey();
      for (Element d : children(child(e.getValue(), "dependencies"), "dependency")) {
        String group = text(d, "groupId");
        if (!"org.sciycsb".equals(group) && !"${project.groupId}".equals(group)) {
          continue;
        }
        String to = moduleOf.get(text(d, "artifactId"));
        String scope = text(d, "scope") != null ? text(d, "scope") : managedScopes.getOrDefault(key(d), "compile");
        if (to == null) {
          edges.other().add(from + "/pom.xml: " + from + " -> " + text(d, "artifactId")
              + ", not an artifact of the build's modules");
        } else if (scope.equals("compile")) {
          edges.compile().add(from + " -> " + to);
        } else if (scope.equals("test")) {
          tests.add(from + " -> " + to);
        } else {
          edges.other().add(from + "/pom.xml: " + from + " -> " + to + " in scope " + scope);
        }
      }
    }
    tests.removeAll(edges.compile());
    edges.test().addAll(tests);
    return edges;
  }

  /**
   * The modules of {@code pom}'s {@code <modules>}, named by their directory from the root ({@code workload-it/riak});
   * an aggregator's own modules (a {@code pom} with {@code <modules>}) are added in its place.
   */
  private static void addModules(Path root, String prefix, Element pom, Map<String, Element> poms,
      Map<String, String> moduleOf) throws Exception {
    for (Element m : children(child(pom, "modules"), "module")) {
      String module = prefix + m.getTextContent().strip();
      Element child = parse(root.resolve(module).resolve("pom.xml"));
      if (child(child, "modules") != null) {
        addModules(root, module + "/", child, poms, moduleOf);
        continue;
      }
      poms.put(module, child);
      moduleOf.put(text(child, "artifactId"), module);
    }
  }

  private static String key(Element dependency) {
    String type = text(dependency, "type");
    return text(dependency, "groupId").replace("${project.groupId}", "org.sciycsb") + ":"
        + text(dependency, "artifactId") + ":" + (type == null ? "jar" : type);
  }

  private static Element parse(Path pom) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(false);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
  }

  /** The direct child elements of {@code parent} named {@code name}; none when parent is null. */
  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    if (parent != null) {
      for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element el && el.getTagName().equals(name)) {
          out.add(el);
        }
      }
    }
    return out;
  }

  private static Element child(Element parent, String name) {
    List<Element> all = children(parent, name);
    return all.isEmpty() ? null : all.get(0);
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? null : e.getTextContent().strip();
  }

  private static String dep(String group, String artifact, String scope, String extra) {
    return "<dependency><groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId>" + extra
        + (scope == null ? "" : "<scope>" + scope + "</scope>") + "</dependency>";
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
