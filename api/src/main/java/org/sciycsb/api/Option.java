package org.sciycsb.api;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One typed, documented configuration key. Options are immutable; the {@code with...} methods
 * return copies. Every component (the engine, each binding, each workload) declares its options in
 * one place, and help, validation and the README tables all come from that declaration.
 *
 * @param <T> the value type
 */
public final class Option<T> {
  private final String name;
  private final String type;
  private final T defaultValue;
  private final String defaultText;
  private final String description;
  private final Function<String, T> parser;
  /** The explanation of the first check a value fails, or null when it passes them all. */
  private final Function<T, String> violation;
  private final boolean secret;
  private final boolean required;

  private Option(String name, String type, T defaultValue, String defaultText, String description,
      Function<String, T> parser, Predicate<T> check, String checkText, boolean secret) {
    this(name, type, defaultValue, defaultText, description, parser, v -> check.test(v) ? null : checkText, secret,
        false);
  }

  private Option(String name, String type, T defaultValue, String defaultText, String description,
      Function<String, T> parser, Function<T, String> violation, boolean secret, boolean required) {
    this.name = Objects.requireNonNull(name);
    this.type = type;
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.description = description;
    this.parser = parser;
    this.violation = violation;
    this.secret = secret;
    this.required = required;
  }

  // ---------------------------------------------------------------- factories

  public static Option<String> string(String name, String defaultValue, String description) {
    return new Option<>(name, "string", defaultValue, defaultValue, description, s -> s, v -> true, null, false);
  }

  public static Option<Integer> integer(String name, Integer defaultValue, String description) {
    return new Option<>(name, "int", defaultValue, text(defaultValue), description,
        s -> Integer.valueOf(s.trim().replace("_", "")), v -> true, null, false);
  }

  public static Option<Long> longValue(String name, Long defaultValue, String description) {
    return new Option<>(name, "long", defaultValue, text(defaultValue), description,
        s -> Long.valueOf(s.trim().replace("_", "")), v -> true, null, false);
  }

