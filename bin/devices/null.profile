# The emulation's own floor: every request goes through the model and its wait, with a 1 µs service time; what the
# check measures on it is the cost of the stack (the disk or the host's page cache under the backing file, FUSE,
# the loop device, ext4, fio) on this machine. bin/servers device check measures it once per fusedisk build
# (work/devices/floor-*.txt) and adds it to every profile's time (docs/devices.md).
name=null
description=1 us per access, no bandwidth limit: the floor of the emulation on this machine
random_ms=0.001
sequential_ms=0.001
read_mbps=0
write_mbps=0
queues=256
fsync_ms=0.001
