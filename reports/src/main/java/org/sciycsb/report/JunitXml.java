package org.sciycsb.report;

import java.util.List;

/**
 * The JUnit XML the gates write for the Jenkins JUnit and Performance plugins ({@code junit.xml} of the SLA
 * thresholds, {@code compare-junit.xml}, {@code history-junit.xml}): one test suite, one test case per check, a
 * failure of the given type for each check that failed and the message as system-out for each that passed.
 */
public final class JunitXml {
  /**
   * One check: its class name and name, whether it passed, its message, and for a failure its type and text; a
   * skipped check (neither passed nor failed: a suspect run without validity.fail) shows its message as the reason.
   */
  public record Case(String classname, String name, boolean passed, String message, String failureType, String detail,
      boolean skipped) {
    public Case(String classname, String name, boolean passed, String message, String failureType, String detail) {
      this(classname, name, passed, message, failureType, detail, false);
    }
  }

  private JunitXml() {}

  public static String suite(String name, List<Case> cases) {
    long failures = cases.stream().filter(c -> !c.passed() && !c.skipped()).count();
    long skipped = cases.stream().filter(Case::skipped).count();
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append("<testsuite name=\"").append(Fmt.xml(name)).append("\" tests=\"").append(cases.size())
        .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"").append(skipped)
        .append("\" time=\"0\">\n");
    for (Case c : cases) {
      sb.append("  <testcase classname=\"").append(Fmt.xml(c.classname())).append("\" name=\"")
          .append(Fmt.xml(c.name())).append("\" time=\"0\">\n");
      if (c.skipped()) {
        sb.append("    <skipped message=\"").append(Fmt.xml(c.message())).append("\"/>\n");
      } else if (c.passed()) {
        sb.append("    <system-out>").append(Fmt.xml(c.message())).append("</system-out>\n");
      } else {
        sb.append("    <failure type=\"").append(c.failureType()).append("\" message=\"").append(Fmt.xml(c.message()))
            .append("\">").append(Fmt.xml(c.detail())).append("</failure>\n");
      }
      sb.append("  </testcase>\n");
    }
    return sb.append("</testsuite>\n").toString();
  }
}
