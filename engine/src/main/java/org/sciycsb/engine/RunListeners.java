package org.sciycsb.engine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/** The extensions' listeners of one run, called in {@link RunListener}'s order. */
final class RunListeners {
  /** Before the listeners are opened (and in a run without extensions). */
  static final RunListeners NONE = new RunListeners(List.of());

  private final List<RunListener> listeners;
  /** {@link RunListener#close} is called once. */
  private boolean closed;

  private RunListeners(List<RunListener> listeners) {
    this.listeners = listeners;
  }

  /** A listener for each of the request's extensions, told where the binding says its store is. */
  static RunListeners open(Engine.Request req, Config cfg, ResultsDir results) throws ConfigException {
    List<RunListener> out = new ArrayList<>();
    StoreLocation store = req.extensions().isEmpty() ? StoreLocation.UNKNOWN
        : req.binding().location(cfg, req.workDir());
    for (RunExtension e : req.extensions()) {
      out.add(e.open(cfg, results.path(), store == null ? StoreLocation.UNKNOWN : store));
    }
    return new RunListeners(out);
  }

  /** Before the threads start: the live view, then {@link RunListener#beforeThreadsStart()}. */
  void beforeThreadsStart(LiveRun live) {
    listeners.forEach(l -> l.live(live));
    listeners.forEach(RunListener::beforeThreadsStart);
  }

  /** The threads ended: the first {@code resources} section a listener gives, or null. */
  Map<String, Object> measurementEnded(long measureStartEpochMs) {
    Map<String, Object> resources = null;
    for (RunListener l : listeners) {
      Map<String, Object> r = l.measurementEnded(measureStartEpochMs);
      resources = resources == null ? r : resources;
    }
    return resources;
  }

  /** Every listener's metadata entries added to {@code meta}. */
  void addMetadata(Map<String, Object> meta) throws ConfigException {
    for (RunListener l : listeners) {
      meta.putAll(l.metadata());
    }
  }

  /** The results are written: every listener adds its files and judges; the failures they gave, in order. */
  List<RunListener.Failure> finished(RunReport report, ResultsDir results, PrintStream err) {
    List<RunListener.Failure> failures = new ArrayList<>();
    for (RunListener l : listeners) {
      Optional<RunListener.Failure> f = l.finished(report, results, err);
      f.ifPresent(failures::add);
    }
    return failures;
  }

  void close() {
    if (closed) {
      return; // a run that fails before measuring closes them before discarding its folder, and again at its end
    }
    closed = true;
    for (RunListener l : listeners) {
      l.close();
    }
  }
}
