package warp

import "testing"

func TestPerGroup(t *testing.T) {
	made := 0
	p := PerGroup[int]{New: func() *int { made++; x := made; return &x }}
	a, b := p.For(0), p.For(3)
	if a == b || p.For(0) != a || made != 2 {
		t.Fatalf("default: SMs 0 and 3 share a value or one was made twice (%d made)", made)
	}
	p.Share([]int{0, 0, 1, 1})
	if p.For(0) != p.For(1) || p.For(2) != p.For(3) || p.For(1) == p.For(2) {
		t.Error("groups {0,1} and {2,3}: not one value per group")
	}
	if p.For(4) == p.For(5) || p.For(4) == p.For(0) || p.For(5) == p.For(2) {
		t.Error("SMs past the groups: not a value of their own")
	}
}
