// fusedisk: an emulated disk for bin/servers device (docs/devices.md). It serves one file, "disk", through FUSE;
// every read, write and fsync of that file goes to a backing file and then waits until the service time its profile
// gives has passed since the request got a queue slot:
//
//   - an access that continues a recent one (Disk.contiguous: within seq_window_kib of where the previous one
//     ended, or adjacent to one of the last four) costs sequential_ms, any other random_ms (an HDD's seek and
//     rotation; an SSD's access time);
//   - the bytes then cross one shared channel at read_mbps / write_mbps (MB/s, 10^6 bytes), one transfer after
//     the other; a contiguous request that arrives within 2 ms of the previous transfer's end continues it (the
//     medium kept moving: the per-request cost of FUSE and the loop device does not slow a stream down);
//   - queues requests are served at once (1 for an HDD: one at a time, in the order they arrive);
//   - an fsync costs fsync_ms (an HDD's rotation, an SSD's cache flush) after the backing file's fdatasync.
//
// The time the backing file itself takes counts toward the service time, so a profile faster than the disk under
// it gets the disk's own figures (the floor). Usage:
//
//	fusedisk serve -profile P -backing FILE -mount DIR    mount, serve until SIGTERM/SIGINT, unmount
//	fusedisk predict -profile P                           the figures "bin/servers device check" expects
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// Profile is the model's parameters (bin/devices/*.profile).
type Profile struct {
	RandomMs     float64
	SequentialMs float64
	ReadMBps     float64
	WriteMBps    float64
	Queues       int
	FsyncMs      float64
	SeqWindow    int64
}

var keys = map[string]bool{"random_ms": true, "sequential_ms": true, "read_mbps": true, "write_mbps": true,
	"queues": true, "fsync_ms": true, "seq_window_kib": true, "name": true, "description": true}

// LoadProfile reads key=value lines; # starts a comment. Unknown keys and bad numbers are errors.
func LoadProfile(path string) (Profile, error) {
	p := Profile{Queues: 1, SeqWindow: 1024 * 1024}
	f, err := os.Open(path)
	if err != nil {
		return p, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	seen := map[string]bool{}
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || !keys[k] {
			return p, fmt.Errorf("%s:%d: not a key=value line with a known key (%s)", path, n, line)
		}
		seen[k] = true
		if k == "name" || k == "description" {
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
			return p, fmt.Errorf("%s:%d: %s wants a number >= 0, not %q", path, n, k, v)
		}
		switch k {
		case "random_ms":
			p.RandomMs = x
		case "sequential_ms":
			p.SequentialMs = x
		case "read_mbps":
			p.ReadMBps = x
		case "write_mbps":
			p.WriteMBps = x
		case "queues":
			p.Queues = int(x)
		case "fsync_ms":
			p.FsyncMs = x
		case "seq_window_kib":
			p.SeqWindow = int64(x * 1024)
		}
	}
	if err := sc.Err(); err != nil {
		return p, err
	}
	for _, k := range []string{"random_ms", "sequential_ms", "read_mbps", "write_mbps", "queues", "fsync_ms"} {
		if !seen[k] {
			return p, fmt.Errorf("%s: %s is missing", path, k)
		}
	}
	if p.Queues < 1 {
		return p, fmt.Errorf("%s: queues must be 1 or more", path)
	}
	return p, nil
}

// trace: FUSEDISK_TRACE=1 logs every request on stderr
var trace = os.Getenv("FUSEDISK_TRACE") != ""

// streamGap: a contiguous request arriving within this long after the previous transfer ended continues it
const streamGap = 2 * time.Millisecond

func ms(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }

// transfer is the time n bytes take at mbps MB/s (0: no limit).
func transfer(n int64, mbps float64) time.Duration {
	if mbps <= 0 {
		return 0
	}
	return time.Duration(float64(n) / (mbps * 1e6) * float64(time.Second))
}

// Disk is the model's state: the queue slots, the head (where the last access ended) and the channel.
type Disk struct {
	p        Profile
	slots    chan struct{}
	mu       sync.Mutex
	recent   [4][2]int64 // the last requests' [start, end)
	next     int
	chanFree time.Time
	backing  *os.File
	size     int64
}

// service runs io in a queue slot and returns once the modelled service time has passed.
func (d *Disk) service(off, n int64, write bool, io func() error) error {
	d.slots <- struct{}{}
	defer func() { <-d.slots }()
	t0 := time.Now()
	mbps := d.p.ReadMBps
	if write {
		mbps = d.p.WriteMBps
	}
	d.mu.Lock()
	contiguous := d.contiguous(off, n)
	access := ms(d.p.RandomMs)
	if contiguous {
		access = ms(d.p.SequentialMs)
	}
	if trace {
		fmt.Fprintf(os.Stderr, "%s %d %d w=%v seq=%v\n", t0.Format("05.000000"), off, n, write, contiguous)
	}
	d.recent[d.next] = [2]int64{off, off + n}
	d.next = (d.next + 1) % len(d.recent)
	start := t0.Add(access)
	if d.chanFree.After(start) {
		start = d.chanFree
	} else if contiguous && t0.Sub(d.chanFree) < streamGap {
		// a stream: the medium went on moving under the head while the host took its time between two requests
		// (read-ahead into the disk's buffer), so the transfer continues from where the last one ended
		start = d.chanFree.Add(access)
	}
	end := start.Add(transfer(n, mbps))
	d.chanFree = end
	d.mu.Unlock()
	err := io()
	waitUntil(end)
	return err
}

