package ptx

import (
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Matrix memory instructions: wmma.load and wmma.store (fragments of the
// layouts of fragment.go, matrices in memory row- or column-major with a
// leading dimension, PTX ISA "Matrix Storage for WMMA"), ldmatrix and
// stmatrix (8x8 matrices of 16-bit elements, one 16-byte row per address,
// PTX ISA "ldmatrix"), and movmatrix (a transpose in registers).

const (
	maxDotK  = 256 // the largest K of a multiply-accumulate (m16n8k256 .b1, in bits; 8 words)
	maxParts = 16  // memory parts of one matrix memory instruction per lane
)

// memPart is one part of a fragment's memory access: lane-independent,
// it starts at the element of slot first (of each lane's slots) and spans
// bytes.
type memPart struct {
	first int
	bytes int
}

// wmmaMem is the semantics shared by wmma.load and wmma.store.
func (c *compiler) wmmaMem(in *traces.Inst, o *op, store bool) error {
	if c.width != 32 {
		return c.unsupported(in, "wmma with a warp width other than 32")
	}
	// The front end keeps a memory fragment's element type in A; the
	// plan reads it for whichever fragment this is.
	mm := in.Mat
	mm.B, mm.C, mm.D = mm.A, mm.A, mm.A
	m := &mm
	vec := &in.Dst[0]
	if store {
		vec = &in.Src[1]
	}
	p := &matPlan{colMajor: m.ALayout == traces.LayoutCol}
	// The memory layout's rows and columns are the fragment's matrix
	// rows and columns: A is M x K, B K x N, C and D M x N.
	frag := m.Frag
	var err error
	if p.frag[0], err = c.fragmentPlan(in, m, true, frag, vec, false); err != nil {
		return err
	}
	rows, cols := fragDims(m, frag)
	p.ld = cols
	if p.colMajor {
		p.ld = rows
	}
	p.elemBytes = m.A.Bits() / 8
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	stride := 1
	if store {
		stride = 2
	}
	if int(in.NSrc) > stride {
		if o.src[stride], err = c.src(in, stride, traces.U32); err != nil {
			return err
		}
		p.strideSrc = stride
	}
	p.parts = c.memParts(p)
	if p.parts > maxParts {
		return c.errf(in, "fragment needs %d memory parts (at most %d)", p.parts, maxParts)
	}
	c.code.needScratch(1)
	o.mat = p
	if store {
		o.exec = execWmmaStore
	} else {
		o.exec = execWmmaLoad
	}
	return nil
}

// memParts splits lane 0's distinct elements into runs contiguous in
// memory (consecutive along the layout's fast dimension, in one register),
// which are the accesses of every lane.
func (c *compiler) memParts(p *matPlan) int {
	f := &p.frag[0]
	s := f.slots[:f.uniq]
	n := 0
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j].reg == s[i].reg && p.contiguous(s[j-1], s[j]) {
			j++
		}
		n++
		i = j
	}
	return n
}

// contiguous reports whether element b follows element a in memory.
func (p *matPlan) contiguous(a, b fragSlot) bool {
	if p.colMajor {
		return a.col == b.col && b.row == a.row+1
	}
	return a.row == b.row && b.col == a.col+1
}

func (c *compiler) wmmaLoad(in *traces.Inst, o *op) error  { return c.wmmaMem(in, o, false) }
func (c *compiler) wmmaStore(in *traces.Inst, o *op) error { return c.wmmaMem(in, o, true) }

// matBase returns the address operand's per-lane base address (register
// plus displacement) of lane l.
func (w *Warp) matBase(o *op, l int) uint64 {
	s := &o.src[0]
	a := w.b.l.bases[s.base] + s.disp
	if s.off >= 0 {
		a += w.regs[s.off+l]
	}
	return a
}

// elemBitOffset is the bit offset of element (row, col) in memory.
func (p *matPlan) elemBitOffset(row, col uint16, ld uint64, bits int) uint64 {
	if p.colMajor {
		return (uint64(col)*ld + uint64(row)) * uint64(bits)
	}
	return (uint64(row)*ld + uint64(col)) * uint64(bits)
}

// wmmaStride is the leading dimension of lane l's wmma access.
func (w *Warp) wmmaStride(o *op, l int) uint64 {
	p := o.mat
	if p.strideSrc == 0 {
		return uint64(p.ld)
	}
	return uint64(uint32(w.in(o, p.strideSrc)[l]))
}

