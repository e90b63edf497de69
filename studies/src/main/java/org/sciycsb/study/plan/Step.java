package org.sciycsb.study.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One step of a study plan. Its results folder is {@code <study folder>/<name>}; its tags are the matrix
 * coordinates the report reads (size, workload, distribution, threads, repeat, ...).
 *
 * <ul>
 *   <li>{@code LOAD}, {@code RUN}: an engine phase, run in-process through {@code Benchmark.run} (binding, property
 *       files, properties; the runner adds the user's properties and {@code results.dir});</li>
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
  private String binding;
  private final List<String> files = new ArrayList<>();
  private final Map<String, String> props = new LinkedHashMap<>();
  private final Map<String, String> tags = new LinkedHashMap<>();
  private final List<String> dependsOn = new ArrayList<>();
  private long seconds;
  private String note;
  private Boolean repeated;
  private boolean failuresExpected;
  private String failureIsAResult;
  private String failureMarker;
  private final List<String> freshPerRepeat = new ArrayList<>();
  private final Map<String, String> fault = new LinkedHashMap<>();
  private String faultBaseline;
  private double faultFraction;

  Step(String name, Kind kind) {
    this.name = name;
    this.kind = kind;
  }

  public static Step load(String name, String binding) {
    Step s = new Step(name, Kind.LOAD);
    s.binding = binding;
    s.argv.add("load");
    s.argv.add(binding);
    return s;
  }

  public static Step run(String name, String binding) {
    Step s = new Step(name, Kind.RUN);
    s.binding = binding;
    s.argv.add("run");
    s.argv.add(binding);
    return s;
  }

  public static Step census(String name, String... command) {
    Step s = new Step(name, Kind.CENSUS);
    s.argv.addAll(List.of(command));
    return s;
  }

  public static Step pause(String name, long seconds) {
    Step s = new Step(name, Kind.PAUSE);
    s.seconds = seconds;
    return s;
  }

  /** A property file, after the earlier ones; null adds none. */
  public Step file(String path) {
    if (path == null) {
      return this;
    }
    files.add(path);
    argv.add("-P");
    argv.add(path);
    return this;
  }

  public Step p(String key, Object value) {
    props.put(key, String.valueOf(value));
    argv.add("-p");
    argv.add(key + "=" + value);
    return this;
  }

  public Step tag(String key, Object value) {
    tags.put(key, String.valueOf(value));
    return this;
  }

  public Step after(String stepName) {
    dependsOn.add(stepName);
    return this;
  }

  Step note(String text) {
    this.note = text;
    return this;
  }

  /**
   * Failed operations are part of this step's experiment (a fault injected mid-run): they are counted and shown, but
   * do not fail the study. Without it, a step with failed operations makes the study exit 4.
   */
  public Step expectFailures() {
    this.failuresExpected = true;
    return this;
  }

  public boolean failuresExpected() {
    return failuresExpected;
  }

  /**
   * A census job that fails here may be the experiment's result (seed 000's Figure 11: HDFS input whose only
   * replicas were on the killed DataNodes): a failure whose log holds {@code marker} is recorded with {@code why}
   * and does not fail the study; any other failure does.
   */
  public Step failureIsAResult(String why, String marker) {
    this.failureIsAResult = why;
    this.failureMarker = marker;
    return this;
  }

  /** The text the job's log must hold for its failure to be that result (HDFS's "Could not obtain block"). */
  public String failureMarker() {
    return failureMarker;
  }

  /** Why this step's job failing is a result, or null. */
  public String failureIsAResult() {
    return failureIsAResult;
  }

  /**
   * A census step's fault schedule ({@code fault.*}, as a run's): the runner runs it around the {@code bin/census}
   * process, its times counted from the process's start, and adds what ran to the step's {@code results.json}
   * ({@code metadata.faults}).
   */
  public Step fault(Map<String, String> faultProps) {
    fault.putAll(faultProps);
    return this;
  }

  /**
   * The fault comes at this fraction of the baseline step's time (the same job without a fault, run before: its
   * process's wall time), which sets {@code fault.at} when this step runs. The baseline is also a dependency.
   */
  public Step faultAt(String baselineStep, double fraction) {
    this.faultBaseline = baselineStep;
    this.faultFraction = fraction;
    return after(baselineStep);
  }

  /** The census step's fault properties (fault.*), empty for none. */
  public Map<String, String> fault() {
    return new LinkedHashMap<>(fault);
  }

  /** The step whose time places this step's fault (null: fault.at as given). */
  public String faultBaseline() {
    return faultBaseline;
  }

  public double faultFraction() {
    return faultFraction;
  }

  /** Not repeated by {@code --repeat} (a census input's preparation): runs once, in the first repeat. */
  public Step once() {
    this.repeated = false;
    return this;
  }

  /**
   * Repeated by {@code --repeat} although a load (a measured write test), each repeat into fresh tables: the
   * value of each {@code freshKeys} property gets {@code r<k>_} appended in repeat k.
   */
  public Step repeated(String... freshKeys) {
    this.repeated = true;
    freshPerRepeat.addAll(List.of(freshKeys));
    return this;
  }

  /**
   * Whether {@code --repeat N} runs this step N times: runs and census jobs are measurements and are repeated;
   * loads (the data the runs need, loaded once) and pauses (after a load) are not, unless the study says so.
   */
  public boolean isRepeated() {
    return repeated != null ? repeated : kind == Kind.RUN || kind == Kind.CENSUS;
  }

  /** The folder name of repeat k of a repeated step: {@code <name>/run-<k>}. */
  static String repeatName(String name, int k) {
    return name + "/run-" + k;
  }

  /**
   * Repeat k of this step: named {@link #repeatName}, tagged {@code repeat} = k and {@code repeatOf} = this name;
   * its dependencies and {@code ${dir:STEP}} placeholders on repeated steps point at their repeat k.
   */
  Step repeat(int k, java.util.Set<String> repeatedSteps) {
    Step c = new Step(repeatName(name, k), kind);
    java.util.function.UnaryOperator<String> dirs = v -> {
      String out = v;
      for (String r : repeatedSteps) {
        out = out.replace("${dir:" + r + "}", "${dir:" + repeatName(r, k) + "}");
      }
      return out;
    };
    for (int i = 0; i < argv.size(); i++) {
      String a = argv.get(i);
      if (i > 0 && argv.get(i - 1).equals("-p") && a.indexOf('=') > 0) {
        String key = a.substring(0, a.indexOf('='));
        a = key + "=" + fresh(key, a.substring(a.indexOf('=') + 1), k);
      }
      c.argv.add(dirs.apply(a));
    }
    c.binding = binding;
    c.files.addAll(files);
    props.forEach((key, v) -> c.props.put(key, dirs.apply(fresh(key, v, k))));
    c.tags.putAll(tags);
    c.tags.put("repeat", Integer.toString(k));
    c.tags.put("repeatOf", name);
    for (String d : dependsOn) {
      c.dependsOn.add(repeatedSteps.contains(d) ? repeatName(d, k) : d);
    }
    c.seconds = seconds;
    c.note = note;
    c.fault.putAll(fault);
    c.faultBaseline = faultBaseline == null || !repeatedSteps.contains(faultBaseline) ? faultBaseline
        : repeatName(faultBaseline, k);
    c.faultFraction = faultFraction;
    c.repeated = true;
    c.failuresExpected = failuresExpected;
    c.failureIsAResult = failureIsAResult;
    c.failureMarker = failureMarker;
    return c;
  }

  private String fresh(String key, String value, int k) {
    return freshPerRepeat.contains(key) ? value + "r" + k + "_" : value;
  }

  public String name() {
    return name;
  }

  public Kind kind() {
    return kind;
  }

  /** The step as a command line, for people (logs, the plan, study.json). */
  public List<String> argv() {
    return List.copyOf(argv);
  }

  /** An engine step's binding. */
  public String binding() {
    return binding;
  }

  /** An engine step's property files, in order. */
  public List<String> files() {
    return List.copyOf(files);
  }

  /** An engine step's single properties (a census step's {@code -p} too), in order, above the files. */
  public Map<String, String> properties() {
    return new LinkedHashMap<>(props);
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
