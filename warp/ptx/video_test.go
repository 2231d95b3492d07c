package ptx

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// The video and warp-synchronous instructions against Go computations
// over random inputs. The references below are written from the PTX ISA's
// prose and pseudo-code independently of video.go and warpsync.go: the
// scalar and SIMD ones by element arrays and big integers, without the
// implementation's packed encodings.

// runLanes runs one instruction of a 32-thread block whose lanes hold
// %r1..%r4 = in[lane][0..3] and returns %r4 of every lane afterwards (the
// instruction writes %r4; %p1 is set where %r3's bit 0 is 1, and written
// back as %r5 when the instruction sets it).
func runLanes(t *testing.T, target, inst string, in [][4]uint32) (out []uint32, pred []bool) {
	t.Helper()
	src := fmt.Sprintf(`.version 8.0
.target %s
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %%r<12>;
	.reg .b64 %%rd<6>;
	.reg .pred %%p<3>;
	ld.param.u64 %%rd1, [p];
	mov.u32 %%r10, %%tid.x;
	mul.wide.u32 %%rd2, %%r10, 32;
	add.s64 %%rd3, %%rd1, %%rd2;
	ld.global.v4.u32 {%%r1, %%r2, %%r3, %%r4}, [%%rd3];
	mov.b64 %%rd4, {%%r1, %%r2};
	and.b32 %%r11, %%r3, 1;
	setp.ne.u32 %%p1, %%r11, 0;
	%s;
	selp.u32 %%r5, 1, 0, %%p1;
	st.global.v2.u32 [%%rd3+16], {%%r4, %%r5};
	ret;
}
`, target, inst)
	prog, err := ptxfe.Parse("k.ptx", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", inst, err)
	}
	r := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}})
	words := make([]uint64, 0, 8*32)
	for l := 0; l < 32; l++ {
		for _, v := range in[l] {
			words = append(words, uint64(v))
		}
		words = append(words, 0, 0, 0, 0)
	}
	buf := r.alloc(4, words...)
	r.setParam(0, buf)
	if err := r.runGrid(); err != nil {
		t.Fatalf("%s: %v", inst, err)
	}
	got := r.read(buf, 4, 8*32)
	for l := 0; l < 32; l++ {
		out = append(out, uint32(got[8*l+4]))
		pred = append(pred, got[8*l+5] != 0)
	}
	return out, pred
}

func randomLanes(rng *rand.Rand) [][4]uint32 {
	in := make([][4]uint32, 32)
	for l := range in {
		for i := range in[l] {
			switch rng.IntN(6) {
			case 0: // extremes and small values exercise saturation and signs
				in[l][i] = []uint32{0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff}[rng.IntN(11)]
			case 1:
				in[l][i] = uint32(rng.IntN(64))
			default:
				in[l][i] = rng.Uint32()
			}
		}
	}
	return in
}

// Scalar references. sel is "", "b0".."b3", "h0", "h1".
func refPart(x uint32, signed bool, sel string) *big.Int {
	var v int64
	switch {
	case sel == "":
		v = int64(x)
		if signed {
			v = int64(int32(x))
		}
	case sel[0] == 'b':
		b := (x >> (8 * uint(sel[1]-'0'))) & 0xff
		v = int64(b)
		if signed && b >= 0x80 {
			v -= 0x100
		}
	default:
		h := (x >> (16 * uint(sel[1]-'0'))) & 0xffff
		v = int64(h)
		if signed && h >= 0x8000 {
			v -= 0x10000
		}
	}
	return big.NewInt(v)
}

func bigClamp(v *big.Int, lo, hi int64) *big.Int {
	if v.Cmp(big.NewInt(lo)) < 0 {
		return big.NewInt(lo)
	}
	if v.Cmp(big.NewInt(hi)) > 0 {
		return big.NewInt(hi)
	}
	return v
}

func low32(v *big.Int) uint32 {
	m := new(big.Int).And(v, big.NewInt(0xffffffff))
	return uint32(m.Uint64())
}

type scalarCase struct {
	op               string // vadd vsub vabsdiff vmin vmax vshl.clamp vshl.wrap vshr.clamp vshr.wrap vset.lt ...
	ds, as, bs       bool
	sat              bool
	sec              string // "", add, min, max
	asel, bsel, dsel string
}

