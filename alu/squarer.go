package alu

// mufuSquare is the truncated squarer shared by the MUFU interpolation units
// (numerics.md section 1): the exact x*x minus every partial-product bit that
// falls in the 19 least significant columns of the multiplier array. Those
// bits are the diagonal terms bit_i(x)*2^(2i) with 2i < 19 and the
// off-diagonal pairs bit_i(x)*bit_j(x)*2^(i+j+1), i < j, with i+j+1 < 19.
//
// Row i of the array (present when bit i of x is set) holds its diagonal bit
// at column 2i and bits j > i of x at columns i+j+1, i.e. (x >> (i+1)) <<
// (2i+2); the dropped part of the row is that row masked to 19 columns.
// Only rows 0-9 reach below column 19, and row 9 only with its diagonal bit.
// The rows are written out (not looped) because this sits on the hot path of
// every MUFU unit.
func mufuSquare(x uint32) uint64 {
	const m = 1<<19 - 1
	v := uint64(x)
	// -(bit) is all ones when the row is present.
	d := -(v & 1) & ((1 | v>>1<<2) & m)
	d += -(v >> 1 & 1) & ((1<<2 | v>>2<<4) & m)
	d += -(v >> 2 & 1) & ((1<<4 | v>>3<<6) & m)
	d += -(v >> 3 & 1) & ((1<<6 | v>>4<<8) & m)
	d += -(v >> 4 & 1) & ((1<<8 | v>>5<<10) & m)
	d += -(v >> 5 & 1) & ((1<<10 | v>>6<<12) & m)
	d += -(v >> 6 & 1) & ((1<<12 | v>>7<<14) & m)
	d += -(v >> 7 & 1) & ((1<<14 | v>>8<<16) & m)
	d += -(v >> 8 & 1) & ((1<<16 | v>>9<<18) & m)
	d += v >> 9 & 1 << 18
	return v*v - d
}
