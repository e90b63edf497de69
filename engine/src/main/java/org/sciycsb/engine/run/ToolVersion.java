package org.sciycsb.engine.run;

/** This build's version, as results.json and a trace's header name it. */
public final class ToolVersion {
  private ToolVersion() {}

  /** This build's version ({@code dev} outside a packaged jar). */
  public static String get() {
    String v = ToolVersion.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
