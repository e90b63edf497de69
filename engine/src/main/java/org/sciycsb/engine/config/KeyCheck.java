package org.sciycsb.engine.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;

/**
 * Checks every given property against the declarations of the engine, the workload and the binding: declared
 * values are parsed now (so a bad number fails before anything starts), undeclared keys under an owned prefix or
 * close to a declared key are errors with a suggestion, and other unknown keys draw a warning; YCSB 0.17's client
 * properties that ask for what this tool does not do are refused ({@link UpstreamClientOptions#check});
 * {@link #required} refuses a configuration that misses a {@link Option#required() required} option.
 */
public final class KeyCheck {
  private KeyCheck() {}

  /** @return warnings for keys nobody declares */
  public static List<String> check(Config config, List<OptionSet> sets) throws ConfigException {
    return check(config, sets, null);
  }

  /**
   * As {@link #check(Config, List)}, for a command of the given phase (which upstream's {@code dotransactions} must
   * agree with).
   *
   * @return warnings for keys nobody declares
   */
  public static List<String> check(Config config, List<OptionSet> sets, Phase phase) throws ConfigException {
    List<String> warnings = new ArrayList<>();
    for (Map.Entry<String, String> e : config.asMap().entrySet()) {
      String key = e.getKey();
      UpstreamClientOptions.check(key, e.getValue(), phase);
      Option<?> declared = find(sets, key);
      if (declared != null) {
        declared.parse(e.getValue());
        continue;
      }
      String suggestion = suggest(sets, key);
      OptionSet owner = owner(sets, key);
      if (owner != null) {
        throw new ConfigException("unknown property " + key + " for " + owner.owner()
            + (suggestion != null ? ": did you mean " + suggestion + "?" : " (see bin/ycsb help)"));
      }
      if (suggestion != null && readByUpstreamClass(sets, suggestion)) {
        warnings.add("warning: property " + key + " is not one " + owner(sets, suggestion, true).owner()
            + " declares (" + (suggestion.equalsIgnoreCase(key) ? "it declares " + suggestion
                + "; YCSB's property names are case-sensitive" : "did you mean " + suggestion + "?") + ")");
        continue;
      }
      if (suggestion != null) {
        throw new ConfigException("unknown property " + key + ": did you mean " + suggestion + "?");
      }
      warnings.add("warning: property " + key + " is not used by the engine, the workload or the binding");
    }
    return warnings;
  }

  /** Refuses a configuration that misses a {@link Option#required() required} option of any of the sets. */
  public static void required(Config config, List<OptionSet> sets) throws ConfigException {
    for (OptionSet s : sets) {
      for (Option<?> o : s.options()) {
        if (o.isRequired() && !config.has(o.name())) {
          throw new ConfigException(o.missingMessage(s.owner()));
        }
      }
    }
  }

  private static Option<?> find(List<OptionSet> sets, String key) {
    for (OptionSet s : sets) {
      Option<?> o = s.get(key);
      if (o != null) {
        return o;
      }
    }
    return null;
  }

  /**
   * Whether {@code name} is declared by an upstream class run unchanged (a set named by its class, such as
   * TimeSeriesWorkload's, from its constants): a key close to it is a warning, not an error, since such a class may
   * read keys it has no constant for, and upstream's own files carry a few it never reads (tsworkloada's
   * {@code delayedSeries}, where TimeSeriesWorkload reads {@code delayedseries}).
   */
  private static boolean readByUpstreamClass(List<OptionSet> sets, String name) {
    OptionSet s = owner(sets, name, true);
    return s != null && s.owner().contains(".");
  }

  /** The set that declares {@code name} (declared = true) or owns its prefix. */
  private static OptionSet owner(List<OptionSet> sets, String name, boolean declared) {
    for (OptionSet s : sets) {
      if (declared ? s.declares(name) : s.owns(name)) {
        return s;
      }
    }
    return null;
  }

  private static OptionSet owner(List<OptionSet> sets, String key) {
    for (OptionSet s : sets) {
      if (s.owns(key)) {
        return s;
      }
    }
    return null;
  }

  static String suggest(List<OptionSet> sets, String key) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String k = normal(key);
    for (OptionSet s : sets) {
      for (Option<?> o : s.options()) {
        String n = normal(o.name());
        int d = distance(k, n);
        int allowed = Math.min(2, Math.max(1, n.length() / 5));
        if (d <= allowed && d < bestDistance) {
          best = o.name();
          bestDistance = d;
        }
      }
    }
    return best;
  }

  /**
   * The word of {@code candidates} a mistyped {@code word} most likely meant (a binding, a command): the nearest by
   * {@link #distance}, within 1 edit for words up to 5 letters and 2 for longer ones; or null.
   */
  public static String closest(String word, java.util.Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String w = word.toLowerCase(Locale.ROOT);
    for (String c : candidates) {
      int d = distance(w, c.toLowerCase(Locale.ROOT));
      int allowed = Math.max(w.length(), c.length()) > 5 ? 2 : 1;
      if (d > 0 && d <= allowed && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  private static String normal(String s) {
    return s.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
  }

  /** Damerau-Levenshtein (optimal string alignment) distance: a swap of two letters counts one. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
