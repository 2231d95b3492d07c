package traces

// PrivateSize is the private memory each thread of the kernel needs: its
// .local variables and its call frames (saturating at the largest uint64).
// Memory budgets multiply it by the resident threads; a per-thread call
// stack, when the kernel gets one, belongs here too.
func (k *Kernel) PrivateSize() uint64 {
	s := k.LocalSize + k.FrameSize
	if s < k.LocalSize {
		return ^uint64(0)
	}
	return s
}