func (c scalarCase) inst() string {
	ty := func(s bool) string {
		if s {
			return ".s32"
		}
		return ".u32"
	}
	name, mode, _ := strings.Cut(c.op, ".")
	var b strings.Builder
	b.WriteString(name)
	if name != "vset" {
		b.WriteString(ty(c.ds))
	}
	b.WriteString(ty(c.as) + ty(c.bs))
	if mode != "" {
		b.WriteString("." + mode)
	}
	if c.sat {
		b.WriteString(".sat")
	}
	if c.sec != "" {
		b.WriteString("." + c.sec)
	}
	opd := func(r, sel string) string {
		if sel == "" {
			return r
		}
		return r + "." + sel
	}
	fmt.Fprintf(&b, " %s, %s, %s", opd("%r4", c.dsel), opd("%r1", c.asel), opd("%r2", c.bsel))
	if c.sec != "" || c.dsel != "" {
		b.WriteString(", %r3")
	}
	return b.String()
}

func (c scalarCase) ref(a, bv, cv uint32) uint32 {
	name, mode, _ := strings.Cut(c.op, ".")
	ta := refPart(a, c.as, c.asel)
	var t *big.Int
	switch name {
	case "vshl", "vshr":
		n := refPart(bv, false, c.bsel).Int64()
		if mode == "clamp" && n > 32 {
			n = 32
		}
		if mode == "wrap" {
			n %= 32
		}
		if name == "vshl" {
			t = new(big.Int).Lsh(ta, uint(n))
			// keep the signed 34-bit intermediate
			t.And(t, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 34), big.NewInt(1)))
			if t.Bit(33) == 1 {
				t.Sub(t, new(big.Int).Lsh(big.NewInt(1), 34))
			}
		} else {
			t = new(big.Int).Rsh(ta, uint(n))
		}
	default:
		tb := refPart(bv, c.bs, c.bsel)
		switch name {
		case "vadd":
			t = new(big.Int).Add(ta, tb)
		case "vsub":
			t = new(big.Int).Sub(ta, tb)
		case "vabsdiff":
			t = new(big.Int).Abs(new(big.Int).Sub(ta, tb))
		case "vmin":
			t = ta
			if tb.Cmp(ta) < 0 {
				t = tb
			}
		case "vmax":
			t = ta
			if tb.Cmp(ta) > 0 {
				t = tb
			}
		case "vset":
			cmp := ta.Cmp(tb)
			ok := map[string]bool{"eq": cmp == 0, "ne": cmp != 0, "lt": cmp < 0, "le": cmp <= 0, "gt": cmp > 0, "ge": cmp >= 0}[mode]
			t = big.NewInt(0)
			if ok {
				t = big.NewInt(1)
			}
		}
	}
	ds := c.ds && name != "vset"
	if c.sat {
		bitsN := 32
		if c.dsel != "" {
			bitsN = map[byte]int{'b': 8, 'h': 16}[c.dsel[0]]
		}
		if ds {
			t = bigClamp(t, -(1 << (bitsN - 1)), 1<<(bitsN-1)-1)
		} else {
			t = bigClamp(t, 0, 1<<bitsN-1)
		}
	}
	cb := big.NewInt(int64(cv))
	if ds {
		cb = big.NewInt(int64(int32(cv)))
	}
	switch c.sec {
	case "add":
		t = new(big.Int).Add(t, cb)
	case "min":
		if cb.Cmp(t) < 0 {
			t = cb
		}
	case "max":
		if cb.Cmp(t) > 0 {
			t = cb
		}
	}
	r := low32(t)
	if c.dsel != "" {
		w, pos := uint(8), uint(c.dsel[1]-'0')*8
		if c.dsel[0] == 'h' {
			w, pos = 16, uint(c.dsel[1]-'0')*16
		}
		m := uint32(1)<<w - 1
		r = (r&m)<<pos | cv&^(m<<pos)
	}
	return r
}

