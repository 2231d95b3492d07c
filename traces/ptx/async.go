package ptx

import "github.com/gpusim/gpusim/traces"

// Asynchronous copies (cp.async, cp.async.bulk and their groups),
// mbarrier objects and the cache-policy hints (createpolicy, discard,
// applypriority). Syntax after the PTX ISA manual, "cp.async",
// "cp.async.bulk", "mbarrier" and "createpolicy"/"discard"/"applypriority"
// (data movement and parallel synchronization instructions).

// hasWord reports whether the current opcode has suffix word w.
func (p *ptxParser) hasWord(w string) bool {
	for _, sp := range p.parts[p.mnParts:] {
		if string(p.src[sp.off:sp.end]) == w {
			return true
		}
	}
	return false
}

// decCpAsync decodes cp.async, cp.async.bulk and the wait_group forms.
func (p *ptxParser) decCpAsync(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	switch in.Op {
	case traces.OpCpAsyncWaitGroup, traces.OpCpAsyncBulkWaitGroup:
		if err := p.want(1, word, pos); err != nil {
			return err
		}
		op, err := p.valueOpd(&p.raw[0], traces.U32, 0, word)
		if err != nil {
			return err
		}
		if op.Kind != traces.OpdImm {
			return p.errAt(p.raw[0].pos, "%s: the group count must be an integer constant", word)
		}
		if op.Imm > 255 {
			return p.errAt(p.raw[0].pos, "%s: group count %d is too large", word, op.Imm)
		}
		if sf.mbar&^(1<<vMbarRead) != 0 || (in.Op == traces.OpCpAsyncWaitGroup && sf.mbar != 0) {
			return p.errAt(pos, "%s: unexpected modifier", word)
		}
		in.Src[0], in.NSrc = op, 1
		return nil
	case traces.OpCpAsyncBulk:
		return p.decCpAsyncBulk(in, sf, word, pos, idx)
	}
	ca, cg := p.hasWord("ca"), p.hasWord("cg")
	switch {
	case ca && !cg:
		in.Mode = traces.CpAsyncCA
	case cg && !ca:
		in.Mode = traces.CpAsyncCG
	default:
		return p.errAt(pos, "%s: expected .ca or .cg", word)
	}
	if sf.space != traces.SpaceShared || sf.space2 != traces.SpaceGlobal {
		return p.errAt(pos, "%s: expected .shared.global (copies go from global to shared memory)", word)
	}
	if sf.mbar != 0 {
		return p.errAt(pos, "%s: unexpected modifier", word)
	}
	policy := p.hasWord("L2::cache_hint")
	if p.nraw < 3 || p.nraw > 5 || (p.nraw == 5 && !policy) {
		return p.errAt(pos, "%s: expected [dst], [src], cp-size{, src-size}{, cache-policy}", word)
	}
	if err := p.asyncAddrs(in, word, idx, traces.SpaceShared, traces.SpaceGlobal); err != nil {
		return err
	}
	size, err := p.valueOpd(&p.raw[2], traces.U32, 0, word)
	if err != nil {
		return err
	}
	if size.Kind != traces.OpdImm || (size.Imm != 4 && size.Imm != 8 && size.Imm != 16) {
		return p.errAt(p.raw[2].pos, "%s: cp-size must be 4, 8 or 16", word)
	}
	if in.Mode == traces.CpAsyncCG && size.Imm != 16 {
		return p.errAt(p.raw[2].pos, "%s: cp.async.cg copies 16 bytes", word)
	}
	in.Src[2], in.NSrc = size, 5
	rest := p.nraw - 3
	if policy {
		if rest == 0 {
			return p.errAt(pos, "%s: .L2::cache_hint needs a cache-policy operand", word)
		}
		op, err := p.valueOpd(&p.raw[p.nraw-1], traces.B64, 0, word)
		if err != nil {
			return err
		}
		in.Src[4] = op
		rest--
	}
	if rest == 1 {
		r := &p.raw[3]
		var op traces.Operand
		if r.kind == rkName && p.isPredicate(r) {
			op, err = p.valueOpd(r, traces.Pred, 0, word) // ignore-src
		} else {
			op, err = p.valueOpd(r, traces.U32, 0, word) // src-size
			if err == nil && op.Kind == traces.OpdImm && op.Imm > size.Imm {
				return p.errAt(r.pos, "%s: src-size %d is larger than cp-size %d", word, op.Imm, size.Imm)
			}
		}
		if err != nil {
			return err
		}
		in.Src[3] = op
	}
	in.Space = traces.SpaceShared
	return nil
}

