package org.sciycsb.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The last line of defence for secrets on stdout and stderr: a process's {@code main} wraps both streams once, so
 * that every line printed by anyone (our code, a driver's logger, Hadoop's log4j) has the known secret values and
 * any password inside a URL replaced by {@link Secrets#MASK} before it reaches the terminal or a log file.
 * The values are registered as soon as the command line and property files are read.
 */
public final class SecretFilter {
  /** Values shorter than this are not masked literally (masking "a" everywhere would garble the output). */
  static final int MIN_LENGTH = 3;

  private final List<String> values = new CopyOnWriteArrayList<>();

  /** Adds a secret value; every later line that contains it is masked. */
  public void add(String value) {
    if (value != null && value.length() >= MIN_LENGTH && !value.equals(Secrets.MASK) && !values.contains(value)) {
      values.add(value);
      values.sort((a, b) -> b.length() - a.length()); // longest first, so a secret inside another is masked whole
    }
  }

  /**
   * Registers the secrets of a configuration: the values of secret keys (declared secret or named like one) and
   * the passwords inside URLs in any value.
   */
  public void addFrom(Map<String, String> properties, Set<String> secretKeys) {
    properties.forEach((k, v) -> {
      if (secretKeys.contains(k) || Secrets.looksSecret(k)) {
        add(v);
      }
      for (String pw : Secrets.embeddedPasswords(v)) {
        add(pw);
        try {
          add(java.net.URLDecoder.decode(pw, StandardCharsets.UTF_8)); // the driver may print it decoded
        } catch (IllegalArgumentException notEncoded) {
          // a bare '%' in the password: the literal value is masked already
        }
      }
    });
  }

  /** Masks one piece of text. */
  public String mask(String text) {
    String s = Secrets.maskText(text);
    for (String v : values) {
      if (s.contains(v)) {
        s = s.replace(v, Secrets.MASK);
      }
    }
    return s;
  }

  /**
   * A stream that masks each line before passing it on. Closing it passes on a last line that has no newline (the
   * target stays open).
   */
  public PrintStream wrap(PrintStream target) {
    return new PrintStream(new LineMasker(target), true, StandardCharsets.UTF_8);
  }

  private final class LineMasker extends OutputStream {
    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    LineMasker(PrintStream target) {
      this.target = target;
    }

    @Override
    public synchronized void write(int b) {
      line.write(b);
      if (b == '\n') {
        emit();
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          line.write(b, start, i + 1 - start);
          emit();
          start = i + 1;
        }
      }
      line.write(b, start, off + len - start);
      if (line.size() > 1 << 16) {
        emit(); // a very long line without a newline: pass it on in pieces
      }
    }

    private void emit() {
      if (line.size() == 0) {
        return;
      }
      String s = line.toString(StandardCharsets.UTF_8);
      line.reset();
      byte[] masked = mask(s).getBytes(StandardCharsets.UTF_8);
      target.write(masked, 0, masked.length);
    }

    /**
     * Passes on complete lines only: PrintStream flushes after every print, and a line printed in pieces must be
     * masked whole. A last line without a newline goes out at {@link #close}.
     */
    @Override
    public synchronized void flush() throws IOException {
      target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
      emit();
      target.flush();
    }
  }
}
