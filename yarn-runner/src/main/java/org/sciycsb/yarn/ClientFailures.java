package org.sciycsb.yarn;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.results.ResultsDir;

/** The failure of a cluster run, if any, after its results are merged: the job's, or its first failed client's. */
final class ClientFailures {
  private ClientFailures() {}

  /** The run's failure, if any: the job's when no client left results, else the first failed client's. */
  static void check(int n, Job job, ClientResults.JobEnd end, List<ClientOutcome> outcomes, List<String> inputs,
      ResultsDir results) throws BenchmarkException {
    String jobFailure = end.failure();
    Map<Integer, String> diagnostics = end.diagnostics();
    List<ClientOutcome> failed = outcomes.stream().filter(ClientOutcome::failed).toList();
    if (!end.ok() && outcomes.stream().noneMatch(ClientOutcome::present)) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "the YARN job " + job.getJobID() + " ended "
          + end.state() + " and no client left results" + (jobFailure == null || jobFailure.isBlank() ? ""
          : ": " + YarnRunner.firstLine(jobFailure)) + (diagnostics.isEmpty() ? "" : "; task: "
          + diagnostics.values().iterator().next()) + " (its logs: yarn logs -applicationId " + String.valueOf(job.getJobID()).replace("job_", "application_")
          + ")");
    }
    if (!failed.isEmpty()) {
      ClientOutcome f = failed.get(0);
      int code = f.present() && f.exitCode() > 0 ? f.exitCode() : BenchmarkException.EXIT_RUN_FAILED;
      String why = f.present() ? "exit " + f.exitCode() + (f.error() == null ? "" : ": " + f.error())
          : "no results (its task failed" + (f.taskDiagnostics() == null ? "" : ": " + f.taskDiagnostics())
              + (jobFailure == null || jobFailure.isBlank() ? "" : "; job: " + YarnRunner.firstLine(jobFailure)) + ")";
      throw new BenchmarkException(code, "client " + f.index() + " of " + n + " failed (" + why + ")"
          + (failed.size() > 1 ? "; " + failed.size() + " of " + n + " clients failed" : "") + "; "
          + (inputs.isEmpty() ? "no client left results" : inputs.size() + (inputs.size() == 1 ? " client's" : " clients'")
          + " results merged into "
          + results.path()) + " (each client's log: clients/<i>/client.log)");
    }
    if (!end.ok()) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "the YARN job " + job.getJobID() + " ended "
          + end.state() + (jobFailure == null || jobFailure.isBlank() ? "" : ": " + YarnRunner.firstLine(jobFailure)));
    }
  }
}
