package ptx

import "github.com/gpusim/gpusim/traces"

// Matrix fragments: which element of a matrix each lane's registers hold.
//
// mma's fragments follow the PTX ISA exactly ("Matrix Fragments for mma.m8n8k4
// with .f16 floating point type" ... "Matrix Fragments for mma.m16n8k256"):
// with groupID g = %laneid >> 2 and threadID_in_group t = %laneid % 4, the
// formulas below are the manual's row and column of element i (a_i, b_i,
// c_i, counted from the low bits of the first register).
//
// wmma's fragments are "unspecified and target architecture dependent"
// (PTX ISA, "Matrix Fragments for WMMA"); gpusim composes them from mma's,
// as compilers for sm_80 lower wmma to mma-shaped HMMA instructions: a
// wmma A of 16 rows is the mma.m16n8k16 A fragment (of 32 rows, two of
// them, rows 0-15 first; of 8 rows, its elements on rows 0-7); a wmma B is
// one mma.m16n8k16 B fragment per 8 columns, left to right; an accumulator
// is one m16n8 C fragment per 16x8 tile, row tiles outer and column tiles
// inner (an m8n8 C fragment per tile for 8 rows). tf32 uses the m16n8k8
// tf32 fragments and the integer types the s8 ones likewise; .f64, .s4/.u4
// and .b1 are the mma.m8n8k4, m8n8k32 and m8n8k128 fragments themselves.
// The .f16 multiplicand fragments are eight .f16x2 registers whatever the
// shape; where fewer elements exist the registers repeat the first ones
// (register i holds what register i mod n holds). A program that moves
// fragments only between wmma instructions, or scales them uniformly (what
// the manual allows), cannot tell this mapping from another.

// fragCoord is where element i of lane l's fragment sits: matrix b (the
// quad-pair of mma.m8n8k4 with .f16; else 0), row r, column c.
type fragCoord func(l, i int) (b, r, c int)

// mmaCoord returns mma's fragment layout for operand frag of a form, the
// number of elements each lane holds and how many matrices the warp
// computes (4 for mma.m8n8k4 with .f16 multiplicands, else 1).
func mmaCoord(m *traces.Matrix, frag uint8) (fragCoord, int, int) {
	s, e := m.Shape, m.A
	elems := mmaElems(false, m, frag)
	if s == traces.ShapeM8N8K4 && e == traces.ElemF16 {
		return quadPairCoord(m, frag), elems, 4
	}
	var f fragCoord
	switch frag {
	case traces.FragA:
		f = mmaA(s, e)
	case traces.FragB:
		f = mmaB(s, e)
	default:
		if s.M() == 16 {
			f = c16x8
		} else {
			f = c8x8
		}
	}
	return f, elems, 1
}

// mmaElems is the number of elements per lane of a fragment.
func mmaElems(wmma bool, m *traces.Matrix, frag uint8) int {
	e := fragElem(m, frag)
	regs := traces.FragRegs(wmma, m.Shape, frag, e)
	if e == traces.ElemF64 {
		return regs
	}
	return regs * 32 / e.Bits()
}

// fragElem is the element type of fragment frag.
func fragElem(m *traces.Matrix, frag uint8) traces.MatElem {
	switch frag {
	case traces.FragA:
		return m.A
	case traces.FragB:
		return m.B
	case traces.FragC:
		return m.C
	}
	return m.D
}

// c16x8 is the m16n8 accumulator: c0, c1 on row g, c2, c3 on row g+8.
func c16x8(l, i int) (int, int, int) { return 0, l>>2 + 8*(i>>1), 2*(l&3) + i&1 }

// c8x8 is the m8n8 accumulator (f64 m8n8k4, integer m8n8kK): c0, c1.
func c8x8(l, i int) (int, int, int) { return 0, l >> 2, 2*(l&3) + i }

// mmaA is the A (M x K) fragment layout of a shape and element type.
func mmaA(s traces.MatShape, e traces.MatElem) fragCoord {
	per := 32 / e.Bits() // elements per register: a k-run of t's columns
	if e == traces.ElemF64 {
		per = 1
	}
	switch e {
	case traces.ElemTF32:
		if s.K() == 4 { // m16n8k4: a0 row g, a1 row g+8; column t
			return func(l, i int) (int, int, int) { return 0, l>>2 + 8*i, l & 3 }
		}
		// m16n8k8: a0 (g, t), a1 (g+8, t), a2 (g, t+4), a3 (g+8, t+4).
		return func(l, i int) (int, int, int) { return 0, l>>2 + 8*(i&1), l&3 + 4*(i>>1) }
	case traces.ElemF64:
		return func(l, i int) (int, int, int) { return 0, l >> 2, l & 3 }
	}
	if s.M() == 8 { // m8n8k16 s8, m8n8k32 s4, m8n8k128 b1: row g, column t*per + i
		return func(l, i int) (int, int, int) { return 0, l >> 2, per*(l&3) + i }
	}
	// m16n8kK: register r holds row g (r even) or g+8 (r odd), columns
	// t*per .. t*per+per-1 of the k block r/2 of 4*per columns (m16n8k8
	// f16: 2 registers in one k block; m16n8k16 f16: 4 over two).
	return func(l, i int) (int, int, int) {
		r := i / per
		row := l>>2 + 8*(r&1)
		col := per*(l&3) + i%per + 4*per*(r>>1)
		return 0, row, col
	}
}

