package ptx

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/traces"
)

// A small assembler for tests: it turns PTX-like kernel bodies into a
// traces.Kernel, so that the warp package can be tested without the PTX
// front end. Registers are declared by their first use, typed by prefix
// (%p pred, %rs .b16, %r .b32, %rd .b64, %rq .b128, %f .f32, %fd .f64,
// %h .b16, %hh .b32). Labels end with ':'; `.func NAME` starts a device function;
// `.args FROM>TO:SIZE ...` and `.rets ...` give the parameter copies of the
// next call. ld/st `.frame` addresses the per-thread parameter frame;
// `.frame N`, `.local N`, `.shared N` and `.params N` set segment sizes.
// Reconvergence points are immediate post-dominators.

type asm struct {
	k      *traces.Kernel
	regs   map[string]int32
	preds  map[string]int32
	labels map[string]int32
	fixups []fixup
	args   []traces.Copy
	rets   []traces.Copy
	line   int
	// pendingLoc is the source line `.loc N` gives the next instructions.
	pendingLoc int32
}

type fixup struct {
	inst  int
	label string
	call  bool
}

var regPrefixes = []struct {
	prefix string
	t      traces.Type
}{
	{"%rq", traces.B128}, {"%rd", traces.B64}, {"%rs", traces.B16}, {"%r", traces.B32}, {"%fd", traces.F64},
	{"%f", traces.F32}, {"%hh", traces.B32}, {"%h", traces.B16},
}

var specialNames = map[string]traces.SpecialReg{
	"%tid.x": traces.SRegTidX, "%tid.y": traces.SRegTidY, "%tid.z": traces.SRegTidZ,
	"%ntid.x": traces.SRegNtidX, "%ntid.y": traces.SRegNtidY, "%ntid.z": traces.SRegNtidZ,
	"%ctaid.x": traces.SRegCtaidX, "%ctaid.y": traces.SRegCtaidY, "%ctaid.z": traces.SRegCtaidZ,
	"%nctaid.x": traces.SRegNctaidX, "%nctaid.y": traces.SRegNctaidY, "%nctaid.z": traces.SRegNctaidZ,
	"%laneid": traces.SRegLaneID, "%warpid": traces.SRegWarpID, "%nwarpid": traces.SRegNWarpID,
	"%smid": traces.SRegSMID, "%nsmid": traces.SRegNSMID, "%gridid": traces.SRegGridID,
	"%clock": traces.SRegClock, "%clock_hi": traces.SRegClockHi, "%clock64": traces.SRegClock64,
	"%globaltimer": traces.SRegGlobalTimer, "%lanemask_eq": traces.SRegLanemaskEq,
	"%lanemask_le": traces.SRegLanemaskLe, "%lanemask_lt": traces.SRegLanemaskLt,
	"%lanemask_ge": traces.SRegLanemaskGe, "%lanemask_gt": traces.SRegLanemaskGt,
	"%dynamic_smem_size": traces.SRegDynamicSmemSize, "%total_smem_size": traces.SRegTotalSmemSize,
	"WARP_SZ": traces.SRegWarpSize,
}

var opNames = func() map[string]traces.Opcode {
	m := map[string]traces.Opcode{"barrier": traces.OpBar, "vote": traces.OpVote}
	for o := traces.OpInvalid + 1; o.String() != "?"; o++ {
		m[o.String()] = o
	}
	return m
}()

