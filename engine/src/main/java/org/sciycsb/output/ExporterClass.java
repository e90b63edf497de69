package org.sciycsb.output;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sciycsb.api.ConfigException;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The {@code exporter} property: a class implementing YCSB's {@link MeasurementsExporter} with a public
 * {@code (OutputStream)} constructor, found on the run's classpath; and the {@code exportfile}'s folder. Both are
 * checked before anything runs.
 */
public final class ExporterClass {
  private ExporterClass() {}

  /** The exporter's constructor, or bad input naming what is wrong with the class. */
  public static Constructor<? extends MeasurementsExporter> check(String className) throws ConfigException {
    Class<?> c;
    try {
      c = Class.forName(className, false, ExporterClass.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException("bad value for exporter: no class " + className + " on the classpath (YCSB's: "
          + OutputOptions.TEXT_EXPORTER + ", site.ycsb.measurements.exporter.JSONMeasurementsExporter,"
          + " site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter)");
    }
    if (!MeasurementsExporter.class.isAssignableFrom(c) || Modifier.isAbstract(c.getModifiers())) {
      throw new ConfigException("bad value for exporter: " + className + " is not a concrete "
          + MeasurementsExporter.class.getName());
    }
    try {
      return c.asSubclass(MeasurementsExporter.class).getConstructor(OutputStream.class);
    } catch (NoSuchMethodException e) {
      throw new ConfigException("bad value for exporter: " + className + " has no public (OutputStream)"
          + " constructor");
    }
  }

  /** {@code exportfile}: its folder must exist (it is not created), and it must not be a folder. */
  public static void checkFile(String exportFile) throws ConfigException {
    if (exportFile != null) {
      checkFolderOf(OutputOptions.EXPORT_FILE.name(), exportFile);
    }
  }

  /** A file an option names: not a folder, in a folder that exists. */
  public static void checkFolderOf(String option, String file) throws ConfigException {
    Path p = Path.of(file).toAbsolutePath();
    if (Files.isDirectory(p)) {
      throw new ConfigException("bad value for " + option + ": " + file + " is a folder");
    }
    if (p.getParent() != null && !Files.isDirectory(p.getParent())) {
      throw new ConfigException("bad value for " + option + ": folder " + p.getParent() + " does not exist");
    }
  }

  /** A new exporter writing to {@code out}. */
  public static MeasurementsExporter open(String className, OutputStream out) throws IOException {
    try {
      return check(className).newInstance(out);
    } catch (ConfigException | InstantiationException | IllegalAccessException e) {
      throw new IOException("cannot create exporter " + className + ": " + e.getMessage(), e);
    } catch (InvocationTargetException e) {
      throw new IOException("exporter " + className + " failed to start: " + e.getCause(), e.getCause());
    }
  }

  /** {@code out} whose close only flushes: an exporter closes its stream, and stdout must stay open. */
  public static OutputStream unclosable(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
