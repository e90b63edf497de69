package org.sciycsb.report.run;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a store's host is this host: a loopback address, the wildcard address, or an address of one of this host's
 * network interfaces. A name is resolved (every address it has must be this host's); a name that does not resolve is
 * not this host's.
 */
final class LocalAddresses {
  private LocalAddresses() {}

  /** The addresses of this host's interfaces (up or not); empty when the interfaces cannot be listed. */
  static Set<InetAddress> own() {
    Set<InetAddress> out = new HashSet<>();
    try {
      for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        out.addAll(Collections.list(ni.getInetAddresses()));
      }
    } catch (SocketException e) {
      return out;
    }
    return out;
  }

  /** The addresses {@code host} stands for; empty when it does not resolve. */
  static List<InetAddress> resolve(String host) {
    try {
      return List.of(InetAddress.getAllByName(host));
    } catch (UnknownHostException | SecurityException e) {
      return List.of();
    }
  }

  /** True when {@code host} resolves and each of its addresses is this host's. */
  static boolean isLocal(String host) {
    return isLocal(resolve(host), own());
  }

  /** True when {@code addresses} is not empty and each is loopback, the wildcard or one of {@code own}. */
  static boolean isLocal(List<InetAddress> addresses, Set<InetAddress> own) {
    if (addresses.isEmpty()) {
      return false;
    }
    for (InetAddress a : addresses) {
      if (!a.isLoopbackAddress() && !a.isAnyLocalAddress() && !own.contains(a)) {
        return false;
      }
    }
    return true;
  }
}
