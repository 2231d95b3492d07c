package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
)

// The semantics of the texture and surface instructions (rows tex, tld4,
// txq, suq, suld, sust, sured, istypep of traces/_gen/ptx.ops): operand
// decoding into a texOp; the execute functions are in tex_exec.go and
// tex_surf.go.

// handleKind is where a texture, sampler or surface handle comes from.
type handleKind uint8

const (
	handleNone  handleKind = iota
	handleReg              // a .u64 register (per lane)
	handleRef              // a module-scope reference: LaunchConfig.TexRefs[idx]
	handleParam            // an opaque kernel parameter: 8 bytes at off in the parameter buffer
)

type handleSrc struct {
	kind handleKind
	reg  srcOpd
	idx  int
	off  uint64
}

// texOp is what a texture or surface instruction needs beyond op.
type texOp struct {
	geom       traces.Geom
	tex, samp  handleSrc // the texture (or surface) and the sampler
	coords     []srcOpd  // layer first, then the spatial coordinates
	grads      []srcOpd  // tex.grad: dPdx then dPdy (Dims() each)
	offs       []srcOpd  // texel offsets (Dims()), nil when none
	vals       []srcOpd  // sust: the values
	lod        srcOpd    // tex.level (srcNone otherwise)
	intCoords  bool      // .s32 coordinates
	f16, f16x2 bool      // .f16 / .v2.f16x2 results
	gather     traces.Mode
	nvec       int // results (tex/tld4) or vector elements (suld/sust)
}

// handle decodes operand s as a handle of kind k.
func (c *compiler) handle(in *traces.Inst, s traces.Operand) (handleSrc, error) {
	switch s.Kind {
	case traces.OpdNone:
		return handleSrc{}, nil
	case traces.OpdReg:
		if s.Reg < 0 || int(s.Reg) >= len(c.k.Regs) || c.regType(s.Reg).Size() != 8 {
			return handleSrc{}, c.errf(in, "a texture, sampler or surface handle is a .u64 register")
		}
		return handleSrc{kind: handleReg, reg: srcOpd{kind: srcReg, off: c.rowOff(s.Reg)}}, nil
	case traces.OpdTexRef:
		switch s.Space {
		case traces.SpaceGlobal:
			if s.Imm >= uint64(len(c.prog.TexRefs)) {
				return handleSrc{}, c.errf(in, "texture reference %d out of range", s.Imm)
			}
			return handleSrc{kind: handleRef, idx: int(s.Imm)}, nil
		case traces.SpaceParam:
			if s.Imm+8 > c.k.ParamSize {
				return handleSrc{}, c.errf(in, "opaque parameter at %d outside the parameter buffer", s.Imm)
			}
			return handleSrc{kind: handleParam, off: s.Imm}, nil
		}
	}
	return handleSrc{}, c.errf(in, "expected a texture, sampler or surface operand")
}

// extSrc decodes an Ext operand (a register or an immediate) read as t.
func (c *compiler) extSrc(in *traces.Inst, s traces.Operand, t traces.Type) (srcOpd, error) {
	switch s.Kind {
	case traces.OpdReg:
		if s.Reg < 0 || int(s.Reg) >= len(c.k.Regs) {
			return srcOpd{}, c.errf(in, "register %d out of range", s.Reg)
		}
		if b := c.regType(s.Reg).Bits(); b == 0 || b > 64 {
			return srcOpd{}, c.unsupported(in, "register of type ."+c.regType(s.Reg).String())
		}
		return srcOpd{kind: srcReg, off: c.rowOff(s.Reg)}, nil
	case traces.OpdImm:
		v := s.Imm
		if b := t.Bits(); b > 0 && b < 64 {
			v &= 1<<uint(b) - 1
		}
		return c.immOpd(v), nil
	}
	return srcOpd{}, c.errf(in, "coordinate operands are registers or immediates")
}

