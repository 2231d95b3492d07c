package config

// removedHint says what replaced a key gpusim no longer reads, for the
// "unknown key" message of a model written for an older gpusim; "" for any
// other key.
func removedHint(path []string) string {
	switch keyString(path) {
	case "memory.coalesce_bytes":
		// It duplicated the L1 sector: a warp's addresses are coalesced
		// into the L1's sectors, grouped by L1 line (CUDA guide, cc 6.x
		// and later: 32-byte sectors of 128-byte lines), and nothing ever
		// read it.
		return " (removed: a warp's accesses coalesce into memory.l1.sector-byte sectors of memory.l1.line-byte lines)"
	}
	return ""
}
