package ptx

import (
	"bufio"
	"fmt"
	"github.com/gpusim/gpusim/warp"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// testModel is the numerics model the tests launch with: the default
// models of package alu.
func testModel() *alu.Model {
	return &alu.Model{
		Ex2F32: alu.Ex2F32, Ex2F32Ftz: alu.Ex2F32Ftz, Ex2F16: alu.Ex2F16, Ex2BF16: alu.Ex2BF16,
		RcpApproxF32: alu.RcpApproxF32, RcpApproxF32Ftz: alu.RcpApproxF32Ftz, Rcp64H: alu.Rcp64H,
		DivFixupF32: alu.DivFixupF32, Tensor: alu.TensorModelNamed("ampere"),
	}
}

// rig is a launch prepared for a test.
type rig struct {
	t      testing.TB
	prog   *traces.Program
	launch *Launch
	global *mem.Global
	params *mem.Segment
}

type rigOpts struct {
	grid, block [3]uint32
	dynShared   uint64
	width       int
	params      []uint64 // 8-byte kernel parameters
	constBytes  []byte
	kernel      string // the kernel whose name contains this; "" the first
	// tex, when set, makes the launch's texture objects and reference
	// bindings in its global memory.
	tex func(g *mem.Global) (*TexTable, []uint64)
	// privateRows compiles a row per register, for tests that read or
	// set registers whose values the kernel never reads (regalloc.go).
	privateRows bool
}

func newRig(t testing.TB, body string, o rigOpts) *rig {
	t.Helper()
	p, err := assemble(body)
	if err != nil {
		t.Fatal(err)
	}
	return newRigProgram(t, p, o)
}

func newRigProgram(t testing.TB, p *traces.Program, o rigOpts) *rig {
	t.Helper()
	for i := range o.grid {
		if o.grid[i] == 0 {
			o.grid[i] = 1
		}
		if o.block[i] == 0 {
			o.block[i] = 1
		}
	}
	k := p.Kernels[0]
	for _, kk := range p.Kernels {
		if o.kernel != "" && strings.Contains(kk.Name, o.kernel) {
			k = kk
			break
		}
	}
	if k.ParamSize < uint64(8*len(o.params)) {
		k.ParamSize = uint64(8 * len(o.params))
	}
	params := mem.NewSegment(traces.SpaceParam, 0, k.ParamSize, true)
	for i, v := range o.params {
		for b := 0; b < 8; b++ {
			params.Data[8*i+b] = byte(v >> (8 * b))
		}
	}
	cs := mem.NewSegment(traces.SpaceConst, 0, uint64(len(o.constBytes)), true)
	copy(cs.Data, o.constBytes)
	g := mem.NewGlobal()
	var tt *TexTable
	var refs []uint64
	if o.tex != nil {
		tt, refs = o.tex(g)
	}
	var code *Code
	if o.privateRows {
		w := o.width
		if w == 0 {
			w = 32
		}
		var err error
		if code, err = compile(p, k, w, false); err != nil {
			t.Fatal(err)
		}
	}
	l, err := NewLaunch(LaunchConfig{Program: p, Kernel: k, Code: code, Grid: o.grid, Block: o.block, DynShared: o.dynShared,
		Global: g, Const: cs, Params: params, Model: testModel(), Width: o.width, Tex: tt, TexRefs: refs})
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, prog: p, launch: l, global: g, params: params}
}

