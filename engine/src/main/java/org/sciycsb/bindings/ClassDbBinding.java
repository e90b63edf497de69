package org.sciycsb.bindings;

import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import site.ycsb.DB;

/**
 * {@code -db <class>}: any class extending {@code site.ycsb.DB}, run as YCSB runs it: one instance per thread,
 * given the properties, then {@code init()}. Found on the classpath, {@code -cp} jars included.
 */
public final class ClassDbBinding implements Binding {
  private final String className;

  public ClassDbBinding(String className) {
    this.className = className;
  }

  @Override
  public String name() {
    return className;
  }

  @Override
  public String summary() {
    return "the site.ycsb.DB class " + className;
  }

  /**
   * The property names the class declares as upstream's DBs do ({@link ClassProperties}: BasicDB's
   * {@code basicdb.verbose}, ...); none when the class cannot be loaded (the run then fails on that).
   */
  @Override
  public OptionSet options() {
    try {
      return ClassProperties.of(load(), className);
    } catch (ConfigException e) {
      return OptionSet.empty(className);
    }
  }

  /** Loads the class; a missing class or one that is not a DB is a configuration error. */
  public Class<? extends DB> load() throws ConfigException {
    Class<?> c;
    try {
      c = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException("db class " + className + " not found on the classpath (add its jar with -cp)");
    }
    if (!DB.class.isAssignableFrom(c)) {
      throw new ConfigException("db class " + className + " does not extend site.ycsb.DB");
    }
    return c.asSubclass(DB.class);
  }

  @Override
  public BindingRun open(RunContext ctx) throws ConfigException {
    Class<? extends DB> c = load();
    try {
      c.getConstructor();
    } catch (NoSuchMethodException e) {
      throw new ConfigException("db class " + className + " has no public no-argument constructor");
    }
    return new BindingRun() {
      @Override
      public DB newDb(int threadId) throws ConfigException {
        try {
          return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
          Throwable cause = e.getCause() == null ? e : e.getCause();
          throw new ConfigException("cannot create " + className + ": " + cause);
        }
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("unknown (" + className + ")", "unknown");
      }

      @Override
      public void close() {}
    };
  }
}
