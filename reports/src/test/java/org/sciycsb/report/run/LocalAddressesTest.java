package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Whether a store's host is this host: loopback, wildcard and this host's interface addresses are; others not. */
class LocalAddressesTest {
  @Test
  void loopbackAndWildcardAreLocal() {
    assertThat(LocalAddresses.isLocal("127.0.0.1")).isTrue();
    assertThat(LocalAddresses.isLocal("127.0.9.3")).isTrue();
    assertThat(LocalAddresses.isLocal("::1")).isTrue();
    assertThat(LocalAddresses.isLocal("localhost")).isTrue();
    assertThat(LocalAddresses.isLocal("0.0.0.0")).isTrue();
  }

  @Test
  void theAddressesOfThisHostsInterfacesAreLocal() {
    Set<InetAddress> own = LocalAddresses.own();
    InetAddress external = own.stream().filter(a -> !a.isLoopbackAddress()).findFirst().orElse(null);
    assertThat(external).as("this host has an interface besides loopback: %s", own).isNotNull();
    assertThat(LocalAddresses.isLocal(external.getHostAddress())).isTrue();
  }

  @Test
  void otherHostsAndNamesThatDoNotResolveAreRemote() throws Exception {
    assertThat(LocalAddresses.isLocal("198.51.100.7")).isFalse(); // TEST-NET-2: documentation only, never routed
    assertThat(LocalAddresses.isLocal("2001:db8::1")).isFalse();
    assertThat(LocalAddresses.isLocal("no-such-host.invalid")).isFalse();
    // every address a name stands for must be this host's
    assertThat(LocalAddresses.isLocal(List.of(InetAddress.getByName("127.0.0.1"),
        InetAddress.getByName("198.51.100.7")), Set.of())).isFalse();
    assertThat(LocalAddresses.isLocal(List.of(InetAddress.getByName("198.51.100.7")),
        Set.of(InetAddress.getByName("198.51.100.7")))).isTrue();
    assertThat(LocalAddresses.isLocal(List.of(), Set.of())).isFalse();
  }
}
