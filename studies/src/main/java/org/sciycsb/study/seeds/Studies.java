package org.sciycsb.study.seeds;

import java.util.List;

/** The studies of shared/seeds, in seed order. */
public final class Studies {
  private Studies() {}

  public static List<StudyDef> all() {
    return List.of(new DedeStudy(), new NiecStudy(), new SandiskStudy(), new SeiStudy(), new BankmarkStudy());
  }

  /** By name, or by seed number (002, seed002). */
  public static StudyDef find(String name) {
    String n = name.toLowerCase(java.util.Locale.ROOT).replace("seed", "").replace("ć", "c");
    for (StudyDef d : all()) {
      if (d.name().equals(n) || d.seed().equals(n)) {
        return d;
      }
    }
    return null;
  }

  public static String known() {
    StringBuilder sb = new StringBuilder();
    for (StudyDef d : all()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(d.name()).append(" (seed ").append(d.seed()).append(')');
    }
    return sb.toString();
  }
}
