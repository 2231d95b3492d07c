package sim

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Resources as NVIDIA's assembler counts them. When ptxas is installed,
// the registers per thread of a launch are what `ptxas -v` reports for the
// kernel on the machine's architecture (it allocates them; gpusim's
// liveness estimate is a lower bound); its answers are cached per module
// text, architecture and ptxas version in the user's cache folder.

// EnvPtxas names the ptxas to use: a path, or "off" to use the estimate
// even where ptxas is installed (tests that need figures independent of
// the machine set it). Unset: ptxas from the PATH, when there is one.
const EnvPtxas = "GPUSIM_PTXAS"

// KernelResources is what ptxas -v says of one kernel.
type KernelResources struct {
	Registers int    `json:"registers"`
	Shared    uint64 `json:"shared"` // static shared memory ("bytes smem")
	Stack     uint64 `json:"stack"`  // "bytes stack frame"
}

// PtxasResult is ptxas -v's report on a module for one architecture.
type PtxasResult struct {
	Arch    string                     `json:"arch"`
	Version string                     `json:"ptxas"` // ptxas --version's last line
	Kernels map[string]KernelResources `json:"kernels"`
}

// FindPtxas returns the ptxas to use (EnvPtxas, else the PATH), or "" for
// none.
func FindPtxas() string {
	switch v := os.Getenv(EnvPtxas); v {
	case "off":
		return ""
	case "":
		p, err := exec.LookPath("ptxas")
		if err != nil {
			return ""
		}
		return p
	default:
		return v
	}
}

// PtxasResources runs `ptxas -v -arch=ARCH` on a PTX module (ptxas is the
// path FindPtxas gives) and parses its per-kernel resources; results are
// cached in the user's cache folder (gpusim/ptxas) by the module text, the
// architecture and ptxas's version, so that a module is assembled once.
func PtxasResources(ptxas string, src []byte, arch string) (*PtxasResult, error) {
	if ptxas == "" {
		return nil, errors.New("no ptxas")
	}
	ver, err := exec.Command(ptxas, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %v", ptxas, err)
	}
	lines := strings.Split(strings.TrimSpace(string(ver)), "\n")
	version := strings.TrimSpace(lines[len(lines)-1])
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", arch, version)
	h.Write(src)
	key := hex.EncodeToString(h.Sum(nil))[:32]
	cache := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cache = filepath.Join(dir, "gpusim", "ptxas", key+".json")
		if b, err := os.ReadFile(cache); err == nil {
			var r PtxasResult
			if json.Unmarshal(b, &r) == nil && r.Kernels != nil {
				return &r, nil
			}
		}
	}
	tmp, err := os.MkdirTemp("", "gpusim-ptxas-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	in := filepath.Join(tmp, "module.ptx")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), ptxasTimeout)
	defer cancel()
	out, err := boundedCommand(ctx, ptxas, "-v", "-arch="+arch, in, "-o", filepath.Join(tmp, "module.cubin")).CombinedOutput()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("ptxas -arch=%s: stopped after %v", arch, ptxasTimeout)
	}
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if strings.Contains(msg, "Memory allocation failure") {
			msg += fmt.Sprintf(" (gpusim gives ptxas %s of address space)", FormatBytes(ptxasMemory))
		}
		return nil, fmt.Errorf("ptxas -arch=%s: %s", arch, strings.TrimPrefix(msg, "ptxas "))
	}
	r := &PtxasResult{Arch: arch, Version: version, Kernels: ParsePtxasInfo(out)}
	if cache != "" {
		if b, err := json.Marshal(r); err == nil && os.MkdirAll(filepath.Dir(cache), 0o755) == nil {
			// Written whole, then renamed: concurrent runs never read a
			// partial file.
			part := cache + ".tmp" + strconv.Itoa(os.Getpid())
			if os.WriteFile(part, b, 0o644) == nil {
				os.Rename(part, cache)
			}
		}
	}
	return r, nil
}

