//go:build linux

package cuda

import "syscall"

// progressSocket is the datagram socket of `gpusim exec`'s progress bar.
type progressSocket struct {
	fd int
	ok bool
}

// openProgress checks that descriptor fd is the socket gpusim exec handed
// down (its inode): a process that inherited the options without the
// socket sends nothing.
func openProgress(fd int, inode uint64) progressSocket {
	if fd <= 0 {
		return progressSocket{}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFSOCK || st.Ino != inode {
		return progressSocket{}
	}
	return progressSocket{fd: fd, ok: true}
}

// send sends one message without waiting: a full socket drops it (each
// message carries the totals, so the next one makes up for it), and a
// closed one raises no signal.
func (p progressSocket) send(msg []byte) {
	syscall.Sendto(p.fd, msg, syscall.MSG_NOSIGNAL|syscall.MSG_DONTWAIT, nil)
}
