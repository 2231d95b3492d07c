package sim

import "github.com/gpusim/gpusim/alu"

// f64ToF16 and f64ToBF16 round a launch-file value to the 16-bit formats
// (round to nearest even, subnormals kept).
func f64ToF16(x uint64) uint16  { return alu.CvtF64ToF16(x, alu.Mode(alu.RoundNearestEven, 0)) }
func f64ToBF16(x uint64) uint16 { return alu.CvtF64ToBF16(x, alu.Mode(alu.RoundNearestEven, 0)) }
