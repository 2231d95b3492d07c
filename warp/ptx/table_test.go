package ptx

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// The every-row test of the PTX table (traces/_gen/ptx.ops): every opcode
// has semantics and a unit class, every form of it routes to a unit in
// every NVIDIA preset, and what its examples (testdata/rows.txt) write on
// random state is exactly what the row and the operands say it writes
// (its dependency data, traces.KernelDeps), which is what the timing
// model's scoreboard waits for.

// rowsPrelude declares what the examples use; rowsKernel wraps one.
const rowsPrelude = `.version 8.3
.target sm_90
.address_size 64
.global .align 16 .b8 gbuf[64];
.const .align 16 .b8 cbuf[64];
.shared .align 16 .b8 sbuf[64];
.global .texref rtex;
.global .surfref rsurf;
.global .texref rtexa;
.global .texref rtexc;
.func fnop()
{
	ret;
}
.visible .entry k(.param .u64 p)
{
	.reg .b16 %rs<16>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.reg .b128 %q<4>;
	.reg .pred %p<8>;
	.local .align 16 .b8 lbuf[64];
`

// An example line may start with set-up instructions, each followed by
// "; " (an mbarrier must be initialised before it is used): they run first,
// and the last instruction is the one examined.
func rowsKernel(inst string) string {
	body := ""
	for _, in := range strings.Split(inst, "; ") {
		body += "\t" + in + ";\n"
	}
	return rowsPrelude + body + "$L_end:\n\tret;\n}\n"
}

// rowsTextures binds rtex to a 16x16 u8x4 texture (normalised reads,
// linear filtering, wrap, normalised coordinates, 3 mip levels) and rsurf
// to a 16x16 u32 surface, both of random texels.
func rowsTextures(g *mem.Global) (*TexTable, []uint64) {
	tt := &TexTable{}
	rng := rand.New(rand.NewPCG(11, 12))
	u8x4 := Format{Kind: ChanUnsigned, Bits: 8, Channels: 4}
	res := Resource{Format: u8x4, Width: 16, Height: 16, Depth: 1, Levels: 3, Layout: LayoutArray}
	sres := Resource{Format: Format{Kind: ChanUnsigned, Bits: 32, Channels: 1}, Width: 16, Height: 16, Depth: 1, Levels: 1, Layout: LayoutArray}
	ares := Resource{Format: Format{Kind: ChanFloat, Bits: 16, Channels: 2}, Width: 8, Height: 8, Depth: 1, Layers: 3, Levels: 1, Layout: LayoutArray}
	cres := Resource{Format: u8x4, Width: 8, Height: 8, Depth: 1, Layers: 6, Cube: true, Levels: 1, Layout: LayoutArray}
	var refs []uint64
	for i, r := range []*Resource{&res, &sres, &ares, &cres} {
		addr, err := g.Alloc(r.Bytes(), 256)
		if err != nil {
			panic(err)
		}
		host, _ := g.Host(addr, r.Bytes())
		for j := range host {
			host[j] = byte(rng.Uint32())
		}
		r.Addr = addr
		if i == 1 {
			refs = append(refs, tt.Add(TexObject{Kind: traces.OpaqueSurface, Res: *r}))
			continue
		}
		refs = append(refs, tt.Add(TexObject{Kind: traces.OpaqueTexture, Res: *r, Samp: Sampler{Filter: traces.FilterLinear,
			MipFilter: traces.FilterLinear, Normalized: true, ReadNormalized: true, MaxLod: 0x40000000,
			Addr: [3]traces.AddrMode{traces.AddrWrap, traces.AddrMirror, traces.AddrBorder}, Border: [4]uint32{0x3f000000}}}))
	}
	return tt, refs
}

