package cuda

import (
	"encoding/json"
	"fmt"
)

// EnvOptions is the environment variable through which `gpusim exec`
// hands its options to the runtime library inside the program: Options as
// JSON. Without it the runtime uses DefaultOptions.
const EnvOptions = "GPUSIM_CUDA_OPTIONS"

// Options are the simulator's settings for one program run.
type Options struct {
	// Config is the machine model: a TOML file or an embedded preset name;
	// Sets are -set overrides (key.path=value).
	Config string   `json:"config"`
	Sets   []string `json:"sets,omitempty"`
	// Mode is "timing" (cycle-level, the default) or "functional".
	Mode string `json:"mode"`
	// MaxCycles and MaxWarpInsts stop each launch that runs longer (a
	// kernel that does not terminate); 0 means no limit.
	MaxCycles    uint64 `json:"max_cycles,omitempty"`
	MaxWarpInsts uint64 `json:"max_warp_insts,omitempty"`
	// Workers is how many threads step the SMs of a timing-mode launch
	// (sim.TimingOptions.Workers; 0 or 1: one).
	Workers int `json:"workers,omitempty"`
	// Report is the file the text report is written to when the program
	// exits; "" writes it on the program's stderr. JSON, when set, is the
	// file for the JSON report, with the wall-clock figures when WallTime.
	Report   string `json:"report,omitempty"`
	JSON     string `json:"json,omitempty"`
	WallTime bool   `json:"wall_time,omitempty"`
	// Program names the program in messages and the report.
	Program string `json:"program,omitempty"`
	// DeviceMemory is the device's memory size in bytes (what
	// cudaMemGetInfo and totalGlobalMem report, and the most it lets the
	// program allocate); 0 means DefaultDeviceMemory.
	DeviceMemory uint64 `json:"device_memory,omitempty"`
	// PTXDir, when set, is a folder the runtime writes each module's PTX to
	// (NAME.N.compute_XX.ptx), so that positions in messages name a file
	// one can open.
	PTXDir string `json:"ptx_dir,omitempty"`
	// ReportClaim, when set, is a file the runtime creates (exclusively)
	// before writing the report, so that of several processes started
	// under one `gpusim exec` only the first reports.
	ReportClaim string `json:"report_claim,omitempty"`
	// Timeline, when set, is the file the runtime writes the program's
	// timeline to at exit (package report's Chrome trace-event JSON, every
	// timing-mode launch at its start on the device clock), with
	// TimelineBy ("partition" or "warp"), TimelineMaxEvents (0: the
	// default cap) and TimelineFrom (the window's first cycle).
	Timeline          string `json:"timeline,omitempty"`
	TimelineBy        string `json:"timeline_by,omitempty"`
	TimelineMaxEvents int    `json:"timeline_max_events,omitempty"`
	TimelineFrom      uint64 `json:"timeline_from,omitempty"`
	// ProgressFD, when positive, is a datagram socket (inherited from
	// `gpusim exec`) to which the runtime sends a line after each launch,
	// for the progress bar; ProgressInode is the socket's inode, so that a
	// process that inherited the options but not the socket (a grandchild
	// with another file at that descriptor) sends nothing.
	ProgressFD    int    `json:"progress_fd,omitempty"`
	ProgressInode uint64 `json:"progress_inode,omitempty"`
	// SignalAck, when set, is a file the runtime appends a byte to for
	// every SIGINT or SIGTERM that reaches the program, so that gpusim
	// exec passes on only the signals sent to gpusim alone.
	SignalAck string `json:"signal_ack,omitempty"`
	// TestPanic names an entry point that panics when called: the C
	// library's tests use it to check that a panic inside the library
	// becomes cudaErrorUnknown and leaves the program running.
	TestPanic string `json:"test_panic,omitempty"`
}

// DefaultDeviceMemory is the device memory of the default machine model's
// GPU (the RTX 2060 of preset sm_75 has 6 GiB); machine models carry no
// memory size yet.
const DefaultDeviceMemory = 6 << 30

// DefaultOptions are the settings without `gpusim exec`.
func DefaultOptions() Options {
	return Options{Config: "sm_75", Mode: "timing", DeviceMemory: DefaultDeviceMemory}
}

// Encode renders the options for EnvOptions.
func (o Options) Encode() string {
	b, _ := json.Marshal(o) // plain data: cannot fail
	return string(b)
}

// DecodeOptions reads EnvOptions' value; "" gives DefaultOptions.
func DecodeOptions(s string) (Options, error) {
	o := DefaultOptions()
	if s == "" {
		return o, nil
	}
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return o, fmt.Errorf("%s: %v", EnvOptions, err)
	}
	if o.Config == "" {
		o.Config = "sm_75"
	}
	if o.Mode == "" {
		o.Mode = "timing"
	}
	if o.Mode != "timing" && o.Mode != "functional" {
		return o, fmt.Errorf("%s: mode %q: unknown mode (timing, functional)", EnvOptions, o.Mode)
	}
	if o.DeviceMemory == 0 {
		o.DeviceMemory = DefaultDeviceMemory
	}
	return o, nil
}
