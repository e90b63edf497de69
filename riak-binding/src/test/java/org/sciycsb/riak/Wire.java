package org.sciycsb.riak;

import com.basho.riak.client.core.FutureOperation;
import com.basho.riak.client.core.RiakMessage;
import java.lang.reflect.Method;

/**
 * Test helper: the exact protocol buffers message riak-client would put on the wire for a command, obtained the
 * way the client does it (command → core operation → channel message), so tests assert on what Riak receives.
 */
final class Wire {
  private Wire() {}

  static RiakMessage message(Object command) {
    try {
      Object op = null;
      for (Class<?> c = command.getClass(); c != null && op == null; c = c.getSuperclass()) {
        for (Method m : c.getDeclaredMethods()) {
          if (!m.getName().equals("buildCoreOperation") || m.isBridge()) {
            continue;
          }
          m.setAccessible(true);
          op = m.getParameterCount() == 0 ? m.invoke(command) : m.invoke(command, false);
          break;
        }
      }
      if (op == null) {
        throw new IllegalArgumentException("no core operation for " + command.getClass());
      }
      Method create = FutureOperation.class.getDeclaredMethod("createChannelMessage");
      create.setAccessible(true);
      Object message = create.invoke(op);
      return (RiakMessage) message;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