// assemble builds a one-kernel program named "k" from body.
func assemble(body string) (*traces.Program, error) {
	a := &asm{
		k:      &traces.Kernel{Name: "k", Pos: traces.Pos{Line: 1, Col: 1}},
		regs:   map[string]int32{},
		preds:  map[string]int32{},
		labels: map[string]int32{},
	}
	a.k.Funcs = append(a.k.Funcs, traces.FuncSpan{Name: "k"})
	for i, raw := range strings.Split(body, "\n") {
		a.line = i + 1
		if j := strings.Index(raw, "//"); j >= 0 {
			raw = raw[:j]
		}
		for _, stmt := range strings.Split(raw, ";") {
			if err := a.statement(raw, stmt); err != nil {
				return nil, fmt.Errorf("test.ptx:%d: %v", a.line, err)
			}
		}
	}
	a.k.Funcs[len(a.k.Funcs)-1].End = int32(len(a.k.Code))
	for _, f := range a.fixups {
		pc, ok := a.labels[f.label]
		if !ok {
			return nil, fmt.Errorf("undefined label %s", f.label)
		}
		if f.call {
			site := &a.k.Calls[a.k.Code[f.inst].Target]
			site.Entry, site.Func = pc, -1
			for i, sp := range a.k.Funcs {
				if sp.Start == pc {
					site.Func = int32(i)
				}
			}
		} else {
			a.k.Code[f.inst].Target = pc
		}
	}
	a.reconv()
	return &traces.Program{Path: "test.ptx", ISA: traces.ISAPTX, AddressSize: 64, Kernels: []*traces.Kernel{a.k},
		Files: map[int32]string{1: "test.cu"}}, nil
}

func (a *asm) statement(raw, s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if strings.HasSuffix(s, ":") && !strings.ContainsAny(s, " \t") {
		a.labels[strings.TrimSuffix(s, ":")] = int32(len(a.k.Code))
		return nil
	}
	f := strings.Fields(s)
	switch f[0] {
	case ".func":
		a.k.Funcs[len(a.k.Funcs)-1].End = int32(len(a.k.Code))
		a.k.Funcs = append(a.k.Funcs, traces.FuncSpan{Name: f[1], Start: int32(len(a.k.Code))})
		a.labels[f[1]] = int32(len(a.k.Code))
		return nil
	case ".args", ".rets":
		var cs []traces.Copy
		for _, c := range f[1:] {
			var cp traces.Copy
			if _, err := fmt.Sscanf(c, "%d>%d:%d", &cp.From, &cp.To, &cp.Size); err != nil {
				return err
			}
			cs = append(cs, cp)
		}
		if f[0] == ".args" {
			a.args = cs
		} else {
			a.rets = cs
		}
		return nil
	case ".frame", ".local", ".shared", ".params":
		n, err := strconv.ParseUint(f[1], 0, 64)
		if err != nil {
			return err
		}
		switch f[0] {
		case ".frame":
			a.k.FrameSize = n
		case ".local":
			a.k.LocalSize = n
		case ".shared":
			a.k.SharedSize = n
		default:
			a.k.ParamSize = n
		}
		return nil
	case ".loc":
		l, _ := strconv.Atoi(f[1])
		a.pendingLoc = int32(l)
		return nil
	}
	return a.inst(raw, s)
}

func (a *asm) reg(name string) (int32, bool) {
	if r, ok := a.regs[name]; ok {
		return r, true
	}
	for _, p := range regPrefixes {
		if strings.HasPrefix(name, p.prefix) && len(name) > len(p.prefix) && name[len(p.prefix)] >= '0' && name[len(p.prefix)] <= '9' {
			r := int32(len(a.k.Regs))
			a.k.Regs = append(a.k.Regs, traces.Reg{Name: name, Type: p.t})
			a.regs[name] = r
			return r, true
		}
	}
	return 0, false
}

func (a *asm) pred(name string) (int32, bool) {
	if !strings.HasPrefix(name, "%p") {
		return 0, false
	}
	if r, ok := a.preds[name]; ok {
		return r, true
	}
	r := a.k.NumPreds
	a.k.NumPreds++
	a.k.Preds = append(a.k.Preds, name)
	a.preds[name] = r
	return r, true
}