// contiguous: the request starts within seq_window_kib of where the previous one ended, or exactly where one of the
// last four ended, or ends exactly where one of them started. The kernel splits a 1 MiB request into pieces that
// FUSE hands over in parallel, in either order: a stream read or written in pieces is still a stream.
func (d *Disk) contiguous(off, n int64) bool {
	last := d.recent[(d.next+len(d.recent)-1)%len(d.recent)]
	if last[1] != 0 && off-last[1] <= d.p.SeqWindow && last[1]-off <= d.p.SeqWindow {
		return true
	}
	for _, r := range d.recent {
		if r[1] != 0 && (off == r[1] || off+n == r[0]) {
			return true
		}
	}
	return false
}

// waitUntil returns at t. Go's time.Sleep wakes up to 1 ms late here (a 0.1 ms SSD access would take 1.1 ms);
// nanosleep(2) some 60 µs late (the kernel's timer slack) and costs a thread hand-off in Go's scheduler (another
// 80 µs on this machine). So: a wait longer than sleepOver sleeps in time.Sleep until sleepOver before t; the rest
// spins, yielding to other goroutines, while at most maxSpinners requests wait (a queue depth of 1 or 2, where each
// request's latency shows: within some 10 µs, for up to sleepOver of CPU per request); with more in flight, their
// throughput is what counts, 32 spinners would take the CPU the others need, and nanosleep's 60 µs late is close
// enough.
func waitUntil(t time.Time) {
	n := waiting.Add(1)
	defer waiting.Add(-1)
	if w := time.Until(t) - sleepOver; w > 0 {
		time.Sleep(w)
	}
	if n > maxSpinners {
		// through nanosleep even when t has passed, so that the floor (bin/devices/null.profile, 1 µs a request)
		// carries the cost of this wait as every profile does
		w := time.Until(t)
		if w < 0 {
			w = 0
		}
		ts := syscall.NsecToTimespec(int64(w))
		syscall.Nanosleep(&ts, nil)
		return
	}
	for time.Now().Before(t) {
		runtime.Gosched()
	}
}

const sleepOver = 1200 * time.Microsecond

var waiting atomic.Int32

const maxSpinners = 2

func (d *Disk) fsync() error {
	d.slots <- struct{}{}
	defer func() { <-d.slots }()
	if trace {
		fmt.Fprintf(os.Stderr, "%s fsync\n", time.Now().Format("05.000000"))
	}
	end := time.Now().Add(ms(d.p.FsyncMs))
	err := syscall.Fdatasync(int(d.backing.Fd()))
	waitUntil(end)
	return err
}

func errno(err error) syscall.Errno {
	if err == nil {
		return 0
	}
	if e, ok := err.(syscall.Errno); ok {
		return e
	}
	return syscall.EIO
}

// file is the one file the mount serves.
type file struct {
	fs.Inode
	d *Disk
}

var _ = (fs.NodeGetattrer)((*file)(nil))
var _ = (fs.NodeOpener)((*file)(nil))
var _ = (fs.NodeReader)((*file)(nil))
var _ = (fs.NodeWriter)((*file)(nil))
var _ = (fs.NodeFsyncer)((*file)(nil))
var _ = (fs.NodeSetattrer)((*file)(nil))
var _ = (fs.NodeFlusher)((*file)(nil))

func (f *file) Getattr(ctx context.Context, fh fs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	out.Mode = syscall.S_IFREG | 0600
	out.Size = uint64(f.d.size)
	out.Blocks = (out.Size + 511) / 512
	return 0
}

func (f *file) Setattr(ctx context.Context, fh fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if sz, ok := in.GetSize(); ok && int64(sz) != f.d.size {
		return syscall.EPERM // a disk does not change size
	}
	return f.Getattr(ctx, fh, out)
}

func (f *file) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	// direct I/O: no page cache of the FUSE file, every request reaches the model
	return nil, fuse.FOPEN_DIRECT_IO, 0
}