// TestVideoScalarRandom runs random scalar video forms on random inputs.
func TestVideoScalarRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 7))
	ops := []string{"vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl.clamp", "vshl.wrap", "vshr.clamp", "vshr.wrap",
		"vset.eq", "vset.ne", "vset.lt", "vset.le", "vset.gt", "vset.ge"}
	sels := []string{"", "", "b0", "b1", "b2", "b3", "h0", "h1"}
	for n := 0; n < 240; n++ {
		c := scalarCase{op: ops[n%len(ops)], ds: rng.IntN(2) == 0, as: rng.IntN(2) == 0, bs: rng.IntN(2) == 0,
			asel: sels[rng.IntN(len(sels))], bsel: sels[rng.IntN(len(sels))]}
		name, _, _ := strings.Cut(c.op, ".")
		if name == "vshl" || name == "vshr" {
			c.bs = false
		}
		c.sat = name != "vset" && rng.IntN(2) == 0
		switch rng.IntN(3) {
		case 0:
			c.sec = []string{"add", "min", "max"}[rng.IntN(3)]
		case 1:
			c.dsel = sels[2+rng.IntN(6)]
		}
		in := randomLanes(rng)
		out, _ := runLanes(t, "sm_90", c.inst(), in)
		for l := range in {
			if want := c.ref(in[l][0], in[l][1], in[l][2]); out[l] != want {
				t.Errorf("%s: a=%#x b=%#x c=%#x: got %#x, want %#x", c.inst(), in[l][0], in[l][1], in[l][2], out[l], want)
				break
			}
		}
	}
}

// vmadRef is vmad per the PTX ISA pseudo-code, on big integers.
func vmadRef(as, bs, sat, po bool, scale uint, na, nb, nc bool, asel, bsel string, a, b, c uint32) uint32 {
	ta, tb := refPart(a, as, asel), refPart(b, bs, bsel)
	signedFinal := as || bs || na != nb || nc
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	tmp := new(big.Int).Mul(ta, tb)
	tmp.Mod(tmp, mod) // tmp[127:0]
	cw := c
	lsb := int64(0)
	switch {
	case po:
		lsb = 1
	case na != nb:
		tmp.Sub(new(big.Int).Sub(mod, big.NewInt(1)), tmp) // ~tmp on 128 bits
		lsb = 1
	case nc:
		cw = ^cw
		lsb = 1
	}
	c128 := big.NewInt(int64(cw))
	if signedFinal {
		c128 = big.NewInt(int64(int32(cw)))
	}
	tmp.Add(tmp, c128)
	tmp.Add(tmp, big.NewInt(lsb))
	tmp.Mod(tmp, mod)
	tmp.Rsh(tmp, scale)
	res := new(big.Int).And(tmp, new(big.Int).SetUint64(^uint64(0)))
	if sat {
		if signedFinal {
			v := res.Uint64()
			return uint32(bigClamp(big.NewInt(int64(v)), -1<<31, 1<<31-1).Int64())
		}
		if res.Cmp(big.NewInt(0xffffffff)) > 0 {
			return 0xffffffff
		}
	}
	return low32(res)
}

// TestVmadRandom runs random vmad forms on random inputs.
func TestVmadRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	sels := []string{"", "", "b0", "b3", "h0", "h1"}
	for n := 0; n < 120; n++ {
		as, bs, ds := rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
		sat := rng.IntN(2) == 0
		po := rng.IntN(4) == 0
		scale := []uint{0, 7, 15}[rng.IntN(3)]
		var na, nb, nc bool
		if !po {
			switch rng.IntN(4) {
			case 0:
				na = true
			case 1:
				nb = true
			case 2:
				nc = true
			case 3:
				na, nb, nc = true, true, true
			}
		}
		asel, bsel := sels[rng.IntN(len(sels))], sels[rng.IntN(len(sels))]
		ty := func(s bool) string {
			if s {
				return ".s32"
			}
			return ".u32"
		}
		inst := "vmad" + ty(ds) + ty(as) + ty(bs)
		if po {
			inst += ".po"
		}
		if sat {
			inst += ".sat"
		}
		if scale > 0 {
			inst += fmt.Sprintf(".shr%d", scale)
		}
		opd := func(neg bool, r, sel string) string {
			s := r
			if sel != "" {
				s += "." + sel
			}
			if neg {
				s = "-" + s
			}
			return s
		}
		inst += fmt.Sprintf(" %%r4, %s, %s, %s", opd(na, "%r1", asel), opd(nb, "%r2", bsel), opd(nc, "%r3", ""))
		in := randomLanes(rng)
		out, _ := runLanes(t, "sm_90", inst, in)
		for l := range in {
			if want := vmadRef(as, bs, sat, po, scale, na, nb, nc, asel, bsel, in[l][0], in[l][1], in[l][2]); out[l] != want {
				t.Errorf("%s: a=%#x b=%#x c=%#x: got %#x, want %#x", inst, in[l][0], in[l][1], in[l][2], out[l], want)
				break
			}
		}
	}
}

