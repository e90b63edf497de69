package org.sciycsb.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options one component declares, and the key prefixes it owns (for example {@code mongodb.}).
 * A key under an owned prefix that is not declared is reported as unknown, with a suggestion.
 */
public final class OptionSet {
  private final String owner;
  private final Map<String, Option<?>> options;
  private final List<String> prefixes;

  private OptionSet(String owner, Map<String, Option<?>> options, List<String> prefixes) {
    this.owner = owner;
    this.options = Collections.unmodifiableMap(options);
    this.prefixes = List.copyOf(prefixes);
  }

  public static Builder builder(String owner) {
    return new Builder(owner);
  }

  public static OptionSet empty(String owner) {
    return new Builder(owner).build();
  }

  public String owner() {
    return owner;
  }

  public List<Option<?>> options() {
    return List.copyOf(options.values());
  }

  public Option<?> get(String name) {
    return options.get(name);
  }

  public boolean declares(String name) {
    return options.containsKey(name);
  }

  /** Key prefixes this component owns: undeclared keys under them are errors. */
  public List<String> prefixes() {
    return prefixes;
  }

  public boolean owns(String key) {
    for (String p : prefixes) {
      if (key.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  /** Builds an {@link OptionSet}. */
  public static final class Builder {
    private final String owner;
    private final Map<String, Option<?>> options = new LinkedHashMap<>();
    private final List<String> prefixes = new ArrayList<>();

    private Builder(String owner) {
      this.owner = owner;
    }

    public Builder add(Option<?>... opts) {
      for (Option<?> o : opts) {
        if (options.putIfAbsent(o.name(), o) != null) {
          throw new IllegalStateException("option declared twice: " + o.name());
        }
      }
      return this;
    }

    public Builder addAll(OptionSet other) {
      for (Option<?> o : other.options()) {
        add(o);
      }
      prefixes.addAll(other.prefixes);
      return this;
    }

    public Builder ownPrefix(String prefix) {
      prefixes.add(prefix);
      return this;
    }

    public OptionSet build() {
      return new OptionSet(owner, new LinkedHashMap<>(options), prefixes);
    }
  }
}
