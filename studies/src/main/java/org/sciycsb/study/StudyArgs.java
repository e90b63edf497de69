package org.sciycsb.study;

import java.nio.file.Path;
import java.util.List;
import org.sciycsb.study.seeds.StudyDef;

/**
 * The dimensions of one store's study as {@code bin/ycsb study} was asked for them: the study, {@code --scale},
 * {@code --max-threads} (null: the default cap), {@code --repeat} (null: the study's own), {@code --only} and
 * {@code --clients} (client processes per engine step, 1: the engine in this process), {@code --yarn} (the Hadoop
 * configuration folder of a YARN cluster that runs the clients as map tasks; null: this host).
 */
record StudyArgs(StudyDef def, double scale, Integer maxThreads, Integer repeat, List<String> only, int clients,
    Path yarn) {
  /** Whether engine steps run as client processes (here or on YARN) rather than in this process. */
  boolean clientProcesses() {
    return clients > 1 || yarn != null;
  }
}
