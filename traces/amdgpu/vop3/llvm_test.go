package vop3

import (
	"bytes"
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The oracle: LLVM 19's assembler. These tests skip when it is absent.
const llvmMC = "llvm-mc-19"

// oracleConfigs are the targets checked against llvm-mc-19: every family,
// both wavefront modes where they exist. gfx950 is unknown to LLVM 19.
var oracleConfigs = []string{
	"gfx900", "gfx906", "gfx90a", "gfx942",
	"gfx1010", "gfx1030", "gfx1030:wave64",
	"gfx1100", "gfx1100:wave64", "gfx1151",
	"gfx1200", "gfx1201:wave64",
}

// randomPerConfig is how many random instructions each config gets.
const randomPerConfig = 1000

func needLLVM(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath(llvmMC)
	if err != nil {
		t.Skipf("%s not installed", llvmMC)
	}
	return path
}

// mcArgs are the llvm-mc flags selecting g.
func mcArgs(g Gen) []string {
	args := []string{"-triple=amdgcn", "-mcpu=" + g.name, "-show-encoding"}
	if g.fam != GFX9 && g.wave64 {
		args = append(args, "-mattr=+wavefrontsize64")
	}
	return args
}

// mcResult is what llvm-mc said about one input line.
type mcResult struct {
	err  string // first error message, empty when accepted
	text string // canonical text when accepted
	line string // the whole -show-encoding output line (without the tab)
	enc  []byte
}

var (
	mcErrRE  = regexp.MustCompile(`^<stdin>:(\d+):(\d+): error: (.*)$`)
	mcEncRE  = regexp.MustCompile(`^\t(.*?)\s*; encoding: (\[[^\]]*\])$`)
	mcLineRE = regexp.MustCompile(`^\t(.*; encoding: \[[^\]]*\])$`)
)

// runMC assembles all lines in one llvm-mc process and matches its output
// back to the input lines.
func runMC(t *testing.T, path string, g Gen, lines []string) []mcResult {
	t.Helper()
	cmd := exec.Command(path, mcArgs(g)...)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run() // exits non-zero when any line fails
	res := make([]mcResult, len(lines))
	failed := make([]bool, len(lines))
	for _, l := range strings.Split(stderr.String(), "\n") {
		m := mcErrRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n >= 1 && n <= len(lines) && !failed[n-1] {
			failed[n-1] = true
			res[n-1].err = m[3]
		}
	}
	var outs []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if strings.Contains(l, "; encoding:") {
			outs = append(outs, l)
		}
	}
	k := 0
	for i := range lines {
		if failed[i] {
			continue
		}
		if k >= len(outs) {
			t.Fatalf("%s: llvm-mc printed %d encodings for %d accepted lines", g, len(outs), k)
		}
		m := mcEncRE.FindStringSubmatch(outs[k])
		lm := mcLineRE.FindStringSubmatch(outs[k])
		if m == nil || lm == nil {
			t.Fatalf("%s: cannot parse llvm-mc output %q", g, outs[k])
		}
		enc, err := ParseEncoding(m[2])
		if err != nil {
			t.Fatalf("%s: bad encoding in %q", g, outs[k])
		}
		res[i] = mcResult{text: m[1], line: outs[k], enc: enc}
		k++
	}
	if k != len(outs) {
		t.Fatalf("%s: llvm-mc printed %d encodings, matched %d", g, len(outs), k)
	}
	return res
}

// TestLLVMRandom assembles random instructions with llvm-mc-19 and with
// Assemble: both must accept or reject each line, accepted lines must agree
// byte for byte, Disassemble must reproduce llvm's text and ShowEncoding its
// whole output line.
func TestLLVMRandom(t *testing.T) {
	path := needLLVM(t)
	for ci, arch := range oracleConfigs {
		t.Run(arch, func(t *testing.T) {
			g, err := ParseGen(arch)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(0x5eed, uint64(ci)))
			lines := make([]string, randomPerConfig)
			for i := range lines {
				lines[i] = randomInst(g, rng)
			}
			res := runMC(t, path, g, lines)
			accepted, bad := 0, 0
			report := func(format string, args ...any) {
				bad++
				if bad <= 25 {
					t.Errorf(format, args...)
				}
			}
			for i, line := range lines {
				mine, err := Assemble(g, line)
				want := res[i]
				switch {
				case want.err != "" && err == nil:
					report("%q: llvm rejects (%s), Assemble gives %s", line, want.err, FormatEncoding(mine))
				case want.err == "" && err != nil:
					report("%q: llvm gives %s, Assemble fails: %v", line, FormatEncoding(want.enc), err)
				case want.err == "":
					accepted++
					if !bytes.Equal(mine, want.enc) {
						report("%q: llvm %s, Assemble %s", line, FormatEncoding(want.enc), FormatEncoding(mine))
						continue
					}
					text, n, err := Disassemble(g, want.enc)
					if err != nil || n != len(want.enc) || text != want.text {
						report("Disassemble(%s) = %q, %d, %v; llvm text %q", FormatEncoding(want.enc), text, n, err, want.text)
						continue
					}
					show, err := ShowEncoding(g, line)
					if err != nil || show != "\t"+want.lineBody() {
						report("ShowEncoding(%q) = %q, llvm %q", line, show, want.line)
					}
				}
			}
			t.Logf("%s: %d lines, %d accepted by both, %d disagreements", arch, len(lines), accepted, bad)
			if accepted < len(lines)/2 {
				t.Errorf("only %d of %d random lines were valid; the generator is too wild", accepted, len(lines))
			}
		})
	}
}

