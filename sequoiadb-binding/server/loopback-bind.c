/*
 * LD_PRELOAD shim for the SequoiaDB test server (sequoiadb.sh): SequoiaDB 6.0 has no setting for the address it
 * listens on (its --help lists ports only: svcname, replname, shardname, catalogname, httpname) and binds every
 * service to 0.0.0.0. This bind() wrapper turns a bind to the wildcard address (0.0.0.0, or :: for IPv6) into a
 * bind to the loopback address (127.0.0.1, ::1), so the test node accepts connections from this machine only.
 * Binds to any other address pass through unchanged. Built by "bin/servers setup sequoiadb" with gcc.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
  static bind_fn real;
  if (!real) {
    real = (bind_fn) dlsym(RTLD_NEXT, "bind");
  }
  if (addr && addr->sa_family == AF_INET && len >= (socklen_t) sizeof(struct sockaddr_in)) {
    struct sockaddr_in a;
    memcpy(&a, addr, sizeof a);
    if (a.sin_addr.s_addr == htonl(INADDR_ANY)) {
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      return real(fd, (const struct sockaddr *) &a, sizeof a);
    }
  } else if (addr && addr->sa_family == AF_INET6 && len >= (socklen_t) sizeof(struct sockaddr_in6)) {
    struct sockaddr_in6 a;
    memcpy(&a, addr, sizeof a);
    if (memcmp(&a.sin6_addr, &in6addr_any, sizeof a.sin6_addr) == 0) {
      a.sin6_addr = in6addr_loopback;
      return real(fd, (const struct sockaddr *) &a, sizeof a);
    }
  }
  return real(fd, addr, len);
}
