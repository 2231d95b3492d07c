package ptx

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/ptx"
	"github.com/gpusim/gpusim/warp"
)

// TestSharedRowsSamples: on the bundled PTX samples the shared layout
// needs far fewer rows than one per register (the point of it), and no
// more rows than the private layout anywhere.
func TestSharedRowsSamples(t *testing.T) {
	files, err := filepath.Glob("../../traces/samples/*.ptx")
	if err != nil || len(files) < 5 {
		t.Fatalf("samples: %v (%d files)", err, len(files))
	}
	// The most rows each may share into (measured 13 and 6; the bound
	// leaves room for a different but still sound assignment).
	want := map[string]int{"softmax": 20, "divergent": 10}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ptx.Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range p.Kernels {
			_, private := layoutRows(k, false)
			_, shared := layoutRows(k, true)
			t.Logf("%s: %d rows, %d shared", k.Name, private, shared)
			if shared > private {
				t.Errorf("%s: %d shared rows, more than the %d private ones", k.Name, shared, private)
			}
			if w, ok := want[k.Name]; ok && shared > w {
				t.Errorf("%s: %d shared rows, want at most %d (private: %d)", k.Name, shared, w, private)
			}
		}
	}
}

// TestSharedRowsKeepPrivate: registers of instructions that are not
// lanewise and .b128 registers keep rows of their own.
func TestSharedRowsKeepPrivate(t *testing.T) {
	p, err := ptx.Parse("private.ptx", []byte(`.version 8.3
.target sm_90
.address_size 64
.visible .entry private(.param .u64 buf)
{
	.reg .b32 %r<5>;
	.reg .b32 %s<1>;
	.reg .b64 %rd<3>;
	.reg .b128 %q<2>;
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	shfl.sync.bfly.b32 %s0, %r2, 1, 31, 0xffffffff;
	add.u32 %r3, %s0, 1;
	mov.b64 %rd2, 7;
	mov.b128 %q0, {%rd1, %rd2};
	add.u32 %r4, %r3, 2;
	st.global.u32 [%rd1], %r4;
	st.global.b128 [%rd1+16], %q0;
	exit;
}
`))
	if err != nil {
		t.Fatal(err)
	}
	k := p.Kernels[0]
	rows, n := layoutRows(k, true)
	idx := map[string]int32{}
	for r, reg := range k.Regs {
		idx[reg.Name] = rows[r]
	}
	owners := map[int32][]string{}
	for r, reg := range k.Regs {
		owners[rows[r]] = append(owners[rows[r]], reg.Name)
		if regRows(reg.Type) == 2 {
			owners[rows[r]+1] = append(owners[rows[r]+1], reg.Name+".hi")
		}
	}
	for _, name := range []string{"%s0", "%r2", "%q0", "%q0.hi"} {
		row := idx[strings.TrimSuffix(name, ".hi")]
		if strings.HasSuffix(name, ".hi") {
			row++
		}
		// %q1 is declared but never named: it has rows of its own too.
		if got := owners[row]; len(got) != 1 {
			t.Errorf("%s shares row %d with %v", name, row, got)
		}
	}
	if _, private := layoutRows(k, false); n >= private {
		t.Errorf("%d rows shared, %d private: the lanewise registers shared nothing", n, private)
	}
}

