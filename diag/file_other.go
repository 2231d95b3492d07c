//go:build !unix

package diag

const openNonBlock = 0
