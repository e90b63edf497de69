package org.sciycsb.api;

/**
 * A failure that ends a benchmark with one clear line and a meaningful exit code.
 * The message must name the problem; the stack trace is only shown with {@code --debug}.
 */
public class BenchmarkException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Exit codes used across the tool. */
  public static final int EXIT_CONFIG = 2;
  public static final int EXIT_BINDING = 3;
  public static final int EXIT_RUN_FAILED = 4;
  public static final int EXIT_INTERRUPTED = 130;

  private final int exitCode;

  public BenchmarkException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  public BenchmarkException(int exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }
}
