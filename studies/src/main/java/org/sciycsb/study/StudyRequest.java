package org.sciycsb.study;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One {@code bin/ycsb study <name> [<binding>]} command line, typed: {@code binding} a binding or a comma-separated
 * list (null: the default), {@code clusters} the {@code --clusters} text (null: none), {@code scale},
 * {@code maxThreads} and {@code repeat} null for their defaults, {@code clients} the client processes per engine step
 * (null: 1), {@code yarn} the {@code --yarn} Hadoop configuration folder (null: clients on this host), {@code only} the step patterns (empty: all), {@code compare} the two folders of {@code --compare} (null:
 * run the study), {@code props} the {@code -p} properties in order, {@code devices} the {@code --devices} text (null: none),
 * {@code memoryRatio} {@code --memory-ratio} (null: the paper's, when the study manages the server), {@code dcs} and
 * {@code nodes} {@code --dcs} and {@code --nodes} (null: no multi-data-centre cluster; nodes null: three a data centre).
 */
public record StudyRequest(String name, String binding, String clusters, Double scale, Integer maxThreads,
    Integer repeat, Integer clients, Path yarn, List<String> only, boolean dry, List<Path> compare, Map<String, String> props,
    String devices, Double memoryRatio, Integer dcs, Integer nodes) {
  /** As above, on no multi-data-centre cluster. */
  public StudyRequest(String name, String binding, String clusters, Double scale, Integer maxThreads, Integer repeat,
      Integer clients, Path yarn, List<String> only, boolean dry, List<Path> compare, Map<String, String> props,
      String devices, Double memoryRatio) {
    this(name, binding, clusters, scale, maxThreads, repeat, clients, yarn, only, dry, compare, props, devices,
        memoryRatio, null, null);
  }
}
