package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Warp-level multiply-accumulate (wmma.mma, mma.sync): the operands are
// gathered from the lanes' fragment registers into whole matrices (the
// layouts of fragment.go), every element of D is one dot product through
// package alu (the launch's [numerics] tensor model for f16, bf16 and tf32
// multiplicands; exact integer arithmetic; a chain of IEEE fma for f64),
// and D is scattered back. The matrices live in the warp's scratch, sized
// at compile time, so execution allocates nothing.

// fragSlot is one element of a fragment: the lane and vector register
// holding it, its bit offset there, and its place in the gathered matrix.
type fragSlot struct {
	lane, reg, shift uint8
	idx              uint32 // index into the gathered matrix
	row, col         uint16 // its row and column (wmma.load and wmma.store address them)
}

// fragPlan is where one fragment's elements sit.
type fragPlan struct {
	rows    []int      // register-file offset of each register of the vector
	slots   []fragSlot // lane-major: perLane slots for lane 0, then lane 1, ...
	perLane int
	uniq    int    // of each lane's slots, the first uniq are distinct elements
	bits    uint8  // element width (32 for the words of .b1 fragments)
	mask    uint64 // element mask
	regBits int    // register width (32, or 64 for .f64)
}

// matPlan is the pre-decoded form of one matrix instruction.
type matPlan struct {
	frag       [4]fragPlan // A, B, C, D (a memory fragment uses frag[0])
	batch      int
	m, n, k    int // k counts 32-bit words for .b1
	tensor     alu.TensorElem
	kind       uint8 // mmaFloat, mmaF64, mmaInt, mmaB1
	dHalf      bool  // D (and, with cHalf, C) are .f16
	cHalf      bool
	sat, and   bool
	aSig, bSig bool // integer signedness
	ibits      int  // integer element width
	fp         alu.FPMode
	// wmma.load/store and ldmatrix/stmatrix.
	ld        int  // default stride, in elements
	strideSrc int  // the source operand holding the stride (0: none, ld)
	colMajor  bool // the memory layout
	elemBytes int  // bytes per element (0: sub-byte, see bits)
	parts     int  // memory parts per lane (timing)
}

// Kinds of multiply-accumulate.
const (
	mmaFloat uint8 = iota
	mmaF64
	mmaInt
	mmaB1
)

// fragmentPlan lays out fragment frag of matrix instruction m (wmma
// selects the wmma mapping) over the registers of vector operand vec.
// rows x cols is the gathered matrix of each batch; colMajor stores it
// column-major (B's columns are then contiguous for the dot products).
func (c *compiler) fragmentPlan(in *traces.Inst, m *traces.Matrix, wmma bool, frag uint8, vec *traces.Operand, colMajor bool) (fragPlan, error) {
	e := fragElem(m, frag)
	regs := traces.FragRegs(wmma, m.Shape, frag, e)
	if vec.Kind != traces.OpdVec || int(vec.Imm) != regs {
		return fragPlan{}, c.errf(in, "fragment operand: want a vector of %d registers", regs)
	}
	var coord fragCoord
	var perLane, uniq int
	if wmma {
		coord, perLane, uniq = wmmaCoord(m, frag)
	} else {
		coord, perLane, _ = mmaCoord(m, frag)
		uniq = perLane
	}
	p := fragPlan{perLane: perLane, uniq: uniq, bits: uint8(e.Bits()), regBits: 32}
	if e == traces.ElemF64 {
		p.regBits = 64
	}
	words := e == traces.ElemB1 // .b1: one 32-bit word of k per register
	if words {
		p.perLane, p.uniq, p.bits = regs, regs, 32
	}
	p.mask = warp.LowMask(int(p.bits))
	for _, r := range c.k.VecRegs(vec) {
		if rb := c.regType(r).Bits(); rb != p.regBits {
			return fragPlan{}, c.errf(in, "fragment register %s is .%s, want a %d-bit register", c.k.Regs[r].Name, c.regType(r), p.regBits)
		}
		p.rows = append(p.rows, c.rowOff(r))
	}
	rows, cols := fragDims(m, frag)
	if words {
		if frag == traces.FragA {
			cols /= 32
		} else {
			rows /= 32
		}
	}
	perReg := p.regBits / int(p.bits)
	for l := range 32 {
		for i := range p.perLane {
			j := i
			if words {
				j = 32 * i // the register's first bit
			}
			b, r, col := coord(l, j)
			if words {
				if frag == traces.FragA {
					col /= 32
				} else {
					r /= 32
				}
			}
			if r < 0 || r >= rows || col < 0 || col >= cols {
				return fragPlan{}, fmt.Errorf("ptx: fragment layout of %s lane %d element %d out of the matrix", in.Text, l, i)
			}
			idx := b*rows*cols + r*cols + col
			if colMajor {
				idx = b*rows*cols + col*rows + r
			}
			p.slots = append(p.slots, fragSlot{lane: uint8(l), reg: uint8(i / perReg), shift: uint8(i % perReg * int(p.bits)),
				idx: uint32(idx), row: uint16(r), col: uint16(col)})
		}
	}
	return p, nil
}