// mmaB is the B (K x N) fragment layout: column g, rows in runs of per
// for t, one k block of 4*per rows per register.
func mmaB(s traces.MatShape, e traces.MatElem) fragCoord {
	switch e {
	case traces.ElemTF32:
		// m16n8k4: b0 (t, g); m16n8k8: b0 (t, g), b1 (t+4, g).
		return func(l, i int) (int, int, int) { return 0, l&3 + 4*i, l >> 2 }
	case traces.ElemF64:
		return func(l, i int) (int, int, int) { return 0, l & 3, l >> 2 }
	}
	per := 32 / e.Bits()
	return func(l, i int) (int, int, int) {
		r := i / per
		return 0, per*(l&3) + i%per + 4*per*r, l >> 2
	}
}

// quadPairCoord is mma.m8n8k4 with .f16 multiplicands: four 8x8x4
// products, matrix q on lanes 4q..4q+3 (rows 0-3 of A, C) and 16+4q..
// (rows 4-7), PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16".
func quadPairCoord(m *traces.Matrix, frag uint8) fragCoord {
	hi := func(l int) int { return 4 * (l >> 4) } // the high group's offset
	q := func(l int) int { return (l >> 2) & 3 }
	switch frag {
	case traces.FragA:
		if m.ALayout == traces.LayoutCol {
			return func(l, i int) (int, int, int) { return q(l), i%4 + hi(l), l % 4 }
		}
		return func(l, i int) (int, int, int) { return q(l), l%4 + hi(l), i }
	case traces.FragB:
		if m.BLayout == traces.LayoutCol {
			return func(l, i int) (int, int, int) { return q(l), i, l%4 + hi(l) }
		}
		return func(l, i int) (int, int, int) { return q(l), l % 4, i + hi(l) }
	}
	if fragElem(m, frag) == traces.ElemF16 {
		return func(l, i int) (int, int, int) { return q(l), l%4 + hi(l), i }
	}
	// f32: row X (+4 for the high group) with X = (l & 1) + (i & 2);
	// column (i & 4) + (l & 2) + (i & 1).
	return func(l, i int) (int, int, int) {
		return q(l), l&1 + i&2 + hi(l), i&4 + l&2 + i&1
	}
}

// wmmaCoord returns gpusim's wmma fragment layout (see the file comment),
// the number of elements each lane holds and how many of them are
// distinct (the rest repeat them).
func wmmaCoord(m *traces.Matrix, frag uint8) (fragCoord, int, int) {
	s, e := m.Shape, fragElem(m, frag)
	elems := mmaElems(true, m, frag)
	switch e {
	case traces.ElemF64, traces.ElemS4, traces.ElemU4, traces.ElemB1:
		f, n, _ := mmaCoord(m, frag)
		return f, n, n
	}
	if frag == traces.FragC || frag == traces.FragD {
		colTiles := s.N() / 8
		per, tile := 4, c16x8
		if s.M() == 8 {
			per, tile = 2, c8x8
		}
		return func(l, i int) (int, int, int) {
			t := i / per
			_, r, c := tile(l, i%per)
			rows := 16
			if s.M() == 8 {
				rows = 8
			}
			return 0, r + rows*(t/colTiles), c + 8*(t%colTiles)
		}, elems, elems
	}
	// Multiplicand tiles: the mma form of the element type whose K is the
	// wmma's.
	var tileA, tileB fragCoord
	perA, perB := 8, 4 // elements of one A tile (16 rows) and one B tile (8 columns)
	switch e {
	case traces.ElemTF32:
		tileA, tileB = mmaA(traces.ShapeM16N8K8, e), mmaB(traces.ShapeM16N8K8, e)
		perA, perB = 4, 2
	case traces.ElemS8, traces.ElemU8:
		tileA, tileB = mmaA(traces.ShapeM16N8K16, e), mmaB(traces.ShapeM16N8K16, e)
	default: // f16, bf16
		tileA, tileB = mmaA(traces.ShapeM16N8K16, e), mmaB(traces.ShapeM16N8K16, e)
	}
	if frag == traces.FragB {
		distinct := perB * s.N() / 8
		return func(l, i int) (int, int, int) {
			i %= distinct
			_, r, c := tileB(l, i%perB)
			return 0, r, c + 8*(i/perB)
		}, elems, min(elems, distinct)
	}
	if s.M() == 8 {
		// The elements of the 16-row tile that lie on rows 0-7: the first
		// half of every register pair (f16: a0 a1 a4 a5; s8: a0-a3).
		half := perA / 2
		regElems := perA / 2 / 2 // elements per register of the tile
		if e == traces.ElemS8 || e == traces.ElemU8 {
			regElems = 4
		}
		return func(l, i int) (int, int, int) {
			i %= half
			j := (i/regElems)*2*regElems + i%regElems // skip the row-g+8 registers
			return tileA(l, j)
		}, elems, min(elems, half)
	}
	distinct := perA * s.M() / 16
	return func(l, i int) (int, int, int) {
		i %= distinct
		_, r, c := tileA(l, i%perA)
		return 0, r + 16*(i/perA), c
	}, elems, min(elems, distinct)
}
