# No modelled delay at all: the emulation's own floor (the disk under it, FUSE, the loop device, ext4).
# bin/servers device check measures it once (work/devices/floor.txt) and expects no profile to beat it.
name=null
description=no modelled delay: the floor of the emulation on this machine
random_ms=0
sequential_ms=0
read_mbps=0
write_mbps=0
queues=256
fsync_ms=0
