package org.sciycsb.engine.config;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Binding;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.bindings.ClassDbBinding;
import org.sciycsb.engine.trace.TraceWorkload;
import org.sciycsb.workloads.CoreWorkload;
import org.sciycsb.workloads.CoreWorkloadOptions;
import org.sciycsb.workloads.UpstreamWorkload;
import site.ycsb.Workload;

/** Finds bindings and workloads: registered ones through ServiceLoader, others by class name. */
public final class Registry {
  /** The binding used when none is named: the embedded SQL store. */
  public static final String DEFAULT_BINDING = ProjectBindings.get("default");
  private static final String UPSTREAM_CORE = "site.ycsb.workloads.CoreWorkload";

  private Registry() {}

  public static List<Binding> bindings() {
    List<Binding> out = new ArrayList<>();
    for (Binding b : ServiceLoader.load(Binding.class, Thread.currentThread().getContextClassLoader())) {
      out.add(b);
    }
    return out;
  }

  public static Binding binding(String name, String dbClass) throws ConfigException {
    if (dbClass != null && !dbClass.isBlank()) {
      if (name != null) {
        throw new ConfigException("give either a binding name (" + name + ") or -db " + dbClass + ", not both");
      }
      ClassDbBinding b = new ClassDbBinding(dbClass);
      b.load();
      return b;
    }
    String wanted = name == null ? DEFAULT_BINDING : name;
    for (Binding b : bindings()) {
      if (b.name().equals(wanted)) {
        return b;
      }
    }
    List<String> names = available();
    String guess = KeyCheck.closest(wanted, names);
    throw new ConfigException("unknown binding '" + wanted + "'" + (guess == null ? "" : ": did you mean " + guess + "?")
        + " (available: " + String.join(", ", names) + ")");
  }

  /** Binding names: those on the classpath and the binding modules the launcher found. */
  public static List<String> available() {
    List<String> names = new ArrayList<>();
    for (Binding b : bindings()) {
      names.add(b.name());
    }
    String modules = System.getProperty("sciycsb.bindings", "");
    for (String m : modules.split(",")) {
      if (!m.isBlank() && !names.contains(m.trim())) {
        names.add(m.trim());
      }
    }
    names.sort(null);
    return names;
  }

  public static List<BenchWorkload> workloads() {
    List<BenchWorkload> out = new ArrayList<>();
    for (BenchWorkload w : ServiceLoader.load(BenchWorkload.class, Thread.currentThread().getContextClassLoader())) {
      out.add(w);
    }
    return out;
  }

  public static BenchWorkload workload(Config config) throws ConfigException {
    String name = config.raw("workload", UPSTREAM_CORE).trim();
    if (config.has(org.sciycsb.engine.trace.TraceOptions.IN.name()) || name.equals(TraceWorkload.NAME)) {
      boolean core = name.equals(UPSTREAM_CORE) || name.equals("core") || name.equals(TraceWorkload.NAME);
      if (!core) {
        throw new ConfigException("trace.in replays a trace: it cannot be combined with workload " + name);
      }
      return new TraceWorkload(); // the core workload's properties (-P workloada) may stay: the trace decides
    }
    // upstream workloads reach the static Measurements while they are constructed: give it the properties first
    site.ycsb.measurements.Measurements.setProperties(config.toProperties());
    if (name.equals(UPSTREAM_CORE) || name.equals("core") || name.equals("com.yahoo.ycsb.workloads.CoreWorkload")) {
      boolean upstream = config.get(CoreWorkloadOptions.IMPL).equals("upstream");
      return upstream ? new UpstreamWorkload(new site.ycsb.workloads.CoreWorkload()) : new CoreWorkload();
    }
    for (BenchWorkload w : workloads()) {
      if (w.name().equals(name) || w.getClass().getName().equals(name)) {
        return w;
      }
    }
    Class<?> c;
    try {
      c = Class.forName(name, true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      List<String> known = new ArrayList<>();
      for (BenchWorkload w : workloads()) {
        known.add(w.name());
      }
      throw new ConfigException("unknown workload '" + name + "' (registered: " + String.join(", ", known)
          + "; or give a class on the classpath)");
    }
    try {
      if (BenchWorkload.class.isAssignableFrom(c)) {
        return c.asSubclass(BenchWorkload.class).getConstructor().newInstance();
      }
      if (Workload.class.isAssignableFrom(c)) {
        return new UpstreamWorkload(c.asSubclass(Workload.class).getConstructor().newInstance());
      }
    } catch (ReflectiveOperationException e) {
      throw new ConfigException("cannot create workload " + name + ": " + e);
    }
    throw new ConfigException("workload class " + name + " is neither a site.ycsb.Workload nor a BenchWorkload");
  }
}
