package org.sciycsb.census;

/** A census command failure with one clear line (missing input, output exists, server down, bad option). */
public final class CensusException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int exitCode;

  public CensusException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public CensusException(String message, int exitCode, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }
}
