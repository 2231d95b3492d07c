package main

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Two more file formats, both little-endian with a 24-byte header:
//
//	offset size field
//	 0     4    magic: "GSR1" (records) or "GSI1" (inputs)
//	 4     2    version (1)
//	 6     2    form id
//	 8     4    input bytes per record (the form's InWidth)
//	12     4    output bytes per record (records: the form's Width; inputs: 0)
//	16     8    records
//	24     ...  records * (input + output) bytes
//
// A records file (gzip-compressed, .rec.gz) keeps the raw stream elements of
// a tensor form: what silicon returned for every generated mma case, so that
// any later model can be checked against it without a GPU. An input file
// (plain, .in) is what the capture program reads: the generated inputs of a
// record or tensor form, which it runs and echoes back beside the outputs.

const (
	recordsMagic   = "GSR1"
	inputsMagic    = "GSI1"
	recordsVersion = 1
	recordsHeader  = 24
	recordsExt     = ".rec.gz"
	inputsExt      = ".in"
)

func recordsHeaderBytes(magic string, f *Form, out int, n uint64) []byte {
	h := make([]byte, recordsHeader)
	copy(h, magic)
	put16(h[4:], recordsVersion)
	put16(h[6:], uint16(f.ID))
	put32(h[8:], uint32(f.InWidth))
	put32(h[12:], uint32(out))
	put64(h[16:], n)
	return h
}

// WriteRecords writes a form's raw records (Count of them) to path and
// returns the SHA-256 of the file.
func WriteRecords(path string, f *Form, data []byte) (string, error) {
	n := uint64(len(data) / f.RecordWidth())
	file, err := os.Create(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	zw := gzip.NewWriter(io.MultiWriter(file, h))
	_, err1 := zw.Write(recordsHeaderBytes(recordsMagic, f, f.Width, n))
	_, err2 := zw.Write(data)
	if err := errors.Join(err1, err2, zw.Close(), file.Close()); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Records is a loaded records file.
type Records struct {
	Form *Form
	Data []byte // Count records of Form.RecordWidth() bytes
}

// Count is the number of records.
func (r *Records) Count() int { return len(r.Data) / r.Form.RecordWidth() }

// Record returns record k's input and output.
func (r *Records) Record(k int) (in, out []byte) {
	w := r.Form.RecordWidth()
	rec := r.Data[k*w : (k+1)*w]
	return rec[:r.Form.InWidth], rec[r.Form.InWidth:]
}

// LoadRecords reads a records file and checks its header against its form.
func LoadRecords(path string) (*Records, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	zr, err := gzip.NewReader(file)
	if err != nil {
		return nil, fmt.Errorf("%s: offset 0: not gzip: %v", path, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	f, n, err := parseRecordsHeader(b, recordsMagic, true)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Records{Form: f, Data: b[recordsHeader : recordsHeader+n*uint64(f.RecordWidth())]}, nil
}

// parseRecordsHeader checks a records or inputs header and that exactly
// the records it announces follow.
func parseRecordsHeader(b []byte, magic string, withOutputs bool) (*Form, uint64, error) {
	if len(b) < recordsHeader {
		return nil, 0, fmt.Errorf("offset 0: short header (%d bytes)", len(b))
	}
	if string(b[:4]) != magic {
		return nil, 0, fmt.Errorf("offset 0: bad magic %q, want %q", b[:4], magic)
	}
	if v := le16(b[4:]); v != recordsVersion {
		return nil, 0, fmt.Errorf("offset 4: version %d, want %d", v, recordsVersion)
	}
	f := lookupForm(FormID(le16(b[6:])))
	if f == nil || f.Kind == SweepForm {
		return nil, 0, fmt.Errorf("offset 6: form id %d has no records", le16(b[6:]))
	}
	out := 0
	if withOutputs {
		out = f.Width
	}
	if in, o := int(le32(b[8:])), int(le32(b[12:])); in != f.InWidth || o != out {
		return nil, 0, fmt.Errorf("offset 8: %s: widths %d+%d, want %d+%d", f.Name, in, o, f.InWidth, out)
	}
	n := le64(b[16:])
	if n == 0 || n > f.Count {
		return nil, 0, fmt.Errorf("offset 16: %s: %d records, want 1..%d", f.Name, n, f.Count)
	}
	if want := recordsHeader + n*uint64(f.InWidth+out); uint64(len(b)) != want {
		return nil, 0, fmt.Errorf("offset %d: %s: file holds %d bytes, want %d", recordsHeader, f.Name, len(b), want)
	}
	return f, n, nil
}

// WriteInputs writes the generated inputs of record or tensor form f (its
// first n records) into dir as SLUG.in, and returns the path.
func WriteInputs(dir string, f *Form, n uint64) (string, error) {
	path := filepath.Join(dir, f.Slug+inputsExt)
	file, err := os.Create(path)
	if err != nil {
		return "", err
	}
	bw := bufio.NewWriterSize(file, 1<<20)
	bw.Write(recordsHeaderBytes(inputsMagic, f, 0, n))
	in := make([]byte, f.InWidth)
	for i := range n {
		f.gen(i, in)
		bw.Write(in)
	}
	if err := errors.Join(bw.Flush(), file.Close()); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return path, nil
}

// readInputs loads an input file back (for tests and the stand-in GPU).
func readInputs(path string) (*Form, []byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	f, n, err := parseRecordsHeader(b, inputsMagic, false)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	return f, b[recordsHeader : recordsHeader+n*uint64(f.InWidth)], nil
}