// nvidiaPresets loads every embedded preset of a vendor.
func vendorPresets(t *testing.T, vendor string) []*config.Machine {
	t.Helper()
	var out []*config.Machine
	for _, name := range config.Presets() {
		m, err := config.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.GPU.Vendor == vendor {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s presets", vendor)
	}
	return out
}

// ptxRow is what the static check looks at of one row.
type ptxRow struct {
	op    traces.Opcode
	name  string
	sem   func(*compiler, *traces.Inst, *op) error
	class func(in *traces.Inst) string
}

// rowProblems checks that a row has semantics and that every form of it
// (each type, and each state space for rows keyed by space) has a unit
// class that routes, through its key or its class, to a unit of every
// preset, not through a "default" entry.
func rowProblems(r ptxRow, presets []*config.Machine) []string {
	var out []string
	if r.sem == nil {
		out = append(out, fmt.Sprintf("%s has no semantics", r.name))
	}
	spaces := []traces.Space{traces.SpaceNone}
	if info := traces.PTXOp(r.op); info != nil && info.SpaceKey {
		spaces = []traces.Space{traces.SpaceGeneric, traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal,
			traces.SpaceConst, traces.SpaceParam, traces.SpaceParamFrame}
	}
	for ty := traces.Type(0); ty < traces.NumTypes; ty++ {
		for _, sp := range spaces {
			in := traces.Inst{Op: r.op, Type: ty, Space: sp}
			class := r.class(&in)
			key := in.UnitKey()
			if r.name != r.op.String() {
				key = strings.Replace(key, r.op.String(), r.name, 1)
			}
			if class == "" {
				out = append(out, fmt.Sprintf("%s (.%s) has no unit class", key, ty))
				continue
			}
			for _, m := range presets {
				rt, ok := m.RouteNames([]string{key}, class)
				if !ok || rt.Rule == config.DefaultKey {
					out = append(out, fmt.Sprintf("%s (class %s) does not route on %s (%+v)", key, class, m.GPU.Arch, rt))
				}
			}
		}
	}
	return out
}

// TestEveryPTXRow runs the static check over every row.
func TestEveryPTXRow(t *testing.T) {
	presets := vendorPresets(t, config.VendorNVIDIA)
	for op := traces.OpInvalid + 1; op < traces.NumPTXOpcodes; op++ {
		r := ptxRow{op: op, name: op.String(), sem: semantics[op], class: (*traces.Inst).UnitClass}
		for _, p := range rowProblems(r, presets) {
			t.Error(p)
		}
	}
}

// ptxExample is one line of testdata/rows.txt.
type ptxExample struct {
	line int
	text string
}

func readExamples(t *testing.T, path string) []ptxExample {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ptxExample
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if s := strings.TrimSpace(sc.Text()); s != "" && !strings.HasPrefix(s, "#") {
			out = append(out, ptxExample{n, s})
		}
	}
	return out
}

// slotSet names scoreboard slots as a row's registers ("%r1", "%p2",
// "carry").
type slotSet map[string]bool

