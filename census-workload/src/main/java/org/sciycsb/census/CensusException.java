package org.sciycsb.census;

/**
 * A census command failure with one clear line (missing input, output exists, server down, bad option). Exit codes
 * as bin/ycsb's: {@link #BAD_INPUT} 2 (bad usage, option, missing input path or collection, existing output),
 * {@link #UNREACHABLE} 3 (a server cannot be reached), {@link #FAILED} 4 (the job or the load failed, or the input
 * held no usable record).
 */
public final class CensusException extends Exception {
  private static final long serialVersionUID = 1L;
  public static final int BAD_INPUT = 2;
  public static final int UNREACHABLE = 3;
  public static final int FAILED = 4;
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
