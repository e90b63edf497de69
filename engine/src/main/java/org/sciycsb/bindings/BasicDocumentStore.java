package org.sciycsb.bindings;

import java.util.List;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The basic binding's document store: no database connected (seed 001's Figure 4.1, the benchmark program alone).
 * An insert is dropped and answers OK; a read answers OK with a stub document that names only the id (so that a
 * reader's check of the id passes), never a stored one; the count is unknown.
 */
final class BasicDocumentStore implements DocumentStore {
  @Override
  public void prepare(List<String> collections) {
    // no store: nothing to create
  }

  @Override
  public Status insert(String collection, String id, String json) {
    return Status.OK;
  }

  @Override
  public Result read(String collection, String id) {
    return new Result(Status.OK, "{\"_id\": \"" + id + "\", \"stub\": \"basic binding: no database\"}");
  }
}
