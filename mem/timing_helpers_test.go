package mem

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// caseLine is one non-comment line of a testdata file: the fields before
// and after "|", with the trailing "#" comment removed.
type caseLine struct {
	pos      string // file:line
	in, want []string
}

// readCases reads a testdata file of one case per line.
func readCases(t *testing.T, name string) []caseLine {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []caseLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		in, want, _ := strings.Cut(line, "|")
		out = append(out, caseLine{pos: fmt.Sprintf("%s:%d", name, n), in: strings.Fields(in), want: strings.Fields(want)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", name)
	}
	return out
}

func parseU(s string) (uint64, error) { return strconv.ParseUint(s, 0, 64) }

// mustU parses a number or fails the test at pos.
func mustU(t *testing.T, pos, s string) uint64 {
	t.Helper()
	v, err := parseU(s)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	return v
}

// pattern builds lanes addresses from stride=S[+B], same=A or list=a,b,...
func pattern(spec string, lanes int) ([]uint64, error) {
	kind, arg, ok := strings.Cut(spec, "=")
	if !ok {
		return nil, fmt.Errorf("pattern %q: want kind=args", spec)
	}
	addr := make([]uint64, lanes)
	switch kind {
	case "stride":
		s, b, _ := strings.Cut(arg, "+")
		stride, err := parseU(s)
		if err != nil {
			return nil, err
		}
		var base uint64
		if b != "" {
			if base, err = parseU(b); err != nil {
				return nil, err
			}
		}
		for i := range addr {
			addr[i] = base + uint64(i)*stride
		}
	case "same":
		a, err := parseU(arg)
		if err != nil {
			return nil, err
		}
		for i := range addr {
			addr[i] = a
		}
	case "list":
		var list []uint64
		for _, f := range strings.Split(arg, ",") {
			a, err := parseU(f)
			if err != nil {
				return nil, err
			}
			list = append(list, a)
		}
		for i := range addr {
			addr[i] = list[i%len(list)]
		}
	default:
		return nil, fmt.Errorf("pattern %q: unknown kind %q", spec, kind)
	}
	return addr, nil
}

// keyValues parses key=value fields.
func keyValues(t *testing.T, pos string, fields []string) map[string]string {
	t.Helper()
	kv := map[string]string{}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			t.Fatalf("%s: %q is not key=value", pos, f)
		}
		kv[k] = v
	}
	return kv
}