func (c *compiler) extSrcs(in *traces.Inst, from, n int, t traces.Type) ([]srcOpd, error) {
	if from+n > len(in.Ext) {
		return nil, c.errf(in, "expects %d more vector operands, has %d", n, len(in.Ext)-from)
	}
	out := make([]srcOpd, n)
	for i := range out {
		var err error
		if out[i], err = c.extSrc(in, in.Ext[from+i], t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// texDsts decodes the n result registers.
func (c *compiler) texDsts(in *traces.Inst, o *op, n int, t traces.Type) error {
	if int(in.NDst) != n {
		return c.errf(in, "expects %d destinations, has %d", n, in.NDst)
	}
	for i := 0; i < n; i++ {
		var err error
		if o.dst[i], err = c.dstReg(in, i, t); err != nil {
			return err
		}
	}
	return nil
}

// tex is the semantics of tex: a filtered texture fetch.
func (c *compiler) tex(in *traces.Inst, o *op) error { return c.texFetch(in, o, false) }

// tld4 is the semantics of tld4: one channel of the 2x2 texels a bilinear
// fetch would weigh.
func (c *compiler) tld4(in *traces.Inst, o *op) error { return c.texFetch(in, o, true) }

func (c *compiler) texFetch(in *traces.Inst, o *op, gather bool) error {
	g := in.Geom
	if g == traces.GeomNone || g > traces.GeomACube {
		return c.unsupported(in, fmt.Sprintf("texture geometry .%s", g))
	}
	x := &texOp{geom: g, intCoords: in.Type2 == traces.S32, nvec: 4}
	dt := traces.B32
	switch in.Type {
	case traces.F16x2:
		x.f16x2, x.nvec = true, 2
	case traces.F16:
		x.f16, dt = true, traces.B16
	}
	if gather {
		x.gather = in.Mode
		if x.gather < traces.Tld4R || x.gather > traces.Tld4A {
			return c.errf(in, "tld4 needs a component")
		}
	}
	if err := c.texDsts(in, o, x.nvec, dt); err != nil {
		return err
	}
	var err error
	if x.tex, err = c.handle(in, in.Src[0]); err != nil {
		return err
	}
	if x.tex.kind == handleNone {
		return c.errf(in, "missing the texture operand")
	}
	if x.samp, err = c.handle(in, in.Src[1]); err != nil {
		return err
	}
	if (x.samp.kind != handleNone) != (c.prog.TexMode == traces.TexIndependent) {
		return c.errf(in, "a sampler operand goes with texmode_independent, and only then")
	}
	ct := in.Type2
	if x.coords, err = c.extSrcs(in, 0, g.Coords(), ct); err != nil {
		return err
	}
	next := g.Coords()
	mode := traces.TexBase
	if !gather {
		mode = in.Mode
	}
	switch mode {
	case traces.TexLevel:
		if in.Src[2].Kind == traces.OpdNone {
			return c.errf(in, "tex.level needs a level of detail")
		}
		if x.lod, err = c.extSrc(in, in.Src[2], ct); err != nil {
			return err
		}
	case traces.TexGrad:
		if x.grads, err = c.extSrcs(in, next, 2*g.Dims(), traces.F32); err != nil {
			return err
		}
		next += 2 * g.Dims()
	}
	switch rest := len(in.Ext) - next; rest {
	case 0:
	case g.Dims():
		if x.offs, err = c.extSrcs(in, next, rest, traces.S32); err != nil {
			return err
		}
	default:
		return c.errf(in, "%d operands after the coordinates, expected 0 or %d offsets", rest, g.Dims())
	}
	o.tx, o.exec = x, execTex
	return nil
}

// txq is the semantics of txq: a texture or sampler attribute.
func (c *compiler) txq(in *traces.Inst, o *op) error { return c.query(in, o) }

// suq is the semantics of suq: a surface attribute.
func (c *compiler) suq(in *traces.Inst, o *op) error { return c.query(in, o) }

func (c *compiler) query(in *traces.Inst, o *op) error {
	if in.Mode < traces.QueryWidth || in.Mode > traces.QueryMemoryLayout {
		return c.errf(in, "unknown query")
	}
	x := &texOp{}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.B32); err != nil {
		return err
	}
	if x.tex, err = c.handle(in, in.Src[0]); err != nil {
		return err
	}
	if in.NSrc > 1 {
		if x.lod, err = c.extSrc(in, in.Src[1], traces.S32); err != nil {
			return err
		}
	}
	o.tx, o.exec = x, execQuery
	return nil
}

// istypep is the semantics of istypep: is the handle a texture, sampler
// or surface?
func (c *compiler) istypep(in *traces.Inst, o *op) error {
	if in.Mode < traces.IsTexref || in.Mode > traces.IsSurfref {
		return c.errf(in, "istypep needs .texref, .samplerref or .surfref")
	}
	d, err := c.dstPredicate(in, 0)
	if err != nil {
		return err
	}
	o.dst[0] = d
	x := &texOp{}
	if x.tex, err = c.handle(in, in.Src[0]); err != nil {
		return err
	}
	o.tx, o.exec = x, execIstypep
	return nil
}

// surface decodes what suld, sust and sured share.
func (c *compiler) surface(in *traces.Inst, o *op) (*texOp, error) {
	g := in.Geom
	if g == traces.GeomNone || g > traces.GeomA2D {
		return nil, c.errf(in, "surface geometry .%s", g)
	}
	if in.Mode < traces.SurfTrap || in.Mode > traces.SurfZero {
		return nil, c.errf(in, "surface instructions need .trap, .clamp or .zero")
	}
	x := &texOp{geom: g, nvec: max(1, int(in.Vec))}
	var err error
	if x.tex, err = c.handle(in, in.Src[0]); err != nil {
		return nil, err
	}
	if x.tex.kind == handleNone {
		return nil, c.errf(in, "missing the surface operand")
	}
	if x.coords, err = c.extSrcs(in, 0, g.Coords(), traces.S32); err != nil {
		return nil, err
	}
	o.size, o.vec = in.Type.Size(), x.nvec
	if o.size == 0 || o.size*o.vec > 16 {
		return nil, c.errf(in, "surface access of %d x .%s", o.vec, in.Type)
	}
	return x, nil
}

// suld is the semantics of suld.b: an unformatted surface load.
func (c *compiler) suld(in *traces.Inst, o *op) error {
	x, err := c.surface(in, o)
	if err != nil {
		return err
	}
	if in.Flags.Has(traces.FlagFormatted) {
		return c.unsupported(in, "suld.p")
	}
	if err := c.texDsts(in, o, x.nvec, in.Type); err != nil {
		return err
	}
	o.tx, o.exec = x, execSuld
	return nil
}

// sust is the semantics of sust.b (unformatted) and sust.p (formatted)
// surface stores.
func (c *compiler) sust(in *traces.Inst, o *op) error {
	x, err := c.surface(in, o)
	if err != nil {
		return err
	}
	if x.vals, err = c.extSrcs(in, x.geom.Coords(), x.nvec, in.Type); err != nil {
		return err
	}
	o.tx, o.exec = x, execSust
	return nil
}

// sured is the semantics of sured: a reduction into a surface element.
func (c *compiler) sured(in *traces.Inst, o *op) error {
	x, err := c.surface(in, o)
	if err != nil {
		return err
	}
	if in.NSrc < 2 {
		return c.errf(in, "sured needs a value")
	}
	if o.src[1], err = c.src(in, 1, in.Type); err != nil {
		return err
	}
	if in.Flags.Has(traces.FlagFormatted) {
		// sured.p: the operation's signedness is the surface format's,
		// known at the launch: f3 for unsigned, f3s for signed elements.
		if o.f3, _, err = c.atomFunc(in, traces.U32); err != nil {
			return err
		}
		if o.f3s, _, err = c.atomFunc(in, traces.S32); err != nil {
			return err
		}
	} else if o.f3, _, err = c.atomFunc(in, in.Type); err != nil {
		return err
	}
	o.tx, o.exec = x, execSured
	return nil
}
