package org.sciycsb.engine;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.PropertyFiles;

/**
 * One phase to run, immutable: what {@link Benchmark#run(RunSpec)} takes. The properties are those of
 * {@code bin/ycsb load|run}: property files in order, then single properties on top of every file (YCSB's
 * {@code -P} and {@code -p}); the binding by name ({@code null}: the default, or {@code db} names a class).
 */
public final class RunSpec {
  private final Phase phase;
  private final String binding;
  private final Map<String, String> properties;
  private final PrintStream out;
  private final PrintStream err;
  private final boolean debug;
  private final boolean handleSignals;
  private final List<OptionSet> extraOptions;
  private final List<RunExtension> extensions;
  private final Map<String, Object> launchMetadata;
  private final Path workDir;

  private RunSpec(Builder b) {
    this.phase = b.phase;
    this.binding = b.binding;
    Map<String, String> props = new LinkedHashMap<>(b.fromFiles);
    props.putAll(b.overrides);
    this.properties = Collections.unmodifiableMap(props);
    this.out = b.out;
    this.err = b.err;
    this.debug = b.debug;
    this.handleSignals = b.handleSignals;
    this.extraOptions = List.copyOf(b.extraOptions);
    this.extensions = List.copyOf(b.extensions);
    this.launchMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(b.launchMetadata));
    this.workDir = b.workDir;
  }

  public static Builder builder(Phase phase) {
    return new Builder(phase);
  }

  public Phase phase() {
    return phase;
  }

  /** The binding's name as given, or null (the default binding, or the class of {@code db}). */
  public String binding() {
    return binding;
  }

  /** Every property: the files' merged, then the single ones. */
  public Map<String, String> properties() {
    return properties;
  }

  public PrintStream out() {
    return out;
  }

  public PrintStream err() {
    return err;
  }

  public boolean debug() {
    return debug;
  }

  /** Whether a signal (SIGINT, SIGTERM) stops the run early with its results written (default: yes). */
  public boolean handleSignals() {
    return handleSignals;
  }

  /** Option sets of the caller (a cluster runner's {@code yarn.*}) whose keys are known too. */
  public List<OptionSet> extraOptions() {
    return extraOptions;
  }

  public List<RunExtension> extensions() {
    return extensions;
  }

  /** Entries the caller adds to the metadata (the revision, the command line). */
  public Map<String, Object> launchMetadata() {
    return launchMetadata;
  }

  /** The work folder (caches, generated inputs), or null for the default. */
  public Path workDir() {
    return workDir;
  }

  /** A copy with further single properties on top. */
  public Builder toBuilder() {
    return toBuilder(phase);
  }

  /** A copy for another phase (a load before the runs of the same configuration). */
  public Builder toBuilder(Phase otherPhase) {
    Builder b = new Builder(otherPhase).binding(binding).properties(properties).out(out).err(err).debug(debug)
        .handleSignals(handleSignals).workDir(workDir);
    b.extraOptions.addAll(extraOptions);
    b.extensions.addAll(extensions);
    b.launchMetadata.putAll(launchMetadata);
    return b;
  }

  /** Builds a {@link RunSpec}. */
  public static final class Builder {
    private final Phase phase;
    private String binding;
    private final Map<String, String> fromFiles = new LinkedHashMap<>();
    private final Map<String, String> overrides = new LinkedHashMap<>();
    private PrintStream out = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    private PrintStream err = System.err;
    private boolean debug;
    private boolean handleSignals = true;
    private final List<OptionSet> extraOptions = new ArrayList<>();
    private final List<RunExtension> extensions = new ArrayList<>();
    private final Map<String, Object> launchMetadata = new LinkedHashMap<>();
    private Path workDir;

    private Builder(Phase phase) {
      this.phase = phase;
    }

    public Builder binding(String name) {
      this.binding = name;
      return this;
    }

    /** Reads a property file now (strictly, see {@link PropertyFiles}); later files win over earlier ones. */
    public Builder propertyFile(Path file) throws ConfigException {
      fromFiles.putAll(PropertyFiles.read(file, file.toString()));
      return this;
    }

    /** A single property, above every file. */
    public Builder property(String key, String value) {
      overrides.put(key, value);
      return this;
    }

    public Builder properties(Map<String, String> props) {
      overrides.putAll(props);
      return this;
    }

    public Builder out(PrintStream s) {
      this.out = s;
      return this;
    }

    public Builder err(PrintStream s) {
      this.err = s;
      return this;
    }

    public Builder debug(boolean d) {
      this.debug = d;
      return this;
    }

    public Builder handleSignals(boolean h) {
      this.handleSignals = h;
      return this;
    }

    public Builder extraOptions(OptionSet set) {
      extraOptions.add(set);
      return this;
    }

    public Builder extension(RunExtension e) {
      extensions.add(e);
      return this;
    }

    public Builder launch(String key, Object value) {
      launchMetadata.put(key, value);
      return this;
    }

    public Builder workDir(Path dir) {
      this.workDir = dir;
      return this;
    }

    public RunSpec build() {
      return new RunSpec(this);
    }
  }
}
