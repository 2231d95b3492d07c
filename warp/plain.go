package warp

import (
	"encoding/binary"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// PlainLanes is a load of one es-byte element into vals (a register's
// lanes, zero-extended; es is at most 4 for 4-byte lanes), or with store a
// store of one from vals, for the len(vals) lanes of a whole warp in lane
// order while their addresses in a hit seg, recording each lane's space
// sp in a. It returns how many lanes it did; the caller does the rest, from
// the first that missed, on its checked path.
func PlainLanes[T uint32 | uint64](seg *mem.Segment, a *Access, sp traces.Space, es int, vals []T, store bool) int {
	addr := a.Addr[:len(vals)]
	sps := a.Spaces[:len(vals)]
	if b := unitRun(seg, addr, es); b != nil {
		// Lane l at the run's l-th element: one range check for all.
		for l := range sps {
			sps[l] = sp
		}
		switch {
		case es == 4 && store:
			storeWords(b, vals)
		case es == 4:
			loadWords(vals, b)
		case store:
			for l, v := range vals {
				StoreN(b[l*es:], es, uint64(v))
			}
		default:
			for l := range vals {
				vals[l] = T(LoadN(b[l*es:], es))
			}
		}
		return len(vals)
	}
	for l := range addr {
		b := seg.Within(addr[l], es)
		if b == nil {
			return l
		}
		sps[l] = sp
		if store {
			StoreN(b, es, uint64(vals[l]))
		} else {
			vals[l] = T(LoadN(b, es))
		}
	}
	return len(addr)
}

// loadWords sets vals[l] to the little-endian 32-bit word at b[4*l:], for
// every l (b holds 4*len(vals) bytes): 32 lanes at a time in straight-line
// code without bounds checks, then lane by lane.
func loadWords[T uint32 | uint64](vals []T, b []byte) {
	for len(vals) >= 32 && len(b) >= 128 {
		v, w := (*[32]T)(vals), (*[128]byte)(b)
		for l := range v {
			v[l] = T(binary.LittleEndian.Uint32(w[4*l : 4*l+4]))
		}
		vals, b = vals[32:], b[128:]
	}
	for l := range vals {
		vals[l] = T(binary.LittleEndian.Uint32(b[4*l:]))
	}
}

// storeWords is loadWords' store: the low 32 bits of vals[l] to b[4*l:].
func storeWords[T uint32 | uint64](b []byte, vals []T) {
	for len(vals) >= 32 && len(b) >= 128 {
		v, w := (*[32]T)(vals), (*[128]byte)(b)
		for l := range v {
			binary.LittleEndian.PutUint32(w[4*l:4*l+4], uint32(v[l]))
		}
		vals, b = vals[32:], b[128:]
	}
	for l, v := range vals {
		binary.LittleEndian.PutUint32(b[4*l:], uint32(v))
	}
}

// unitRun returns the bytes of seg that the accesses of es bytes at addr
// cover when they are one run (lane l at addr[0]+l*es), inside seg, the
// first aligned to es (and so every one); else nil.
func unitRun(seg *mem.Segment, addr []uint64, es int) []byte {
	if len(addr) == 0 {
		return nil
	}
	a0, step := addr[0], uint64(es)
	next := a0
	for _, x := range addr {
		if x != next {
			return nil
		}
		next += step
	}
	off, n := a0-seg.Base, uint64(len(addr))*step
	if a0&(step-1) != 0 || off >= uint64(len(seg.Data)) || n > uint64(len(seg.Data))-off {
		return nil
	}
	return seg.Data[off : off+n : off+n]
}
