// Package alu owns gpusim's functional units: pure functions on raw bit
// patterns (uint16/uint32/uint64) that compute what a GPU's arithmetic
// hardware computes, bit for bit. It covers the seeded instructions of
// ../shared/spec/numerics.md (NVIDIA MUFU.EX2 in its f32 and 16-bit forms,
// MUFU.RCP and RCP64H, AMD v_div_fixup_f32 and the rest of the f32 division
// macro) and the IEEE-754 arithmetic and conversions every kernel needs, each
// with an explicit rounding mode, denormal flushing and NaN policy.
//
// Every instruction form has a scalar function and a lane-vector form that
// applies it to a register-file slice under an active mask; both return the
// same bits for every input. Models that have alternatives (a literal reading
// of an ISA text versus measured silicon) are chosen by name through Model.
//
// alu imports nothing else of the project. It never uses Go float arithmetic
// where Go's rounding or NaN handling could differ from the modelled
// hardware; where it does use it, a comment says why the result is identical.
package alu
