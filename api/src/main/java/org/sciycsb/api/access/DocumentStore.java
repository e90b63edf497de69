package org.sciycsb.api.access;

import java.util.List;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import site.ycsb.Status;

/**
 * JSON documents by id in named collections: the FASTA/SSEARCH workload's task, rna, gs and align documents.
 * MongoDB stores them as documents, Cassandra and SQL as (id, json) rows, Riak as objects, HDFS as appended lines.
 *
 * <p>Handles are per thread ({@code BindingRun.accessPath(DocumentStore.class, threadId)}); a handle with thread
 * id -1 is for {@link #prepare} during workload init.
 */
public interface DocumentStore extends AccessPath {
  /** The result of a read: the status and, when found, the document's JSON. */
  record Result(Status status, String json) {}

  /** Creates the collections if missing (idempotent); called once before threads start. */
  void prepare(List<String> collections) throws BenchmarkException;

  /**
   * Inserts one document. The binding may buffer it (returning {@link Status#BATCHED_OK});
   * {@link #flush} and {@link #close} write what is buffered.
   */
  Status insert(String collection, String id, String json);

  /** Reads one document; {@link Status#NOT_FOUND} when there is none. Stores that cannot read return NOT_IMPLEMENTED. */
  Result read(String collection, String id);

  /** Writes buffered documents. */
  default Status flush() {
    return Status.OK;
  }

  /** Documents in a collection, for the post-load check; -1 when the store cannot tell cheaply. */
  default long count(String collection) throws BenchmarkException {
    return -1;
  }
}
