package org.sciycsb.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * What a finished job left: how it ended, each client's results folder downloaded from the cluster with its
 * outcome, and the folders there are to merge.
 */
final class ClientResults {
  private ClientResults() {}

  /** How the job ended, as the ResourceManager tells it, and each task's last diagnostic line. */
  record JobEnd(boolean ok, String state, String failure, Map<Integer, String> diagnostics) {}

  static JobEnd jobEnd(Job job) throws IOException, InterruptedException {
    boolean jobOk = job.isSuccessful();
    JobStatus status = job.getStatus();
    Map<Integer, String> diagnostics = new TreeMap<>();
    try {
      for (TaskReport t : job.getTaskReports(TaskType.MAP)) {
        if (t.getDiagnostics() != null && t.getDiagnostics().length > 0) {
          diagnostics.put(t.getTaskID().getId(), YarnRunner.firstLine(t.getDiagnostics()[t.getDiagnostics().length - 1]));
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // diagnostics are a help only
    }
    return new JobEnd(jobOk, String.valueOf(status.getState()), status.getFailureInfo(), diagnostics);
  }

  /** Each client's folder from the cluster into clients/<i>/, and its outcome from its client.json. */
  static void download(int clients, FileSystem fs, Path runDir, Configuration hconf, java.nio.file.Path clientsDir,
      Map<Integer, String> diagnostics, ObjectMapper json, List<ClientOutcome> outcomes) throws IOException {
    FileSystem local = FileSystem.getLocal(hconf).getRaw();
    for (int i = 0; i < clients; i++) {
      Path src = new Path(runDir, JobKeys.clientDir(i));
      java.nio.file.Path dst = clientsDir.resolve(Integer.toString(i));
      if (!fs.exists(src)) {
        outcomes.add(new ClientOutcome(i, false, -1, null, null, 0, 0, diagnostics.get(i)));
        continue;
      }
      FileUtil.copy(fs, src, local, new Path(dst.toAbsolutePath().toString()), false, hconf);
      JsonNode c = json.readTree(dst.resolve(JobKeys.CLIENT_JSON).toFile());
      String e = c.path("error").asText("");
      outcomes.add(new ClientOutcome(i, true, c.path("exitCode").asInt(-1), e.isEmpty() ? null : e,
          c.path("host").asText(null), c.path("barrierWaitMs").asLong(), c.path("startAtEpochMs").asLong(),
          diagnostics.get(i)));
    }
  }

  /** The folders of the clients that left results to merge. */
  static List<String> mergeable(List<ClientOutcome> outcomes, java.nio.file.Path clientsDir) {
    List<String> inputs = new ArrayList<>();
    for (ClientOutcome o : outcomes) {
      java.nio.file.Path d = clientsDir.resolve(Integer.toString(o.index()));
      if (o.present() && Files.isRegularFile(d.resolve("results.json")) && Files.isRegularFile(d.resolve("latency.hlog"))) {
        inputs.add(d.toString());
      }
    }
    return inputs;
  }
}
