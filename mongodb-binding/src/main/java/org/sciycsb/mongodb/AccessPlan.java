package org.sciycsb.mongodb;

import com.mongodb.ExplainVerbosity;
import com.mongodb.client.FindIterable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * How the server says it will serve one of the binding's queries: its {@code explain} (verbosity
 * {@code queryPlanner}) read as served by an index (named) or by a collection scan. Two answers are understood:
 *
 * <ul>
 *   <li>MongoDB's: {@code queryPlanner.winningPlan}, a tree of stages linked by {@code inputStage} /
 *       {@code inputStages} (under {@code queryPlan} with the slot-based engine; on a mongos, {@code SHARD_MERGE} or
 *       {@code SINGLE_SHARD} with each shard's {@code shards[].winningPlan}). {@code COLLSCAN} anywhere is a
 *       collection scan; otherwise {@code IXSCAN}, {@code EXPRESS_IXSCAN}, {@code COUNT_SCAN}, {@code DISTINCT_SCAN}
 *       name their index ({@code indexName}, else {@code keyPattern}), {@code IDHACK} is {@code _id_}, and
 *       {@code CLUSTERED_IXSCAN} the clustered collection's {@code _id}.</li>
 *   <li>FerretDB 2 on DocumentDB's: {@code queryPlanner.Plan}, PostgreSQL's {@code EXPLAIN (FORMAT JSON)} tree
 *       ({@code Node Type}, children in {@code Plans}). {@code Seq Scan} is a collection scan; {@code Index Scan},
 *       {@code Index Only Scan} and {@code Bitmap Index Scan} name their {@code Index Name}, except when their
 *       {@code Index Cond} tests {@code shard_key_value} alone: every document of an unsharded DocumentDB
 *       collection has the same shard key value, so that scan of {@code _id_} reads the whole collection (DocumentDB
 *       0.106's plan for a query on an unindexed field).</li>
 * </ul>
 *
 * <p>Anything else, or an explain that fails, is {@link Kind#UNKNOWN}: never an exception that fails a run.
 *
 * @param kind what the plan reads
 * @param indexes the indexes the plan scans, in plan order (may be non-empty beside a collection scan)
 * @param note why the plan is unknown, else empty
 */
record AccessPlan(Kind kind, List<String> indexes, String note) {
  /** What a plan reads. */
  enum Kind { INDEX, COLLECTION_SCAN, UNKNOWN }

  private static final List<String> MONGO_CHILDREN = List.of("inputStage", "inputStages", "queryPlan",
      "winningPlan", "shards");
  private static final Set<String> MONGO_INDEX_STAGES = Set.of("IXSCAN", "EXPRESS_IXSCAN", "COUNT_SCAN",
      "DISTINCT_SCAN");
  private static final Set<String> PG_INDEX_NODES = Set.of("Index Scan", "Index Only Scan", "Bitmap Index Scan");
  private static final String UNNAMED = "(unnamed)";
  /** DocumentDB's condition on the collection's one shard key value: no restriction at all. */
  private static final Pattern SHARD_KEY_ONLY = Pattern.compile("[(\\s]*shard_key_value = '[^']*'::bigint[)\\s]*");

  AccessPlan {
    indexes = List.copyOf(indexes);
  }

  /** Explains {@code find} as the server would run it; a failed explain is {@link Kind#UNKNOWN}. */
  static AccessPlan explain(FindIterable<?> find) {
    try {
      return of(find.explain(Document.class, ExplainVerbosity.QUERY_PLANNER));
    } catch (RuntimeException e) {
      return unknown("explain failed: " + e.getClass().getSimpleName() + ": "
          + MongoDbBinding.firstLine(String.valueOf(e.getMessage())));
    }
  }

  /** Classifies an explain answer (MongoDB's or DocumentDB's format, above). */
  static AccessPlan of(Document explain) {
    if (!(explain.get("queryPlanner") instanceof Document qp)) {
      return unknown("no queryPlanner in the explain answer");
    }
    Scans scans = new Scans();
    if (qp.get("winningPlan") instanceof Document winning) {
      scans.mongo(winning);
    } else if (qp.get("Plan") instanceof Document plan) {
      scans.postgres(plan);
    } else {
      return unknown("neither queryPlanner.winningPlan nor queryPlanner.Plan");
    }
    return scans.plan();
  }

  static AccessPlan unknown(String why) {
    return new AccessPlan(Kind.UNKNOWN, List.of(), why);
  }

  /** "index NAME[, NAME]", "collection scan" or "unknown (why)": the store details' words. */
  String describe() {
    return switch (kind) {
      case INDEX -> "index " + String.join(", ", indexes);
      case COLLECTION_SCAN -> "collection scan";
      case UNKNOWN -> "unknown (" + note + ")";
    };
  }

  /** The scans met walking a plan tree. */
  private static final class Scans {
    private final Set<String> indexes = new LinkedHashSet<>();
    private boolean collectionScan;

    void mongo(Object node) {
      if (node instanceof List<?> list) {
        list.forEach(this::mongo);
      } else if (node instanceof Document d) {
        if (d.get("stage") instanceof String stage) {
          mongoStage(stage, d);
        }
        MONGO_CHILDREN.forEach(k -> mongo(d.get(k)));
      }
    }

    private void mongoStage(String stage, Document d) {
      if (stage.equals("COLLSCAN")) {
        collectionScan = true;
      } else if (stage.equals("IDHACK")) {
        indexes.add("_id_");
      } else if (stage.endsWith("CLUSTERED_IXSCAN")) {
        indexes.add("clustered _id");
      } else if (MONGO_INDEX_STAGES.contains(stage)) {
        indexes.add(mongoIndexName(d));
      }
    }

    private static String mongoIndexName(Document stage) {
      if (stage.get("indexName") instanceof String name) {
        return name;
      }
      Object key = stage.get("keyPattern");
      return key instanceof Document k ? k.toJson() : key != null ? String.valueOf(key) : UNNAMED;
    }

    void postgres(Object node) {
      if (node instanceof List<?> list) {
        list.forEach(this::postgres);
      } else if (node instanceof Document d) {
        if (d.get("Node Type") instanceof String type) {
          postgresNode(type, d);
        }
        postgres(d.get("Plans"));
      }
    }

    private void postgresNode(String type, Document d) {
      if (type.equals("Seq Scan")) {
        collectionScan = true;
      } else if (PG_INDEX_NODES.contains(type)) {
        Object cond = d.get("Index Cond");
        if (cond instanceof String c && SHARD_KEY_ONLY.matcher(c).matches()) {
          collectionScan = true; // the _id_ index walked over the whole collection
        } else {
          indexes.add(d.get("Index Name") instanceof String name ? name : UNNAMED);
        }
      }
    }

    AccessPlan plan() {
      List<String> names = new ArrayList<>(indexes);
      if (collectionScan) {
        return new AccessPlan(Kind.COLLECTION_SCAN, names, "");
      }
      return names.isEmpty() ? unknown("no collection or index scan in the plan")
          : new AccessPlan(Kind.INDEX, names, "");
    }
  }
}
