package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.study.StudyReports;
import org.sciycsb.study.plan.Experiments;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;
import org.sciycsb.study.seeds.StudyPlans;

/**
 * Every study's experiments.json against its report code: the report, built from the study's real plan over an
 * empty study folder, names in its tables' and figures' {@code reproduces} only tables and figures of the paper
 * that experiments.json lists as reproduced; every reproduced one names report ids the report really produces.
 */
class ExperimentsTest {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  static final OptionSet FAKE = OptionSet.builder("fake").add(Option.integer("fake.batchsize", 0, "batch"))
      .add(Option.string("fake.consistency", null, "preset")).build();

  @TempDir
  Path tmp;

  /** The header bin/ycsb study writes, from the real plan at a small scale, every step "not run". */
  static ObjectNode header(StudyDef def) throws ConfigException {
    Plan plan = StudyPlans.expand(HOME, def, "fake", FAKE, 1e-4, 1000, Map.of(), "t_");
    ObjectNode h = StudyJson.MAPPER.createObjectNode();
    h.putObject("study").put("name", def.name()).put("seed", def.seed()).put("title", def.title());
    h.put("binding", "fake");
    h.set("params", StudyJson.MAPPER.valueToTree(plan.params()));
    ArrayNode steps = h.putArray("steps");
    for (Step s : plan.steps()) {
      ObjectNode o = steps.addObject();
      o.put("name", s.name()).put("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT)).put("dir", s.name())
          .put("status", "not run");
      o.set("tags", StudyJson.MAPPER.valueToTree(s.tags()));
    }
    h.set("published", StudyPlans.published(HOME, def).root());
    h.set("experiments", StudyPlans.experiments(HOME, def));
    return h;
  }

  /** "Figures 5.3 (MongoDB) and 5.4", "Figures 2-4", "Figure 11A": each figure and table a text names. */
  static Set<String> named(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = Pattern.compile("\\b(Figure|Table)s?\\s+").matcher(text);
    while (m.find()) {
      String rest = text.substring(m.end()).replaceAll("\\([^()]*\\)", "");
      Matcher list = Pattern.compile("^(?:\\s*(?:,|and|-)?\\s*(\\d+(?:\\.\\d+)?[A-Z]?)(?:-(\\d+(?:\\.\\d+)?))?)+")
          .matcher(rest);
      if (!list.find()) {
        continue;
      }
      Matcher item = Pattern.compile("(\\d+(?:\\.\\d+)?[A-Z]?)(?:-(\\d+(?:\\.\\d+)?))?").matcher(list.group());
      while (item.find()) {
        out.addAll(range(m.group(1), item.group(1), item.group(2)));
      }
    }
    return out;
  }

  static List<String> range(String kind, String from, String to) {
    List<String> out = new ArrayList<>();
    if (to == null) {
      out.add(kind + " " + from);
      return out;
    }
    int dot = from.lastIndexOf('.');
    String prefix = dot < 0 ? "" : from.substring(0, dot + 1);
    int a = Integer.parseInt(from.substring(dot + 1));
    int b = Integer.parseInt(to.substring(to.lastIndexOf('.') + 1));
    for (int i = a; i <= b; i++) {
      out.add(kind + " " + prefix + i);
    }
    return out;
  }

  @Test
  void theReferenceParserReadsTheWaysTheReportsNameFigures() {
    assertThat(named("seed 001, Figures 5.3 (MongoDB) and 5.4 (Riak): CPU")).containsExactly("Figure 5.3",
        "Figure 5.4");
    assertThat(named("seed 001, Figures 5.3-5.8")).hasSize(6).contains("Figure 5.5");
    assertThat(named("seed 003, Figures 2 (read-only), 3 (write-only), 4 (read/write), 7 (strong vs eventual)"))
        .containsExactly("Figure 2", "Figure 3", "Figure 4", "Figure 7");
    assertThat(named("seed 002, Figures 5, 6, 9, 11A")).containsExactly("Figure 5", "Figure 6", "Figure 9",
        "Figure 11A");
    assertThat(named("seed 000, §6.4 Figure 6 (by size) and §6.5 Figure 9")).containsExactly("Figure 6", "Figure 9");
    assertThat(named("§4.2 (Figures 7 and 8 at 32 client sessions), Table 1")).containsExactly("Figure 7",
        "Figure 8", "Table 1");
    assertThat(named("the store's side of the papers' server figures")).isEmpty();
  }

  @Test
  void everyStudyReportNamesOnlyReproducedExperimentsAndEveryReproducedOneIsShown() throws Exception {
    for (StudyDef def : Studies.all()) {
      ObjectNode h = header(def);
      List<Experiments.Experiment> xs = Experiments.of(h.path("experiments"));
      assertThat(xs).as(def.name()).isNotEmpty();
      assertThat(xs.stream().map(Experiments.Experiment::id).distinct().count()).as(def.name() + ": unique ids")
          .isEqualTo(xs.size());
      Set<String> reproduced = new LinkedHashSet<>();
      xs.stream().filter(Experiments.Experiment::reproduced).forEach(x -> reproduced.add(x.id()));
      Path dir = Files.createDirectories(tmp.resolve(def.name()));
      ReportBuilder rb = StudyReports.build(def, dir, h);
      Set<String> ids = new LinkedHashSet<>();
      List<String> texts = new ArrayList<>();
      rb.tables.forEach(t -> {
        ids.add(t.id);
        texts.add(t.id + ": " + t.reproduces);
      });
      rb.figures.forEach(f -> {
        ids.add(f.id);
        texts.add(f.id + ": " + f.reproduces);
      });
      for (String text : texts) {
        assertThat(reproduced).as(def.name() + " report " + text + " names only reproduced experiments")
            .containsAll(named(text.substring(text.indexOf(": ") + 2)));
      }
      for (Experiments.Experiment x : xs) {
        if (x.reproduced()) {
          assertThat(ids).as(def.name() + " " + x.id() + " shownIn").containsAll(x.shownIn());
        }
      }
      Report.Table t = rb.tables.stream().filter(x -> x.id.equals(ExperimentsReport.TABLE)).findFirst().orElseThrow();
      assertThat(t.rows).hasSize(xs.size());
      assertThat(t.rows.get(0).get("id").text).isEqualTo(xs.get(0).id());
      assertThat(t.rows.stream().map(r -> r.get("here").text)).as(def.name() + ": nothing ran, nothing measured")
          .allMatch(s -> s.equals("-") || s.startsWith("no measured value"));
    }
  }

  @Test
  void niecCpuTableNamesOnlyFigures53And54() throws Exception {
    ReportBuilder rb = StudyReports.build(Studies.find("niec"), tmp, header(Studies.find("niec")));
    Report.Table cpu = rb.tables.stream().filter(t -> t.id.equals("cpu")).findFirst().orElseThrow();
    assertThat(named(cpu.reproduces)).containsExactly("Figure 5.3", "Figure 5.4");
  }

  @Test
  void aBadExperimentsFileIsOneLineNamingTheEntry() throws Exception {
    Path f = tmp.resolve("experiments.json");
    Files.writeString(f, "{\"format\": \"sciycsb-experiments\", \"experiments\": [{\"id\": \"Figure 1\", \"title\": "
        + "\"x\", \"status\": \"reproduced\", \"reason\": \"\"}]}");
    assertThatThrownBy(() -> Experiments.load(f)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("experiment 'Figure 1' is reproduced but names no report table or figure");
    Files.writeString(f, "{\"format\": \"sciycsb-experiments\", \"experiments\": [{\"id\": \"Figure 1\", \"title\": "
        + "\"x\", \"status\": \"done\", \"reason\": \"r\"}]}");
    assertThatThrownBy(() -> Experiments.load(f)).hasMessageContaining("has status 'done'");
    Files.writeString(f, "{\"format\": \"sciycsb-experiments\", \"experiments\": [{\"id\": \"Figure 1\", \"title\": "
        + "\"x\", \"status\": \"reproduced smaller\", \"reason\": \"r\", \"shownIn\": [\"t\"]}]}");
    assertThatThrownBy(() -> Experiments.load(f)).hasMessageContaining("says nothing of the paper's ratio");
  }

  @Test
  void aMeasuredCellMakesItsExperimentMeasured() throws Exception {
    ObjectNode h = header(Studies.find("niec"));
    for (JsonNode s : h.path("steps")) {
      if (s.path("name").asText().equals("client/read")) {
        ((ObjectNode) s).put("status", "ok");
      }
    }
    Files.createDirectories(tmp.resolve("client/read"));
    Files.writeString(tmp.resolve("client/read/results.json"), "{\"summary\": {\"throughput\": 61000}}");
    ReportBuilder rb = StudyReports.build(Studies.find("niec"), tmp, h);
    Report.Table t = rb.tables.stream().filter(x -> x.id.equals(ExperimentsReport.TABLE)).findFirst().orElseThrow();
    Map<String, Report.Cell> fig41 = t.rows.stream().filter(r -> r.get("id").text.equals("Figure 4.1")).findFirst()
        .orElseThrow();
    assertThat(fig41.get("here").text).isEqualTo("measured");
    assertThat(fig41.get("status").text).startsWith("reproduced smaller, ratio kept: ");
    Map<String, Report.Cell> fig51 = t.rows.stream().filter(r -> r.get("id").text.equals("Figure 5.1")).findFirst()
        .orElseThrow();
    assertThat(fig51.get("here").text).startsWith("no measured value");
  }
}