// fragDims is the rows and columns of fragment frag's matrix (one batch).
func fragDims(m *traces.Matrix, frag uint8) (int, int) {
	s := m.Shape
	switch frag {
	case traces.FragA:
		return s.M(), s.K()
	case traces.FragB:
		return s.K(), s.N()
	}
	return s.M(), s.N()
}

// mma is the semantics of wmma.mma and mma.sync.
func (c *compiler) mma(in *traces.Inst, o *op) error {
	if c.width != 32 {
		return c.unsupported(in, fmt.Sprintf("%s with a warp width of %d (it needs 32 lanes)", in.Op, c.width))
	}
	wmma := in.Op == traces.OpWmmaMma
	m := &in.Mat
	f, ok := traces.LookupMMA(wmma, m)
	if !ok || in.NDst != 1 || in.NSrc != 3 {
		return c.errf(in, "not a multiply-accumulate form")
	}
	p := &matPlan{batch: 1, m: m.Shape.M(), n: m.Shape.N(), k: m.Shape.K()}
	if !wmma && m.Shape == traces.ShapeM8N8K4 && m.A == traces.ElemF16 {
		p.batch = 4
	}
	var err error
	for i, fr := range [4]struct {
		frag uint8
		opd  *traces.Operand
		cm   bool
	}{{traces.FragA, &in.Src[0], false}, {traces.FragB, &in.Src[1], true}, {traces.FragC, &in.Src[2], false}, {traces.FragD, &in.Dst[0], false}} {
		if p.frag[i], err = c.fragmentPlan(in, m, wmma, fr.frag, fr.opd, fr.cm); err != nil {
			return err
		}
	}
	switch m.A {
	case traces.ElemF16, traces.ElemBF16, traces.ElemTF32:
		p.kind = mmaFloat
		p.tensor = map[traces.MatElem]alu.TensorElem{traces.ElemF16: alu.TensorF16, traces.ElemBF16: alu.TensorBF16, traces.ElemTF32: alu.TensorTF32}[m.A]
		p.dHalf, p.cHalf = m.D == traces.ElemF16, m.C == traces.ElemF16
		c.code.tensor = true
	case traces.ElemF64:
		p.kind = mmaF64
		p.fp = alu.CanonicalNaN | fpRound(in.Rnd)
	case traces.ElemB1:
		p.kind, p.and = mmaB1, f.BitOp == traces.BitAnd
		p.k /= 32
	default:
		p.kind, p.ibits = mmaInt, m.A.Bits()
		p.aSig, p.bSig = m.A == traces.ElemS8 || m.A == traces.ElemS4, m.B == traces.ElemS8 || m.B == traces.ElemS4
		p.sat = in.Flags.Has(traces.FlagSatFinite)
	}
	c.code.needScratch(p.batch * (p.m*p.k + p.k*p.n + 2*p.m*p.n))
	if p.kind == mmaFloat {
		c.code.tensorOps = max(c.code.tensorOps, p.batch*max(p.m, p.n)*p.k)
	}
	o.mat, o.exec = p, execMma
	return nil
}

// fpRound is the FPMode rounding of a PTX rounding modifier (.rn when
// none).
func fpRound(r traces.Rounding) alu.FPMode {
	switch r {
	case traces.RndRZ:
		return alu.FPMode(alu.RoundZero)
	case traces.RndRM:
		return alu.FPMode(alu.RoundNegInf)
	case traces.RndRP:
		return alu.FPMode(alu.RoundPosInf)
	}
	return alu.FPMode(alu.RoundNearestEven)
}

// needScratch records that a warp needs n scratch words for matrices.
func (code *Code) needScratch(n int) { code.matScratch = max(code.matScratch, n) }

// allLanes checks that every lane of the warp executes a .sync.aligned
// matrix instruction, as the PTX ISA requires.
func (w *Warp) allLanes(m uint64) error {
	if w.width != 32 || m != warp.LowMask(32) {
		return fmt.Errorf("executed by %d of the warp's 32 threads (the .sync.aligned matrix instructions need all of them)", popcount(m))
	}
	return nil
}