func (a *asm) inst(raw, s string) error {
	in := traces.Inst{Guard: -1, Pos: traces.Pos{Line: int32(a.line), Col: 1}, Text: s}
	if a.pendingLoc != 0 {
		in.Loc = traces.SrcLoc{File: 1, Line: a.pendingLoc}
	}
	if s[0] == '@' {
		sp := strings.IndexAny(s, " \t")
		g := s[1:sp]
		if strings.HasPrefix(g, "!") {
			in.GuardNeg, g = true, g[1:]
		}
		p, ok := a.pred(g)
		if !ok {
			return fmt.Errorf("bad guard %s", g)
		}
		in.Guard = p
		s = strings.TrimSpace(s[sp:])
	}
	mn, rest, _ := strings.Cut(s, " ")
	if i := strings.IndexByte(mn, '\t'); i >= 0 {
		mn, rest = mn[:i], mn[i:]+" "+rest
	}
	parts := strings.Split(mn, ".")
	op, ok := opNames[parts[0]]
	if !ok {
		return fmt.Errorf("unknown opcode %s", parts[0])
	}
	in.Op = op
	if op == traces.OpBar {
		in.Mode = traces.BarSync
	}
	var types []traces.Type
	for _, sfx := range parts[1:] {
		if err := a.suffix(&in, sfx, &types); err != nil {
			return err
		}
	}
	if len(types) > 0 {
		in.Type = types[0]
	}
	if len(types) > 1 {
		in.Type2 = types[1]
	}
	if in.Space == traces.SpaceNone && (op == traces.OpLd || op == traces.OpSt || op == traces.OpAtom || op == traces.OpRed || op == traces.OpLdu) {
		in.Space = traces.SpaceGeneric
	}
	var opds []string
	for _, o := range splitOperands(rest) {
		if o != "" {
			opds = append(opds, o)
		}
	}
	if err := a.operands(&in, opds); err != nil {
		return err
	}
	if op == traces.OpBar && in.Mode >= traces.BarRedPopc && in.NSrc == 2 {
		// bar.red without a thread count: Src[1] is OpdNone (IR contract).
		in.Src[2], in.Src[1] = in.Src[1], traces.Operand{}
		in.NSrc = 3
	}
	a.k.Code = append(a.k.Code, in)
	return nil
}

