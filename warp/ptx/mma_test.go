package ptx

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// The multiply-accumulates against a Go reference: for every mma form and
// layout, random matrices are put into the lanes' registers with a
// reference mapping written here from the PTX ISA's fragment formulas
// (apart from fragment.go's), one mma runs, and D, read back through the
// reference mapping, must be the alu model's dot product of each row and
// column. wmma forms (whose mapping PTX leaves unspecified) go from memory
// to memory: wmma.load, wmma.mma, wmma.store, for every layout pair and
// with a stride.

// refCoord is the PTX ISA's (batch, row, column) of element i of lane l
// in operand frag of an mma form, written as the manual's case formulas.
func refCoord(f *traces.MMAForm, frag uint8, l, i int, alayout, blayout uint8) (int, int, int) {
	g, t := l>>2, l%4
	s, e := f.Shape, f.A
	if s == traces.ShapeM8N8K4 && e == traces.ElemF16 { // four 8x8x4 products, one per quad-pair
		q, hi := (l>>2)&3, 0
		if l >= 16 {
			hi = 4
		}
		switch frag {
		case traces.FragA:
			if alayout == traces.LayoutRow {
				return q, l%4 + hi, i
			}
			return q, i%4 + hi, l % 4
		case traces.FragB:
			if blayout == traces.LayoutRow {
				return q, l % 4, i + hi
			}
			return q, i, l%4 + hi
		}
		if f.C == traces.ElemF16 && frag == traces.FragC || f.D == traces.ElemF16 && frag == traces.FragD {
			return q, l%4 + hi, i
		}
		x := (l & 1) + (i & 2)
		return q, x + hi, (i & 4) + (l & 2) + (i & 1)
	}
	if frag == traces.FragC || frag == traces.FragD {
		if s.M() == 8 {
			return 0, g, t*2 + i
		}
		row := g
		if i >= 2 {
			row = g + 8
		}
		return 0, row, t*2 + (i & 1)
	}
	pick := func(cond bool, a, b int) int {
		if cond {
			return a
		}
		return b
	}
	switch {
	case e == traces.ElemF64:
		if frag == traces.FragA {
			return 0, g, t
		}
		return 0, t, g
	case e == traces.ElemTF32 && s == traces.ShapeM16N8K4:
		if frag == traces.FragA {
			return 0, pick(i == 0, g, g+8), t
		}
		return 0, t, g
	case e == traces.ElemTF32: // m16n8k8
		if frag == traces.FragA {
			return 0, pick(i == 0 || i == 2, g, g+8), pick(i < 2, t, t+4)
		}
		return 0, pick(i == 0, t, t+4), g
	case s == traces.ShapeM16N8K8: // f16, bf16
		if frag == traces.FragA {
			return 0, pick(i < 2, g, g+8), t*2 + (i & 1)
		}
		return 0, t*2 + i, g
	case s == traces.ShapeM16N8K16 && (e == traces.ElemF16 || e == traces.ElemBF16):
		if frag == traces.FragA {
			return 0, pick(i < 2 || 4 <= i && i < 6, g, g+8), pick(i < 4, t*2+(i&1), t*2+(i&1)+8)
		}
		return 0, pick(i < 2, t*2+(i&1), t*2+(i&1)+8), g
	}
	// Integer and single-bit forms: per = elements of one register.
	per := 32 / e.Bits()
	switch s {
	case traces.ShapeM8N8K16, traces.ShapeM8N8K32, traces.ShapeM8N8K128:
		if frag == traces.FragA {
			return 0, g, t*per + i
		}
		return 0, t*per + i, g
	case traces.ShapeM16N8K16, traces.ShapeM16N8K32, traces.ShapeM16N8K128:
		if s == traces.ShapeM16N8K32 && per == 4 { // s8 m16n8k32
			if frag == traces.FragA {
				return 0, pick(i < 4 || 8 <= i && i < 12, g, g+8), pick(i < 8, t*4+(i&3), t*4+(i&3)+16)
			}
			return 0, pick(i < 4, t*4+(i&3), t*4+(i&3)+16), g
		}
		if frag == traces.FragA {
			return 0, pick(i < per, g, g+8), t*per + i%per
		}
		return 0, t*per + i, g
	}
	// m16n8k64 (s4), m16n8k256 (b1): four registers of A, two of B.
	if frag == traces.FragA {
		return 0, pick(i < per || 2*per <= i && i < 3*per, g, g+8), pick(i < 2*per, t*per+i%per, t*per+i%per+4*per)
	}
	return 0, pick(i < per, t*per+i%per, t*per+i%per+4*per), g
}

