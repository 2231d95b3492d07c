package main

import (
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces/ptx"
)

// Launch manifests of the bundled sample kernels, for sampledrv.cu: each
// sample's launch file is prepared exactly as gpusim prepares it (sim.Prepare
// on the sample's PTX), and the manifest records the grid, the block, the
// parameter buffer's layout and bytes, and every buffer's initial contents,
// so that the GPU runs each kernel on the very bytes gpusim simulates.
//
// What run.sh needs of a sample besides comes from the sample's own files
// too, and goes into samples.list: the kernel its launch file names (which
// need not be the sample's name: gemm_wmma_sm80 launches gemm_wmma), and
// the oldest architecture that runs it, its PTX's .target (nvcc compiles
// the CUDA source for the device only when the device is at least that, and
// the driver could not load the PTX on an older one).

// sampleMachine is the machine model used only to prepare the launches
// (buffers and parameters do not depend on it).
const sampleMachine = "sm_75"

// sampleInfo is one bundled sample as run.sh sees it: one line of
// samples.list, "NAME KERNEL MIN_SM".
type sampleInfo struct {
	Name   string // NAME of NAME.launch.toml and NAME.ptx
	Kernel string // the kernel the launch file names
	Target string // the PTX's .target ("sm_80")
	MinSM  int    // its number (80): the oldest GPU that runs the sample, and its CUDA source's lowest nvcc -arch
}

// targetSM reads a PTX .target's architecture number: sm_80 is 80, and the
// architecture-specific sm_90a and family sm_100f are 90 and 100 (the PTX
// front end accepts these forms).
func targetSM(target string) (int, bool) {
	digits, ok := strings.CutPrefix(target, "sm_")
	if !ok {
		return 0, false
	}
	digits = strings.TrimRight(digits, "af")
	if len(target)-len("sm_")-len(digits) > 1 {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 10 || strconv.Itoa(n) != digits {
		return 0, false
	}
	return n, true
}

// writeSampleManifests prepares every NAME.launch.toml of dir that has a
// NAME.ptx beside it, writes NAME.manifest and its buffer files into out,
// and returns the samples (sorted by name); out/samples.list lists them,
// one "NAME KERNEL MIN_SM" line each.
func writeSampleManifests(dir, out string) ([]sampleInfo, error) {
	launches, err := filepath.Glob(filepath.Join(dir, "*.launch.toml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(launches)
	m, err := config.Load(sampleMachine, nil)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var samples []sampleInfo
	var list strings.Builder
	for _, lp := range launches {
		name := strings.TrimSuffix(filepath.Base(lp), ".launch.toml")
		ptxPath := filepath.Join(dir, name+".ptx")
		src, err := os.ReadFile(ptxPath)
		if os.IsNotExist(err) {
			continue // a launch file of another trace kind
		}
		if err != nil {
			return nil, err
		}
		prog, err := ptx.Parse(ptxPath, src)
		if err != nil {
			return nil, err
		}
		sm, ok := targetSM(prog.Target)
		if !ok {
			return nil, fmt.Errorf("%s: .target %q names no sm_NN architecture", ptxPath, prog.Target)
		}
		spec, err := sim.LoadLaunch(lp)
		if err != nil {
			return nil, err
		}
		p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
		if err != nil {
			return nil, err
		}
		text, err := sampleManifest(name, p, out)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", lp, err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".manifest"), text, 0o644); err != nil {
			return nil, err
		}
		s := sampleInfo{Name: name, Kernel: p.Kernel.Name, Target: prog.Target, MinSM: sm}
		samples = append(samples, s)
		fmt.Fprintf(&list, "%s %s %d\n", s.Name, s.Kernel, s.MinSM)
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("%s: no NAME.launch.toml with a NAME.ptx", dir)
	}
	return samples, os.WriteFile(filepath.Join(out, "samples.list"), []byte(list.String()), 0o644)
}

// sampleManifest writes p's buffers into dir and returns the manifest text.
func sampleManifest(name string, p *sim.Prepared, dir string) ([]byte, error) {
	var b bytes.Buffer
	s := p.Spec
	fmt.Fprintf(&b, "# gpusim tools/silicon sample manifest: %s (%s), prepared as gpusim prepares it\n", name, s.Path)
	fmt.Fprintf(&b, "sample %s\nkernel %s\n", name, p.Kernel.Name)
	fmt.Fprintf(&b, "grid %d %d %d\nblock %d %d %d\nshared %d\nparams %d\n",
		s.Grid[0], s.Grid[1], s.Grid[2], s.Block[0], s.Block[1], s.Block[2], s.Shared, len(p.Params.Data))
	for i, buf := range s.Buffers {
		data, err := p.Global.Host(p.BufferAddr[i], buf.Bytes())
		if err != nil {
			return nil, err
		}
		file := "-"
		if bytes.ContainsFunc(data, func(r rune) bool { return r != 0 }) {
			file = name + "." + buf.Name + ".bin"
			if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(&b, "buffer %s %d %s\n", buf.Name, len(data), file)
	}
	for i, a := range s.Args {
		par := p.Kernel.Params[i]
		if a.Buffer != "" {
			fmt.Fprintf(&b, "param %d buffer %s\n", par.Offset, a.Buffer)
			continue
		}
		fmt.Fprintf(&b, "bytes %d %s\n", par.Offset, hex.EncodeToString(p.Params.Data[par.Offset:par.Offset+par.Size]))
	}
	return b.Bytes(), nil
}

// runSamples is `silicon samples -traces DIR -o DIR`.
func runSamples(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("silicon samples", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("traces", "traces/samples", "folder of the samples (NAME.ptx and NAME.launch.toml)")
	out := fs.String("o", "", "folder for the manifests and buffer files (created)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: silicon samples -traces DIR -o DIR")
		return 2
	}
	samples, err := writeSampleManifests(*dir, *out)
	if err != nil {
		fmt.Fprintf(stderr, "silicon samples: %v\n", err)
		return 2
	}
	var names []string
	for _, s := range samples {
		names = append(names, s.Name)
	}
	fmt.Fprintf(stdout, "%d samples: %s\n", len(names), strings.Join(names, " "))
	return 0
}