// gather copies fragment p's distinct elements from the registers into
// mat.
func (w *Warp) gather(p *fragPlan, mat []uint64) {
	for l := 0; l < 32; l++ {
		for _, x := range p.slots[l*p.perLane : l*p.perLane+p.uniq] {
			mat[x.idx] = w.regs[p.rows[x.reg]+int(x.lane)] >> x.shift & p.mask
		}
	}
}

// scatter writes matrix mat into fragment p's registers (every register
// of the vector is rebuilt whole).
func (w *Warp) scatter(p *fragPlan, mat []uint64) {
	for l := 0; l < 32; l++ {
		for _, x := range p.slots[l*p.perLane : (l+1)*p.perLane] {
			off := p.rows[x.reg] + int(x.lane)
			if x.shift == 0 {
				w.regs[off] = 0
			}
			w.regs[off] |= mat[x.idx] & p.mask << x.shift
		}
	}
}

// execMma runs a multiply-accumulate for the whole warp.
func execMma(w *Warp, o *op, m uint64) error {
	if err := w.allLanes(m); err != nil {
		return err
	}
	p := o.mat
	mk, kn, mn := p.m*p.k, p.k*p.n, p.m*p.n
	buf := w.rows.mat[:p.batch*(mk+kn+2*mn)]
	A, B := buf[:p.batch*mk], buf[p.batch*mk:p.batch*(mk+kn)]
	C, D := buf[p.batch*(mk+kn):p.batch*(mk+kn+mn)], buf[p.batch*(mk+kn+mn):]
	w.gather(&p.frag[0], A)
	w.gather(&p.frag[1], B)
	w.gather(&p.frag[2], C)
	tm := w.b.l.cfg.Model
	a32, b32 := w.rows.dotA[:p.k], w.rows.dotB[:p.k]
	if p.kind == mmaFloat {
		// Every multiplicand enters N (or M) dot products: decode it once.
		da, db := w.rows.opA[:len(A)], w.rows.opB[:len(B)]
		for i, x := range A {
			da[i] = alu.DecodeTensor(p.tensor, uint32(x))
		}
		for i, x := range B {
			db[i] = alu.DecodeTensor(p.tensor, uint32(x))
		}
		for b := 0; b < p.batch; b++ {
			for i := 0; i < p.m; i++ {
				arow := da[b*mk+i*p.k : b*mk+(i+1)*p.k]
				for j := 0; j < p.n; j++ {
					bcol := db[b*kn+j*p.k : b*kn+(j+1)*p.k]
					ci := b*mn + i*p.n + j
					cv := uint32(C[ci])
					if p.cHalf {
						cv = alu.F16ToF32(uint16(cv))
					}
					d := tm.Tensor.DotF32Decoded(p.tensor, arow, bcol, cv)
					if p.dHalf {
						D[ci] = uint64(alu.F32ToF16(d, alu.CanonicalNaN))
					} else {
						D[ci] = uint64(d)
					}
				}
			}
		}
		w.scatter(&p.frag[3], D)
		return nil
	}
	for b := 0; b < p.batch; b++ {
		for i := 0; i < p.m; i++ {
			arow := A[b*mk+i*p.k : b*mk+(i+1)*p.k]
			for j := 0; j < p.n; j++ {
				bcol := B[b*kn+j*p.k : b*kn+(j+1)*p.k]
				ci := b*mn + i*p.n + j
				switch p.kind {
				case mmaF64:
					D[ci] = alu.DotF64(arow, bcol, C[ci], p.fp)
				default:
					for k := range arow {
						a32[k], b32[k] = uint32(arow[k]), uint32(bcol[k])
					}
					switch p.kind {
					case mmaInt:
						D[ci] = uint64(uint32(alu.DotS32(a32, b32, p.ibits, p.aSig, p.bSig, int32(uint32(C[ci])), p.sat)))
					case mmaB1:
						D[ci] = uint64(uint32(alu.DotB1(a32, b32, int32(uint32(C[ci])), p.and)))
					}
				}
			}
		}
	}
	w.scatter(&p.frag[3], D)
	return nil
}

// checkTensorModel reports a launch whose code needs the tensor model when
// the numerics model has none.
func checkTensorModel(code *Code, m *alu.Model) error {
	if code.tensor && (m == nil || m.Tensor == nil) {
		return fmt.Errorf("the numerics model has no tensor-core model ([numerics] tensor)")
	}
	return nil
}
