package org.sciycsb.wiredtiger;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sciycsb.api.BindingException;

/**
 * Debian's WiredTiger as this JVM finds it, checked before any WiredTiger class is touched: the JNI class's static
 * initializer calls {@code System.exit(1)} when it cannot load {@code libwiredtiger_java.so}, so the binding looks for
 * the library on {@code java.library.path} and loads it itself first, and a missing piece is one line naming the fix.
 * Also finds the compressor extensions ({@code libwiredtiger_snappy.so}, {@code libwiredtiger_zlib.so}).
 */
final class Installation {
  static final String FIX = "run bin/servers setup wiredtiger";
  private static final String JNI = "libwiredtiger_java.so";
  /** Where Debian installs the compressor extensions (multiarch first). */
  private static final List<String> EXTENSION_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
      "/usr/lib64", "/usr/lib");

  private Installation() {}

  /** Checks the jar and the JNI library, and loads the library; one line naming the fix when either is missing. */
  static void check() throws BindingException {
    Class<?> jni;
    try {
      jni = Class.forName("com.wiredtiger.db.wiredtigerJNI", false, Installation.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new BindingException("wiredtiger: WiredTiger's Java binding (Debian's libwiredtiger-java, "
          + "/usr/share/java/wiredtiger.jar) is not on the classpath: " + FIX);
    }
    String path = System.getProperty("java.library.path", "");
    if (folderWith(path, JNI) == null) {
      throw new BindingException("wiredtiger: no " + JNI + " on java.library.path (" + path + "); Debian installs "
          + "only libwiredtiger_java.so.0: " + FIX + " (it links it into $SCIYCSB_WORK/wiredtiger/lib, which "
          + "bin/ycsb puts on the path)");
    }
    if (jni.getClassLoader() == Installation.class.getClassLoader()) {
      try {
        System.loadLibrary("wiredtiger_java"); // the JNI class's own call then finds it loaded, in this loader
      } catch (UnsatisfiedLinkError e) {
        throw new BindingException("wiredtiger: cannot load " + JNI + ": " + e.getMessage() + ": " + FIX);
      }
    }
  }

  /** The first folder of a path list that holds {@code file}, or null. */
  static Path folderWith(String pathList, String file) {
    for (String entry : pathList.split(File.pathSeparator)) {
      if (!entry.isBlank() && Files.exists(Path.of(entry).resolve(file))) {
        return Path.of(entry);
      }
    }
    return null;
  }

  /** The extension library of a block compressor (none for "none"). */
  static List<Path> extensions(String compressor) throws BindingException {
    List<Path> out = new ArrayList<>();
    if ("none".equals(compressor)) {
      return out;
    }
    String lib = "libwiredtiger_" + compressor + ".so";
    Path dir = folderWith(String.join(File.pathSeparator, EXTENSION_DIRS) + File.pathSeparator
        + System.getProperty("java.library.path", ""), lib);
    if (dir == null) {
      throw new BindingException("wiredtiger: the " + compressor + " compressor (" + lib + ", Debian's "
          + "libwiredtiger0) is not installed: " + FIX + ", or give -p wiredtiger.block_compressor=none");
    }
    out.add(dir.resolve(lib));
    return out;
  }

  /** WiredTiger's version as its Java binding reports it ("WiredTiger 3.2.1: (August 27, 2019)"). */
  static String versionString() {
    try {
      return String.valueOf(Class.forName("com.wiredtiger.db.wiredtigerConstants")
          .getField("WIREDTIGER_VERSION_STRING").get(null));
    } catch (ReflectiveOperationException e) {
      return "WiredTiger unknown";
    }
  }
}