// alloc makes a global buffer holding words (little-endian, size bytes each).
func (r *rig) alloc(size int, words ...uint64) uint64 {
	r.t.Helper()
	n := uint64(len(words) * size)
	if n == 0 {
		n = 4
	}
	a, err := r.global.Alloc(n, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	b, _ := r.global.Host(a, n)
	for i, w := range words {
		warp.StoreN(b[i*size:], size, w)
	}
	return a
}

// read returns count words of size bytes at addr.
func (r *rig) read(addr uint64, size, count int) []uint64 {
	r.t.Helper()
	b, err := r.global.Host(addr, uint64(size*count))
	if err != nil {
		r.t.Fatal(err)
	}
	out := make([]uint64, count)
	for i := range out {
		out[i] = warp.LoadN(b[i*size:], size)
	}
	return out
}

// setParam sets kernel parameter i: for kernels with declared parameters
// at their offset and size, otherwise the 8 bytes at 8*i.
func (r *rig) setParam(i int, v uint64) {
	k := r.launch.Config().Kernel
	if i < len(k.Params) {
		warp.StoreN(r.params.Data[k.Params[i].Offset:], int(k.Params[i].Size), v)
		return
	}
	warp.StoreN(r.params.Data[8*i:], 8, v)
}

// runGrid runs every block of the grid to completion, in order.
func (r *rig) runGrid() error {
	cfg := r.launch.Config()
	var b *Block
	for z := uint32(0); z < cfg.Grid[2]; z++ {
		for y := uint32(0); y < cfg.Grid[1]; y++ {
			for x := uint32(0); x < cfg.Grid[0]; x++ {
				id := [3]uint32{x, y, z}
				if b == nil {
					var err error
					if b, err = r.launch.NewBlock(id, 0); err != nil {
						return err
					}
				} else {
					b.Reset(id, 0)
				}
				if err := b.Run(); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Table-driven single-warp cases: testdata/*.txt, one case per line, the
// fields separated by " | ":
//
//	instructions (';'-separated) | inputs | expected
//
// Inputs and expectations are NAME=VALUE words: a register (all lanes, or
// NAME[lane] for one lane; VALUE "lane" means the lane index), or a
// predicate (1/0 for all lanes, or mHEX for a lane mask); "-" is none. Expectations
// without [lane] are checked in lane 0; predicate masks over all lanes.
func runCaseFile(t *testing.T, file string) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	n := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n++
		parts := strings.Split(text, " | ")
		if len(parts) != 3 {
			t.Errorf("%s:%d: want 3 fields separated by |", file, line)
			continue
		}
		if err := runCase(t, parts[0], parts[1], parts[2]); err != nil {
			t.Errorf("%s:%d: %s: %v", file, line, strings.TrimSpace(parts[0]), err)
		}
	}
	if n == 0 {
		t.Fatalf("%s: no cases", file)
	}
	t.Logf("%s: %d cases", file, n)
}

type assign struct {
	name  string
	lane  int // -1: all lanes (inputs) or lane 0 (outputs)
	value string
}

func parseAssigns(s string) ([]assign, error) {
	var out []assign
	if strings.TrimSpace(s) == "-" {
		return nil, nil
	}
	for _, w := range strings.Fields(s) {
		name, val, ok := strings.Cut(w, "=")
		if !ok {
			return nil, fmt.Errorf("bad assignment %q", w)
		}
		a := assign{name: name, lane: -1, value: val}
		if i := strings.IndexByte(name, '['); i >= 0 {
			l, err := strconv.Atoi(strings.TrimSuffix(name[i+1:], "]"))
			if err != nil {
				return nil, err
			}
			a.name, a.lane = name[:i], l
		}
		out = append(out, a)
	}
	return out, nil
}

func runCase(t *testing.T, insts, inputs, want string) error {
	body := strings.ReplaceAll(insts, ";", "\n") + "\nexit"
	p, err := assemble(body)
	if err != nil {
		return err
	}
	k := p.Kernels[0]
	regIdx := map[string]int{}
	for i, r := range k.Regs {
		regIdx[r.Name] = i
	}
	predIdx := map[string]int{}
	for i, name := range k.Preds {
		predIdx[name] = i
	}
	// Registers are read back after the run: a row each.
	code, err := compile(p, k, 32, false)
	if err != nil {
		return err
	}
	l, err := NewLaunch(LaunchConfig{Program: p, Kernel: k, Code: code, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Model: testModel()})
	if err != nil {
		return err
	}
	b, err := l.NewBlock([3]uint32{0, 0, 0}, 0)
	if err != nil {
		return err
	}
	w := b.Warps()[0]
	ins, err := parseAssigns(inputs)
	if err != nil {
		return err
	}
	for _, a := range ins {
		if p, ok := predIdx[a.name]; ok {
			v, err := predValue(a.value)
			if err != nil {
				return err
			}
			w.preds[p] = v
			continue
		}
		r, ok := regIdx[a.name]
		if !ok {
			return fmt.Errorf("input %s is not used", a.name)
		}
		for lane := 0; lane < 32; lane++ {
			if a.lane >= 0 && lane != a.lane {
				continue
			}
			v := uint64(lane)
			if a.value != "lane" {
				if v, err = parseImm(a.value, traces.U64); err != nil {
					return err
				}
			}
			w.SetReg(r, lane, v&warp.LowMask(k.Regs[r].Type.Bits()))
		}
	}
	if err := b.Run(); err != nil {
		return err
	}
	outs, err := parseAssigns(want)
	if err != nil {
		return err
	}
	for _, a := range outs {
		if p, ok := predIdx[a.name]; ok {
			v, err := predValue(a.value)
			if err != nil {
				return err
			}
			got := w.Pred(p) & 0xffffffff
			if a.value == "1" || a.value == "0" {
				got, v = got&1, v&1
			}
			if got != v&0xffffffff {
				return fmt.Errorf("%s = m%08x, want m%08x", a.name, got, v&0xffffffff)
			}
			continue
		}
		r, ok := regIdx[a.name]
		if !ok {
			return fmt.Errorf("output %s is not used", a.name)
		}
		lane := max(a.lane, 0)
		v, err := parseImm(a.value, traces.U64)
		if err != nil {
			return err
		}
		if got := w.Reg(r, lane); got != v {
			return fmt.Errorf("%s[%d] = 0x%x, want 0x%x", a.name, lane, got, v)
		}
	}
	return nil
}

func predValue(s string) (uint64, error) {
	switch {
	case s == "1":
		return ^uint64(0), nil
	case s == "0":
		return 0, nil
	case strings.HasPrefix(s, "m"):
		return strconv.ParseUint(s[1:], 16, 64)
	}
	return 0, fmt.Errorf("bad predicate value %q", s)
}