// randMatElem draws a random element of type e (finite floats in a range
// that keeps sums away from overflow).
func randMatElem(r *rand.Rand, e traces.MatElem) uint64 {
	switch e {
	case traces.ElemF16:
		return uint64(r.IntN(2))<<15 | uint64(8+r.IntN(14))<<10 | uint64(r.IntN(1024))
	case traces.ElemBF16:
		return uint64(r.IntN(2))<<15 | uint64(120+r.IntN(14))<<7 | uint64(r.IntN(128))
	case traces.ElemTF32, traces.ElemF32:
		return uint64(r.IntN(2))<<31 | uint64(120+r.IntN(14))<<23 | uint64(r.IntN(1<<23))
	case traces.ElemF64:
		return math.Float64bits(r.Float64()*8 - 4)
	}
	return r.Uint64() & (1<<uint(e.Bits()) - 1)
}

// refDot is D[i][j] of matrices held as element patterns (A row-major M x
// K per batch, B row-major K x N), through package alu.
func refDot(f *traces.MMAForm, a, b []uint64, c uint64, sat bool) uint64 {
	k := len(a)
	m := alu.TensorModelNamed("ampere")
	switch f.A {
	case traces.ElemF64:
		return alu.DotF64(a, b, c, alu.CanonicalNaN)
	case traces.ElemB1:
		wa, wb := make([]uint32, k/32), make([]uint32, k/32)
		for i := range k {
			wa[i/32] |= uint32(a[i]) << (i % 32)
			wb[i/32] |= uint32(b[i]) << (i % 32)
		}
		return uint64(uint32(alu.DotB1(wa, wb, int32(uint32(c)), f.BitOp == traces.BitAnd)))
	}
	a32, b32 := make([]uint32, k), make([]uint32, k)
	for i := range k {
		a32[i], b32[i] = uint32(a[i]), uint32(b[i])
	}
	switch f.A {
	case traces.ElemF16, traces.ElemBF16, traces.ElemTF32:
		te := map[traces.MatElem]alu.TensorElem{traces.ElemF16: alu.TensorF16, traces.ElemBF16: alu.TensorBF16, traces.ElemTF32: alu.TensorTF32}[f.A]
		cv := uint32(c)
		if f.C == traces.ElemF16 {
			cv = alu.F16ToF32(uint16(c))
		}
		if f.D == traces.ElemF16 {
			return uint64(m.DotF16(te, a32, b32, cv))
		}
		return uint64(m.DotF32(te, a32, b32, cv))
	}
	signed := func(e traces.MatElem) bool { return e == traces.ElemS8 || e == traces.ElemS4 }
	return uint64(uint32(alu.DotS32(a32, b32, f.A.Bits(), signed(f.A), signed(f.B), int32(uint32(c)), sat)))
}

// mmaOperands writes the register names of an mma's four fragments.
func mmaOperands(wmma bool, f *traces.MMAForm) (string, [4][]string) {
	var names [4][]string
	next := map[string]int{}
	var b strings.Builder
	for k, fr := range []struct {
		frag uint8
		e    traces.MatElem
	}{{traces.FragD, f.D}, {traces.FragA, f.A}, {traces.FragB, f.B}, {traces.FragC, f.C}} {
		n := traces.FragRegs(wmma, f.Shape, fr.frag, fr.e)
		pre := "%r"
		if fr.e == traces.ElemF64 {
			pre = "%rd"
		}
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('{')
		for i := range n {
			name := fmt.Sprintf("%s%d", pre, next[pre])
			next[pre]++
			names[k] = append(names[k], name)
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(name)
		}
		b.WriteByte('}')
	}
	return b.String(), names
}

func layoutWord(l uint8) string {
	if l == traces.LayoutCol {
		return "col"
	}
	return "row"
}

// TestMmaAgainstReference runs every mma form.
func TestMmaAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for fi := range traces.MMAForms(false) {
		f := &traces.MMAForms(false)[fi]
		layouts := [][2]uint8{{traces.LayoutRow, traces.LayoutCol}}
		if f.AnyLayout {
			layouts = append(layouts, [2]uint8{traces.LayoutCol, traces.LayoutRow}, [2]uint8{traces.LayoutRow, traces.LayoutRow}, [2]uint8{traces.LayoutCol, traces.LayoutCol})
		}
		for _, lay := range layouts {
			for _, sat := range []bool{false, true} {
				if sat && (f.D != traces.ElemS32 || f.A == traces.ElemB1) {
					continue
				}
				runMmaCase(t, r, f, lay, sat)
			}
		}
	}
}