// isPredicate reports a raw name operand that is a predicate register.
func (p *ptxParser) isPredicate(r *rawOpd) bool {
	d, _, ok := p.fn.lookupReg(p.bytes(r.tok))
	return ok && p.fn.regDecls[d].typ == traces.Pred
}

// asyncAddrs decodes [dst], [src] (raw operands 0 and 1) of a copy from
// space src to space dst.
func (p *ptxParser) asyncAddrs(in *traces.Inst, word []byte, idx int32, dst, src traces.Space) error {
	for i, sp := range [2]traces.Space{dst, src} {
		a, err := p.addrOpd(&p.raw[i], uint8(4+i), idx, word)
		if err != nil {
			return err
		}
		if a.Space != traces.SpaceNone && a.Space != sp {
			return p.errAt(p.raw[i].pos, "%s: %s is a .%s variable, expected .%s", word, p.bytes(p.raw[i].tok), a.Space, sp)
		}
		in.Src[i] = a
	}
	return nil
}

// decCpAsyncBulk decodes the three directions of cp.async.bulk.
func (p *ptxParser) decCpAsyncBulk(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	mbar := sf.mbar&(1<<vMbarCompleteTx) != 0
	group := sf.mbar&(1<<vMbarBulkGroup) != 0
	if sf.mbar&^(1<<vMbarCompleteTx|1<<vMbarBulkGroup) != 0 || mbar == group {
		return p.errAt(pos, "%s: expected one completion mechanism (.mbarrier::complete_tx::bytes or .bulk_group)", word)
	}
	var dst, src traces.Space
	switch {
	case sf.space == traces.SpaceShared && sf.space2 == traces.SpaceGlobal && mbar:
		in.Mode, dst, src = traces.BulkG2SMbar, traces.SpaceShared, traces.SpaceGlobal
	case sf.space == traces.SpaceGlobal && sf.space2 == traces.SpaceShared && group:
		in.Mode, dst, src = traces.BulkS2G, traces.SpaceGlobal, traces.SpaceShared
	case sf.space == traces.SpaceShared && sf.space2 == traces.SpaceShared && mbar:
		in.Mode, dst, src = traces.BulkS2SMbar, traces.SpaceShared, traces.SpaceShared
	default:
		return p.errAt(pos, "%s: expected .shared::cluster.global.mbarrier::complete_tx::bytes, .global.shared::cta.bulk_group or .shared::cluster.shared::cta.mbarrier::complete_tx::bytes", word)
	}
	policy := p.hasWord("L2::cache_hint")
	want := 3
	if mbar {
		want = 4
	}
	if policy {
		want++
	}
	if p.nraw != want {
		return p.errAt(pos, "%s: expected %d operands, found %d", word, want, p.nraw)
	}
	if err := p.asyncAddrs(in, word, idx, dst, src); err != nil {
		return err
	}
	size, err := p.valueOpd(&p.raw[2], traces.U32, 0, word)
	if err != nil {
		return err
	}
	if size.Kind == traces.OpdImm && size.Imm%16 != 0 {
		return p.errAt(p.raw[2].pos, "%s: the size must be a multiple of 16", word)
	}
	in.Src[2], in.NSrc = size, 5
	if mbar {
		a, err := p.addrOpd(&p.raw[3], 7, idx, word)
		if err != nil {
			return err
		}
		in.Src[3] = a
	}
	if policy {
		op, err := p.valueOpd(&p.raw[p.nraw-1], traces.B64, 0, word)
		if err != nil {
			return err
		}
		in.Src[4] = op
	}
	in.Space = dst
	return nil
}

