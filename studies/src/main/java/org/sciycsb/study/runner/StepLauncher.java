package org.sciycsb.study.runner;

import java.util.List;
import org.sciycsb.study.plan.Step;

/**
 * How a load or run step runs as a child process of the study instead of in it (a store embedded in the client,
 * run in a memory cgroup of its own: {@code bin/servers memcap exec NAME -- bin/ycsb -jvm-args ...}): the words
 * before the step's {@code bin/ycsb} arguments. Asked when the step starts, after the hook that prepares it.
 */
public interface StepLauncher {
  List<String> prefix(Step s);
}
