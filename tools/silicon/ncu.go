package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Nsight Compute's raw page as CSV (`ncu --import R --csv --page raw
// --print-units base`): a header row of column names, a row of units (its
// first field empty), then one row per profiled kernel launch, in launch
// order. The fixed columns name the launch ("ID", "Kernel Name", "Block
// Size", "Grid Size", ...); every other column is a metric. The layout
// varies between ncu versions, so the parser keys on names, accepts either
// order of columns, strips digit-grouping commas, scales the unit prefixes
// ncu uses when it is not told base units, and reports anything it cannot
// read with the file, line and column.

// NCUKernel is one profiled launch.
type NCUKernel struct {
	ID     int     `json:"id"`
	Name   string  `json:"name"`
	Grid   string  `json:"grid"`
	Block  string  `json:"block"`
	Cycles float64 `json:"cycles"` // sm__cycles_elapsed.max: the launch's duration in SM cycles
	// CyclesAvg is sm__cycles_elapsed.avg, Instructions smsp__inst_executed.sum
	// (warp instructions), DurationNS gpu__time_duration.sum, SMClockHz
	// sm__cycles_elapsed.avg.per_second (the clock the profile ran at).
	CyclesAvg    float64 `json:"cycles_avg"`
	Instructions float64 `json:"warp_instructions"`
	DurationNS   float64 `json:"duration_ns"`
	SMClockHz    float64 `json:"sm_clock_hz"`
	// Stalls are the warp-state ratios (cycles per issued instruction spent
	// in each stall reason), keyed by reason.
	Stalls  map[string]float64 `json:"stalls"`
	Metrics map[string]float64 `json:"metrics"` // every numeric column, in base units
	Text    map[string]string  `json:"text,omitempty"`
}

// ncuFixed are the columns that describe a launch rather than measure it.
var ncuFixed = map[string]bool{
	"ID": true, "Process ID": true, "Process Name": true, "Host Name": true, "Kernel Name": true,
	"Kernel Time": true, "Context": true, "Stream": true, "Block Size": true, "Grid Size": true,
	"Device": true, "CC": true, "Section Name": true, "Function Name": true, "Demangled Name": true,
}

// stallPatterns find the stall-reason metrics (ncu has renamed them over
// the years); the first group is the reason.
var stallPatterns = []*regexp.Regexp{
	regexp.MustCompile(`^smsp__average_warps_issue_stalled_(\w+?)_per_issue_active\.ratio$`),
	regexp.MustCompile(`^smsp__average_warp_latency_issue_stalled_(\w+?)\.ratio$`),
	regexp.MustCompile(`^smsp__pcsamp_warps_issue_stalled_(\w+)$`),
}

// unitScale converts a value in unit to base units (1 when unknown or base).
func unitScale(unit string) float64 {
	u := strings.ToLower(strings.TrimSpace(unit))
	switch {
	case u == "":
		return 1
	case strings.HasSuffix(u, "/nsecond"), strings.HasSuffix(u, "/ns"):
		return 1e9 * prefixScale(strings.TrimSuffix(strings.TrimSuffix(u, "/nsecond"), "/ns"))
	case strings.HasSuffix(u, "/usecond"):
		return 1e6 * prefixScale(strings.TrimSuffix(u, "/usecond"))
	case strings.HasSuffix(u, "/msecond"):
		return 1e3 * prefixScale(strings.TrimSuffix(u, "/msecond"))
	case strings.HasSuffix(u, "/second"):
		return prefixScale(strings.TrimSuffix(u, "/second"))
	case u == "nsecond", u == "ns":
		return 1 // durations are kept in ns
	case u == "usecond", u == "us":
		return 1e3
	case u == "msecond", u == "ms":
		return 1e6
	case u == "second", u == "s":
		return 1e9
	}
	return prefixScale(u)
}

