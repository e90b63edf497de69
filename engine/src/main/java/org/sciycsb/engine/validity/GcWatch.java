package org.sciycsb.engine.validity;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's garbage collection pauses while a run measures, from its own beans' notifications: how many, their total
 * and the longest. A concurrent cycle (G1's concurrent marking, ZGC's cycles) is not a pause and is not counted.
 */
public final class GcWatch implements NotificationListener {
  /** The watches whose listeners are registered now, in this JVM. */
  private static final AtomicInteger LISTENING = new AtomicInteger();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final AtomicLong pauses = new AtomicLong();
  private final AtomicLong totalMs = new AtomicLong();
  private final AtomicLong maxMs = new AtomicLong();
  private volatile boolean watching;

  /** The pauses so far: their count, their total and the longest, in milliseconds. */
  public record Pauses(long count, long totalMs, long maxMs) {}

  /** Starts counting (from now on). */
  public static GcWatch start() {
    GcWatch w = new GcWatch();
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (b instanceof NotificationEmitter e) {
        e.addNotificationListener(w, null, null);
        w.emitters.add(e);
      }
    }
    w.watching = true;
    LISTENING.incrementAndGet();
    return w;
  }

  @Override
  public void handleNotification(Notification n, Object handback) {
    if (!watching || !GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    if (info.getGcAction() != null && info.getGcAction().contains("concurrent")) {
      return;
    }
    long ms = info.getGcInfo().getDuration();
    pauses.incrementAndGet();
    totalMs.addAndGet(ms);
    maxMs.accumulateAndGet(ms, Math::max);
  }

  /** How many watches listen to the JVM's collectors now (a run ended without {@link #stop} leaves one). */
  public static int listening() {
    return LISTENING.get();
  }

  /** Stops counting, removes the listeners and returns what was counted; again, only returns it. */
  public synchronized Pauses stop() {
    if (!watching) {
      return new Pauses(pauses.get(), totalMs.get(), maxMs.get());
    }
    watching = false;
    LISTENING.decrementAndGet();
    for (NotificationEmitter e : emitters) {
      try {
        e.removeNotificationListener(this);
      } catch (ListenerNotFoundException ignored) {
        // removed already
      }
    }
    return new Pauses(pauses.get(), totalMs.get(), maxMs.get());
  }
}