func (f *file) Read(ctx context.Context, fh fs.FileHandle, dest []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	var got int
	err := f.d.service(off, int64(len(dest)), false, func() error {
		n, err := f.d.backing.ReadAt(dest, off)
		got = n
		if n > 0 || off >= f.d.size {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, errno(err)
	}
	return fuse.ReadResultData(dest[:got]), 0
}

func (f *file) Write(ctx context.Context, fh fs.FileHandle, data []byte, off int64) (uint32, syscall.Errno) {
	if off+int64(len(data)) > f.d.size {
		return 0, syscall.ENOSPC
	}
	var got int
	err := f.d.service(off, int64(len(data)), true, func() error {
		n, err := f.d.backing.WriteAt(data, off)
		got = n
		return err
	})
	return uint32(got), errno(err)
}

func (f *file) Fsync(ctx context.Context, fh fs.FileHandle, flags uint32) syscall.Errno {
	return errno(f.d.fsync())
}

func (f *file) Flush(ctx context.Context, fh fs.FileHandle) syscall.Errno { return 0 }

type root struct {
	fs.Inode
	d *Disk
}

func (r *root) OnAdd(ctx context.Context) {
	ch := r.NewPersistentInode(ctx, &file{d: r.d}, fs.StableAttr{Mode: syscall.S_IFREG, Ino: 2})
	r.AddChild("disk", ch, false)
}

var _ = (fs.NodeOnAdder)((*root)(nil))

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "fusedisk: "+format+"\n", a...)
	os.Exit(2)
}

func serve(args []string) {
	fl := flag.NewFlagSet("serve", flag.ExitOnError)
	prof := fl.String("profile", "", "profile file")
	backing := fl.String("backing", "", "backing file (its size is the disk's)")
	mount := fl.String("mount", "", "mount point")
	fl.Parse(args)
	p, err := LoadProfile(*prof)
	if err != nil {
		fail("%v", err)
	}
	b, err := os.OpenFile(*backing, os.O_RDWR, 0)
	if err != nil {
		fail("%v", err)
	}
	st, err := b.Stat()
	if err != nil {
		fail("%v", err)
	}
	d := &Disk{p: p, slots: make(chan struct{}, p.Queues), backing: b, size: st.Size()}
	sec := time.Second
	opts := &fs.Options{
		AttrTimeout:  &sec,
		EntryTimeout: &sec,
		MountOptions: fuse.MountOptions{
			FsName:            "fusedisk",
			Name:              "fusedisk",
			DirectMount:       true,
			MaxWrite:          1 << 20,
			MaxBackground:     128,
			ExtraCapabilities: fuse.CAP_ASYNC_DIO,
		},
	}
	srv, err := fs.Mount(*mount, &root{d: d}, opts)
	if err != nil {
		fail("mount %s: %v", *mount, err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sig
		for i := 0; i < 50; i++ {
			if srv.Unmount() == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		fmt.Fprintf(os.Stderr, "fusedisk: %s still busy, not unmounted\n", *mount)
	}()
	fmt.Println("ready")
	srv.Wait()
	b.Close()
}

// predict prints what device check's fio jobs should measure on this profile alone (without the floor):
// key value unit, one a line.
func predict(args []string) {
	fl := flag.NewFlagSet("predict", flag.ExitOnError)
	prof := fl.String("profile", "", "profile file")
	fl.Parse(args)
	p, err := LoadProfile(*prof)
	if err != nil {
		fail("%v", err)
	}
	sec := func(d time.Duration) float64 { return d.Seconds() }
	k4 := int64(4096)
	m1 := int64(1 << 20)
	// one request alone: access, then transfer
	rr := sec(ms(p.RandomMs) + transfer(k4, p.ReadMBps))
	iops := func(lat float64) float64 {
		if lat <= 0 {
			return math.Inf(1)
		}
		return 1 / lat
	}
	// depth 32: min(queues, 32) at once, the channel bounding them
	q := math.Min(float64(p.Queues), 32)
	rr32 := q * iops(rr)
	if t := sec(transfer(k4, p.ReadMBps)); t > 0 {
		rr32 = math.Min(rr32, 1/t)
	}
	seqr := float64(m1) / 1e6 / sec(ms(p.SequentialMs)+transfer(m1, p.ReadMBps))
	seqw := float64(m1) / 1e6 / sec(ms(p.SequentialMs)+transfer(m1, p.WriteMBps))
	fw := sec(ms(p.SequentialMs) + transfer(k4, p.WriteMBps) + ms(p.FsyncMs))
	fmt.Printf("randread_qd1 %.6g IOPS\n", iops(rr))
	fmt.Printf("randread_qd32 %.6g IOPS\n", rr32)
	fmt.Printf("seqread_1m %.6g MB/s\n", seqr)
	fmt.Printf("seqwrite_1m %.6g MB/s\n", seqw)
	fmt.Printf("fsyncwrite_4k %.6g IOPS\n", iops(fw))
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: fusedisk serve|predict ...")
	}
	switch os.Args[1] {
	case "serve":
		serve(os.Args[2:])
	case "predict":
		predict(os.Args[2:])
	default:
		fail("unknown command %q (serve, predict)", os.Args[1])
	}
}
