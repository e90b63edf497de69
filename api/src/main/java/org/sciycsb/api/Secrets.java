package org.sciycsb.api;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Masks secrets: declared secret options, keys that look secret, and passwords inside URLs. */
public final class Secrets {
  public static final String MASK = "*****";
  private static final Pattern URL_PASSWORD = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\\s]*):([^@/\\s]*)@");
  private static final Pattern PARAM_PASSWORD =
      Pattern.compile("(?i)([?&;](?:password|pwd|pass|secret|token)=)([^&;\\s]*)");

  private Secrets() {}

  /** True when a key names a secret by itself. */
  public static boolean looksSecret(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    return k.contains("password") || k.contains("passwd") || k.endsWith(".secret") || k.contains("secretkey")
        || k.endsWith(".token") || k.endsWith("pwd");
  }

  /** Removes passwords embedded in connection strings: {@code mongodb://u:pw@h} and {@code ?password=pw}. */
  public static String maskText(String text) {
    if (text == null) {
      return null;
    }
    String s = URL_PASSWORD.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + ":" + MASK + "@"));
    return PARAM_PASSWORD.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK));
  }

  /** The passwords embedded in a text: {@code scheme://user:password@} and {@code ?password=...} parameters. */
  public static java.util.List<String> embeddedPasswords(String text) {
    java.util.List<String> out = new java.util.ArrayList<>();
    if (text != null) {
      Matcher m = URL_PASSWORD.matcher(text);
      while (m.find()) {
        out.add(m.group(2));
      }
      m = PARAM_PASSWORD.matcher(text);
      while (m.find()) {
        out.add(m.group(2));
      }
    }
    return out;
  }

  /** A masked copy of a property map. */
  public static Map<String, String> mask(Map<String, String> props, Set<String> secretKeys) {
    Map<String, String> out = new TreeMap<>();
    props.forEach((k, v) -> out.put(k, secretKeys.contains(k) || looksSecret(k) ? MASK : maskText(v)));
    return out;
  }
}
