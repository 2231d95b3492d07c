package ptx

import (
	"github.com/gpusim/gpusim/traces"
	"os"
	"strings"
	"testing"
)

// TestReconvergence checks Inst.Reconv on every branch of
// testdata/cfg/reconv.ptx against the `// reconv:` note on its line.
func TestReconvergence(t *testing.T) {
	const path = "../testdata/cfg/reconv.ptx"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	p, err := Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, k := range p.Kernels {
		for si, sp := range k.Funcs {
			// Label -> index of the first instruction after it, in this span.
			first, last := int(k.Code[sp.Start].Pos.Line), int(k.Code[sp.End-1].Pos.Line)
			labelAt := func(name string) int32 {
				for ln, l := range lines {
					if ln+1 > first && ln+1 < last && strings.TrimSpace(l) == name+":" {
						for i := sp.Start; i < sp.End; i++ {
							if int(k.Code[i].Pos.Line) > ln+1 {
								return i
							}
						}
					}
				}
				t.Fatalf("%s: label %s not found in %s", k.Name, name, sp.Name)
				return -1
			}
			for i := sp.Start; i < sp.End; i++ {
				in := &k.Code[i]
				if in.Op != traces.OpBra {
					continue
				}
				line := lines[in.Pos.Line-1]
				_, note, ok := strings.Cut(line, "// reconv: ")
				if !ok {
					t.Fatalf("%s:%d: branch without a reconv note", path, in.Pos.Line)
				}
				want := int32(len(k.Code))
				if si > 0 {
					want = sp.End
				}
				if note = strings.TrimSpace(note); note != "exit" {
					want = labelAt(note)
				}
				if in.Reconv != want {
					t.Errorf("%s:%d (%s in %s): Reconv %d, want %d (%s)", path, in.Pos.Line, in.Text, k.Name, in.Reconv, want, note)
				}
				checked++
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d branches checked", checked)
	}
}

// TestCFGBlocks checks block boundaries and edges on a small kernel.
func TestCFGBlocks(t *testing.T) {
	src := ".version 7.0\n.target sm_75\n.address_size 64\n.entry k()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<2>;\n" +
		"mov.u32 %r1, 0;\n" + // 0  block 0
		"setp.eq.u32 %p1, %r1, 0;\n" + // 1
		"@%p1 bra L;\n" + // 2
		"add.u32 %r1, %r1, 1;\n" + // 3  block 1
		"@%p1 ret;\n" + // 4
		"L:\nadd.u32 %r1, %r1, 2;\n" + // 5  block 2
		"exit;\n" + // 6
		"}\n"
	p, err := Parse("k.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	k := p.Kernels[0]
	g := buildCFG(k.Code, 0, int32(len(k.Code)))
	type blk struct {
		start, end int32
		succ       []int32
	}
	want := []blk{{0, 3, []int32{2, 1}}, {3, 5, []int32{3, 2}}, {5, 7, []int32{3}}}
	if len(g.blocks) != len(want) {
		t.Fatalf("%d blocks, want %d", len(g.blocks), len(want))
	}
	for i, w := range want {
		b := g.blocks[i]
		if b.start != w.start || b.end != w.end || len(b.succ) != len(w.succ) {
			t.Fatalf("block %d = [%d,%d) %v, want [%d,%d) %v", i, b.start, b.end, b.succ, w.start, w.end, w.succ)
		}
		for j := range w.succ {
			if b.succ[j] != w.succ[j] {
				t.Fatalf("block %d successors %v, want %v", i, b.succ, w.succ)
			}
		}
	}
	ipdom := g.postDominators()
	if ipdom[0] != 3 || ipdom[1] != 3 || ipdom[2] != 3 {
		t.Errorf("post-dominators %v, want all exit (3)", ipdom)
	}
}
