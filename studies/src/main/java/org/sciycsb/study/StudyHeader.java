package org.sciycsb.study;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.report.Published;
import org.sciycsb.study.seeds.StudyDef;

/** {@code study.json}'s header (the study, how it was run, the plan's parameters) and the study's command line. */
final class StudyHeader {
  private StudyHeader() {}

  /** study.json's header: the study, how it was run, the plan's parameters and the published figures' root. */
  static Map<String, Object> of(StudyArgs a, String binding, Map<String, String> props, Published pub,
      String engineBinding, int maxThreads, Plan plan, Path dir, String prefix) {
    StudyDef def = a.def();
    String storageLabel = props.get("label.storage");
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("format", "sciycsb-study");
    header.put("formatVersion", 1);
    Map<String, Object> st = new LinkedHashMap<>();
    st.put("name", def.name());
    st.put("seed", def.seed());
    st.put("title", def.title());
    st.put("paper", pub.paper());
    header.put("study", st);
    header.put("binding", engineBinding);
    header.put("scale", a.scale());
    header.put("maxThreads", maxThreads);
    header.put("command", commandLine(a, binding, props));
    header.put("repeats", plan.repeats());
    header.put("clients", a.clients());
    if (a.yarn() != null) {
      header.put("yarn", a.yarn().toString());
    }
    header.put("repeatOrder", Plan.ORDER);
    header.put("started", Instant.now().toString());
    header.put("finished", null);
    header.put("outcome", "running");
    header.put("host", org.sciycsb.engine.Metadata.host());
    header.put("storageLabel", storageLabel);
    header.put("storage", org.sciycsb.report.run.StorageDevice.describe(
        props.containsKey("label.device") ? Path.of(props.get("label.device")) : dir, storageLabel));
    header.put("tablePrefix", prefix);
    header.put("notes", plan.notes());
    header.put("params", plan.params());
    header.put("published", pub.root());
    return header;
  }

  /** The study's command line, for people (study.json, the report); secrets masked. */
  static String commandLine(StudyArgs a, String binding, Map<String, String> props) {
    List<String> parts = new ArrayList<>(List.of("bin/ycsb", "study", a.def().name()));
    if (binding != null) {
      parts.add(binding);
    }
    parts.add("--scale");
    parts.add(org.sciycsb.report.Fmt.num(a.scale(), 12));
    if (a.maxThreads() != null) {
      parts.add("--max-threads");
      parts.add(a.maxThreads().toString());
    }
    if (a.repeat() != null) {
      parts.add("--repeat");
      parts.add(a.repeat().toString());
    }
    if (a.clients() > 1) {
      parts.add("--clients");
      parts.add(Integer.toString(a.clients()));
    }
    if (a.yarn() != null) {
      parts.add("--yarn");
      parts.add(a.yarn().toString());
    }
    if (!a.only().isEmpty()) {
      parts.add("--only");
      parts.add(String.join(",", a.only()));
    }
    if (!a.devices().isEmpty()) {
      parts.add("--devices");
      parts.add(String.join(",", a.devices()));
    }
    if (a.memoryRatio() != null) {
      parts.add("--memory-ratio");
      parts.add(org.sciycsb.report.Fmt.num(a.memoryRatio(), 12));
    }
    props.forEach((k, v) -> parts.add("-p " + k + "=" + (org.sciycsb.api.Secrets.looksSecret(k) ? "***" : v)));
    return String.join(" ", parts);
  }
}