// TestSharedRowsCalls: a kernel that calls keeps a row per register
// (parameter frames and saved activations are outside the analysis).
func TestSharedRowsCalls(t *testing.T) {
	p, err := ptx.Parse("calls.ptx", []byte(`.version 8.3
.target sm_90
.address_size 64
.func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %t<2>;
	ld.param.b32 %t0, [a];
	add.u32 %t1, %t0, 1;
	st.param.b32 [r], %t1;
	ret;
}
.visible .entry calls(.param .u64 buf)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	{
	.param .b32 pa;
	.param .b32 pr;
	st.param.b32 [pa], %r2;
	call (pr), inc, (pa);
	ld.param.b32 %r3, [pr];
	}
	add.u32 %r4, %r3, 1;
	add.u32 %r5, %r4, 1;
	st.global.u32 [%rd1], %r5;
	exit;
}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range p.Kernels {
		rows, n := layoutRows(k, true)
		prows, pn := layoutRows(k, false)
		if n != pn || !slices.Equal(rows, prows) {
			t.Errorf("%s: rows %v (%d), want a row per register %v (%d)", k.Name, rows, n, prows, pn)
		}
	}
}

// TestSharedRowsRandom runs random kernels written the way compilers
// write PTX (many registers, most written once; branches that split the
// warp; guarded instructions; counted loops; reads of registers never
// written; stores and loads in between; a few shfl and vote) with the
// shared layout and with a row per register: every outcome, fault and
// byte of memory must be the same.
func TestSharedRowsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	kernels, saved, sharedTotal, privateTotal := 0, 0, 0, 0
	ends := map[string]int{}
	for i := 0; i < 600; i++ {
		src := ssaGen{rng}.kernel()
		p, err := ptx.Parse("ssa.ptx", []byte(src))
		if err != nil {
			t.Fatalf("generated kernel does not parse: %v\n%s", err, src)
		}
		k := p.Kernels[0]
		shared, err := compile(p, k, 32, true)
		if err != nil {
			t.Fatalf("compile: %v\n%s", err, src)
		}
		private, err := compile(p, k, 32, false)
		if err != nil {
			t.Fatal(err)
		}
		kernels++
		sharedTotal += shared.nrows
		privateTotal += private.nrows
		if shared.nrows < private.nrows {
			saved++
		}
		a, memA := runLayout(t, p, shared)
		b, memB := runLayout(t, p, private)
		ends[a]++
		if a != b {
			t.Fatalf("kernel %d: shared rows end %q, a row per register %q\n%s", i, a, b, src)
		}
		if !bytes.Equal(memA, memB) {
			at := 0
			for at < len(memA) && memA[at] == memB[at] {
				at++
			}
			t.Fatalf("kernel %d: memory differs first at byte %d (thread %d, word %d) with shared rows (%d rows, %d private)\n%s",
				i, at, at/ssaBytes, at%ssaBytes/4, shared.nrows, private.nrows, src)
		}
	}
	t.Logf("%d kernels, %d with rows shared; %d rows in all, %d private; ends %v", kernels, saved, sharedTotal, privateTotal, ends)
	if saved < kernels*9/10 || sharedTotal*2 > privateTotal {
		t.Errorf("the generator no longer exercises sharing: %d of %d kernels, %d rows against %d", saved, kernels, sharedTotal, privateTotal)
	}
}

// ssaBytes is each thread's slice of the generated kernels' buffer.
const ssaBytes = 256

// runLayout runs one block of 40 threads (a full warp and a partial one)
// of the kernel compiled as code, with a step limit, and returns how it
// ended and the buffer.
func runLayout(t *testing.T, p *traces.Program, code *Code) (string, []byte) {
	t.Helper()
	k := p.Kernels[0]
	params := mem.NewSegment(traces.SpaceParam, 0, k.ParamSize, true)
	g := mem.NewGlobal()
	buf, err := g.Alloc(40*ssaBytes, 0)
	if err != nil {
		t.Fatal(err)
	}
	warp.StoreN(params.Data, 8, buf)
	l, err := NewLaunch(LaunchConfig{Program: p, Kernel: k, Code: code, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{40, 1, 1},
		Global: g, Params: params, Model: testModel()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	end := "done"
	for steps := 0; !b.Done(); {
		if steps >= fuzzSteps {
			end = "step limit"
			break
		}
		stepped := false
		for _, w := range b.Warps() {
			if w.Done() || w.Waiting() {
				continue
			}
			if _, err := w.Step(uint64(steps)); err != nil {
				var f *warp.Fault
				if !errors.As(err, &f) {
					t.Fatalf("execution error that is not a *Fault: %v", err)
				}
				end = err.Error()
				break
			}
			stepped = true
			steps++
		}
		if end != "done" {
			break
		}
		if !stepped {
			end = "deadlock"
			break
		}
	}
	data, err := g.Host(buf, 40*ssaBytes)
	if err != nil {
		t.Fatal(err)
	}
	return end, data
}

// ssaGen writes random kernels for TestSharedRowsRandom.
type ssaGen struct{ rng *rand.Rand }

func (g ssaGen) r() string   { return fmt.Sprintf("%%r%d", g.rng.IntN(40)) }
func (g ssaGen) f() string   { return fmt.Sprintf("%%f%d", g.rng.IntN(24)) }
func (g ssaGen) rd() string  { return fmt.Sprintf("%%rd%d", g.rng.IntN(12)) }
func (g ssaGen) pr() string  { return fmt.Sprintf("%%p%d", g.rng.IntN(6)) }
func (g ssaGen) imm() string { return fmt.Sprint(g.rng.IntN(100) - 20) }

func (g ssaGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// guard is a random guard predicate, @p or @!p.
func (g ssaGen) guard() string { return fmt.Sprintf("@%s%s ", g.pick("", "!"), g.pr()) }

// kernel writes one kernel: a prologue that points %a0 at the thread's
// 256 bytes of the buffer and sets three predicates that split the warp,
// 20 to 80 labelled instructions, and a final store of three registers.
func (g ssaGen) kernel() string {
	var sb strings.Builder
	sb.WriteString(`.version 8.3
.target sm_90
.address_size 64
.visible .entry ssa(.param .u64 buf)
{
	.reg .pred %p<6>;
	.reg .pred %q<1>;
	.reg .b32 %r<40>;
	.reg .b32 %c<1>;
	.reg .b32 %m<1>;
	.reg .f32 %f<24>;
	.reg .b64 %rd<12>;
	.reg .b64 %a<2>;
	ld.param.u64 %a1, [buf];
	mov.u32 %r0, %tid.x;
	mul.wide.u32 %a0, %r0, 256;
	add.s64 %a0, %a1, %a0;
	setp.lt.u32 %p0, %r0, 13;
	and.b32 %r1, %r0, 1;
	setp.ne.u32 %p1, %r1, 0;
	and.b32 %r2, %r0, 4;
	setp.eq.u32 %p2, %r2, 0;
	cvt.rn.f32.u32 %f0, %r0;
`)
	n := 20 + g.rng.IntN(61)
	head, end := -1, -1 // the open counted loop: its first and last instruction
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "L%d:\n", i)
		if end < 0 && i+4 < n && g.rng.IntN(3) == 0 {
			// A loop of a lane-dependent trip count (1 to 4): entered
			// sideways by a branch, it runs once more or not at all.
			head, end = i, min(i+2+g.rng.IntN(6), n-1)
			fmt.Fprintf(&sb, "\tand.b32 %%c0, %s, 3;\nLOOP%d:\n", g.r(), i)
		}
		fmt.Fprintf(&sb, "\t%s;\n", g.inst(i, n))
		if i == end {
			fmt.Fprintf(&sb, "\tsub.s32 %%c0, %%c0, 1;\n\tsetp.ge.s32 %%q0, %%c0, 0;\n\t@%%q0 bra LOOP%d;\n", head)
			end = -1
		}
	}
	fmt.Fprintf(&sb, "L%d:\n", n)
	for j := 0; j < 3; j++ {
		fmt.Fprintf(&sb, "\tst.global.u32 [%%a0+%d], %s;\n", 4*(60+j), g.r())
	}
	sb.WriteString("\texit;\n}\n")
	return sb.String()
}

// inst is instruction i of n: arithmetic, a comparison, a memory access,
// a forward branch that may split the warp, an exit of some lanes, or a
// warp-wide instruction;
// one in five is guarded.
func (g ssaGen) inst(i, n int) string {
	guard := ""
	if g.rng.IntN(5) == 0 {
		guard = g.guard()
	}
	word := func() int { return 4 * g.rng.IntN(60) }
	switch g.rng.IntN(16) {
	case 0, 1, 2:
		op := g.pick("add.u32", "sub.s32", "mul.lo.u32", "xor.b32", "and.b32", "or.b32", "min.s32", "max.u32", "shl.b32", "shr.u32")
		return fmt.Sprintf("%s%s %s, %s, %s", guard, op, g.r(), g.r(), g.pick(g.r(), g.imm()))
	case 3:
		return fmt.Sprintf("%smad.lo.u32 %s, %s, %s, %s", guard, g.r(), g.r(), g.r(), g.r())
	case 4:
		if g.rng.IntN(3) == 0 {
			return fmt.Sprintf("%sfma.rn.f32 %s, %s, %s, %s", guard, g.f(), g.f(), g.f(), g.f())
		}
		return fmt.Sprintf("%s%s.f32 %s, %s, %s", guard, g.pick("add.rn", "mul.rn", "min", "max", "sub.rz"), g.f(), g.f(), g.f())
	case 5:
		switch g.rng.IntN(4) {
		case 0:
			return fmt.Sprintf("%scvt.rn.f32.u32 %s, %s", guard, g.f(), g.r())
		case 1:
			return fmt.Sprintf("%scvt.rzi.u32.f32 %s, %s", guard, g.r(), g.f())
		case 2:
			return fmt.Sprintf("%smov.b32 %s, %s", guard, g.f(), g.r())
		}
		return fmt.Sprintf("%smov.b32 %s, %s", guard, g.r(), g.f())
	case 6:
		switch g.rng.IntN(3) {
		case 0:
			return fmt.Sprintf("%smul.wide.u32 %s, %s, %s", guard, g.rd(), g.r(), g.r())
		case 1:
			return fmt.Sprintf("%sadd.s64 %s, %s, %s", guard, g.rd(), g.rd(), g.rd())
		}
		return fmt.Sprintf("%scvt.u32.u64 %s, %s", guard, g.r(), g.rd())
	case 7:
		if g.rng.IntN(3) == 0 {
			return fmt.Sprintf("%ssetp.gt.f32 %s, %s, %s", guard, g.pr(), g.f(), g.f())
		}
		return fmt.Sprintf("%ssetp.%s.u32 %s, %s, %s", guard, g.pick("lt", "ne", "ge"), g.pr(), g.r(), g.pick(g.r(), g.imm()))
	case 8:
		return fmt.Sprintf("%sselp.b32 %s, %s, %s, %s", guard, g.r(), g.r(), g.r(), g.pr())
	case 9:
		switch g.rng.IntN(3) {
		case 0:
			return fmt.Sprintf("%sst.global.f32 [%%a0+%d], %s", guard, word(), g.f())
		case 1:
			return fmt.Sprintf("%sst.global.u64 [%%a0+%d], %s", guard, 8*g.rng.IntN(30), g.rd())
		}
		return fmt.Sprintf("%sst.global.u32 [%%a0+%d], %s", guard, word(), g.r())
	case 10:
		if g.rng.IntN(2) == 0 {
			return fmt.Sprintf("%sld.global.f32 %s, [%%a0+%d]", guard, g.f(), word())
		}
		return fmt.Sprintf("%sld.global.u32 %s, [%%a0+%d]", guard, g.r(), word())
	case 11:
		return fmt.Sprintf("%satom.global.add.u32 %s, [%%a0+%d], %s", guard, g.r(), word(), g.r())
	case 12, 13:
		if g.rng.IntN(8) == 0 {
			return g.guard() + "exit" // some lanes leave early
		}
		return fmt.Sprintf("%sbra L%d", g.guard(), i+1+g.rng.IntN(n-i))
	case 14:
		if g.rng.IntN(2) == 0 {
			return fmt.Sprintf("activemask.b32 %%m0;\n\tshfl.sync.bfly.b32 %s, %s, %d, 31, %%m0", g.r(), g.r(), 1<<g.rng.IntN(5))
		}
		return fmt.Sprintf("activemask.b32 %%m0;\n\tvote.sync.ballot.b32 %s, %s, %%m0", g.r(), g.pr())
	}
	return fmt.Sprintf("%smov.u32 %s, %s", guard, g.r(), g.pick(g.r(), g.imm(), "%tid.x", "%laneid"))
}
