package sim

import (
	"errors"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/diag"
)

// CheckMachine validates a loaded machine model beyond what package config
// knows, without running anything: the memory hierarchy as package mem
// builds it from the model (latencies that are load-to-use totals,
// bandwidths the queues can represent, bank and cache geometry) and the
// [numerics] model names package alu has. It returns nil for a good model,
// else a config.Errors holding every problem, each a *diag.Error at the key
// it is about (for a -set override, File is the override as written and
// Line 0). `gpusim config check` runs it; so does every run.
func CheckMachine(m *config.Machine) error {
	var errs config.Errors
	for _, check := range [...]func(*config.Machine) []*diag.Error{checkMemory, checkNumerics, checkKeys} {
		errs = append(errs, check(m)...)
	}
	if len(errs) == 0 {
		return nil
	}
	// The file's problems in file order, then the overrides' in the order
	// given (as config.Load orders its own).
	set := map[string]int{}
	for i, o := range m.Overrides() {
		set["-set "+o] = i + 1
	}
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if sa, sb := set[a.File], set[b.File]; sa != sb {
			return sa < sb
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return errs
}

// checkMemory positions the problems package mem finds with the memory
// configuration core.MemoryConfig derives from the model.
func checkMemory(m *config.Machine) []*diag.Error {
	cfg := core.MemoryConfig(m)
	var out []*diag.Error
	for _, p := range cfg.Problems() {
		key := core.MemoryKey(p.Key)
		msg := p.Msg
		if rest, ok := strings.CutPrefix(msg, p.Key+": "); ok {
			msg = key + ": " + rest
		}
		out = append(out, at(m, key, msg))
	}
	return out
}

// checkNumerics positions every [numerics] model name package alu does not
// know at its own key.
func checkNumerics(m *config.Machine) []*diag.Error {
	var out []*diag.Error
	for _, n := range m.Numerics.Models() {
		if err := alu.CheckModel(n.Family, n.Model); err != nil {
			out = append(out, at(m, "numerics."+n.Family, err.Error()))
		}
	}
	return out
}

// at is a problem with message msg positioned at key of machine m.
func at(m *config.Machine, key, msg string) *diag.Error {
	var e *diag.Error
	if !errors.As(m.Errorf(key, "%s", msg), &e) {
		return &diag.Error{File: m.File(), Key: key, Msg: msg}
	}
	return e
}