func runMmaCase(t *testing.T, r *rand.Rand, f *traces.MMAForm, lay [2]uint8, sat bool) {
	t.Helper()
	opds, names := mmaOperands(false, f)
	types := fmt.Sprintf(".%s.%s.%s.%s", f.D, f.A, f.B, f.C)
	op := ""
	switch f.BitOp {
	case traces.BitXor:
		op = ".xor.popc"
	case traces.BitAnd:
		op = ".and.popc"
	}
	if sat {
		op += ".satfinite"
	}
	inst := fmt.Sprintf("mma.sync.aligned.%s.%s.%s%s%s %s", f.Shape, layoutWord(lay[0]), layoutWord(lay[1]), types, op, opds)
	src := ".version 7.1\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<12>;\n\t" +
		inst + ";\n\tret;\n}\n"
	prog, err := ptxfe.Parse("mma.ptx", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", inst, err)
	}
	rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}})
	blk, err := rg.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := blk.Warps()[0]
	regIdx := map[string]int{}
	for i, reg := range prog.Kernels[0].Regs {
		regIdx[reg.Name] = i
	}
	batch, M, N, K := 1, f.Shape.M(), f.Shape.N(), f.Shape.K()
	if f.Shape == traces.ShapeM8N8K4 && f.A == traces.ElemF16 {
		batch = 4
	}
	mat := func(e traces.MatElem, rows, cols int) []uint64 {
		v := make([]uint64, batch*rows*cols)
		for i := range v {
			v[i] = randMatElem(r, e)
		}
		return v
	}
	A, B, C := mat(f.A, M, K), mat(f.B, K, N), mat(f.C, M, N)
	// put writes (or get reads) a fragment through the reference mapping.
	walk := func(frag uint8, e traces.MatElem, regs []string, cols int, m []uint64, set bool) {
		bitsE := e.Bits()
		per := 32 / bitsE
		if e == traces.ElemF64 {
			per = 1
		}
		n := len(regs) * per
		for l := 0; l < 32; l++ {
			for i := 0; i < n; i++ {
				b, row, col := refCoord(f, frag, l, i, lay[0], lay[1])
				rows := len(m) / batch / cols
				idx := b*rows*cols + row*cols + col
				reg := regIdx[regs[i/per]]
				sh := uint(i % per * bitsE)
				mask := uint64(1)<<uint(bitsE) - 1
				if bitsE == 64 {
					mask = ^uint64(0)
				}
				v := w.Reg(reg, l)
				if set {
					w.SetReg(reg, l, v&^(mask<<sh)|m[idx]&mask<<sh)
				} else {
					m[idx] = v >> sh & mask
				}
			}
		}
	}
	walk(traces.FragA, f.A, names[1], K, A, true)
	walk(traces.FragB, f.B, names[2], N, B, true)
	walk(traces.FragC, f.C, names[3], N, C, true)
	if _, err := w.Step(0); err != nil {
		t.Fatalf("%s: %v", inst, err)
	}
	D := make([]uint64, batch*M*N)
	walk(traces.FragD, f.D, names[0], N, D, false)
	for b := 0; b < batch; b++ {
		for i := 0; i < M; i++ {
			for j := 0; j < N; j++ {
				arow, bcol := make([]uint64, K), make([]uint64, K)
				for k := 0; k < K; k++ {
					arow[k], bcol[k] = A[b*M*K+i*K+k], B[b*K*N+k*N+j]
				}
				want := refDot(f, arow, bcol, C[b*M*N+i*N+j], sat)
				if got := D[b*M*N+i*N+j]; got != want {
					t.Fatalf("%s: D[%d][%d][%d] = %#x, want %#x", inst, b, i, j, got, want)
				}
			}
		}
	}
}

// TestWmmaRoundTrip: every wmma.mma form and layout pair, with fragments
// loaded from and stored to global memory (row- or column-major, with the
// default stride and a larger one).
func TestWmmaRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for fi := range traces.MMAForms(true) {
		f := &traces.MMAForms(true)[fi]
		for _, la := range []uint8{traces.LayoutRow, traces.LayoutCol} {
			for _, lb := range []uint8{traces.LayoutRow, traces.LayoutCol} {
				if !f.AnyLayout && (la != traces.LayoutRow || lb != traces.LayoutCol) {
					continue
				}
				for _, pad := range []int{0, 8} {
					runWmmaCase(t, r, f, [3]uint8{la, lb, la}, pad)
				}
			}
		}
	}
}

