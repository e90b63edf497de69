package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sciycsb.study.plan.Experiments;

/**
 * docs/studies.md's section of a study's experiments, generated from its experiments.json between the markers
 * {@code <!-- experiments:NAME -->} and {@code <!-- /experiments:NAME -->} (ExperimentsDocTest fails when it
 * drifts, and rewrites it with {@code -Dexperiments.doc.write=true}).
 */
public final class ExperimentsDoc {
  private ExperimentsDoc() {}

  /** The Markdown between the markers: the table of experiments, then the cluster-only settings. */
  public static String markdown(JsonNode root) {
    StringBuilder sb = new StringBuilder();
    sb.append("| paper | what it shows | status | reason / what differs | report tables and figures |\n")
        .append("|---|---|---|---|---|\n");
    for (Experiments.Experiment x : Experiments.of(root)) {
      sb.append("| ").append(cell(x.id())).append(" | ").append(cell(x.title())).append(" | ")
          .append(cell(Experiments.statusText(x))).append(" | ").append(cell(x.reason().isEmpty() ? "-" : x.reason()))
          .append(" | ").append(x.shownIn().isEmpty() ? "-" : "`" + String.join("`, `", x.shownIn()) + "`")
          .append(" |\n");
    }
    for (Experiments.ClusterOnly c : Experiments.clusterOnly(root)) {
      sb.append("\n- Cluster-only setting: `").append(c.file()).append("`'s `").append(c.key()).append("` ")
          .append(c.effect()).append('.');
    }
    if (!Experiments.clusterOnly(root).isEmpty()) {
      sb.append('\n');
    }
    return sb.toString();
  }

  static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  /** {@code doc} with the study's section replaced by {@code body}; null when the markers are missing. */
  public static String replace(String doc, String study, String body) {
    Pattern p = Pattern.compile("(<!-- experiments:" + Pattern.quote(study) + " -->\n)(.*?)(<!-- /experiments:"
        + Pattern.quote(study) + " -->)", Pattern.DOTALL);
    Matcher m = p.matcher(doc);
    if (!m.find()) {
      return null;
    }
    return doc.substring(0, m.start()) + m.group(1) + body + m.group(3) + doc.substring(m.end());
  }

  /** The study's section as it stands in {@code doc}, or null. */
  public static String section(String doc, String study) {
    Matcher m = Pattern.compile("<!-- experiments:" + Pattern.quote(study) + " -->\n(.*?)<!-- /experiments:"
        + Pattern.quote(study) + " -->", Pattern.DOTALL).matcher(doc);
    return m.find() ? m.group(1) : null;
  }
}
