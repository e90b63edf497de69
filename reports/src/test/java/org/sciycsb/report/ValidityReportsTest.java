package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.report.compare.Compare;
import org.sciycsb.report.compare.Verdicts;
import org.sciycsb.report.html.HtmlReport;
import org.sciycsb.results.RunReport;

/**
 * The validity verdict where the reports show it (issue 36): the HTML report's banner and GC line, junit.xml's
 * validity case, and compare's note beside the verdicts of a suspect run.
 */
class ValidityReportsTest {
  static Map<String, Object> verdict(String verdict, String... reasonAndEvidence) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("verdict", verdict);
    List<Map<String, Object>> reasons = new java.util.ArrayList<>();
    for (int i = 0; i < reasonAndEvidence.length; i += 2) {
      reasons.add(Map.of("reason", reasonAndEvidence[i], "evidence", reasonAndEvidence[i + 1]));
    }
    v.put("reasons", reasons);
    v.put("gc", Map.of("pauses", 15, "totalMs", 246, "maxMs", 30, "share", 0.1227));
    v.put("notes", List.of());
    return v;
  }

  static RunReport judged(String name, Map<String, Object> v) {
    return ReportGoldenTest.run(name, name, false, 1, 1).withValidity(v);
  }

  @Test
  void theHtmlReportOpensWithABannerOfEveryReasonAndShowsTheGcPausesUnderThePercentiles() {
    String html = HtmlReport.render(ReportGoldenTest.json(judged("ssd", verdict("suspect", "GC pauses",
        "15 pauses took 246 ms <of> 2.0 s", "errors", "20 of 520 operations failed"))), Map.of());
    assertThat(html).contains("<div class=\"suspect\"", "Suspect run: these numbers may not measure the store.",
        "<li><strong>GC pauses</strong>: 15 pauses took 246 ms &lt;of&gt; 2.0 s</li>",
        "<li><strong>errors</strong>: 20 of 520 operations failed</li>",
        "Client GC pauses while measured: 15, 246 ms in total (12.27 % of the measured time), the longest 30 ms");
    assertThat(html.indexOf("class=\"suspect\"")).as("the banner precedes the metadata")
        .isLessThan(html.indexOf("<table class=\"meta\">"));
    assertThat(html.indexOf("Client GC pauses")).as("the GC line follows the percentiles")
        .isGreaterThan(html.indexOf("<table class=\"summary\">"));
    String valid = HtmlReport.render(ReportGoldenTest.json(judged("ssd", verdict("valid"))), Map.of());
    assertThat(valid).contains("Validity: valid").doesNotContain("class=\"suspect\"");
  }

  @Test
  void junitXmlHasAValidityCaseThatFailsOnlyWithValidityFail() {
    Map<String, Object> suspect = verdict("suspect", "not steady", "throughput rose by 40 %");
    String failing = Sla.junitXml("sciycsb.sla", List.of(), suspect, true);
    assertThat(failing).contains("tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\"",
        "<testcase classname=\"sciycsb.validity\" name=\"verdict\"",
        "<failure type=\"SuspectRun\" message=\"validity: suspect (not steady: throughput rose by 40 %)\"");
    String skipped = Sla.junitXml("sciycsb.sla", List.of(), suspect, false);
    assertThat(skipped).contains("failures=\"0\" errors=\"0\" skipped=\"1\"",
        "<skipped message=\"validity: suspect (not steady: throughput rose by 40 %)\"/>").doesNotContain("<failure");
    String valid = Sla.junitXml("sciycsb.sla", List.of(), verdict("valid"), true);
    assertThat(valid).contains("failures=\"0\" errors=\"0\" skipped=\"0\"", "<system-out>validity: valid</system-out>");
    assertThat(Sla.junitXml("sciycsb.sla", List.of(), null, true)).as("results from before the verdict")
        .contains("tests=\"0\"");
  }

  @Test
  void compareSaysBesideEachVerdictThatARunIsSuspect() throws Exception {
    List<ResultData> runs = List.of(ReportGoldenTest.data(judged("ssd", verdict("valid"))),
        ReportGoldenTest.data(judged("hdd", verdict("suspect", "GC pauses", "a lot", "errors", "some"))));
    String text = Compare.verdictText(ReportGoldenTest.verdicts(), runs);
    assertThat(text.lines().filter(l -> l.startsWith("  hdd  ")).toList()).hasSize(ReportGoldenTest.verdicts().size())
        .allSatisfy(l -> assertThat(l).endsWith(" (contender suspect: GC pauses, errors)"));
    assertThat(text).as("the rest as without runs").isEqualTo(Compare.verdictText(ReportGoldenTest.verdicts())
        .replaceAll("(?m)^(  hdd  .*)$", "$1 (contender suspect: GC pauses, errors)"));
    assertThat(Compare.html(runs, ReportGoldenTest.verdicts())).contains("<td>completed, suspect: GC pauses, errors"
        + "</td>").contains("<td>completed</td>");
    com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        Compare.json(ReportGoldenTest.verdicts(), null, runs));
    json.path("rows").forEach(r -> assertThat(r.path("suspect").toString()).as("compare.json row %s", r)
        .isEqualTo("[\"contender suspect: GC pauses, errors\"]"));
    assertThat(Compare.json(ReportGoldenTest.verdicts(), null, List.of(runs.get(0), runs.get(0))))
        .as("valid runs: compare.json as without runs").isEqualTo(Compare.json(ReportGoldenTest.verdicts()));
    List<ResultData> both = List.of(runs.get(1), runs.get(0));
    assertThat(Compare.verdictText(ReportGoldenTest.verdicts().stream().map(r -> new Verdicts.Row(r.operation(),
        r.metric(), "ssd", r.baseline(), r.contender(), r.ratio(), r.low(), r.high(), r.verdict(), r.method()))
        .toList(), both)).contains("(baseline suspect: GC pauses, errors)").doesNotContain("contender suspect");
  }
}
