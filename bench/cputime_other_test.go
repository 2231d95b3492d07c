//go:build !unix

package bench

import "time"

// cpuTime is not measured here: the CPU-time metrics are left out.
func cpuTime() (time.Duration, bool) { return 0, false }