  public static Option<Double> decimal(String name, Double defaultValue, String description) {
    return new Option<>(name, "double", defaultValue, text(defaultValue), description, s -> {
      double d = Double.parseDouble(s.trim());
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException(s);
      }
      return d;
    }, v -> true, null, false);
  }

  public static Option<Boolean> bool(String name, Boolean defaultValue, String description) {
    return new Option<>(name, "boolean", defaultValue, text(defaultValue), description, s -> {
      String v = s.trim().toLowerCase(Locale.ROOT);
      switch (v) {
        case "true": case "yes": case "on": case "1": return Boolean.TRUE;
        case "false": case "no": case "off": case "0": return Boolean.FALSE;
        default: throw new IllegalArgumentException("expected true or false");
      }
    }, v -> true, null, false);
  }

  /**
   * A size in bytes, written as people write sizes ({@link ByteSize}: {@code 4096}, {@code 512k}, {@code 256m},
   * {@code 3g}, {@code 3GiB}, {@code 3GB}); help shows the default in binary units ({@code 128MiB}).
   */
  public static Option<Long> bytes(String name, Long defaultValue, String description) {
    return new Option<>(name, "size", defaultValue, defaultValue == null ? null : ByteSize.format(defaultValue),
        description, ByteSize::parse, v -> v >= 0, "must not be negative", false);
  }

  /** A choice among fixed words, compared case-insensitively; the value is the canonical word. */
  public static Option<String> choice(String name, String defaultValue, String description, String... choices) {
    List<String> all = Arrays.asList(choices);
    return new Option<>(name, String.join("|", choices), defaultValue, defaultValue, description, s -> {
      for (String c : all) {
        if (c.equalsIgnoreCase(s.trim())) {
          return c;
        }
      }
      throw new IllegalArgumentException("expected one of " + String.join(", ", all));
    }, v -> true, null, false);
  }

  /** A duration: {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 500us}, {@code 20ns}; a bare number is in {@code bareUnit}. */
  public static Option<Duration> duration(String name, Duration defaultValue, String bareUnit, String description) {
    return new Option<>(name, "duration", defaultValue, defaultValue == null ? null : formatDuration(defaultValue),
        description, s -> parseDuration(s, bareUnit), v -> !v.isNegative(), "must not be negative", false);
  }

  // ---------------------------------------------------------------- modifiers

  /** Restricts the accepted values. */
  public Option<T> check(Predicate<T> predicate, String explanation) {
    Function<T, String> before = violation;
    return new Option<>(name, type, defaultValue, defaultText, description, parser, v -> {
      String first = before.apply(v);
      return first != null ? first : predicate.test(v) ? null : explanation;
    }, secret, required);
  }

  /** A value that is masked in every output (passwords, tokens). */
  public Option<T> secret() {
    return new Option<>(name, type, defaultValue, defaultText, description, parser, violation, true, required);
  }

  /** Overrides how the default is shown in help (for computed defaults). */
  public Option<T> defaultShownAs(String text) {
    if (required) {
      throw new IllegalStateException("a required option has no default: " + name);
    }
    return new Option<>(name, type, defaultValue, text, description, parser, violation, secret, required);
  }

  /**
   * An option with no default that every run must give: the config check refuses a run without it (one line,
   * {@link ConfigException}, exit code 2) before anything starts, and help shows {@code required} as its default.
   */
  public Option<T> required() {
    return new Option<>(name, type, null, null, description, parser, violation, secret, true);
  }

  // ---------------------------------------------------------------- accessors

  public String name() {
    return name;
  }

  public String type() {
    return type;
  }

  public T defaultValue() {
    return defaultValue;
  }

  /** The default as shown in help, or {@code null} when there is none. */
  public String defaultText() {
    return defaultText;
  }

  public String description() {
    return description;
  }

  public boolean isSecret() {
    return secret;
  }

  /** Whether every run must set this option (it has no default). */
  public boolean isRequired() {
    return required;
  }

  /** The message of a run that misses this required option. */
  public String missingMessage(String owner) {
    return "missing required property " + name + (owner == null ? "" : " for " + owner) + ": " + description;
  }

  /** Parses and validates a raw value; the exception names the key, the value and what was expected. */
  public T parse(String raw) throws ConfigException {
    T value;
    try {
      value = parser.apply(raw);
    } catch (NumberFormatException e) {
      throw new ConfigException("bad value for " + name + ": '" + shown(raw) + "' is not a valid " + type);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("bad value for " + name + ": '" + shown(raw) + "': " + e.getMessage());
    }
    String why = violation.apply(value);
    if (why != null) {
      throw new ConfigException("bad value for " + name + ": '" + shown(raw) + "' " + why);
    }
    return value;
  }

  private String shown(String raw) {
    return secret ? "*****" : raw;
  }

  @Override
  public String toString() {
    return name + " (" + type + ")";
  }

  // ---------------------------------------------------------------- helpers

  private static String text(Object o) {
    return o == null ? null : o.toString();
  }

  static Duration parseDuration(String raw, String bareUnit) {
    String s = raw.trim().toLowerCase(Locale.ROOT);
    int i = 0;
    while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
      i++;
    }
    if (i == 0) {
      throw new IllegalArgumentException("expected a duration such as 500ms, 10s or 2m");
    }
    double n = Double.parseDouble(s.substring(0, i));
    String unit = s.substring(i).trim();
    if (unit.isEmpty()) {
      unit = bareUnit;
    }
    double nanos;
    switch (unit) {
      case "ns": nanos = n; break;
      case "us": nanos = n * 1e3; break;
      case "ms": nanos = n * 1e6; break;
      case "s": nanos = n * 1e9; break;
      case "m": case "min": nanos = n * 60e9; break;
      case "h": nanos = n * 3600e9; break;
      default: throw new IllegalArgumentException("unknown time unit '" + unit + "' (use ns, us, ms, s, m or h)");
    }
    return Duration.ofNanos(Math.round(nanos));
  }

  public static String formatDuration(Duration d) {
    long ns = d.toNanos();
    if (ns == 0) {
      return "0s";
    }
    if (ns % 3_600_000_000_000L == 0) {
      return ns / 3_600_000_000_000L + "h";
    }
    if (ns % 60_000_000_000L == 0) {
      return ns / 60_000_000_000L + "m";
    }
    if (ns % 1_000_000_000L == 0) {
      return ns / 1_000_000_000L + "s";
    }
    if (ns % 1_000_000L == 0) {
      return ns / 1_000_000L + "ms";
    }
    if (ns % 1_000L == 0) {
      return ns / 1_000L + "us";
    }
    return ns + "ns";
  }
}
