// Package ptx is the PTX front end: it reads what nvcc and LLVM's NVPTX
// backend emit (PTX ISA 6.x to 8.x, sm_50 to sm_90) and returns the decoded
// program representation of package traces (Parse): every kernel linked
// with the device functions it calls, registers renumbered into one file,
// labels and calls resolved, reconvergence points computed, and every
// modifier and target rule of the PTX ISA checked, so that the executor
// (package warp/ptx) trusts what it gets. The instruction vocabulary
// (mnemonics, operand forms, modifiers, types) comes from the PTX table in
// package traces. Errors are *diag.Error values with the file, line and
// column.
//
// It imports traces (and diag) of the project.
package ptx
