package org.sciycsb.api;

/** A binding could not start: unreachable server, refused credentials, missing keyspace. Exit code 3. */
public class BindingException extends BenchmarkException {
  private static final long serialVersionUID = 1L;

  public BindingException(String message) {
    super(EXIT_BINDING, message);
  }

  public BindingException(String message, Throwable cause) {
    super(EXIT_BINDING, message, cause);
  }
}
