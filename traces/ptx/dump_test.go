package ptx

import (
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"strings"
)

var rndNames = [...]string{"", "rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi"}

var cmpNames = [...]string{"", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
	"equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}

var flagNames = [...]string{"ftz", "sat", "approx", "full", "uni", "cc", "hi", "lo", "wide",
	"nc", "volatile", "relu", "NaN", "xorsign", "abs", "to", "clamp", "left", "shiftamt", "aligned",
	"sync", "satfinite"}

var sregNames = [...]string{"", "%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
	"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z", "%laneid", "%warpid",
	"%nwarpid", "%smid", "%nsmid", "%gridid", "%clock", "%clock_hi", "%clock64", "%globaltimer",
	"%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",
	"%dynamic_smem_size", "%total_smem_size", "WARP_SZ"}

// formatOperand renders a decoded operand for golden files.
func formatOperand(k *traces.Kernel, op traces.Operand) string {
	switch op.Kind {
	case traces.OpdNone:
		return "_"
	case traces.OpdReg:
		return fmt.Sprintf("r%d(%s)", op.Reg, k.Regs[op.Reg].Type)
	case traces.OpdPred:
		s := fmt.Sprintf("p%d", op.Reg)
		if op.Neg {
			s = "!" + s
		}
		return s
	case traces.OpdImm:
		return fmt.Sprintf("#%#x", op.Imm)
	case traces.OpdSpecial:
		return sregNames[op.Special]
	case traces.OpdMem:
		base := ""
		if op.Reg >= 0 {
			base = fmt.Sprintf("r%d", op.Reg)
		}
		return fmt.Sprintf("[%s%s%+d]", op.Space, base, int64(op.Imm))
	case traces.OpdSym:
		return fmt.Sprintf("&%s%+d", op.Space, int64(op.Imm))
	case traces.OpdLabel:
		return fmt.Sprintf("@%d", op.Imm)
	}
	return "?"
}

// formatInst renders a decoded instruction: every field that is set.
func formatInst(k *traces.Kernel, i int) string {
	in := &k.Code[i]
	var b strings.Builder
	fmt.Fprintf(&b, "%4d ", i)
	if in.Guard >= 0 {
		if in.GuardNeg {
			b.WriteString("@!")
		} else {
			b.WriteString("@")
		}
		fmt.Fprintf(&b, "p%d ", in.Guard)
	}
	b.WriteString(in.Op.String())
	if in.Type != traces.TypeNone {
		fmt.Fprintf(&b, " T=%s", in.Type)
	}
	if in.Type2 != traces.TypeNone {
		fmt.Fprintf(&b, " T2=%s", in.Type2)
	}
	if in.Space != traces.SpaceNone {
		fmt.Fprintf(&b, " S=%s", in.Space)
		if in.Space == traces.SpaceParamFrame {
			b.WriteString("(frame)")
		}
	}
	if in.Rnd != traces.RndNone {
		fmt.Fprintf(&b, " rnd=%s", rndNames[in.Rnd])
	}
	if in.Cmp != traces.CmpNone {
		fmt.Fprintf(&b, " cmp=%s", cmpNames[in.Cmp])
	}
	if in.Bool != traces.BoolNone {
		fmt.Fprintf(&b, " bool=%s", [...]string{"", "and", "or", "xor"}[in.Bool])
	}
	if in.Atom != traces.AtomNone {
		fmt.Fprintf(&b, " atom=%s", atomNames[in.Atom])
	}
	if in.Mode != 0 {
		fmt.Fprintf(&b, " mode=%d", in.Mode)
	}
	if in.Vec != 0 {
		fmt.Fprintf(&b, " vec=%d", in.Vec)
	}
	if in.Flags != 0 {
		var fs []string
		for i, n := range flagNames {
			if in.Flags.Has(1 << i) {
				fs = append(fs, n)
			}
		}
		fmt.Fprintf(&b, " %s", strings.Join(fs, "."))
	}
	var ops []string
	for d := 0; d < int(in.NDst); d++ {
		ops = append(ops, formatOperand(k, in.Dst[d]))
	}
	ops = append(ops, "<-")
	for s := 0; s < int(in.NSrc); s++ {
		ops = append(ops, formatOperand(k, in.Src[s]))
	}
	fmt.Fprintf(&b, " %s", strings.Join(ops, " "))
	switch in.Op {
	case traces.OpBra:
		fmt.Fprintf(&b, " ->%d reconv=%d", in.Target, in.Reconv)
	case traces.OpCall:
		c := k.Calls[in.Target]
		fmt.Fprintf(&b, " call %s@%d args=%v rets=%v", c.Callee, c.Entry, c.Args, c.Rets)
	}
	if in.Loc.Line != 0 {
		fmt.Fprintf(&b, " loc=%d:%d:%d", in.Loc.File, in.Loc.Line, in.Loc.Col)
	}
	fmt.Fprintf(&b, "  | %s", in.Text)
	return b.String()
}

// formatKernel renders a kernel's layout and code.
func formatKernel(k *traces.Kernel) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kernel %s params=%d", k.Name, k.ParamSize)
	for _, p := range k.Params {
		fmt.Fprintf(&b, " %s:%s@%d/%d", p.Name, p.Type, p.Offset, p.Size)
	}
	fmt.Fprintf(&b, "\n regs=%d preds=%d shared=%d dynalign=%d local=%d frame=%d maxntid=%v reqntid=%v maxnreg=%d minncta=%d\n",
		len(k.Regs), k.NumPreds, k.SharedSize, k.DynSharedAlign, k.LocalSize, k.FrameSize, k.MaxNTid, k.ReqNTid, k.MaxNReg, k.MinNCTAPerSM)
	for _, v := range k.SharedVars {
		fmt.Fprintf(&b, " shared %s@%d/%d\n", v.Name, v.Offset, v.Size)
	}
	for _, v := range k.LocalVars {
		fmt.Fprintf(&b, " local %s@%d/%d\n", v.Name, v.Offset, v.Size)
	}
	for _, f := range k.Funcs {
		fmt.Fprintf(&b, " func %s [%d,%d)\n", f.Name, f.Start, f.End)
	}
	for i := range k.Code {
		b.WriteString(formatInst(k, i))
		b.WriteByte('\n')
	}
	return b.String()
}