func (r mcResult) lineBody() string { return strings.TrimPrefix(r.line, "\t") }

// randomInst writes one random, mostly valid instruction for g in canonical
// spelling: random rows, registers, constants, literals and modifiers.
func randomInst(g Gen, rng *rand.Rand) string {
	var ops []Opcode
	for o := Opcode(1); o < numOpcodes; o++ {
		if _, ok := OpcodeIn(g, o); ok {
			ops = append(ops, o)
		}
	}
	o := ops[rng.IntN(len(ops))]
	r := &rows[o]
	var b strings.Builder
	b.WriteString(Mnemonic(g, o))
	b.WriteByte(' ')
	b.WriteString(randVGPR(g, rng, r.dst64))
	if r.carry {
		b.WriteString(", ")
		b.WriteString(randLaneMask(g, rng, true))
	}
	n := o.NumSrc()
	lits := []string{}
	for i := 0; i < n; i++ {
		b.WriteString(", ")
		t := r.src[i]
		var s string
		if t == tMask {
			s = randLaneMask(g, rng, false)
		} else {
			s = randSource(g, rng, t, &lits)
		}
		abs := r.mods&(abs0<<i) != 0 && rng.IntN(4) == 0
		neg := r.mods&(neg0<<i) != 0 && rng.IntN(4) == 0
		if rng.IntN(60) == 0 && !r.carry { // occasionally a modifier the row lacks
			abs = !abs
		}
		isConst := s[0] == '-' || s[0] == '.' || (s[0] >= '0' && s[0] <= '9')
		if isConst && t == tF64 && isIntLiteral(s) {
			// LLVM refuses fp modifiers on integer literals of 64-bit float
			// operands (it cannot re-read its own neg(0x...) there); Assemble
			// accepts them so every decoded word round-trips.
			abs, neg = false, false
		}
		switch {
		case neg && abs:
			s = "-|" + s + "|"
		case neg && isConst:
			s = "neg(" + s + ")"
		case neg:
			s = "-" + s
		case abs:
			s = "|" + s + "|"
		}
		b.WriteString(s)
	}
	if r.mods&mOpSel != 0 && rng.IntN(3) == 0 {
		fmt.Fprintf(&b, " op_sel:[%d,%d,%d,%d]", rng.IntN(2), rng.IntN(2), rng.IntN(2), rng.IntN(2))
	}
	if (r.mods&mClamp != 0 && rng.IntN(4) == 0) || rng.IntN(80) == 0 {
		b.WriteString(" clamp")
	}
	if (r.mods&mOMod != 0 && rng.IntN(4) == 0) || rng.IntN(80) == 0 {
		b.WriteString([...]string{" mul:2", " mul:4", " div:2"}[rng.IntN(3)])
	}
	return b.String()
}

func randVGPR(g Gen, rng *rand.Rand, pair bool) string {
	if !pair {
		return "v" + strconv.Itoa(rng.IntN(256))
	}
	lo := rng.IntN(255)
	if g.has(featAlignedVGPR) && rng.IntN(20) != 0 {
		lo &^= 1
	}
	return fmt.Sprintf("v[%d:%d]", lo, lo+1)
}

func randSGPRPair(g Gen, rng *rand.Rand) string {
	lo := rng.IntN(g.maxSGPR()) &^ 1
	if rng.IntN(40) == 0 {
		lo++ // misaligned: both must reject
	}
	return fmt.Sprintf("s[%d:%d]", lo, lo+1)
}

