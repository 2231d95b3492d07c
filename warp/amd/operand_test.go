package amd

import "testing"

// TestMoveLanes checks the row copies between the 4-byte VGPR lanes and
// the 8-byte lanes the lane functions compute on, at the wave widths and
// at lengths that leave a tail after the straight-line blocks.
func TestMoveLanes(t *testing.T) {
	for _, n := range []int{0, 1, 31, 32, 33, 64, 70} {
		s := make([]uint32, n+3) // longer than the row: only len(d) lanes move
		for i := range s {
			s[i] = 0x9e3779b9 * uint32(i+1)
		}
		d := make([]uint64, n)
		for i := range d {
			d[i] = ^uint64(0)
		}
		moveLanes(d, s)
		for i, x := range d {
			if x != uint64(s[i]) {
				t.Fatalf("widening, %d lanes: lane %d is %#x, want %#x", n, i, x, s[i])
			}
		}
		for i := range d {
			d[i] = uint64(i)<<32 | uint64(0x85ebca6b*uint32(i+7))
		}
		back := make([]uint32, n+3)
		for i := range back {
			back[i] = 0xdeadbeef
		}
		moveLanes(back[:n], d)
		for i, x := range back {
			want := uint32(0xdeadbeef)
			if i < n {
				want = uint32(d[i])
			}
			if x != want {
				t.Fatalf("narrowing, %d lanes: lane %d is %#x, want %#x", n, i, x, want)
			}
		}
	}
}
