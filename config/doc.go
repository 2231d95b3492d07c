// Package config owns gpusim's machine model: the TOML schema that describes
// a GPU (SMs or CUs, their partitions, schedulers and functional units, the
// opcode-to-unit table, per-opcode latency and initiation overrides, the
// memory hierarchy, numerics model choices and kernel defaults), the presets
// embedded from presets/*.toml, `-set key.path=value` overrides, validation,
// and derived figures such as occupancy; and the NVIDIA expansion tables
// (presets/expand/*.toml, the machine code ptxas emits for each PTX form),
// one of which a machine names in gpu.expansions (Machine.Expansions), with
// their schedule for one warp (expand_schedule.go).
//
// A Machine is plain data, read-only after Load returns. Every bad input (a
// syntax error, an unknown key, a value of the wrong type or out of range, an
// opcode mapped to a unit that does not exist, a bad override) is an error
// value naming the file, line, column and key, or the `-set` that caused it.
// Machine.TOML gives back the effective file, comments kept and overridden
// lines marked, so a what-if study can start from a copy of it.
//
// config imports nothing else of the project; sim and core read a Machine,
// and alu checks the numerics model names it lists.
package config