// randLaneMask picks a lane-mask register: a carry-out destination (dst) or
// a carry-in / cndmask selector.
func randLaneMask(g Gen, rng *rand.Rand, dst bool) string {
	if g.wave64 {
		c := []string{"vcc", "vcc", randSGPRPair(g, rng), fmt.Sprintf("ttmp[%d:%d]", rng.IntN(8)*2, rng.IntN(8)*2+1)}
		if g.fam == GFX9 {
			c = append(c, "flat_scratch", "xnack_mask")
		} else {
			c = append(c, "null")
		}
		if dst {
			c = append(c, "exec")
		} else {
			c = append(c, "src_scc")
		}
		return c[rng.IntN(len(c))]
	}
	c := []string{"vcc_lo", "vcc_lo", "vcc_hi", "s" + strconv.Itoa(rng.IntN(106)), "ttmp" + strconv.Itoa(rng.IntN(16)), "null", "m0"}
	if dst {
		c = append(c, "exec_lo")
	}
	return c[rng.IntN(len(c))]
}

// randSource picks a source for a slot of type t. Literals are remembered in
// lits so a second literal repeats the first half of the time.
func randSource(g Gen, rng *rand.Rand, t srcType, lits *[]string) string {
	wide := t == tF64 || t == tB64
	switch k := rng.IntN(100); {
	case k < 40:
		return randVGPR(g, rng, wide)
	case k < 55:
		if wide {
			return randSGPRPair(g, rng)
		}
		return "s" + strconv.Itoa(rng.IntN(g.maxSGPR()+1+boolInt(rng.IntN(30) == 0)*4))
	case k < 65:
		return randSpecial(g, rng, wide)
	case k < 73:
		return strconv.Itoa(rng.IntN(81) - 16)
	case k < 81:
		return inlineFloatText(t, rng.IntN(9))
	default:
		if g.fam == GFX9 && rng.IntN(10) != 0 {
			return "v" + strconv.Itoa(rng.IntN(256)) // rarely try a literal on GFX9
		}
		if len(*lits) > 0 && rng.IntN(2) == 0 {
			return (*lits)[0]
		}
		s := randLiteral(rng, t)
		*lits = append(*lits, s)
		return s
	}
}

