package org.sciycsb.engine;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.RunContext;
import org.sciycsb.engine.run.LiveState;
import org.sciycsb.engine.run.PhaseHooks;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/**
 * What the engine adds to a {@link org.sciycsb.engine.run.PhaseRun}: the request's extensions' listeners
 * ({@link RunListeners}) and the run's metadata block ({@link Metadata}, with the server's {@link Manifest} entry).
 */
final class EngineHooks implements PhaseHooks {
  private final Engine.Request req;
  /** The extensions' listeners of this run, once opened. */
  private volatile RunListeners listeners = RunListeners.NONE;

  EngineHooks(Engine.Request req) {
    this.req = req;
  }

  @Override
  public void open(ResultsDir results) throws ConfigException {
    listeners = RunListeners.open(req, req.config(), results);
  }

  @Override
  public void beforeThreadsStart(LiveState live) {
    listeners.beforeThreadsStart(new LiveView(live));
  }

  @Override
  public Map<String, Object> measurementEnded(long measureStartEpochMs) {
    return listeners.measurementEnded(measureStartEpochMs);
  }

  @Override
  public Map<String, Object> metadata(RunContext ctx, BindingRun run, Instant started, Ended e)
      throws ConfigException {
    Map<String, Object> meta = Metadata.build(req, ctx, run.storeInfo(), started, Instant.now(), e.threads(),
        e.target(), e.arrival(), e.label(), e.outcome(), e.failure(), req.workload().name());
    listeners.addMetadata(meta);
    Manifest.addServer(meta, run);
    return meta;
  }

  @Override
  public List<Failure> finished(RunReport report, ResultsDir results) {
    return listeners.finished(report, results, req.err()).stream()
        .map(f -> new Failure(f.message(), f.exitCode())).toList();
  }

  @Override
  public void close() {
    listeners.close();
  }
}