// splitOperands splits on commas outside braces and brackets.
func splitOperands(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

func (a *asm) suffix(in *traces.Inst, sfx string, types *[]traces.Type) error {
	if t, ok := traces.TypeByName(sfx); ok {
		*types = append(*types, t)
		return nil
	}
	op := in.Op
	switch sfx {
	case "global":
		in.Space = traces.SpaceGlobal
	case "shared":
		in.Space = traces.SpaceShared
	case "local":
		in.Space = traces.SpaceLocal
	case "const":
		in.Space = traces.SpaceConst
	case "param":
		in.Space = traces.SpaceParam
	case "frame":
		in.Space = traces.SpaceParamFrame
	case "v2":
		in.Vec = 2
	case "v4":
		in.Vec = 4
	case "v8":
		in.Vec = 8
	case "rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi":
		in.Rnd = map[string]traces.Rounding{"rn": traces.RndRN, "rz": traces.RndRZ, "rm": traces.RndRM, "rp": traces.RndRP,
			"rna": traces.RndRNA, "rni": traces.RndRNI, "rzi": traces.RndRZI, "rmi": traces.RndRMI, "rpi": traces.RndRPI}[sfx]
	case "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan":
		if sfx == "hi" && op != traces.OpSetp && op != traces.OpSet && op != traces.OpSlct {
			in.Flags |= traces.FlagHi
			return nil
		}
		if sfx == "lo" && op != traces.OpSetp && op != traces.OpSet {
			in.Flags |= traces.FlagLo
			return nil
		}
		in.Cmp = map[string]traces.CmpOp{"eq": traces.CmpEQ, "ne": traces.CmpNE, "lt": traces.CmpLT, "le": traces.CmpLE,
			"gt": traces.CmpGT, "ge": traces.CmpGE, "lo": traces.CmpLO, "ls": traces.CmpLS, "hi": traces.CmpHI,
			"hs": traces.CmpHS, "equ": traces.CmpEQU, "neu": traces.CmpNEU, "ltu": traces.CmpLTU, "leu": traces.CmpLEU,
			"gtu": traces.CmpGTU, "geu": traces.CmpGEU, "num": traces.CmpNUM, "nan": traces.CmpNAN}[sfx]
	case "and", "or", "xor":
		switch op {
		case traces.OpAtom, traces.OpRed:
			in.Atom = map[string]traces.AtomOp{"and": traces.AtomAnd, "or": traces.AtomOr, "xor": traces.AtomXor}[sfx]
		case traces.OpBar:
			in.Mode = map[string]traces.Mode{"and": traces.BarRedAnd, "or": traces.BarRedOr}[sfx]
		default:
			in.Bool = map[string]traces.BoolOp{"and": traces.BoolAnd, "or": traces.BoolOr, "xor": traces.BoolXor}[sfx]
		}
	case "exch", "cas", "add", "inc", "dec", "min", "max":
		in.Atom = map[string]traces.AtomOp{"exch": traces.AtomExch, "cas": traces.AtomCas, "add": traces.AtomAdd,
			"inc": traces.AtomInc, "dec": traces.AtomDec, "min": traces.AtomMin, "max": traces.AtomMax}[sfx]
	case "popc":
		in.Mode = traces.BarRedPopc
	case "red":
	case "arrive":
		in.Mode = traces.BarArrive
	case "sync":
		if op == traces.OpBar && in.Mode != traces.BarWarpSync {
			in.Mode = traces.BarSync
		}
		in.Flags |= traces.FlagSync
	case "warp":
		in.Mode = traces.BarWarpSync
	case "up", "down", "bfly", "idx":
		in.Mode = map[string]traces.Mode{"up": traces.ShflUp, "down": traces.ShflDown, "bfly": traces.ShflBfly, "idx": traces.ShflIdx}[sfx]
	case "all", "any", "uni", "ballot":
		if sfx == "uni" && (op == traces.OpBra || op == traces.OpCall) {
			in.Flags |= traces.FlagUni
			return nil
		}
		in.Mode = map[string]traces.Mode{"all": traces.VoteAll, "any": traces.VoteAny, "uni": traces.VoteUni, "ballot": traces.VoteBallot}[sfx]
	case "finite", "infinite", "number", "notanumber", "normal", "subnormal":
		in.Mode = map[string]traces.Mode{"finite": traces.TestFinite, "infinite": traces.TestInfinite, "number": traces.TestNumber,
			"notanumber": traces.TestNotANumber, "normal": traces.TestNormal, "subnormal": traces.TestSubnormal}[sfx]
	case "f4e", "b4e", "rc8", "ecl", "ecr", "rc16":
		in.Mode = map[string]traces.Mode{"f4e": traces.PrmtF4E, "b4e": traces.PrmtB4E, "rc8": traces.PrmtRC8,
			"ecl": traces.PrmtECL, "ecr": traces.PrmtECR, "rc16": traces.PrmtRC16}[sfx]
	case "ftz":
		in.Flags |= traces.FlagFtz
	case "sat":
		in.Flags |= traces.FlagSat
	case "approx":
		in.Flags |= traces.FlagApprox
	case "full":
		in.Flags |= traces.FlagFull
	case "cc":
		in.Flags |= traces.FlagCC
	case "wide":
		in.Flags |= traces.FlagWide
	case "nc":
		in.Flags |= traces.FlagNC
	case "volatile":
		in.Flags |= traces.FlagVolatile
	case "relu":
		in.Flags |= traces.FlagRelu
	case "NaN":
		in.Flags |= traces.FlagNaN
	case "xorsign":
		in.Flags |= traces.FlagXorSign
	case "abs":
		in.Flags |= traces.FlagAbs
	case "noftz":
	case "to":
		in.Flags |= traces.FlagTo
	case "clamp":
		in.Flags |= traces.FlagShiftClamp
	case "wrap":
	case "l":
		in.Flags |= traces.FlagShiftLeft
	case "r":
	case "shiftamt":
		in.Flags |= traces.FlagShiftAmt
	case "aligned":
		in.Flags |= traces.FlagAligned
	case "satfinite":
		in.Flags |= traces.FlagSatFinite
	case "gl", "cta", "sys", "sc", "acq_rel", "gpu":
	default:
		return fmt.Errorf("unknown suffix .%s", sfx)
	}
	return nil
}

func (a *asm) operands(in *traces.Inst, opds []string) error {
	ndst := 1
	switch in.Op {
	case traces.OpSt, traces.OpRed, traces.OpBra, traces.OpCall, traces.OpRet, traces.OpExit, traces.OpTrap,
		traces.OpMembar, traces.OpFence, traces.OpPrefetch, traces.OpBrkpt, traces.OpNanosleep, traces.OpPmevent:
		ndst = 0
	case traces.OpBar:
		if in.Mode < traces.BarRedPopc {
			ndst = 0
		}
	}
	if in.Op == traces.OpBra || in.Op == traces.OpCall {
		if len(opds) != 1 {
			return fmt.Errorf("%s takes one label", in.Op)
		}
		if in.Op == traces.OpCall {
			in.Target = int32(len(a.k.Calls))
			a.k.Calls = append(a.k.Calls, traces.CallSite{Callee: opds[0], Args: a.args, Rets: a.rets})
			a.args, a.rets = nil, nil
		}
		a.fixups = append(a.fixups, fixup{inst: len(a.k.Code), label: opds[0], call: in.Op == traces.OpCall})
		return nil
	}
	for i, s := range opds {
		var list []string
		switch {
		case strings.HasPrefix(s, "{"):
			for _, e := range strings.Split(strings.Trim(s, "{}"), ",") {
				list = append(list, strings.TrimSpace(e))
			}
		case strings.Contains(s, "|"):
			list = strings.Split(s, "|")
		default:
			list = []string{s}
		}
		for _, e := range list {
			o, err := a.operand(in, e)
			if err != nil {
				return err
			}
			if i < ndst {
				in.Dst[in.NDst] = o
				in.NDst++
			} else {
				if in.NSrc == 5 {
					return fmt.Errorf("too many operands")
				}
				in.Src[in.NSrc] = o
				in.NSrc++
			}
		}
	}
	return nil
}

func (a *asm) operand(in *traces.Inst, s string) (traces.Operand, error) {
	switch {
	case s == "_":
		return traces.Operand{Kind: traces.OpdNone}, nil
	case strings.HasPrefix(s, "["):
		inner := strings.Trim(s, "[]")
		o := traces.Operand{Kind: traces.OpdMem, Reg: -1}
		base, off := inner, ""
		if i := strings.IndexAny(inner[1:], "+-"); i >= 0 {
			base, off = inner[:i+1], inner[i+1:]
		}
		base = strings.TrimSpace(base)
		if r, ok := a.reg(base); ok {
			o.Reg = r
		} else if v, err := parseImm(base, traces.U64); err == nil {
			o.Imm = v
		} else if sp, ok := map[string]traces.Space{"gvar": traces.SpaceGlobal, "svar": traces.SpaceShared,
			"cvar": traces.SpaceConst, "pvar": traces.SpaceParam, "lvar": traces.SpaceLocal}[base]; ok {
			o.Space = sp
		} else {
			return o, fmt.Errorf("bad address %s", s)
		}
		if off != "" {
			v, err := strconv.ParseInt(strings.ReplaceAll(off, " ", ""), 0, 64)
			if err != nil {
				return o, err
			}
			o.Imm += uint64(v)
		}
		return o, nil
	case strings.HasPrefix(s, "!"):
		p, ok := a.pred(s[1:])
		if !ok {
			return traces.Operand{}, fmt.Errorf("bad predicate %s", s)
		}
		return traces.Operand{Kind: traces.OpdPred, Reg: p, Neg: true}, nil
	}
	if sr, ok := specialNames[s]; ok {
		return traces.Operand{Kind: traces.OpdSpecial, Special: sr}, nil
	}
	if p, ok := a.pred(s); ok {
		return traces.Operand{Kind: traces.OpdPred, Reg: p}, nil
	}
	if r, ok := a.reg(s); ok {
		return traces.Operand{Kind: traces.OpdReg, Reg: r}, nil
	}
	if sp, ok := map[string]traces.Space{"gvar": traces.SpaceGlobal, "svar": traces.SpaceShared, "cvar": traces.SpaceConst}[s]; ok {
		return traces.Operand{Kind: traces.OpdSym, Space: sp}, nil
	}
	t := in.Type
	switch in.Op {
	case traces.OpCvt, traces.OpSet:
		t = in.Type2
	case traces.OpVote, traces.OpBar:
		t = traces.B32
	}
	v, err := parseImm(s, t)
	if err != nil {
		return traces.Operand{}, err
	}
	return traces.Operand{Kind: traces.OpdImm, Imm: v}, nil
}

// parseImm reads an immediate as a register of type t would hold it.
func parseImm(s string, t traces.Type) (uint64, error) {
	var v uint64
	switch {
	case strings.HasPrefix(s, "0f") || strings.HasPrefix(s, "0F"):
		x, err := strconv.ParseUint(s[2:], 16, 32)
		return x, err
	case strings.HasPrefix(s, "0d") || strings.HasPrefix(s, "0D"):
		return strconv.ParseUint(s[2:], 16, 64)
	case strings.ContainsAny(s, ".eE") && !strings.HasPrefix(s, "0x"):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, err
		}
		if t == traces.F32 {
			return uint64(math.Float32bits(float32(f))), nil
		}
		return math.Float64bits(f), nil
	case strings.HasPrefix(s, "-"):
		x, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return 0, err
		}
		v = uint64(x)
	default:
		x, err := strconv.ParseUint(s, 0, 64)
		if err != nil {
			return 0, err
		}
		v = x
	}
	if b := t.Bits(); b > 0 && b < 64 {
		v &= 1<<uint(b) - 1
	}
	return v, nil
}

