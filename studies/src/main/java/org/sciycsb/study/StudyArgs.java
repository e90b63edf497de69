package org.sciycsb.study;

import java.nio.file.Path;
import java.util.List;
import org.sciycsb.study.plan.StudySeeds;
import org.sciycsb.study.seeds.StudyDef;

/**
 * The dimensions of one store's study as {@code bin/ycsb study} was asked for them: the study, {@code --scale},
 * {@code --max-threads} (null: the default cap), {@code --repeat} (null: the study's own), {@code --only} and
 * {@code --clients} (client processes per engine step, 1: the engine in this process), {@code --yarn} (the Hadoop
 * configuration folder of a YARN cluster that runs the clients as map tasks; null: this host), {@code --devices}
 * (the emulated devices the store's test server is restarted on, one study each; empty: the server as it runs) and
 * {@code --memory-ratio} (the largest data set over the server's memory cap; null: the paper's) and {@code seeds}
 * (the engine steps' seeds, one base for the whole invocation), {@code dcs} and {@code nodes} ({@code --dcs},
 * {@code --nodes}: the multi-data-centre cluster the study starts; null: none, and three nodes a data centre).
 */
record StudyArgs(StudyDef def, double scale, Integer maxThreads, Integer repeat, List<String> only, int clients,
    Path yarn, List<String> devices, Double memoryRatio, StudySeeds seeds, Integer dcs, Integer nodes) {
  /** Whether the study restarts the store's test server itself (on a device, with a memory cap). */
  boolean managesServer() {
    return !devices.isEmpty() || memoryRatio != null;
  }

  /** The same study on one of the devices. */
  StudyArgs onDevice(String device) {
    return new StudyArgs(def, scale, maxThreads, repeat, only, clients, yarn, List.of(device), memoryRatio, seeds, dcs,
        nodes);
  }

  /** Whether engine steps run as client processes (here or on YARN) rather than in this process. */
  boolean clientProcesses() {
    return clients > 1 || yarn != null;
  }
}
