package org.sciycsb.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One step of a study plan. Its results folder is {@code <study folder>/<name>}; its tags are the matrix
 * coordinates the report reads (size, workload, distribution, threads, repeat, ...).
 *
 * <ul>
 *   <li>{@code LOAD}, {@code RUN}: an engine phase, run in-process through {@code Main.run} with {@code argv}
 *       (command, binding, -P files, -p properties; the runner adds {@code results.dir} and the user's -p);</li>
 *   <li>{@code CENSUS}: a {@code bin/census} command as a child process (its own classpath with Hadoop and
 *       mongo-hadoop); the runner adds {@code census.results} and {@code census.overwrite=true};</li>
 *   <li>{@code PAUSE}: a pause of {@code seconds} between steps (seed 004's 30 minutes after a load).</li>
 * </ul>
 */
public final class Step {
  public enum Kind { LOAD, RUN, CENSUS, PAUSE }

  private final String name;
  private final Kind kind;
  private final List<String> argv = new ArrayList<>();
  private final Map<String, String> tags = new LinkedHashMap<>();
  private final List<String> dependsOn = new ArrayList<>();
  private long seconds;
  private String note;

  Step(String name, Kind kind) {
    this.name = name;
    this.kind = kind;
  }

  static Step load(String name, String binding) {
    Step s = new Step(name, Kind.LOAD);
    s.argv.add("load");
    s.argv.add(binding);
    return s;
  }

  static Step run(String name, String binding) {
    Step s = new Step(name, Kind.RUN);
    s.argv.add("run");
    s.argv.add(binding);
    return s;
  }

  static Step census(String name, String... command) {
    Step s = new Step(name, Kind.CENSUS);
    s.argv.addAll(List.of(command));
    return s;
  }

  static Step pause(String name, long seconds) {
    Step s = new Step(name, Kind.PAUSE);
    s.seconds = seconds;
    return s;
  }

  Step file(String path) {
    argv.add("-P");
    argv.add(path);
    return this;
  }

  Step p(String key, Object value) {
    argv.add("-p");
    argv.add(key + "=" + value);
    return this;
  }

  Step tag(String key, Object value) {
    tags.put(key, String.valueOf(value));
    return this;
  }

  Step after(String stepName) {
    dependsOn.add(stepName);
    return this;
  }

  Step note(String text) {
    this.note = text;
    return this;
  }

  public String name() {
    return name;
  }

  public Kind kind() {
    return kind;
  }

  public List<String> argv() {
    return List.copyOf(argv);
  }

  public Map<String, String> tags() {
    return Map.copyOf(tags);
  }

  public String tag(String key) {
    return tags.get(key);
  }

  /** The tags in their insertion order. */
  public Map<String, String> orderedTags() {
    return new LinkedHashMap<>(tags);
  }

  public List<String> dependsOn() {
    return List.copyOf(dependsOn);
  }

  public long seconds() {
    return seconds;
  }

  public String note() {
    return note;
  }

  /** The value of {@code -p key=...} in argv (the last one), or null. */
  public String prop(String key) {
    String v = null;
    for (int i = 0; i + 1 < argv.size(); i++) {
      if (argv.get(i).equals("-p") && argv.get(i + 1).startsWith(key + "=")) {
        v = argv.get(i + 1).substring(key.length() + 1);
      }
    }
    return v;
  }

  @Override
  public String toString() {
    return kind == Kind.PAUSE ? name + ": pause " + seconds + " s" : name + ": " + String.join(" ", argv);
  }
}
