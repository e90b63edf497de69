package org.sciycsb.sequoiadb;

import com.sequoiadb.base.CollectionSpace;
import com.sequoiadb.base.DBCollection;
import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.BaseException;
import java.io.PrintStream;
import org.sciycsb.api.ConfigException;

/** Finds, or (with {@code sequoiadb.create}) creates, the collection space and a collection of it. */
final class Collections {
  private Collections() {}

  /** The collection, created with the run's ReplSize and compression when missing and creation is on. */
  static DBCollection ensure(Sequoiadb db, SequoiadbSettings settings, String name, PrintStream log)
      throws ConfigException {
    CollectionSpace cs = space(db, settings, log);
    if (cs.isCollectionExist(name)) {
      return cs.getCollection(name);
    }
    if (!settings.create()) {
      throw SequoiadbBinding.missing("collection", settings.collectionSpace() + "." + name, settings);
    }
    try {
      DBCollection cl = cs.createCollection(name, settings.collectionOptions());
      log.println("sequoiadb: created collection " + settings.collectionSpace() + "." + name + " "
          + settings.collectionOptions());
      return cl;
    } catch (BaseException e) {
      if (e.getErrorCode() == SequoiadbErrors.CL_EXISTS) { // another client created it meanwhile
        return cs.getCollection(name);
      }
      throw e;
    }
  }

  private static CollectionSpace space(Sequoiadb db, SequoiadbSettings settings, PrintStream log)
      throws ConfigException {
    String name = settings.collectionSpace();
    if (db.isCollectionSpaceExist(name)) {
      return db.getCollectionSpace(name);
    }
    if (!settings.create()) {
      throw SequoiadbBinding.missing("collection space", name, settings);
    }
    try {
      CollectionSpace cs = db.createCollectionSpace(name);
      log.println("sequoiadb: created collection space " + name);
      return cs;
    } catch (BaseException e) {
      if (e.getErrorCode() == SequoiadbErrors.CS_EXISTS) {
        return db.getCollectionSpace(name);
      }
      throw e;
    }
  }
}