func runWmmaCase(t *testing.T, r *rand.Rand, f *traces.MMAForm, lay [3]uint8, pad int) {
	t.Helper()
	M, N, K := f.Shape.M(), f.Shape.N(), f.Shape.K()
	var b strings.Builder
	b.WriteString(".version 7.1\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n" +
		"\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<12>;\n\t.reg .b64 %a<4>;\n" +
		"\tld.param.u64 %a0, [pa];\n\tld.param.u64 %a1, [pb];\n\tld.param.u64 %a2, [pc];\n\tld.param.u64 %a3, [pd];\n")
	opds, names := mmaOperands(true, f)
	list := func(ns []string) string { return "{" + strings.Join(ns, ", ") + "}" }
	// Matrix dims and leading dimensions per fragment (elements).
	type fr struct {
		name           string
		e              traces.MatElem
		rows, cols, ld int
		layout         uint8
	}
	dim := func(rows, cols int, layout uint8) int {
		if layout == traces.LayoutCol {
			return rows + pad
		}
		return cols + pad
	}
	frs := [4]fr{
		{"a", f.A, M, K, dim(M, K, lay[0]), lay[0]},
		{"b", f.B, K, N, dim(K, N, lay[1]), lay[1]},
		{"c", f.C, M, N, dim(M, N, lay[2]), lay[2]},
		{"d", f.D, M, N, dim(M, N, lay[2]), lay[2]},
	}
	if f.A == traces.ElemS4 || f.A == traces.ElemU4 || f.A == traces.ElemB1 {
		// Sub-byte strides: a multiple of 128 bits keeps every row aligned.
		for i := range frs[:2] {
			frs[i].ld = 128 / f.A.Bits() * ((max(frs[i].rows, frs[i].cols)*f.A.Bits() + 127) / 128)
		}
	}
	stride := func(x fr) string {
		if pad == 0 && x.e != traces.ElemS4 && x.e != traces.ElemU4 && x.e != traces.ElemB1 {
			return ""
		}
		return fmt.Sprintf(", %d", x.ld)
	}
	for i, x := range frs[:3] {
		fmt.Fprintf(&b, "\twmma.load.%s.sync.aligned.%s.%s.global.%s %s, [%%a%d]%s;\n", x.name, layoutWord(x.layout), f.Shape, x.e, list(names[i+1]), i, stride(x))
	}
	types := fmt.Sprintf(".%s.%s.%s.%s", f.D, f.A, f.B, f.C)
	if f.A == traces.ElemF16 {
		types = fmt.Sprintf(".%s.%s", f.D, f.C)
	}
	op := ""
	switch f.BitOp {
	case traces.BitXor:
		op = ".xor.popc"
	case traces.BitAnd:
		op = ".and.popc"
	}
	rnd := ""
	if f.A == traces.ElemF64 {
		rnd = ".rn"
	}
	fmt.Fprintf(&b, "\twmma.mma%s.sync.aligned.%s.%s.%s%s%s %s;\n", op, layoutWord(lay[0]), layoutWord(lay[1]), f.Shape, rnd, types, opds)
	fmt.Fprintf(&b, "\twmma.store.d.sync.aligned.%s.%s.global.%s [%%a3], %s%s;\n\tret;\n}\n", layoutWord(lay[2]), f.Shape, f.D, list(names[0]), stride(frs[3]))
	prog, err := ptxfe.Parse("wmma.ptx", []byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, params: make([]uint64, 4)})
	// Matrices in memory: element (i, j) at bit ((i*ld + j) or (j*ld + i)) * bits.
	vals := [4][]uint64{}
	addrs := [4]uint64{}
	sizes := [4]int{}
	for k, x := range frs {
		bitsE := x.e.Bits()
		span := x.rows
		if x.layout == traces.LayoutRow {
			span = x.cols
		}
		lines := x.rows + x.cols - span
		nbytes := (lines*x.ld*bitsE + 7) / 8
		buf := make([]byte, nbytes+16)
		sizes[k] = len(buf)
		vals[k] = make([]uint64, x.rows*x.cols)
		for i := 0; i < x.rows; i++ {
			for j := 0; j < x.cols; j++ {
				v := randMatElem(r, x.e)
				if k == 3 {
					v = 0
				}
				vals[k][i*x.cols+j] = v
				off := i*x.ld + j
				if x.layout == traces.LayoutCol {
					off = j*x.ld + i
				}
				putBits(buf, off*bitsE, bitsE, v)
			}
		}
		words := make([]uint64, len(buf))
		for i, c := range buf {
			words[i] = uint64(c)
		}
		addrs[k] = rg.alloc(1, words...)
		rg.setParam(k, addrs[k])
	}
	if err := rg.runGrid(); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	d := frs[3]
	got := rg.read(addrs[3], 1, sizes[3])
	gb := make([]byte, len(got))
	for i, v := range got {
		gb[i] = byte(v)
	}
	sat := false
	for i := 0; i < M; i++ {
		for j := 0; j < N; j++ {
			arow, bcol := make([]uint64, K), make([]uint64, K)
			for k := 0; k < K; k++ {
				arow[k], bcol[k] = vals[0][i*K+k], vals[1][k*N+j]
			}
			want := refDot(f, arow, bcol, vals[2][i*N+j], sat)
			off := i*d.ld + j
			if d.layout == traces.LayoutCol {
				off = j*d.ld + i
			}
			if v := getBits(gb, off*d.e.Bits(), d.e.Bits()); v != want {
				t.Fatalf("%s/%s pad %d: D[%d][%d] = %#x, want %#x\n%s", layoutWord(lay[0]), layoutWord(lay[1]), pad, i, j, v, want, b.String())
			}
		}
	}
}