func (s slotSet) sorted() []string {
	var out []string
	for k := range s {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// exampleRun is what one example did over several random states.
type exampleRun struct {
	op      traces.Opcode
	defs    slotSet   // what its dependency data says it writes
	changed []slotSet // per trial: what it wrote
	// carryMatters: flipping only the carry flag changed a result in some
	// trial.
	carryMatters bool
	err          error
}

// runExample parses, compiles and runs one example instruction on trials
// random states (a full warp of 32 lanes, %rd9 a valid global address).
func runExample(t *testing.T, text string, trials int, seed uint64) exampleRun {
	t.Helper()
	prog, err := ptxfe.Parse("rows.ptx", []byte(rowsKernel(text)))
	if err != nil {
		return exampleRun{err: err}
	}
	k := prog.Kernels[0]
	tgt := strings.Count(text, "; ") // the examined instruction's index; set-up before it
	run := exampleRun{op: k.Code[tgt].Op, defs: slotSet{}}
	nregs, npreds := int32(len(k.Regs)), k.NumPreds
	slotName := func(x int32) string {
		switch {
		case x < nregs:
			return k.Regs[x].Name
		case x < nregs+npreds:
			return k.Preds[x-nregs]
		}
		return "carry"
	}
	d := traces.KernelDeps(k)
	id := d.Insts[tgt]
	for _, x := range d.Slots[id.Def.Lo:id.Def.Hi] {
		run.defs[slotName(x)] = true
	}
	rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, params: []uint64{0}, constBytes: make([]byte, 64), tex: rowsTextures,
		privateRows: true})
	buf := rg.alloc(8, make([]uint64, 512)...)
	rd9 := int32(-1)
	for i, r := range k.Regs {
		if r.Name == "%rd9" {
			rd9 = int32(i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	type state struct {
		regs  []uint64
		preds []uint64
		carry uint64
	}
	snap := func(w *Warp) state {
		return state{slices.Clone(w.regs), slices.Clone(w.preds), w.carry}
	}
	mem0, err := rg.global.Host(buf, 4096)
	if err != nil {
		t.Fatal(err)
	}
	mem0 = slices.Clone(mem0)
	// exec runs the example from state s (and the global buffer's first
	// contents): its set-up, then the examined instruction; it returns the
	// states before and after that one.
	exec := func(s state) (state, state, error) {
		host, _ := rg.global.Host(buf, 4096)
		copy(host, mem0)
		b, err := rg.launch.NewBlock([3]uint32{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := b.Warps()[0]
		copy(w.regs, s.regs)
		copy(w.preds, s.preds)
		w.carry = s.carry
		for range tgt {
			if _, err := w.Step(0); err != nil {
				t.Fatalf("%s: set-up: %v", text, err)
			}
		}
		pre := snap(w)
		_, err = w.Step(0)
		return pre, snap(w), err
	}
	for trial := 0; trial < trials; trial++ {
		b, err := rg.launch.NewBlock([3]uint32{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := b.Warps()[0]
		for r := range k.Regs {
			bitsN := k.Regs[r].Type.Bits()
			for lane := 0; lane < w.width; lane++ {
				v := rng.Uint64()
				if bitsN < 64 {
					v &= 1<<uint(bitsN) - 1
				}
				if int32(r) == rd9 {
					v = buf
				}
				row := int(w.code.rows[r])
				w.regs[row*w.width+lane] = v
				if bitsN > 64 {
					w.regs[(row+1)*w.width+lane] = rng.Uint64()
				}
			}
		}
		for p := range w.preds {
			w.preds[p] = rng.Uint64()
		}
		w.carry = rng.Uint64()
		start := snap(w)
		before, after, err := exec(start)
		if err != nil && run.op != traces.OpTrap {
			run.err = err
			return run
		}
		changed := slotSet{}
		for r := range k.Regs {
			row := int(w.code.rows[r])
			n := 1
			if k.Regs[r].Type.Bits() > 64 {
				n = 2
			}
			if !slices.Equal(before.regs[row*w.width:(row+n)*w.width], after.regs[row*w.width:(row+n)*w.width]) {
				changed[k.Regs[r].Name] = true
			}
		}
		for p := range before.preds {
			if before.preds[p] != after.preds[p] {
				changed[k.Preds[p]] = true
			}
		}
		if before.carry != after.carry {
			changed["carry"] = true
		}
		run.changed = append(run.changed, changed)
		// The same state with the carry flag flipped.
		flipped := start
		flipped.carry = ^start.carry
		_, after2, err2 := exec(flipped)
		if (err == nil) == (err2 == nil) && (!slices.Equal(after.regs, after2.regs) || !slices.Equal(after.preds, after2.preds)) {
			run.carryMatters = true
		}
	}
	return run
}

// effectProblems compares what an example wrote with its dependency
// data: it must write nothing else, each slot it says it writes must
// change on some random state, and it must read the carry flag exactly when
// its row says so.
func effectProblems(what string, run exampleRun, usesCarry bool) []string {
	var out []string
	ever := slotSet{}
	for _, c := range run.changed {
		for s := range c {
			ever[s] = true
			if !run.defs[s] {
				out = append(out, fmt.Sprintf("%s wrote %s, which its dependency data (defs %v) does not name", what, s, run.defs.sorted()))
				delete(c, s)
			}
		}
	}
	for s := range run.defs {
		if !ever[s] {
			out = append(out, fmt.Sprintf("%s never wrote %s on %d random states, but its dependency data says it does", what, s, len(run.changed)))
		}
	}
	if run.carryMatters != usesCarry {
		out = append(out, fmt.Sprintf("%s: reading the carry flag %v, its row's uses say %v", what, run.carryMatters, usesCarry))
	}
	return slices.Compact(out)
}

// TestEveryPTXRowEffects runs every example of testdata/rows.txt and
// checks that every opcode has one.
func TestEveryPTXRowEffects(t *testing.T) {
	seen := map[traces.Opcode]bool{}
	for i, ex := range readExamples(t, "testdata/rows.txt") {
		run := runExample(t, ex.text, 16, uint64(i+1))
		what := fmt.Sprintf("rows.txt:%d: %s", ex.line, ex.text)
		if run.err != nil {
			t.Errorf("%s: %v", what, run.err)
			continue
		}
		seen[run.op] = true
		row := traces.PTXOp(run.op)
		for _, p := range effectProblems(what, run, row.Uses.Has(traces.ImpCarry)) {
			t.Error(p)
		}
	}
	for op := traces.OpInvalid + 1; op < traces.NumPTXOpcodes; op++ {
		if !seen[op] {
			t.Errorf("%s has no example in testdata/rows.txt", op)
		}
	}
}

// TestEveryPTXRowCatches is the test of the test: a planted row without
// semantics and with a unit class no preset has fails the static check,
// and an instruction whose dependency data leaves out the carry flag it
// writes fails the effects check.
func TestEveryPTXRowCatches(t *testing.T) {
	presets := vendorPresets(t, config.VendorNVIDIA)
	planted := ptxRow{op: traces.OpPopc, name: "vfoo", class: func(*traces.Inst) string { return "nosuchunit" }}
	probs := strings.Join(rowProblems(planted, presets), "\n")
	for _, want := range []string{"vfoo has no semantics", "vfoo.b32 (class nosuchunit) does not route on sm_75"} {
		if !strings.Contains(probs, want) {
			t.Errorf("the static check missed %q in a planted row; it said:\n%s", want, probs)
		}
	}
	good := ptxRow{op: traces.OpPopc, name: "popc", sem: semantics[traces.OpPopc], class: (*traces.Inst).UnitClass}
	if p := rowProblems(good, presets); len(p) != 0 {
		t.Errorf("the static check fails a good row: %v", p)
	}
	run := runExample(t, "add.cc.u32 %r1, %r2, %r3", 16, 7)
	if run.err != nil {
		t.Fatal(run.err)
	}
	if p := effectProblems("add.cc", run, false); len(p) != 0 {
		t.Errorf("the effects check fails a good row: %v", p)
	}
	delete(run.defs, "carry")
	if p := strings.Join(effectProblems("add.cc", run, false), "\n"); !strings.Contains(p, "wrote carry") {
		t.Errorf("the effects check missed an unlisted carry write; it said:\n%s", p)
	}
	run.defs["%r7"] = true
	if p := strings.Join(effectProblems("add.cc", run, false), "\n"); !strings.Contains(p, "never wrote %r7") {
		t.Errorf("the effects check missed a listed register that is never written; it said:\n%s", p)
	}
	if p := strings.Join(effectProblems("add.cc", run, true), "\n"); !strings.Contains(p, "reading the carry flag false") {
		t.Errorf("the effects check missed a wrong implicit use; it said:\n%s", p)
	}
}
