package org.sciycsb.yarn;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The job configuration keys the submitter writes and the map tasks read, and their encoding. Hadoop and the JDK
 * only: the task JVM has this module's jar and the cluster's Hadoop, nothing of the engine.
 */
final class JobKeys {
  private JobKeys() {}

  static final String PREFIX = "sciycsb.";
  /** Number of clients (= map tasks = input splits). */
  static final String CLIENTS = PREFIX + "clients";
  /** load or run. */
  static final String COMMAND = PREFIX + "command";
  /** The binding's name, empty with -db. */
  static final String BINDING = PREFIX + "binding";
  /** The properties every client shares (base64 of a Properties text); secrets travel in the job's Credentials. */
  static final String COMMON_PROPS = PREFIX + "properties";
  /** Client i's own properties (its share, its label), base64 of a Properties text: {@code sciycsb.client.<i>}. */
  static final String CLIENT_PROPS = PREFIX + "client.";
  /** Link names of the engine's classpath in the container's working folder, in order, comma-separated. */
  static final String CLASSPATH = PREFIX + "classpath";
  /** The client JVM's flags (binding's jvm.options, -jvm-args), base64 of newline-joined. */
  static final String JVM_OPTS = PREFIX + "jvmopts";
  static final String HEAP_MB = PREFIX + "heap.mb";
  static final String JAVA_HOME = PREFIX + "java.home";
  static final String DEBUG = PREFIX + "debug";
  static final String GIT_REVISION = PREFIX + "gitRevision";
  static final String BINDINGS = PREFIX + "bindings";
  /** Fully qualified folder of this job on the cluster file system: client-<i>/, barrier/. */
  static final String RUN_DIR = PREFIX + "run.dir";
  static final String BARRIER_MS = PREFIX + "barrier.ms";
  static final String START_LEAD_MS = PREFIX + "start.lead.ms";
  /** Prefix of the secret keys in the job's Credentials: {@code sciycsb.secret.<property>}. */
  static final String SECRET = PREFIX + "secret.";

  static final String MAIN_CLASS = "org.sciycsb.cli.Main";
  /** What a client task leaves next to its results folder: index, exit code, host, error line. */
  static final String CLIENT_JSON = "client.json";
  /** The client JVM's output (stderr and stdout). */
  static final String CLIENT_LOG = "client.log";

  static String clientDir(int index) {
    return "client-" + index;
  }

  static String encode(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  static String decode(String s) {
    return s == null || s.isEmpty() ? "" : new String(Base64.getDecoder().decode(s), StandardCharsets.UTF_8);
  }

  static String encodeLines(List<String> lines) {
    return encode(String.join("\n", lines));
  }

  static List<String> decodeLines(String s) {
    List<String> out = new ArrayList<>();
    for (String l : decode(s).split("\n")) {
      if (!l.isEmpty()) {
        out.add(l);
      }
    }
    return out;
  }
}
