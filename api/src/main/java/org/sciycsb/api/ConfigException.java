package org.sciycsb.api;

/** Bad configuration: an unknown key, a value of the wrong type, a missing file. Exit code 2. */
public class ConfigException extends BenchmarkException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(EXIT_CONFIG, message);
  }

  public ConfigException(String message, Throwable cause) {
    super(EXIT_CONFIG, message, cause);
  }
}