// ptxas is bounded: a module whose kernels declare huge local arrays
// makes it allocate tens of GiB (1 GiB of .local per thread took 24 GiB
// before the kernel's OOM killer stopped it), and a run must not take the
// machine down for a register count it can estimate instead.
const (
	ptxasMemory  = 4 << 30 // address space (ulimit -v)
	ptxasTimeout = 2 * time.Minute
)

// boundedCommand runs name with args under ptxasMemory of address space,
// through the shell's ulimit (Go cannot set a child's resource limits);
// without /bin/sh it runs unbounded.
func boundedCommand(ctx context.Context, name string, args ...string) *exec.Cmd {
	if _, err := os.Stat("/bin/sh"); err != nil {
		return exec.CommandContext(ctx, name, args...)
	}
	script := fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, ptxasMemory>>10)
	return exec.CommandContext(ctx, "/bin/sh", append([]string{"-c", script, name}, args...)...)
}

// ParsePtxasInfo reads the per-kernel lines of ptxas -v's output:
//
//	ptxas info    : Compiling entry function 'k' for 'sm_75'
//	ptxas info    : Function properties for k
//	    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//	ptxas info    : Used 24 registers, 256 bytes smem, 364 bytes cmem[0]
func ParsePtxasInfo(out []byte) map[string]KernelResources {
	res := map[string]KernelResources{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	cur, props := "", ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "ptxas info"); ok {
			rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":"))
			switch {
			case strings.HasPrefix(rest, "Compiling entry function '"):
				name := strings.TrimPrefix(rest, "Compiling entry function '")
				if i := strings.IndexByte(name, '\''); i >= 0 {
					cur = name[:i]
				}
			case strings.HasPrefix(rest, "Function properties for "):
				props = strings.TrimSpace(strings.TrimPrefix(rest, "Function properties for "))
			case strings.HasPrefix(rest, "Used ") && cur != "":
				kr := res[cur]
				for _, part := range strings.Split(rest, ",") {
					fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(part), "Used "))
					if len(fields) < 2 {
						continue
					}
					n, err := strconv.ParseUint(fields[0], 10, 64)
					if err != nil {
						continue
					}
					switch {
					case fields[1] == "registers":
						kr.Registers = int(n)
					case len(fields) >= 3 && fields[2] == "smem":
						kr.Shared = n
					}
				}
				res[cur] = kr
				cur = ""
			}
			continue
		}
		if props != "" && strings.Contains(line, "bytes stack frame") {
			if f := strings.Fields(line); len(f) > 0 {
				if n, err := strconv.ParseUint(f[0], 10, 64); err == nil {
					kr := res[props]
					kr.Stack = n
					res[props] = kr
				}
			}
			props = ""
		}
	}
	return res
}

// UsePtxas takes the launch's registers per thread from ptxas -v on the
// module's text (src) for the machine's architecture, when ptxas is
// installed (FindPtxas); otherwise, or when ptxas cannot assemble the
// module for that architecture, the launch keeps the liveness estimate and
// the report says why.
func (p *Prepared) UsePtxas(src []byte) {
	if p.Kernel.AMD != nil {
		return
	}
	ptxas := FindPtxas()
	if ptxas == "" {
		return
	}
	r, err := PtxasResources(ptxas, src, p.Machine.GPU.Arch)
	if err != nil {
		p.PtxasSource = "no ptxas figure: " + err.Error()
		return
	}
	p.ApplyPtxas(r)
}

// ApplyPtxas takes the kernel's registers from a ptxas report.
func (p *Prepared) ApplyPtxas(r *PtxasResult) {
	p.StackFrames = map[string]uint64{}
	for name, kr := range r.Kernels {
		p.StackFrames[name] = kr.Stack
	}
	kr, ok := r.Kernels[p.Kernel.Name]
	if !ok || kr.Registers <= 0 {
		p.PtxasSource = "no ptxas figure for this kernel"
		return
	}
	p.PtxasRegisters, p.PtxasSource = kr.Registers, "ptxas -v, "+r.Arch
}