// putBits stores the n-bit value v at bit offset off of buf (little-endian
// bit order: element 0 in the lowest bits).
func putBits(buf []byte, off, n int, v uint64) {
	for k := 0; k < n; k++ {
		bit := off + k
		if v>>uint(k)&1 != 0 {
			buf[bit/8] |= 1 << uint(bit%8)
		} else {
			buf[bit/8] &^= 1 << uint(bit%8)
		}
	}
}

func getBits(buf []byte, off, n int) uint64 {
	var v uint64
	for k := 0; k < n; k++ {
		bit := off + k
		v |= uint64(buf[bit/8]>>uint(bit%8)&1) << uint(k)
	}
	return v
}

// TestMmaInCalledFunction: fragment vectors of a .func are linked into the
// kernel's register file with the function's registers (an mma in a
// callee computes what the same mma in the kernel does).
func TestMmaInCalledFunction(t *testing.T) {
	body := func(pre string) string {
		return strings.NewReplacer("@r", "%"+pre+"r", "@f", "%"+pre+"f").Replace(`	.reg .b32 @r<12>;
	.reg .f32 @f<4>;
	mov.b32 @r0, 0x3C003C00;
	mov.b32 @r1, 0x40004000;
	mov.b32 @r2, 0x3C00BC00;
	mov.b32 @r3, 0x3800B800;
	mov.b32 @r4, 0x44003C00;
	mov.b32 @r5, 0x3C004000;
	mov.f32 @f0, 0f3F800000;
	mov.f32 @f1, 0f40000000;
	mov.f32 @f2, 0fC0000000;
	mov.f32 @f3, 0f3F000000;
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {@f0, @f1, @f2, @f3}, {@r0, @r1, @r2, @r3}, {@r4, @r5}, {@f0, @f1, @f2, @f3};
	mov.b32 @r6, %tid.x;
	mul.wide.u32 %rd2, @r6, 16;
	add.u64 %rd3, %rd1, %rd2;
	st.global.v4.f32 [%rd3], {@f0, @f1, @f2, @f3};
`)
	}
	run := func(src string) []uint64 {
		prog, err := ptxfe.Parse("f.ptx", []byte(src))
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, params: make([]uint64, 1), kernel: "k"})
		out := rg.alloc(4, make([]uint64, 256)...)
		rg.setParam(0, out)
		if err := rg.runGrid(); err != nil {
			t.Fatal(err)
		}
		return rg.read(out, 4, 128)
	}
	head := ".version 7.0\n.target sm_80\n.address_size 64\n"
	direct := run(head + ".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [p];\n" + body("") + "\tret;\n}\n")
	// The kernel does an mma of its own (other inputs, into the second
	// half of the buffer) before the call: its fragments come first in
	// the linked vectors.
	own := strings.NewReplacer("0x3C003C00", "0x42004200", "add.u64 %rd3, %rd1, %rd2;", "add.u64 %rd3, %rd1, %rd2;\n\tadd.u64 %rd3, %rd3, 512;").Replace(body("k"))
	called := run(head + ".func f(.param .u64 q)\n{\n\t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [q];\n" + body("x") + "\tret;\n}\n" +
		".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %pad<7>;\n\t.reg .b64 %rd<4>;\n\t.param .u64 a;\n\tld.param.u64 %rd1, [p];\n\tmov.b32 %pad3, 7;\n" +
		own + "\tst.param.u64 [a], %rd1;\n\tcall f, (a);\n\tret;\n}\n")
	if fmt.Sprint(direct[:128]) != fmt.Sprint(called[:128]) {
		t.Errorf("the mma in a called function computes %v, in the kernel %v", called[:8], direct[:8])
	}
	if direct[0] == 0 {
		t.Error("no result")
	}
}