// simdRef computes a vop2/vop4 from element arrays: the source elements
// are picked by their selector digits from the parts of {b, a}.
func simdRef(op string, n int, ds, as, bs, sat, acc bool, asel, bsel []int, mask []bool, a, b, c uint32) uint32 {
	w := 32 / n
	parts := make([]uint32, 2*n)
	for i := 0; i < n; i++ {
		parts[i] = a >> (uint(i * w)) & (1<<uint(w) - 1)
		parts[n+i] = b >> (uint(i * w)) & (1<<uint(w) - 1)
	}
	ext := func(x uint32, s bool) int64 {
		if s && x>>(uint(w)-1) == 1 {
			return int64(x) - 1<<uint(w)
		}
		return int64(x)
	}
	var d uint32
	if acc {
		d = c
	}
	for i := 0; i < n; i++ {
		x, y := ext(parts[asel[i]], as), ext(parts[bsel[i]], bs)
		name, cmp, _ := strings.Cut(op, ".")
		var t int64
		switch name[:len(name)-1] {
		case "vadd":
			t = x + y
		case "vsub":
			t = x - y
		case "vavrg":
			s := x + y
			if s >= 0 {
				t = (s + 1) / 2
			} else {
				t = s >> 1
			}
		case "vabsdiff":
			t = x - y
			if t < 0 {
				t = -t
			}
		case "vmin":
			t = min(x, y)
		case "vmax":
			t = max(x, y)
		case "vset":
			ok := map[string]bool{"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[cmp]
			if ok {
				t = 1
			}
		}
		if sat {
			if ds {
				t = max(min(t, 1<<(w-1)-1), -(1 << (w - 1)))
			} else {
				t = max(min(t, 1<<w-1), 0)
			}
		}
		em := uint32(1)<<uint(w) - 1
		switch {
		case acc:
			if mask[i] {
				d += uint32(t)
			}
		case mask[i]:
			d |= uint32(t) & em << uint(i*w)
		default:
			d |= c & (em << uint(i*w))
		}
	}
	return d
}

// TestVideoSIMDRandom runs random 2- and 4-way SIMD forms on random inputs.
func TestVideoSIMDRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	ops := []string{"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset.eq", "vset.ne", "vset.lt", "vset.le", "vset.gt", "vset.ge"}
	for k := 0; k < 240; k++ {
		n := []int{2, 4}[k%2]
		base, cmp, _ := strings.Cut(ops[rng.IntN(len(ops))], ".")
		op := fmt.Sprintf("%s%d", base, n)
		if cmp != "" {
			op += "." + cmp
		}
		ds, as, bs := rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
		acc := rng.IntN(3) == 0
		sat := !acc && base != "vset" && rng.IntN(2) == 0
		letter, top := "h", 4
		if n == 4 {
			letter, top = "b", 8
		}
		asel, bsel := make([]int, n), make([]int, n)
		aStr, bStr := "", ""
		for i := 0; i < n; i++ {
			asel[i], bsel[i] = i, n+i
		}
		if rng.IntN(2) == 0 {
			for i := n - 1; i >= 0; i-- {
				asel[i] = rng.IntN(top)
				aStr += fmt.Sprint(asel[i])
			}
			aStr = "." + letter + aStr
		}
		if rng.IntN(2) == 0 {
			for i := n - 1; i >= 0; i-- {
				bsel[i] = rng.IntN(top)
				bStr += fmt.Sprint(bsel[i])
			}
			bStr = "." + letter + bStr
		}
		mask := make([]bool, n)
		dStr := ""
		if rng.IntN(2) == 0 {
			for i := n - 1; i >= 0; i-- {
				if rng.IntN(2) == 0 {
					mask[i] = true
					dStr += fmt.Sprint(i)
				}
			}
			if dStr == "" {
				mask[0], dStr = true, "0"
			}
			dStr = "." + letter + dStr
		} else {
			for i := range mask {
				mask[i] = true
			}
		}
		ty := func(s bool) string {
			if s {
				return ".s32"
			}
			return ".u32"
		}
		name, cmpMode, _ := strings.Cut(op, ".")
		inst := name
		if base != "vset" {
			inst += ty(ds)
		} else {
			ds = false
		}
		inst += ty(as) + ty(bs)
		if cmpMode != "" {
			inst += "." + cmpMode
		}
		if sat {
			inst += ".sat"
		}
		if acc {
			inst += ".add"
		}
		inst += fmt.Sprintf(" %%r4%s, %%r1%s, %%r2%s, %%r3", dStr, aStr, bStr)
		in := randomLanes(rng)
		out, _ := runLanes(t, "sm_90", inst, in)
		for l := range in {
			if want := simdRef(op, n, ds, as, bs, sat, acc, asel, bsel, mask, in[l][0], in[l][1], in[l][2]); out[l] != want {
				t.Errorf("%s: a=%#x b=%#x c=%#x: got %#x, want %#x", inst, in[l][0], in[l][1], in[l][2], out[l], want)
				break
			}
		}
	}
}

