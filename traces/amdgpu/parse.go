package amdgpu

import (
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/traces/amdgpu/vop3"
)

// Parse parses AMDGPU assembly as LLVM's AMDGPU back end writes it
// (clang -target amdgcn-amd-amdhsa -S, llc -march=amdgcn) for gfx90a,
// gfx942, gfx1030, gfx1100 and gfx1200 and their siblings: the
// `.amdgcn_target` directive, each kernel's code (from its symbol to its
// `.Lfunc_end` label), its `.amdhsa_kernel` descriptor and the
// `amdhsa.kernels` metadata. Every instruction is checked against the
// target: a form from another generation is an error that says so.
// Errors are *Error values (file:line:col: message).
func Parse(path string, src []byte) (*traces.Program, error) {
	text := string(src)
	lines := strings.Split(text, "\n")
	p := &amdParser{path: path, lines: lines, sigs: map[traces.Opcode][]amdSlot{}}
	if err := p.prescan(); err != nil {
		return nil, err
	}
	p.index()
	return p.parseCode()
}

// amdParser holds the state of one Parse call.
type amdParser struct {
	path  string
	lines []string

	target       traces.AMDTarget
	targetLine   int
	version      string
	gen32, gen64 vop3.Gen
	vop3Names    map[string]bool

	spellings []traces.AMDSpelling
	spell     map[string][]int        // mnemonic -> indices into spellings
	byOp      map[traces.Opcode][]int // opcode -> indices into p.spellings
	sigs      map[traces.Opcode][]amdSlot

	descs     map[string]*amdDesc
	descOrder []string
	meta      map[string]*amdYAML // kernel name -> metadata entry
	skip      []bool              // lines inside descriptor and metadata blocks
}

// amdBody is the code of one function being parsed.
type amdBody struct {
	name   string
	pos    traces.Pos
	kernel bool
	code   []traces.Inst
	labels map[string]int
	refs   []amdLabelRef
	wave   int
}

