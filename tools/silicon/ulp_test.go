package main

import (
	"strconv"
	"strings"
	"testing"
)

func TestUlpDistanceCases(t *testing.T) {
	formats := map[string]Format{
		"f32": fmtF32, "f16": fmtF16, "bf16": fmtBF16, "f16x2": fmtF16x2, "bf16x2": fmtBF162, "f64hi": fmtF64Hi,
	}
	for _, c := range readCases(t, "testdata/ulp_cases.txt") {
		f := strings.Fields(c.fields[0])
		if len(f) != 4 {
			t.Fatalf("ulp_cases.txt:%d: want 4 fields, have %d", c.line, len(f))
		}
		format, ok := formats[f[0]]
		if !ok {
			t.Fatalf("ulp_cases.txt:%d: unknown format %q", c.line, f[0])
		}
		m, err1 := strconv.ParseUint(f[1], 0, 64)
		s, err2 := strconv.ParseUint(f[2], 0, 64)
		want, err3 := strconv.ParseInt(f[3], 0, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("ulp_cases.txt:%d: bad number", c.line)
		}
		d, ok := ulpDistance(format, m, s)
		got := int64(d)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("ulp_cases.txt:%d: %s %#x vs %#x: distance %d, want %d", c.line, f[0], m, s, got, want)
		}
		// The distance is symmetric.
		d2, ok2 := ulpDistance(format, s, m)
		if ok2 != ok || d2 != d {
			t.Errorf("ulp_cases.txt:%d: not symmetric: (%d, %v) then (%d, %v)", c.line, d, ok, d2, ok2)
		}
	}
}

func TestBuckets(t *testing.T) {
	cases := []struct {
		d      uint64
		bucket int
		lo, hi uint64
	}{
		{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3},
		{4, 4, 4, 7}, {7, 4, 4, 7}, {8, 5, 8, 15}, {300, 10, 256, 511},
		{16256, 15, 8192, 16383}, {1<<32 - 2, 33, 1 << 31, 1<<32 - 1},
		{4278190080, 33, 1 << 31, 1<<32 - 1},
	}
	for _, c := range cases {
		b := bucketOf(c.d)
		lo, hi := bucketRange(b)
		if b != c.bucket || lo != c.lo || hi != c.hi {
			t.Errorf("distance %d: bucket %d [%d, %d], want %d [%d, %d]", c.d, b, lo, hi, c.bucket, c.lo, c.hi)
		}
		if b >= numBuckets {
			t.Errorf("distance %d: bucket %d beyond the %d buckets", c.d, b, numBuckets)
		}
	}
	// Buckets tile the distances without gaps.
	for b := 1; b < numBuckets; b++ {
		_, prevHi := bucketRange(b - 1)
		lo, _ := bucketRange(b)
		if lo != prevHi+1 {
			t.Errorf("bucket %d starts at %d, previous ends at %d", b, lo, prevHi)
		}
	}
}