// reconv sets Reconv of every bra to its immediate post-dominator, with
// len(Code) standing for the exit that ret leads to. Paths that end in an
// unguarded exit instruction do not constrain reconvergence (their lanes
// retire on the way), so such an exit counts as post-dominated by
// everything; a branch whose every path ends that way reconverges at the
// exit.
func (a *asm) reconv() {
	code := a.k.Code
	n := len(code)
	succ := make([][]int, n)
	for i, in := range code {
		next := []int{i + 1}
		switch in.Op {
		case traces.OpBra:
			if in.Guard >= 0 {
				next = []int{int(in.Target), i + 1}
			} else {
				next = []int{int(in.Target)}
			}
		case traces.OpRet:
			if in.Guard >= 0 {
				next = []int{n, i + 1}
			} else {
				next = []int{n}
			}
		case traces.OpExit:
			if in.Guard >= 0 {
				next = []int{i + 1}
			} else {
				next = nil
			}
		}
		succ[i] = next
	}
	words := (n + 1 + 63) / 64
	full := func() []uint64 {
		w := make([]uint64, words)
		for i := range w {
			w[i] = ^uint64(0)
		}
		return w
	}
	pdom := make([][]uint64, n+1)
	for i := range pdom {
		pdom[i] = full()
	}
	pdom[n] = make([]uint64, words)
	pdom[n][n/64] |= 1 << uint(n%64)
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			nw := full()
			for _, s := range succ[i] {
				if s > n {
					s = n
				}
				for w := range nw {
					nw[w] &= pdom[s][w]
				}
			}
			nw[i/64] |= 1 << uint(i%64)
			for w := range nw {
				if nw[w] != pdom[i][w] {
					changed = true
				}
			}
			pdom[i] = nw
		}
	}
	size := func(x int) int {
		c := 0
		for _, w := range pdom[x] {
			for ; w != 0; w &= w - 1 {
				c++
			}
		}
		return c
	}
	for i := range code {
		if code[i].Op != traces.OpBra {
			continue
		}
		best, bestSize := n, -1
		if size(i) < 64*words {
			for j := 0; j <= n; j++ {
				if j != i && pdom[i][j/64]>>uint(j%64)&1 != 0 && size(j) > bestSize {
					best, bestSize = j, size(j)
				}
			}
		}
		code[i].Reconv = int32(best)
	}
}
