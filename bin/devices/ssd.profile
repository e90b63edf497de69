# A SATA SSD (bin/servers device create NAME --profile ssd; docs/devices.md).
# key=value, # starts a comment; times in milliseconds, bandwidths in MB/s (10^6 bytes/s).
name=ssd
description=SATA SSD: 0.1 ms per access, 32 parallel queues, 500 MB/s
# every access costs the same: no seek, contiguous or not
random_ms=0.1
sequential_ms=0.1
seq_window_kib=1024
# the link and the flash, reading and writing
read_mbps=500
write_mbps=450
# NCQ depth: up to 32 requests in service at once
queues=32
# a cache flush (fsync) without power-loss protection: the controller writes its cache out
fsync_ms=0.5
