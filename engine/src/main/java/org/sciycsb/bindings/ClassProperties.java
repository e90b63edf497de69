package org.sciycsb.bindings;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/**
 * The property names an upstream class run unchanged (a {@code site.ycsb.Workload} or {@code site.ycsb.DB}) declares
 * as upstream's classes do: its public static final String constants, and its superclasses', other than the
 * {@code *_DEFAULT} values, whose value looks like a key ({@code tagcount}, {@code basicdb.verbose}). Known, so
 * that a workload file of theirs draws no "not used" warning; read by the class itself, as text.
 */
public final class ClassProperties {
  private ClassProperties() {}

  private static final Pattern KEY = Pattern.compile("[a-z][A-Za-z0-9_]*([.-][A-Za-z0-9_]+)*");

  /** The options of {@code c}, owned by {@code owner} (the class's name). */
  public static OptionSet of(Class<?> c, String owner) {
    OptionSet.Builder b = OptionSet.builder(owner);
    Set<String> seen = new HashSet<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        String name = constant(f);
        if (name != null && seen.add(name)) {
          b.add(Option.string(name, null, "read by " + owner));
        }
      }
    }
    return b.build();
  }

  private static String constant(Field f) {
    int m = f.getModifiers();
    if (f.getType() != String.class || !Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isFinal(m)
        || f.getName().endsWith("_DEFAULT")) {
      return null;
    }
    try {
      Object v = f.get(null);
      return v instanceof String s && KEY.matcher(s).matches() ? s : null;
    } catch (IllegalAccessException | RuntimeException e) {
      return null;
    }
  }
}
