package diag

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Reading input files safely: a trace, launch file, machine model, report
// or buffer contents named by a user may be a FIFO (opening it waits for a
// writer, reading it for data that never comes), a device (/dev/zero never
// ends), a folder or a file far larger than anything gpusim could hold.
// ReadFile and ReadExact open without blocking, accept only regular files
// and bound what they read, so each of those is an error naming the file.

// ErrTooLarge is the cause of ReadFile's error for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads the regular file path whole; what names the kind of file
// in messages ("trace", "launch file") and limit is the most bytes it may
// have (the error gives both sizes).
func ReadFile(path, what string, limit int64) ([]byte, error) {
	f, size, err := openRegular(path, what)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > limit {
		return nil, &Error{File: path, Msg: fmt.Sprintf("%s of %d bytes is larger than the %d bytes gpusim reads for one", what, size, limit), Err: ErrTooLarge}
	}
	data := make([]byte, 0, size+1)
	for {
		if int64(len(data)) > limit {
			return nil, &Error{File: path, Msg: fmt.Sprintf("%s grew past the %d bytes gpusim reads for one while it was read", what, limit), Err: ErrTooLarge}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if errors.Is(err, io.EOF) {
			return data, nil
		}
		if err != nil {
			return nil, Wrap(path, 0, 0, err)
		}
	}
}

// ReadExact fills dst with the regular file path, which must hold exactly
// len(dst) bytes (what names it in messages).
func ReadExact(path, what string, dst []byte) error {
	f, size, err := openRegular(path, what)
	if err != nil {
		return err
	}
	defer f.Close()
	if size != int64(len(dst)) {
		return At(path, 0, 0, "%s has %d bytes, %d are needed", what, size, len(dst))
	}
	if _, err := io.ReadFull(f, dst); err != nil {
		return At(path, 0, 0, "%s: %v (it has changed while it was read)", what, err)
	}
	return nil
}

// StatRegular is the size of the regular file path, or an error naming it
// when it is not one (what names it in messages).
func StatRegular(path, what string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	if err := regular(path, what, st); err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// openRegular opens path without blocking (a FIFO with no writer opens at
// once) and checks, on the opened file, that it is a regular file.
func openRegular(path, what string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err == nil {
		err = regular(path, what, st)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

func regular(path, what string, st fs.FileInfo) error {
	mode := st.Mode()
	if mode.IsRegular() {
		return nil
	}
	kind := "not a regular file"
	switch {
	case mode.IsDir():
		kind = "a folder"
	case mode&fs.ModeNamedPipe != 0:
		kind = "a FIFO (named pipe), which gpusim does not read: it could wait forever"
	case mode&fs.ModeCharDevice != 0, mode&fs.ModeDevice != 0:
		kind = "a device, which gpusim does not read: it may never end"
	case mode&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return At(path, 0, 0, "%s is %s", what, kind)
}

// Sizes of the input files gpusim reads whole, beyond which something is
// wrong (a wrong file named): launch files and machine models are short
// TOML; JSON reports hold the counters of a run.
const (
	LaunchFileLimit   = 64 << 20
	MachineFileLimit  = 64 << 20
	ReportFileLimit   = 2 << 30
	TraceFileMaxLimit = 4 << 30
)

// WriteFile writes a file whole or not at all: write fills a temporary
// file in the same folder (created when missing), which is renamed over
// path once it is complete and on disk; on any error the temporary file is
// removed and path is left as it was. An interrupted or failed write never
// leaves a half or empty file over a good one.
func WriteFile(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriter(f)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// WriteBytes is WriteFile of data.
func WriteBytes(path string, data []byte) error {
	return WriteFile(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