// fragAccess fills the parts of a fragment's memory access for the lanes
// in m and returns the first: part j starts at the first element of the
// j-th run of lane 0's distinct elements contiguous in memory.
func (w *Warp) fragAccess(o *op, kind warp.AccessKind, m uint64) *warp.Access {
	p := o.mat
	f := &p.frag[0]
	s := f.slots[:f.uniq]
	part := 0
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j].reg == s[i].reg && p.contiguous(s[j-1], s[j]) {
			j++
		}
		a := &w.parts[part]
		a.Kind, a.Space, a.Mask, a.Next = kind, o.space, m, nil
		a.Size = max(((j-i)*int(f.bits)+7)/8, 1)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := tz(mm)
			sp, addr := o.space, w.matBase(o, l)+p.slotOffset(f.slots[l*f.perLane+i], w.wmmaStride(o, l))/8
			if sp == traces.SpaceGeneric {
				sp, addr = mem.Resolve(addr)
			}
			a.Spaces[l], a.Addr[l] = sp, addr
		}
		if part > 0 {
			w.parts[part-1].Next = a
		}
		part++
		i = j
	}
	w.res.Mem = &w.parts[0]
	return &w.parts[0]
}

// elemBits reads or writes one matrix element of bits bits at bit offset
// off from base for lane l.
func (w *Warp) elemBits(o *op, l int, base, off uint64, bits int, write bool, v uint64) (uint64, error) {
	n := max(bits/8, 1)
	addr := base + off/8
	b, _, _, err := w.bytesAt(o.space, l, addr, n, write)
	if err != nil {
		return 0, warp.AtLane(l, err)
	}
	if bits >= 8 {
		if write {
			warp.StoreN(b, n, v)
			return 0, nil
		}
		return warp.LoadN(b, n), nil
	}
	sh := uint(off % 8)
	mask := byte(1<<uint(bits)-1) << sh
	if write {
		b[0] = b[0]&^mask | byte(v)<<sh&mask
		return 0, nil
	}
	return uint64(b[0]&mask) >> sh, nil
}

// execWmmaLoad loads a fragment for the whole warp.
func execWmmaLoad(w *Warp, o *op, m uint64) error {
	if err := w.allLanes(m); err != nil {
		return err
	}
	p := o.mat
	f := &p.frag[0]
	bits := int(f.bits)
	for l := 0; l < 32; l++ {
		base, ld := w.matBase(o, l), w.wmmaStride(o, l)
		for _, x := range f.slots[l*f.perLane : (l+1)*f.perLane] {
			off := p.slotOffset(x, ld)
			v, err := w.elemBits(o, l, base, off, bits, false, 0)
			if err != nil {
				return err
			}
			r := f.rows[x.reg] + l
			if x.shift == 0 {
				w.regs[r] = 0
			}
			w.regs[r] |= v & f.mask << x.shift
		}
	}
	w.fragAccess(o, warp.AccessLoad, m)
	return nil
}

// slotOffset is the bit offset of a fragment element in memory: .b1
// fragments hold 32-element words (a word index along the row for A,
// along the column for B).
func (p *matPlan) slotOffset(x fragSlot, ld uint64) uint64 {
	if p.elemBytes == 0 && p.frag[0].bits == 32 { // .b1 words
		if p.colMajor {
			return p.elemBitOffset(x.row*32, x.col, ld, 1)
		}
		return p.elemBitOffset(x.row, x.col*32, ld, 1)
	}
	return p.elemBitOffset(x.row, x.col, ld, int(p.frag[0].bits))
}

// execWmmaStore stores a fragment for the whole warp.
func execWmmaStore(w *Warp, o *op, m uint64) error {
	if err := w.allLanes(m); err != nil {
		return err
	}
	p := o.mat
	f := &p.frag[0]
	for l := 0; l < 32; l++ {
		base, ld := w.matBase(o, l), w.wmmaStride(o, l)
		for _, x := range f.slots[l*f.perLane : (l+1)*f.perLane] {
			v := w.regs[f.rows[x.reg]+l] >> x.shift & f.mask
			if _, err := w.elemBits(o, l, base, p.slotOffset(x, ld), int(f.bits), true, v); err != nil {
				return err
			}
		}
	}
	w.fragAccess(o, warp.AccessStore, m)
	return nil
}