// TestWarpSyncRandom runs match, redux and elect over random values and
// random partitions of the warp into groups, each lane passing its own
// group as the membermask.
func TestWarpSyncRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	for k := 0; k < 60; k++ {
		// A random partition of the 32 lanes into groups.
		group := make([]int, 32)
		ng := 1 + rng.IntN(4)
		for l := range group {
			group[l] = rng.IntN(ng)
		}
		masks := make([]uint32, ng)
		for l, g := range group {
			masks[g] |= 1 << uint(l)
		}
		in := make([][4]uint32, 32)
		for l := range in {
			in[l][0] = rng.Uint32()
			if rng.IntN(2) == 0 {
				in[l][0] = uint32(rng.IntN(3)) // repeated values for match
			}
			in[l][1] = masks[group[l]]
			in[l][2] = rng.Uint32()
		}
		members := func(l int) []int {
			var out []int
			for j := 0; j < 32; j++ {
				if in[j][1] == in[l][1] {
					out = append(out, j)
				}
			}
			return out
		}
		type check struct {
			inst string
			ref  func(l int) (uint32, bool)
		}
		checks := []check{
			{"match.any.sync.b32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				var m uint32
				for _, j := range members(l) {
					if in[j][0] == in[l][0] {
						m |= 1 << uint(j)
					}
				}
				return m, in[l][2]&1 != 0
			}},
			{"match.all.sync.b32 %r4|%p1, %r1, %r2", func(l int) (uint32, bool) {
				for _, j := range members(l) {
					if in[j][0] != in[l][0] {
						return 0, false
					}
				}
				return in[l][1], true
			}},
			{"match.all.sync.b64 %r4|%p1, %rd4, %r2", func(l int) (uint32, bool) {
				for _, j := range members(l) {
					if in[j][0] != in[l][0] || in[j][1] != in[l][1] {
						return 0, false
					}
				}
				return in[l][1], true
			}},
			{"redux.sync.add.u32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				var s uint32
				for _, j := range members(l) {
					s += in[j][0]
				}
				return s, in[l][2]&1 != 0
			}},
			{"redux.sync.min.s32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				s := int32(in[l][0])
				for _, j := range members(l) {
					s = min(s, int32(in[j][0]))
				}
				return uint32(s), in[l][2]&1 != 0
			}},
			{"redux.sync.max.u32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				s := in[l][0]
				for _, j := range members(l) {
					s = max(s, in[j][0])
				}
				return s, in[l][2]&1 != 0
			}},
			{"redux.sync.or.b32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				var s uint32
				for _, j := range members(l) {
					s |= in[j][0]
				}
				return s, in[l][2]&1 != 0
			}},
			{"redux.sync.xor.b32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				var s uint32
				for _, j := range members(l) {
					s ^= in[j][0]
				}
				return s, in[l][2]&1 != 0
			}},
			{"redux.sync.and.b32 %r4, %r1, %r2", func(l int) (uint32, bool) {
				s := ^uint32(0)
				for _, j := range members(l) {
					s &= in[j][0]
				}
				return s, in[l][2]&1 != 0
			}},
			{"elect.sync %r4|%p1, %r2", func(l int) (uint32, bool) {
				first := members(l)[0]
				return uint32(first), first == l
			}},
			{"vote.sync.ballot.b32 %r4, %p1, %r2", func(l int) (uint32, bool) {
				var m uint32
				for _, j := range members(l) {
					if in[j][2]&1 != 0 {
						m |= 1 << uint(j)
					}
				}
				return m, in[l][2]&1 != 0
			}},
		}
		for _, c := range checks {
			out, pred := runLanes(t, "sm_90", c.inst, in)
			for l := range in {
				want, wp := c.ref(l)
				if out[l] != want || pred[l] != wp {
					t.Errorf("%s, lane %d of groups %#x: got %#x/%v, want %#x/%v", c.inst, l, masks, out[l], pred[l], want, wp)
					break
				}
			}
		}
	}
}
