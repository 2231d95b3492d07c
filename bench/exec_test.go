package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The simulation rate of a kernel launched by a CUDA program under
// `gpusim exec`, against the same kernel, shape and inputs run from its
// PTX and a launch file as `gpusim trace.ptx` does. testdata/rate.cu is
// the program and testdata/rate.launch.toml its launch. Needs nvcc and cgo
// (skipped otherwise):
//
//	go test -run XXX -bench ExecVsTrace -count 5 ./bench/

type execBench struct {
	once              sync.Once
	dir               string
	gpusim, prog, ptx string
	gocache           string // the go build cache, kept when the user cache moves
	err               error
	skip              string
}

var execFix execBench

func setupExecBench(b *testing.B) *execBench {
	b.Helper()
	f := &execFix
	f.once.Do(func() {
		if _, err := exec.LookPath("nvcc"); err != nil {
			f.skip = "nvcc not installed"
			return
		}
		if f.dir, f.err = os.MkdirTemp("", "gpusim-bench-exec-"); f.err != nil {
			return
		}
		out, err := exec.Command("go", "env", "GOCACHE").Output()
		if err != nil {
			f.err = err
			return
		}
		f.gocache = string(bytes.TrimSpace(out))
		f.gpusim = filepath.Join(f.dir, "gpusim")
		f.prog = filepath.Join(f.dir, "rate")
		f.ptx = filepath.Join(f.dir, "rate.ptx")
		steps := [][]string{
			{"go", "build", "-o", f.gpusim, "../cmd/gpusim"},
			{"nvcc", "--cudart", "shared", "-arch=sm_75", "-O2", "-o", f.prog, "testdata/rate.cu"},
			{"nvcc", "-arch=compute_75", "-O2", "-ptx", "-o", f.ptx, "testdata/rate.cu"},
		}
		for _, s := range steps {
			if out, err := exec.Command(s[0], s[1:]...).CombinedOutput(); err != nil {
				f.err = fmt.Errorf("%v: %v\n%s", s, err, out)
				return
			}
		}
		// The first exec builds the runtime library into a fresh user
		// cache folder, as for a user who has just built gpusim.
		if _, err := f.runExec("timing", 1); err != nil {
			f.err = err
		}
	})
	if f.skip != "" {
		b.Skip(f.skip)
	}
	if f.err != nil {
		b.Fatal(f.err)
	}
	return f
}

type execLaunch struct {
	WarpInsts   uint64  `json:"warp_instructions"`
	WallSeconds float64 `json:"wall_seconds"`
}

// runExec runs the program under gpusim exec with reps launches and
// returns the launches' JSON records.
func (f *execBench) runExec(mode string, reps int) ([]execLaunch, error) {
	js := filepath.Join(f.dir, "r.json")
	out := filepath.Join(f.dir, "exec.y.bin")
	cmd := exec.Command(f.gpusim, "exec", "-mode", mode, "-json", js, "-o", filepath.Join(f.dir, "r.txt"), "--", f.prog, out, fmt.Sprint(reps))
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(f.dir, "cache"), "GOCACHE="+f.gocache)
	if msg, err := cmd.CombinedOutput(); err != nil || !bytes.Contains(msg, []byte("PASS")) {
		return nil, fmt.Errorf("gpusim exec: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		return nil, err
	}
	var rep struct {
		Launches []execLaunch `json:"launches"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, err
	}
	if len(rep.Launches) != reps {
		return nil, fmt.Errorf("%d launches in the report, want %d", len(rep.Launches), reps)
	}
	return rep.Launches, nil
}

func median(xs []float64) float64 {
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// BenchmarkExecVsTrace reports warp-inst/s of the kernel (median over the
// launches measured) under exec and from the trace, in both modes. The
// exec figure is the whole cudaLaunchKernel (arguments, layout, run); the
// trace figure the same layout (sim.Prepare) and run.
func BenchmarkExecVsTrace(b *testing.B) {
	for _, mode := range []string{"timing", "functional"} {
		b.Run("exec/"+mode, func(b *testing.B) {
			f := setupExecBench(b)
			var rates []float64
			for i := 0; i < b.N; i++ {
				ls, err := f.runExec(mode, 3)
				if err != nil {
					b.Fatal(err)
				}
				for _, l := range ls {
					rates = append(rates, float64(l.WarpInsts)/l.WallSeconds)
				}
			}
			b.ReportMetric(median(rates), "warp-inst/s")
		})
		b.Run("trace/"+mode, func(b *testing.B) {
			f := setupExecBench(b)
			prog, spec, m := loadRateTrace(b, f)
			var rates []float64
			var y []byte
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for r := 0; r < 3; r++ {
					start := time.Now()
					p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
					if err != nil {
						b.Fatal(err)
					}
					var st *sim.KernelStats
					if mode == "timing" {
						st, err = sim.RunTiming(p, sim.TimingOptions{})
					} else {
						st, err = sim.RunFunctional(p)
					}
					if err != nil {
						b.Fatal(err)
					}
					rates = append(rates, float64(st.WarpInsts)/time.Since(start).Seconds())
					if y == nil {
						y, _ = p.Buffer("y")
					}
				}
			}
			b.ReportMetric(median(rates), "warp-inst/s")
			// Same kernel, same inputs: the same output bytes.
			got, err := os.ReadFile(filepath.Join(f.dir, "exec.y.bin"))
			if err != nil {
				b.Fatal(err)
			}
			if !bytes.Equal(got, y) {
				b.Errorf("the program's y differs from the trace run's")
			}
		})
	}
}

func loadRateTrace(b *testing.B, f *execBench) (*traces.Program, *sim.LaunchSpec, *config.Machine) {
	src, err := os.ReadFile(f.ptx)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := ptx.Parse(f.ptx, src)
	if err != nil {
		b.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		b.Fatal(err)
	}
	spec, err := sim.LoadLaunch("testdata/rate.launch.toml")
	if err != nil {
		b.Fatal(err)
	}
	return prog, spec, m
}

func TestMain(m *testing.M) {
	code := m.Run()
	if execFix.dir != "" {
		os.RemoveAll(execFix.dir)
	}
	os.Exit(code)
}
