package mem

import (
	"testing"

	"github.com/gpusim/gpusim/traces"
)

// TestTexturePath: texture fetches go through the SM's L1, which they
// share with global loads: a cold fetch costs the DRAM round trip, a
// warm one TexLatency, a load of a line a fetch brought in hits the L1,
// and a fetch of a line a load brought in hits too. A fetch's texels are
// coalesced: 16 texels in two lines count two lines.
func TestTexturePath(t *testing.T) {
	cfg := turing()
	cfg.TexLatency = 50
	h := newH(t, cfg)
	quad := func(base uint64) *TexAccess {
		var a []uint64
		for y := uint64(0); y < 2; y++ {
			for x := uint64(0); x < 8; x++ {
				a = append(a, base+y*128+4*x)
			}
		}
		return &TexAccess{Op: OpLoad, Addr: a, Size: 4}
	}
	if got := h.Texture(0, 0, quad(0x100002000)); got != 322+1 {
		// The second line's lookup is one L1 pipeline cycle after the first.
		t.Errorf("cold fetch done at %d, want 323 (DRAM, second line)", got)
	}
	if s := h.SM(0); s.Lines != 2 || s.TexInsts != 1 || s.Texels != 16 {
		t.Errorf("counters %+v: want 2 lines, 1 texture instruction, 16 texels", s)
	}
	if got := h.Texture(0, 1000, quad(0x100002000)); got != 1000+50+1 {
		t.Errorf("warm fetch done at %d, want 1051 (tex latency, second line)", got)
	}
	ld := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 1, "same=0x100002080")
	if got := h.Access(0, 2000, ld); got != 2032 {
		t.Errorf("a load of a line a fetch brought in: done at %d, want 2032 (L1 hit)", got)
	}
	h.Access(0, 3000, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 1, "same=0x100004000"))
	if got := h.Texture(0, 4000, &TexAccess{Op: OpLoad, Addr: []uint64{0x100004010}, Size: 4}); got != 4050 {
		t.Errorf("a fetch of a line a load brought in: done at %d, want 4050", got)
	}
	if got := h.Texture(0, 5000, &TexAccess{Op: OpLoad}); got != 5000 {
		t.Errorf("an access without texels: done at %d, want 5000", got)
	}
	// A surface store writes through like a global store: done when the
	// L1 pipeline has taken its line.
	if got := h.Texture(0, 6000, &TexAccess{Op: OpStore, Addr: []uint64{0x100006000, 0x100006004}, Size: 4}); got != 6001 {
		t.Errorf("surface store done at %d, want 6001", got)
	}
}