// prefixScale reads an SI prefix of a count unit (Kcycle, Minst, Gbyte).
func prefixScale(u string) float64 {
	for _, p := range []struct {
		prefix string
		scale  float64
	}{{"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}} {
		if len(u) > len(p.prefix) && strings.HasPrefix(u, p.prefix) {
			rest := u[len(p.prefix):]
			for _, base := range []string{"cycle", "inst", "byte", "warp", "thread", "hz", "request", "sector"} {
				if strings.HasPrefix(rest, base) {
					return p.scale
				}
			}
		}
	}
	return 1
}

// parseNCUNumber reads one cell: digit-grouping commas removed; "n/a" and
// empty cells are not numbers.
func parseNCUNumber(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", ""))
	if s == "" || strings.EqualFold(s, "n/a") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// ReadNCUCSV parses a raw-page CSV export. name is used in errors.
func ReadNCUCSV(r io.Reader, name string) ([]NCUKernel, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	var header, units []string
	var out []NCUKernel
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return out, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if header == nil {
			if len(rec) == 1 && strings.HasPrefix(strings.TrimSpace(rec[0]), "==") {
				line-- // an ncu message line before the table
				continue
			}
			header = rec
			if col(header, "Kernel Name") < 0 {
				return nil, fmt.Errorf("%s:%d: no \"Kernel Name\" column: not an ncu raw-page CSV (columns %.200q)", name, line, strings.Join(rec, ","))
			}
			continue
		}
		if len(rec) != len(header) {
			return out, fmt.Errorf("%s:%d: %d fields, the header has %d", name, line, len(rec), len(header))
		}
		if units == nil && strings.TrimSpace(rec[0]) == "" {
			units = rec
			continue
		}
		k := NCUKernel{ID: len(out), Stalls: map[string]float64{}, Metrics: map[string]float64{}}
		for i, h := range header {
			v := rec[i]
			switch h {
			case "ID":
				if id, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					k.ID = id
				}
			case "Kernel Name":
				k.Name = v
			case "Grid Size":
				k.Grid = v
			case "Block Size":
				k.Block = v
			}
			if ncuFixed[h] {
				continue
			}
			x, ok := parseNCUNumber(v)
			if !ok {
				if strings.TrimSpace(v) != "" {
					if k.Text == nil {
						k.Text = map[string]string{}
					}
					k.Text[h] = v
				}
				continue
			}
			if units != nil {
				x *= unitScale(units[i])
			}
			k.Metrics[h] = x
			for _, p := range stallPatterns {
				if m := p.FindStringSubmatch(h); m != nil {
					k.Stalls[m[1]] += x
					break
				}
			}
		}
		k.Cycles = firstMetric(k.Metrics, "sm__cycles_elapsed.max", "gpc__cycles_elapsed.max")
		k.CyclesAvg = firstMetric(k.Metrics, "sm__cycles_elapsed.avg")
		k.Instructions = firstMetric(k.Metrics, "smsp__inst_executed.sum", "sm__inst_executed.sum")
		k.DurationNS = firstMetric(k.Metrics, "gpu__time_duration.sum")
		k.SMClockHz = firstMetric(k.Metrics, "sm__cycles_elapsed.avg.per_second", "smsp__cycles_elapsed.avg.per_second")
		out = append(out, k)
	}
	if header == nil {
		return nil, fmt.Errorf("%s: empty: no ncu table", name)
	}
	return out, nil
}

func col(header []string, name string) int {
	for i, h := range header {
		if h == name {
			return i
		}
	}
	return -1
}

func firstMetric(m map[string]float64, names ...string) float64 {
	for _, n := range names {
		if v, ok := m[n]; ok {
			return v
		}
	}
	return 0
}

// readNCUFile reads a CSV file; a missing file is (nil, nil) so that a run
// without ncu still gets its other timings.
func readNCUFile(path string) ([]NCUKernel, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadNCUCSV(f, path)
}

// stallNames returns a kernel's stall reasons, largest first.
func (k *NCUKernel) stallNames() []string {
	var names []string
	for n := range k.Stalls {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if k.Stalls[names[i]] != k.Stalls[names[j]] {
			return k.Stalls[names[i]] > k.Stalls[names[j]]
		}
		return names[i] < names[j]
	})
	return names
}