// ldmatrix, stmatrix: the vector's registers, one per 8x8 matrix.
func (c *compiler) ldmatrixPlan(in *traces.Inst, o *op, vec *traces.Operand) error {
	if c.width != 32 {
		return c.unsupported(in, "ldmatrix/stmatrix with a warp width other than 32")
	}
	if vec.Kind != traces.OpdVec || int(vec.Imm) != int(in.Mat.Num) {
		return c.errf(in, "want a vector of %d registers", in.Mat.Num)
	}
	p := &matPlan{n: int(in.Mat.Num)}
	for _, r := range c.k.VecRegs(vec) {
		if c.regType(r).Bits() != 32 {
			return c.errf(in, "register %s is .%s, want a 32-bit register", c.k.Regs[r].Name, c.regType(r))
		}
		p.frag[0].rows = append(p.frag[0].rows, c.rowOff(r))
	}
	var err error
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	c.code.needScratch(1)
	o.mat = p
	return nil
}

func (c *compiler) ldmatrix(in *traces.Inst, o *op) error {
	o.exec = execLdmatrix
	return c.ldmatrixPlan(in, o, &in.Dst[0])
}

func (c *compiler) stmatrix(in *traces.Inst, o *op) error {
	o.exec = execStmatrix
	return c.ldmatrixPlan(in, o, &in.Src[1])
}

// matrixRow moves row r of matrix j between memory (16 bytes at buf) and
// the registers: without .trans element c of the row is half c%2 of
// register j of lane 4r + c/2; with .trans it is half r%2 of register j of
// lane 4c + r/2 (PTX ISA ldmatrix: thread i holds row i/4, elements
// 2*(i%4) and 2*(i%4)+1 of each matrix; .trans the column).
func (w *Warp) matrixRow(o *op, j, r int, buf []byte, store bool) {
	trans := o.in.Mat.Trans
	row := o.mat.frag[0].rows[j]
	for c := 0; c < 8; c++ {
		lane, half := 4*r+c/2, c%2
		if trans {
			lane, half = 4*c+r/2, r%2
		}
		reg := &w.regs[row+lane]
		sh := uint(16 * half)
		if store {
			warp.StoreN(buf[2*c:], 2, *reg>>sh&0xffff)
			continue
		}
		*reg = *reg&^(0xffff<<sh) | warp.LoadN(buf[2*c:], 2)<<sh
	}
}

// rowAccess performs ldmatrix/stmatrix: lane 8j+r gives the address of
// row r of matrix j.
func (w *Warp) rowAccess(o *op, m uint64, store bool) error {
	if err := w.allLanes(m); err != nil {
		return err
	}
	n := o.mat.n
	a := &w.parts[0]
	a.Kind, a.Space, a.Size, a.Next = warp.AccessLoad, o.space, 16, nil
	if store {
		a.Kind = warp.AccessStore
	}
	a.Mask = warp.LowMask(8 * n)
	for j := 0; j < n; j++ {
		for r := 0; r < 8; r++ {
			l := 8*j + r
			buf, sp, addr, err := w.bytesAt(o.space, l, w.matBase(o, l), 16, store)
			if err != nil {
				return warp.AtLane(l, err)
			}
			a.Spaces[l], a.Addr[l] = sp, addr
			w.matrixRow(o, j, r, buf, store)
		}
	}
	w.res.Mem = a
	return nil
}

func execLdmatrix(w *Warp, o *op, m uint64) error { return w.rowAccess(o, m, false) }
func execStmatrix(w *Warp, o *op, m uint64) error { return w.rowAccess(o, m, true) }

// movmatrix transposes an 8x8 matrix of 16-bit elements held as
// ldmatrix's fragment.
func (c *compiler) movmatrix(in *traces.Inst, o *op) error {
	if c.width != 32 {
		return c.unsupported(in, "movmatrix with a warp width other than 32")
	}
	if err := c.std(in, o, traces.B32, traces.B32); err != nil {
		return err
	}
	o.exec = execMovmatrix
	return nil
}

func execMovmatrix(w *Warp, o *op, m uint64) error {
	if err := w.allLanes(m); err != nil {
		return err
	}
	a := w.in(o, 0)
	var t [32]uint64
	for lane := 0; lane < 32; lane++ {
		// d of lane i: elements (2*(i%4), i/4) and (2*(i%4)+1, i/4) of the
		// source, whose (r, c) is half c%2 of lane 4r + c/2.
		c, r0 := lane/4, 2*(lane%4)
		lo := a[4*r0+c/2] >> (16 * uint(c%2)) & 0xffff
		hi := a[4*(r0+1)+c/2] >> (16 * uint(c%2)) & 0xffff
		t[lane] = lo | hi<<16
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	for lane := 0; lane < 32; lane++ {
		d[lane] = ext(t[lane], do)
	}
	return nil
}
