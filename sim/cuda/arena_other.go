//go:build !linux

package cuda

import "errors"

var errNotLinux = errors.New("gpusim's CUDA runtime maps device memory at host addresses, which it does on Linux only")

func reserve(size uint64) ([]byte, error) { return nil, errNotLinux }
func commit(b []byte) error               { return errNotLinux }
func decommit(b []byte) error             { return errNotLinux }
func pageSize() uint64                    { return 4096 }

func unreserve(b []byte) error { return errNotLinux }