// isIntLiteral reports whether s is an integer token that LLVM does not
// treat as an inline 64-bit value (its check precedes the high-dword rule).
func isIntLiteral(s string) bool {
	p := &parser{s: s}
	n, err := p.number()
	if err != nil || n.isFloat {
		return false
	}
	v := n.bits64()
	if int64(v) >= -16 && int64(v) <= 64 {
		return false
	}
	for _, c := range traces.AMDInlineFloats() {
		b := c.F64
		if b == v {
			return false
		}
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func randSpecial(g Gen, rng *rand.Rand, wide bool) string {
	var c []string
	if wide {
		c = []string{"vcc", "exec", fmt.Sprintf("ttmp[%d:%d]", rng.IntN(8)*2, rng.IntN(8)*2+1)}
		if g.fam == GFX9 {
			c = append(c, "flat_scratch", "xnack_mask")
		}
	} else {
		c = []string{"vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "m0", "ttmp" + strconv.Itoa(rng.IntN(16))}
		if g.fam == GFX9 {
			c = append(c, "flat_scratch_lo", "flat_scratch_hi", "xnack_mask_lo", "xnack_mask_hi")
		}
	}
	c = append(c, "src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit", "src_scc")
	if g.fam != GFX9 || rng.IntN(20) == 0 {
		c = append(c, "null")
	}
	if g.fam <= GFX10 {
		c = append(c, "src_vccz", "src_execz", "src_pops_exiting_wave_id")
	} else if rng.IntN(20) == 0 {
		// Absent on GFX11+; LLVM 19 rejects src_vccz/src_execz there
		// unless a modifier is attached, so only the third is tried.
		c = append(c, "src_pops_exiting_wave_id")
	}
	return c[rng.IntN(len(c))]
}

func randLiteral(rng *rand.Rand, t srcType) string {
	switch rng.IntN(6) {
	case 0:
		return []string{"1.5", "-2.25", "3.0", "0.1", "100.0", "1e3", "-0.0", "0.15915494", "65504.0", "-1.0e-3"}[rng.IntN(10)]
	case 1:
		return []string{"-17", "65", "0xfffffff0", "0x3f800000", "0x3e22f983", "0x3c00", "0xffef", "0x7bff", "0x3ff00000", "0xbfe00000", "0x40000000", "0x3fc45f30"}[rng.IntN(12)]
	}
	if t == tF16 {
		return fmt.Sprintf("%#x", rng.IntN(0x10000))
	}
	return fmt.Sprintf("%#x", rng.Uint32())
}

// TestLLVMDisassembleRandom builds random VOP3 words for opcodes of the
// table; every word Decode accepts is handed to llvm-mc-19 --disassemble,
// which must print the same text and re-encode the same bytes.
func TestLLVMDisassembleRandom(t *testing.T) {
	path := needLLVM(t)
	encRE := regexp.MustCompile(`^\s*(.*?)\s*; encoding: (\[[^\]]*\])`)
	for ci, arch := range oracleConfigs {
		t.Run(arch, func(t *testing.T) {
			g, _ := ParseGen(arch)
			rng := rand.New(rand.NewPCG(0xd15a, uint64(ci)))
			var words [][]byte
			var texts []string
			tried := 0
			for len(words) < randomPerConfig && tried < 50*randomPerConfig {
				tried++
				b := randomWord(g, rng)
				text, n, err := Disassemble(g, b)
				if err != nil {
					continue
				}
				words = append(words, b[:n])
				texts = append(texts, text)
			}
			var in strings.Builder
			for _, w := range words {
				for i, c := range w {
					if i > 0 {
						in.WriteByte(',')
					}
					fmt.Fprintf(&in, "%#02x", c)
				}
				in.WriteByte('\n')
			}
			args := append(mcArgs(g), "--disassemble")
			cmd := exec.Command(path, args...)
			cmd.Stdin = strings.NewReader(in.String())
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run()
			got := map[string]string{}
			for _, l := range strings.Split(stdout.String(), "\n") {
				if m := encRE.FindStringSubmatch(l); m != nil {
					got[m[2]] = m[1]
				}
			}
			bad := 0
			for i, w := range words {
				// llvm-mc prints the encoding of what it decoded; a literal
				// holding an inline value comes back in the shorter form.
				enc := FormatEncoding(w)
				if re, err := Assemble(g, texts[i]); err == nil {
					enc = FormatEncoding(re)
				}
				llvm, ok := got[enc]
				if !ok || llvm != texts[i] {
					bad++
					if bad <= 20 {
						t.Errorf("%s: Disassemble %q, llvm %q (found %v)", enc, texts[i], llvm, ok)
					}
				}
			}
			t.Logf("%s: %d random words decoded (of %d tried), %d disagreements", arch, len(words), tried, bad)
			if len(words) < randomPerConfig/2 {
				t.Errorf("only %d valid random words", len(words))
			}
		})
	}
}

// randomWord returns 12 random-ish bytes whose first 8 form a VOP3 word of a
// random table opcode, with fields mostly in their valid ranges.
func randomWord(g Gen, rng *rand.Rand) []byte {
	var ops []Opcode
	for o := Opcode(1); o < numOpcodes; o++ {
		if _, ok := OpcodeIn(g, o); ok {
			ops = append(ops, o)
		}
	}
	o := ops[rng.IntN(len(ops))]
	r := &rows[o]
	op, _ := OpcodeIn(g, o)
	prefix := uint32(0x35)
	if g.fam == GFX9 {
		prefix = 0x34
	}
	w0 := uint32(rng.IntN(256)) | uint32(op)<<16 | prefix<<26
	if rng.IntN(4) == 0 {
		w0 |= 1 << 15
	}
	if r.carry {
		w0 |= uint32([]int{106, 0, 2, 124, 125, 126, 108, rng.IntN(128)}[rng.IntN(8)]) << 8
	} else if rng.IntN(3) == 0 {
		w0 |= uint32(rng.IntN(128)) << 8
	}
	n := o.NumSrc()
	var w1 uint32
	for i := 0; i < n; i++ {
		var code int
		switch k := rng.IntN(10); {
		case k < 4:
			code = 256 + rng.IntN(256)
		case k < 6:
			code = rng.IntN(128)
		case k < 8:
			code = 128 + rng.IntN(128)
		default:
			code = []int{255, 255, 240, 248, 193, 208, 253, 235}[rng.IntN(8)]
		}
		w1 |= uint32(code) << (9 * i)
	}
	if rng.IntN(3) == 0 {
		w1 |= uint32(rng.IntN(8)) << 29
	}
	if rng.IntN(3) == 0 {
		w1 |= uint32(rng.IntN(4)) << 27
	}
	b := make([]byte, 12)
	putLE(b, w0)
	putLE(b[4:], w1)
	lit := rng.Uint32()
	switch rng.IntN(8) {
	case 0, 1, 2:
		lit &= 0xffff
	case 3: // values that are inline constants (non-minimal encodings)
		lit = []uint32{9, 0, 64, 0xfffffff0, 0x3f800000, 0x3c00, 0xfff0, 0x3ff00000, 0x3fc45f30, 0x3e22f983}[rng.IntN(10)]
	}
	putLE(b[8:], lit)
	return b
}

func putLE(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}
