package sim

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces"
)

// checkKeys checks the instruction keys of machine model m against the
// instruction tables of its vendor: every key of [opcodes], [latency] and
// [initiation] (but [opcodes]' "default") must be able to match some
// instruction, or it would silently change nothing. A key is an
// instruction's machine-model key (traces.Inst.UnitKey: "fma", "fma.f32",
// "ld.global"; for AMD a mnemonic in any spelling some target accepts,
// s_load_dword or s_load_b32) or a pattern with one '*' that matches at
// least one of them. It returns every key that matches none, each
// positioned at its line of the model (file:line: key); CheckMachine
// orders them with its other problems.
//
// config cannot do this itself: it imports nothing of the project and
// knows no opcodes.
func checkKeys(m *config.Machine) []*diag.Error {
	keys := vocabulary(m.GPU.Vendor)
	if keys == nil {
		return nil // an unknown vendor is the model's validation's error
	}
	var bads []*diag.Error
	check := func(table string, names []string) {
		for _, k := range names {
			if table == "opcodes" && k == config.DefaultKey {
				continue
			}
			if keyMatches(k, keys) {
				continue
			}
			path := fmt.Sprintf("%s.%q", table, k)
			what := "key"
			if strings.Contains(k, "*") {
				what = "pattern"
			}
			bads = append(bads, m.Errorf(path, "[%s] %s %q matches no %s instruction (%s)",
				table, what, k, m.GPU.Vendor, keyHelp(m.GPU.Vendor)).(*diag.Error))
		}
	}
	check("opcodes", sortedKeys(m.Opcodes))
	check("latency", sortedKeys(m.Latency))
	check("initiation", sortedKeys(m.Initiation))
	return bads
}

// keyHelp says what a key of the vendor looks like.
func keyHelp(vendor string) string {
	if vendor == config.VendorAMD {
		return "a key is a mnemonic as some target spells it, without _e32/_e64, or a pattern with one '*': v_rcp_f32, s_load_b32, v_*_f64"
	}
	return "a key is a mnemonic, mnemonic.type, mnemonic.space or for a multiply-accumulate mnemonic.shape.dtype.atype, or a pattern with one '*': fma, fma.f32, ld.global, mma.m16n8k16.f32.f16, *.f64"
}

// vocabulary is every key an instruction of the vendor can have, as a
// set.
func vocabulary(vendor string) map[string]bool {
	keys := map[string]bool{}
	switch vendor {
	case config.VendorNVIDIA:
		spaces := []traces.Space{traces.SpaceGeneric, traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal,
			traces.SpaceConst, traces.SpaceParam, traces.SpaceParamFrame}
		for op := traces.OpInvalid + 1; op < traces.NumPTXOpcodes; op++ {
			in := traces.Inst{Op: op}
			keys[in.UnitKey()] = true
			for _, k := range traces.MatrixKeys(op) { // mma.m16n8k16.f32.f16 ...
				keys[k] = true
			}
			if op.IsMemory() {
				for _, sp := range spaces {
					in.Space = sp
					keys[in.UnitKey()] = true
				}
				continue
			}
			for ty := traces.TypeNone + 1; ty < traces.NumTypes; ty++ {
				in.Type = ty
				keys[in.UnitKey()] = true
			}
		}
	case config.VendorAMD:
		for _, s := range traces.AMDSpellings() {
			// Keys carry no encoding suffix (v_add_f64_e64 is the VOP3
			// encoding of v_add_f64, keyed v_add_f64).
			if !strings.HasSuffix(s.Name, "_e32") && !strings.HasSuffix(s.Name, "_e64") {
				keys[s.Name] = true
			}
		}
		for op := traces.OpAMDBase; op < traces.NumAMDOpcodes; op++ {
			keys[op.String()] = true
		}
	default:
		return nil
	}
	return keys
}

// keyMatches reports whether table key k can match an instruction key of
// the vocabulary: exactly, or as a pattern with one '*'.
func keyMatches(k string, keys map[string]bool) bool {
	star := strings.IndexByte(k, '*')
	if star < 0 {
		return keys[k]
	}
	prefix, suffix := k[:star], k[star+1:]
	for key := range keys {
		if len(key) >= len(prefix)+len(suffix) && strings.HasPrefix(key, prefix) && strings.HasSuffix(key, suffix) {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
