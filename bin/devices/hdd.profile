# A 7200 rpm hard disk (bin/servers device create NAME --profile hdd; docs/devices.md).
# key=value, # starts a comment; times in milliseconds, bandwidths in MB/s (10^6 bytes/s).
name=hdd
description=7200 rpm HDD: 8 ms seek and rotation, one request at a time, 150 MB/s sequential
# an access that does not start within seq_window_kib of where the previous one ended: seek (~4 ms) plus half a
# rotation (4.17 ms at 7200 rpm)
random_ms=8
# an access that continues the previous one: no seek, no rotational wait
sequential_ms=0
seq_window_kib=1024
# media rate, reading and writing
read_mbps=150
write_mbps=150
# one head assembly: requests are served one at a time, in arrival order (no command queue reordering)
queues=1
# a cache flush (fsync): the write cache is off, so a synchronous write waits one full rotation (8.33 ms)
fsync_ms=8.33
