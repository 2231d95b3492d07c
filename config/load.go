package config

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gpusim/gpusim/diag"
)

// presetFS holds the machine models shipped with gpusim.
//
//go:embed presets/*.toml
var presetFS embed.FS

const presetDir = "presets"

// Presets returns the names of the embedded machine models, sorted
// ("gfx1030", ..., "sm_75").
func Presets() []string {
	ents, err := fs.ReadDir(presetFS, presetDir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Preset returns the text of an embedded machine model, by name with or
// without ".toml".
func Preset(name string) ([]byte, bool) {
	name = strings.TrimSuffix(name, ".toml")
	if name == "" || strings.ContainsAny(name, `/\`) {
		return nil, false
	}
	b, err := presetFS.ReadFile(presetDir + "/" + name + ".toml")
	return b, err == nil
}

// Describe returns the one-line description of a preset, for `gpusim
// configs`.
func Describe(name string) (string, error) {
	m, err := Load(name, nil)
	if err != nil {
		return "", err
	}
	return m.Summary(), nil
}

// Load reads a machine model and applies overrides. ref is a file path; when
// no such file exists it names a preset ("sm_75" or "sm_75.toml"). Each
// override is "key.path=value" and sets one value (or array of values) of the
// model, checked exactly as the file's values are. The error, when not nil,
// is an Errors list naming file, line and key (or the override) of every
// problem found.
func Load(ref string, sets []string) (*Machine, error) {
	data, err := diag.ReadFile(ref, "machine model", diag.MachineFileLimit)
	switch {
	case err == nil:
		return Parse(ref, data, sets)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	if text, ok := Preset(ref); ok {
		return Parse(strings.TrimSuffix(ref, ".toml")+".toml", text, sets)
	}
	return nil, fmt.Errorf("config %s: no such file, and no preset of that name (presets: %s)", ref, strings.Join(Presets(), ", "))
}

// Parse decodes a machine model held in memory; file names it in errors.
func Parse(file string, text []byte, sets []string) (*Machine, error) {
	src := &source{file: file, text: string(text), setAt: map[string]int{}}
	var tree map[string]any
	if _, err := toml.Decode(src.text, &tree); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, Errors{{File: file, Line: pe.Position.Line, Col: pe.Position.Col, Msg: pe.Message}}
		}
		return nil, Errors{{File: file, Msg: err.Error()}}
	}
	if tree == nil {
		tree = map[string]any{}
	}
	src.lay = locate(src.text)
	errs := &errList{}
	applySets(src, tree, sets, errs)
	m := &Machine{src: src}
	d := &decoder{src: src, errs: errs, vendor: vendorOf(tree), bad: map[string]bool{}}
	d.table(nil, tree, reflect.ValueOf(m).Elem())
	m.defaults()
	validate(m, errs, d.bad)
	if err := errs.result(); err != nil {
		return nil, err
	}
	m.compile()
	m.loadExpansions(errs)
	if err := errs.result(); err != nil {
		return nil, err
	}
	return m, nil
}

// vendorOf reads gpu.vendor from the tree, "" when absent or not a string.
func vendorOf(tree map[string]any) string {
	g, _ := tree["gpu"].(map[string]any)
	v, _ := g["vendor"].(string)
	return v
}

// defaults fills the optional values a file left out.
func (m *Machine) defaults() {
	if m.GPU.CUsPerWGP == 0 && m.GPU.Vendor != VendorAMD {
		m.GPU.CUsPerWGP = 1
	}
	if m.GPU.WarpSizes == nil {
		m.GPU.WarpSizes = []int{m.GPU.WarpSize}
	}
	if m.GPU.Vendor == VendorAMD {
		m.SM.SharedPerBlockOptIn = m.SM.SharedPerBlock
	}
	if m.Latency == nil {
		m.Latency = map[string]int{}
	}
	if m.Initiation == nil {
		m.Initiation = map[string]int{}
	}
	// The memory keys gpusim once fixed in Go default to those values.
	mm := &m.Memory
	absent := func(path ...string) bool { return !m.src.has(path) }
	if absent("memory", "l1", "write") {
		mm.L1.Write = WriteThrough
	}
	if absent("memory", "l2", "write") {
		mm.L2.Write = WriteBack
	}
	if absent("memory", "l2", "write_allocate") {
		mm.L2.WriteAllocate = true
	}
	if absent("memory", "l1", "cycles_per_line") {
		mm.L1.CyclesPerLine = 1
	}
	if absent("memory", "l2", "slices") {
		mm.L2.Slices = 1
	}
	if m.GPU.Vendor == VendorNVIDIA && absent("sm", "barrier_arrival") {
		m.SM.BarrierArrival = BarrierPerThread
	}
	if m.GPU.Vendor == VendorAMD && absent("memory", "store_ack_latency") {
		mm.StoreAckLatency = max(0, mm.L2.Latency)
	}
	if m.GPU.Vendor == VendorNVIDIA && absent("memory", "tex_latency") {
		mm.TexLatency = max(0, mm.L1.Latency)
	}
}

// compile builds the look-up structures of a valid Machine.
func (m *Machine) compile() {
	m.src.units = make(map[string]int, len(m.Units))
	for i, u := range m.Units {
		m.src.units[u.Name] = i
	}
	m.src.rules = ruleSet{
		opcodes:    patterns(m.Opcodes),
		latency:    patterns(m.Latency),
		initiation: patterns(m.Initiation),
	}
}
