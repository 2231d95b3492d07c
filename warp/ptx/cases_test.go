package ptx

import (
	"testing"
)

func TestIntCases(t *testing.T)     { runCaseFile(t, "testdata/int.txt") }
func TestBitsCases(t *testing.T)    { runCaseFile(t, "testdata/bits.txt") }
func TestMoveCases(t *testing.T)    { runCaseFile(t, "testdata/move.txt") }
func TestCompareCases(t *testing.T) { runCaseFile(t, "testdata/compare.txt") }
func TestCvtCases(t *testing.T)     { runCaseFile(t, "testdata/cvt.txt") }
func TestFloatCases(t *testing.T)   { runCaseFile(t, "testdata/float.txt") }
func TestWarpCases(t *testing.T)    { runCaseFile(t, "testdata/warp.txt") }
func TestApproxCases(t *testing.T)  { runCaseFile(t, "testdata/approx.txt") }