// decMbar decodes the mbarrier instructions and cp.async.mbarrier.arrive.
func (p *ptxParser) decMbar(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	for b, m := range map[uint32]traces.Mode{vMbarParity: traces.MbarParity, vMbarExpectTx: traces.MbarExpectTx,
		vMbarNoComplete: traces.MbarNoComplete, vMbarNoInc: traces.MbarNoInc} {
		if sf.mbar&(1<<b) != 0 {
			in.Mode |= m
		}
	}
	if p.hasWord("shared::cluster") {
		in.Mode |= traces.MbarCluster
	}
	allowed := traces.Mode(traces.MbarCluster)
	switch in.Op {
	case traces.OpMbarrierArrive, traces.OpMbarrierArriveDrop:
		allowed |= traces.MbarExpectTx | traces.MbarNoComplete
	case traces.OpMbarrierTestWait, traces.OpMbarrierTryWait:
		allowed |= traces.MbarParity
	case traces.OpCpAsyncMbarrierArrive:
		allowed |= traces.MbarNoInc
	}
	if in.Mode&^allowed != 0 || sf.mbar&^(1<<vMbarParity|1<<vMbarExpectTx|1<<vMbarNoComplete|1<<vMbarNoInc) != 0 {
		return p.errAt(pos, "%s: unexpected modifier", word)
	}
	if in.Mode&traces.MbarExpectTx != 0 && in.Mode&traces.MbarNoComplete != 0 {
		return p.errAt(pos, "%s: .expect_tx and .noComplete together", word)
	}
	addr := func(i int) error {
		a, err := p.addrOpd(&p.raw[i], uint8(4), idx, word)
		if err != nil {
			return err
		}
		in.Src[0] = a
		in.Space = sf.space
		if in.Space == traces.SpaceNone {
			in.Space = traces.SpaceGeneric
		}
		if in.Space != traces.SpaceShared && in.Space != traces.SpaceGeneric {
			return p.errAt(pos, "%s: an mbarrier object lives in shared memory", word)
		}
		if a.Space != traces.SpaceNone && a.Space != traces.SpaceShared {
			return p.errAt(p.raw[i].pos, "%s: %s is a .%s variable, not .shared", word, p.bytes(p.raw[i].tok), a.Space)
		}
		return nil
	}
	src := func(k, i int, t traces.Type) error {
		op, err := p.valueOpd(&p.raw[i], t, 0, word)
		in.Src[k] = op
		return err
	}
	switch in.Op {
	case traces.OpMbarrierInit, traces.OpMbarrierExpectTx, traces.OpMbarrierCompleteTx:
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		in.NSrc = 2
		if err := addr(0); err != nil {
			return err
		}
		return src(1, 1, traces.U32)
	case traces.OpMbarrierInval, traces.OpCpAsyncMbarrierArrive:
		if err := p.want(1, word, pos); err != nil {
			return err
		}
		in.NSrc = 1
		return addr(0)
	case traces.OpMbarrierArrive, traces.OpMbarrierArriveDrop:
		needCount := in.Mode&(traces.MbarExpectTx|traces.MbarNoComplete) != 0
		if p.nraw != 3 && (needCount || p.nraw != 2) {
			return p.errAt(pos, "%s: expected state, [addr]%s", word, map[bool]string{true: ", count", false: "{, count}"}[needCount])
		}
		d, err := p.valueOpd(&p.raw[0], traces.B64, vDst, word)
		if err != nil {
			return err
		}
		if in.Mode&traces.MbarCluster != 0 && d.Kind != traces.OpdNone {
			return p.errAt(p.raw[0].pos, "%s: an arrive on .shared::cluster has no state (write _)", word)
		}
		in.Dst[0], in.NDst, in.NSrc = d, 1, 2
		if err := addr(1); err != nil {
			return err
		}
		if p.nraw == 3 {
			return src(1, 2, traces.U32)
		}
		return nil
	case traces.OpMbarrierTestWait, traces.OpMbarrierTryWait:
		n := p.nraw
		if n != 3 && (in.Op != traces.OpMbarrierTryWait || n != 4) {
			return p.errAt(pos, "%s: expected waitComplete, [addr], state or phaseParity", word)
		}
		d, err := p.valueOpd(&p.raw[0], traces.Pred, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst, in.NSrc = d, 1, 2
		if err := addr(1); err != nil {
			return err
		}
		t := traces.B64
		if in.Mode&traces.MbarParity != 0 {
			t = traces.U32
		}
		if err := src(1, 2, t); err != nil {
			return err
		}
		if n == 4 {
			in.NSrc = 3
			return src(2, 3, traces.U32) // suspendTimeHint
		}
		return nil
	case traces.OpMbarrierPendingCount:
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		d, err := p.valueOpd(&p.raw[0], traces.U32, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst, in.NSrc = d, 1, 1
		return src(0, 1, traces.B64)
	}
	return p.errAt(pos, "%s: no decoder", word)
}

// decPolicy decodes createpolicy, discard and applypriority.
func (p *ptxParser) decPolicy(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	memSize := func(ai, si int) error {
		a, err := p.addrOpd(&p.raw[ai], uint8(4+ai-1), idx, word)
		if err != nil {
			return err
		}
		in.Src[0] = a
		op, err := p.valueOpd(&p.raw[si], traces.U32, 0, word)
		if err != nil {
			return err
		}
		in.Src[1] = op
		return nil
	}
	switch in.Op {
	case traces.OpDiscard, traces.OpApplypriority:
		if sf.space != traces.SpaceGlobal && sf.space != traces.SpaceNone {
			return p.errAt(pos, "%s: works on .global addresses", word)
		}
		in.Space = traces.SpaceGlobal
		if in.Op == traces.OpDiscard && sf.level != vLevelL2 {
			return p.errAt(pos, "%s: expected .L2", word)
		}
		if in.Op == traces.OpApplypriority && !p.hasWord("L2::evict_normal") {
			return p.errAt(pos, "%s: expected .L2::evict_normal", word)
		}
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		a, err := p.addrOpd(&p.raw[0], 4, idx, word)
		if err != nil {
			return err
		}
		size, err := p.valueOpd(&p.raw[1], traces.U32, 0, word)
		if err != nil {
			return err
		}
		if size.Kind != traces.OpdImm || size.Imm != 128 {
			return p.errAt(p.raw[1].pos, "%s: the size must be 128", word)
		}
		in.Src[0], in.Src[1], in.NSrc = a, size, 2
		return nil
	}
	in.Mode = traces.Mode(sf.policy)
	if in.Mode == 0 {
		return p.errAt(pos, "%s: expected .fractional, .range or .cvt", word)
	}
	if p.nraw == 0 {
		return p.errAt(pos, "%s: missing the destination policy", word)
	}
	d, err := p.valueOpd(&p.raw[0], traces.B64, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = d, 1
	switch in.Mode {
	case traces.PolicyFractional:
		if p.nraw > 2 {
			return p.errAt(pos, "%s: expected policy{, fraction}", word)
		}
		if p.nraw == 2 {
			f, err := p.valueOpd(&p.raw[1], traces.F32, 0, word)
			if err != nil {
				return err
			}
			in.Src[0], in.NSrc = f, 1
		}
	case traces.PolicyRange:
		if err := p.want(4, word, pos); err != nil {
			return err
		}
		if err := memSize(1, 2); err != nil {
			return err
		}
		op, err := p.valueOpd(&p.raw[3], traces.U32, 0, word)
		if err != nil {
			return err
		}
		in.Src[2], in.NSrc = op, 3
	case traces.PolicyCvt:
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		op, err := p.valueOpd(&p.raw[1], traces.B64, 0, word)
		if err != nil {
			return err
		}
		in.Src[0], in.NSrc = op, 1
	}
	return nil
}

// asyncNeed is the minimum target and PTX ISA of a decoded async-copy,
// mbarrier or policy form beyond its row's.
func (p *ptxParser) asyncNeed(in *traces.Inst, sf *sufs, n need) need {
	switch in.Op {
	case traces.OpCpAsync:
		if in.Src[3].Kind == traces.OpdPred {
			n = maxNeed(n, need{80, 75})
		}
		if sf.hint != 0 || in.Src[4].Kind != traces.OpdNone {
			n = maxNeed(n, need{80, 74})
		}
	case traces.OpMbarrierArrive, traces.OpMbarrierArriveDrop, traces.OpMbarrierTestWait:
		if in.Mode&traces.MbarExpectTx != 0 || in.Mode&traces.MbarCluster != 0 || sf.order != 0 || sf.scope != 0 {
			n = maxNeed(n, need{90, 80})
		}
		if in.Mode&traces.MbarParity != 0 {
			n = maxNeed(n, need{80, 71})
		}
	case traces.OpMbarrierTryWait:
		if sf.order != 0 || sf.scope != 0 {
			n = maxNeed(n, need{90, 80})
		}
	case traces.OpFence:
		if p.hasWord("async") {
			n = maxNeed(n, need{90, 80})
		}
	}
	return n
}