func (p *amdParser) fail(line, col int, format string, args ...any) *traces.Error {
	return &traces.Error{File: p.path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// prescan finds the target, the kernel descriptors and the metadata, which
// LLVM writes after the code they describe.
func (p *amdParser) prescan() error {
	p.descs = map[string]*amdDesc{}
	p.meta = map[string]*amdYAML{}
	p.skip = make([]bool, len(p.lines))
	var desc *amdDesc
	metaStart := -1
	for i, raw := range p.lines {
		line := i + 1
		if metaStart >= 0 {
			p.skip[i] = true
			if strings.TrimSpace(raw) == ".end_amdgpu_metadata" {
				if err := p.metadata(p.lines[metaStart:i], metaStart+1); err != nil {
					return err
				}
				metaStart = -1
			}
			continue
		}
		s := strings.TrimSpace(amdStripComment(raw))
		if desc != nil {
			p.skip[i] = true
			if s == "" {
				continue
			}
			if s == ".end_amdhsa_kernel" {
				desc.closed, desc = true, nil
				continue
			}
			if err := p.descLine(desc, line, s); err != nil {
				return err
			}
			continue
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case ".amdgcn_target":
			if err := p.setTarget(line, s); err != nil {
				return err
			}
		case ".amdhsa_code_object_version":
			if len(f) == 2 {
				p.version = f[1]
			}
		case ".amdhsa_kernel":
			p.skip[i] = true
			if len(f) != 2 {
				return p.fail(line, 1, ".amdhsa_kernel takes the kernel name")
			}
			if p.descs[f[1]] != nil {
				return p.fail(line, 1, "kernel %s has two .amdhsa_kernel blocks", f[1])
			}
			desc = &amdDesc{name: f[1], line: line, keys: map[string]int64{}, lines: map[string]int{}}
			p.descs[f[1]] = desc
			p.descOrder = append(p.descOrder, f[1])
		case ".amdgpu_metadata":
			p.skip[i] = true
			metaStart = i + 1
		}
	}
	if desc != nil {
		return p.fail(desc.line, 1, ".amdhsa_kernel %s has no .end_amdhsa_kernel", desc.name)
	}
	if metaStart >= 0 {
		return p.fail(metaStart, 1, ".amdgpu_metadata has no .end_amdgpu_metadata")
	}
	if p.target.Name == "" {
		return p.fail(1, 1, "no .amdgcn_target directive: the processor (gfx90a, gfx1100, ...) is unknown")
	}
	return nil
}

// setTarget reads `.amdgcn_target "amdgcn-amd-amdhsa--gfx1100[:features]"`.
func (p *amdParser) setTarget(line int, s string) error {
	arg := strings.TrimSpace(strings.TrimPrefix(s, ".amdgcn_target"))
	uq, err := strconv.Unquote(arg)
	if err != nil {
		return p.fail(line, 1, ".amdgcn_target wants a quoted target triple, got %s", arg)
	}
	proc := uq
	if i := strings.LastIndex(uq, "--"); i >= 0 {
		proc = uq[i+2:]
	}
	t, ok := traces.LookupAMDTarget(proc)
	if !ok {
		return p.fail(line, 1, "processor %q is not supported (supported: %s)", proc, traces.AMDTargetNames())
	}
	if p.target.Name != "" && p.target.Name != t.Name {
		return p.fail(line, 1, ".amdgcn_target %s after %s: one file is one target", t.Name, p.target.Name)
	}
	p.target, p.targetLine = t, line
	if p.gen32, err = vop3.ParseGen(t.Name); err != nil {
		return p.fail(line, 1, "%v", err)
	}
	p.gen64 = p.gen32
	if t.Family != traces.GFX9 {
		if p.gen64, err = vop3.ParseGen(t.Name + ":wave64"); err != nil {
			return p.fail(line, 1, "%v", err)
		}
	}
	return nil
}

// metadata reads the `amdhsa.kernels` list.
func (p *amdParser) metadata(lines []string, first int) error {
	doc, err := amdParseYAML(lines, first)
	if err != nil {
		return p.fail(first, 1, "amdgpu_metadata: %v", err)
	}
	ks := doc.get("amdhsa.kernels")
	if ks == nil {
		return nil
	}
	for _, k := range ks.items {
		name := k.get(".name").scalar()
		if name == "" {
			return p.fail(k.line, 1, "amdgpu_metadata: a kernel without .name")
		}
		p.meta[name] = k
	}
	return nil
}

// index builds the mnemonic look-up tables.
func (p *amdParser) index() {
	p.spellings = traces.AMDSpellings()
	p.spell = make(map[string][]int, len(p.spellings))
	p.byOp = make(map[traces.Opcode][]int, int(traces.NumAMDOpcodes-traces.OpAMDBase))
	for i := range p.spellings {
		s := &p.spellings[i]
		p.spell[s.Name] = append(p.spell[s.Name], i)
		p.byOp[s.Op] = append(p.byOp[s.Op], i)
	}
	p.vop3Names = map[string]bool{}
	for o := vop3.Opcode(1); ; o++ {
		name := o.String()
		if strings.HasPrefix(name, "<") {
			break
		}
		p.vop3Names[name] = true
	}
}

// amdIgnoredDirectives have no effect on what gpusim runs (symbol
// attributes, alignment and padding, sections' bookkeeping, notes).
var amdIgnoredDirectives = [...]string{
	".text", ".globl", ".global", ".p2align", ".p2alignl", ".align", ".balign", ".type", ".size",
	".protected", ".hidden", ".weak", ".local", ".ident", ".addrsig", ".addrsig_sym", ".fill",
	".amdgcn_target", ".amdhsa_code_object_version", ".file", ".loc", ".cfi_sections",
	".cfi_startproc", ".cfi_endproc", ".cfi_undefined", ".cfi_escape", ".cfi_def_cfa",
	".cfi_offset", ".cfi_llvm_def_aspace_cfa", ".cfi_register", ".set", ".amdgpu_lds",
	".long", ".quad", ".short", ".byte", ".zero", ".space", ".ascii", ".asciz", ".string",
	".comm", ".lcomm", ".data", ".bss", ".rodata", ".end_amdgpu_metadata",
}

// defaultWave is the wave size of code outside a kernel (a device
// function): the first kernel's, else the target's default.
func (p *amdParser) defaultWave() int {
	if len(p.descOrder) > 0 {
		return p.descs[p.descOrder[0]].waveSize(p.target)
	}
	return (*amdDesc)(nil).waveSize(p.target)
}

// parseCode reads the functions and builds the Program.
func (p *amdParser) parseCode() (*traces.Program, error) {
	prog := &traces.Program{Path: p.path, ISA: traces.ISAAMDGPU, Version: p.version, Target: p.target.Name, AddressSize: 64}
	inText := true
	var loc traces.SrcLoc // the source position of the next instructions (.loc)
	var cur *amdBody
	var bodies []*amdBody
	finish := func() error {
		if cur == nil {
			return nil
		}
		for _, r := range cur.refs {
			idx, ok := cur.labels[r.name]
			if !ok {
				return p.fail(r.line, r.col, "%s: undefined label %s", p.target.Name, r.name)
			}
			if r.slot < 0 {
				cur.code[r.idx].Target = int32(idx)
				continue
			}
			base, ok := cur.labels[r.minus]
			if !ok {
				return p.fail(r.line, r.col, "%s: undefined label %s", p.target.Name, r.minus)
			}
			v := 4 * int64(idx-base) // code addresses are AMDCodeBase + 4*index
			if r.op == '>' {
				v >>= 32
			}
			cur.code[r.idx].Src[r.slot] = traces.Operand{Kind: traces.OpdImm, Imm: uint64(uint32(v))}
		}
		bodies = append(bodies, cur)
		cur = nil
		return nil
	}
	for i, raw := range p.lines {
		if p.skip[i] {
			continue
		}
		line := i + 1
		text := amdStripComment(raw)
		// Labels: `name:` (possibly followed by a statement).
		for {
			t := strings.TrimLeft(text, " \t")
			j := strings.IndexByte(t, ':')
			if j <= 0 || !amdIsIdent(t[:j]) || (j+1 < len(t) && t[j+1] == ':') {
				break
			}
			name := t[:j]
			col := len(text) - len(t) + 1
			text = strings.Repeat(" ", len(text)-len(t)+j+1) + t[j+1:]
			if !inText {
				continue
			}
			switch {
			case p.descs[name] != nil:
				if err := finish(); err != nil {
					return nil, err
				}
				d := p.descs[name]
				cur = &amdBody{name: name, pos: traces.Pos{Line: int32(line), Col: int32(col)}, kernel: true,
					labels: map[string]int{}, wave: d.waveSize(p.target)}
			case strings.HasPrefix(name, ".Lfunc_end"):
				if err := finish(); err != nil {
					return nil, err
				}
			case cur != nil:
				if _, dup := cur.labels[name]; dup {
					return nil, p.fail(line, col, "label %s defined twice", name)
				}
				cur.labels[name] = len(cur.code)
			case !strings.HasPrefix(name, ".L"):
				// A function that is not a kernel: its code is read and
				// checked, but nothing launches it.
				cur = &amdBody{name: name, pos: traces.Pos{Line: int32(line), Col: int32(col)},
					labels: map[string]int{}, wave: p.defaultWave()}
			}
		}
		t := strings.TrimSpace(text)
		if t == "" {
			continue
		}
		col := strings.Index(text, t) + 1
		if t[0] == '.' {
			f := strings.Fields(t)
			switch f[0] {
			case ".section":
				sec := ""
				if len(f) > 1 {
					sec = strings.Trim(strings.TrimSuffix(f[1], ","), "\"")
				}
				inText = sec == ".text" || strings.HasPrefix(sec, ".text.")
				continue
			case ".text":
				inText = true
				continue
			case ".data", ".bss", ".rodata":
				inText = false
				continue
			case ".file":
				p.fileDirective(prog, t)
				continue
			case ".loc":
				loc = p.locDirective(t, loc)
				continue
			}
			known := !inText // data sections: their directives lay out data, not code
			for _, d := range amdIgnoredDirectives {
				if d == f[0] {
					known = true
				}
			}
			if !known {
				return nil, p.fail(line, col, "unknown or unsupported directive %s", f[0])
			}
			continue
		}
		if !inText {
			continue // data (e.g. __oclc_ABI_version) is not code
		}
		if cur == nil {
			return nil, p.fail(line, col, "%s: instruction outside a function", p.target.Name)
		}
		mnEnd := strings.IndexAny(t, " \t")
		if mnEnd < 0 {
			mnEnd = len(t)
		}
		st := amdStmt{line: line, text: t, mn: amdPiece{t[:mnEnd], col}, args: amdPiece{t[mnEnd:], col + mnEnd}}
		d, err := p.decodeStmt(st, cur.wave)
		if err != nil {
			return nil, err
		}
		for _, r := range d.labels {
			r.idx = len(cur.code)
			cur.refs = append(cur.refs, r)
		}
		d.insts[0].Loc, d.insts[1].Loc = loc, loc
		cur.code = append(cur.code, d.insts[:d.n]...)
	}
	if err := finish(); err != nil {
		return nil, err
	}
	found := map[string]bool{}
	for _, b := range bodies {
		if !b.kernel {
			continue
		}
		found[b.name] = true
		k, err := p.buildKernel(b, p.descs[b.name], p.meta[b.name])
		if err != nil {
			return nil, err
		}
		prog.Kernels = append(prog.Kernels, k)
	}
	for _, name := range p.descOrder {
		if !found[name] {
			d := p.descs[name]
			return nil, p.fail(d.line, 1, "kernel %s has a descriptor but no code (no %s: label in .text)", name, name)
		}
	}
	return prog, nil
}

// fileDirective records `.file N "dir" "name" [md5 ...]` (or `.file N
// "name"`) in Program.Files; the unnumbered `.file "name"` is ignored.
func (p *amdParser) fileDirective(prog *traces.Program, t string) {
	f := strings.Fields(t)
	if len(f) < 3 {
		return
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return
	}
	var strs []string
	rest := t[strings.Index(t, f[1])+len(f[1]):]
	for {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			break
		}
		strs = append(strs, rest[i+1:i+1+j])
		rest = rest[i+j+2:]
	}
	if len(strs) == 0 {
		return
	}
	if prog.Files == nil {
		prog.Files = map[int32]string{}
	}
	prog.Files[int32(n)] = strs[len(strs)-1]
}

// locDirective reads `.loc FILE LINE [COL] [flags]`; a malformed one keeps
// the previous position.
func (p *amdParser) locDirective(t string, prev traces.SrcLoc) traces.SrcLoc {
	f := strings.Fields(t)
	if len(f) < 3 {
		return prev
	}
	file, err1 := strconv.Atoi(f[1])
	line, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return prev
	}
	col := 0
	if len(f) > 3 {
		col, _ = strconv.Atoi(f[3])
	}
	return traces.SrcLoc{File: int32(file), Line: int32(line), Col: int32(col)}
}
