package main

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
)

// A table file holds silicon outputs for a fixed list of inputs of one form,
// gzip-compressed. Uncompressed, it is a 16-byte header and the entries, all
// little-endian:
//
//	offset size field
//	 0     4    magic "GST1"
//	 4     2    version (1)
//	 6     2    form id
//	 8     2    width: bytes per entry (the form's output width)
//	10     2    zero
//	12     4    entries
//	16     ...  entries * width bytes: entry k is the output for the input
//	            Form.Input(Form.TableIndex(k))
//
// Nothing may follow the last entry.

const (
	tableMagic   = "GST1"
	tableVersion = 1
	tableHeader  = 16
	tableExt     = ".tbl.gz"
)

// Table is one loaded or captured table.
type Table struct {
	Form    *Form
	Entries []uint64 // outputs, zero-extended
}

// Input returns the input bits of entry k.
func (t *Table) Input(k int) uint64 { return t.Form.Input(t.Form.TableIndex(k)) }

// WriteTable writes t to path in the table format and returns the SHA-256 of
// the file's bytes.
func WriteTable(path string, t *Table) (string, error) {
	f := t.Form
	if f.TableEntries == 0 || len(t.Entries) != f.TableEntries {
		return "", fmt.Errorf("%s: %s keeps a table of %d entries, have %d", path, f.Name, f.TableEntries, len(t.Entries))
	}
	file, err := os.Create(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	zw := gzip.NewWriter(io.MultiWriter(file, h))
	bw := bufio.NewWriter(zw)
	var hdr [tableHeader]byte
	copy(hdr[0:4], tableMagic)
	binary.LittleEndian.PutUint16(hdr[4:], tableVersion)
	binary.LittleEndian.PutUint16(hdr[6:], uint16(f.ID))
	binary.LittleEndian.PutUint16(hdr[8:], uint16(f.Width))
	binary.LittleEndian.PutUint32(hdr[12:], uint32(f.TableEntries))
	bw.Write(hdr[:])
	var e [8]byte
	for _, v := range t.Entries {
		binary.LittleEndian.PutUint64(e[:], v)
		bw.Write(e[:f.Width])
	}
	err = errors.Join(bw.Flush(), zw.Close(), file.Close())
	if err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// LoadTable reads a table file and validates it against its form.
func LoadTable(path string) (*Table, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	t, err := readTable(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

// readTable decodes a gzip-compressed table.
func readTable(r io.Reader) (*Table, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("offset 0: not gzip: %v", err)
	}
	br := bufio.NewReader(zr)
	var hdr [tableHeader]byte
	if _, err := io.ReadFull(br, hdr[:]); err != nil {
		return nil, fmt.Errorf("offset 0: short header: %v", err)
	}
	if string(hdr[0:4]) != tableMagic {
		return nil, fmt.Errorf("offset 0: bad magic %q, want %q", hdr[0:4], tableMagic)
	}
	if v := binary.LittleEndian.Uint16(hdr[4:]); v != tableVersion {
		return nil, fmt.Errorf("offset 4: version %d, want %d", v, tableVersion)
	}
	f := lookupForm(FormID(binary.LittleEndian.Uint16(hdr[6:])))
	if f == nil || f.TableEntries == 0 {
		return nil, fmt.Errorf("offset 6: form id %d keeps no table", binary.LittleEndian.Uint16(hdr[6:]))
	}
	if w := int(binary.LittleEndian.Uint16(hdr[8:])); w != f.Width {
		return nil, fmt.Errorf("offset 8: %s: width %d, want %d", f.Name, w, f.Width)
	}
	if n := int(binary.LittleEndian.Uint32(hdr[12:])); n != f.TableEntries {
		return nil, fmt.Errorf("offset 12: %s: %d entries, want %d", f.Name, n, f.TableEntries)
	}
	t := &Table{Form: f, Entries: make([]uint64, f.TableEntries)}
	var e [8]byte
	for k := range t.Entries {
		if _, err := io.ReadFull(br, e[:f.Width]); err != nil {
			return nil, fmt.Errorf("offset %d: entry %d of %d: %v", tableHeader+k*f.Width, k, f.TableEntries, err)
		}
		t.Entries[k] = binary.LittleEndian.Uint64(e[:])
	}
	rest, err := io.ReadAll(br) // also checks the gzip CRC
	end := tableHeader + f.TableEntries*f.Width
	if err != nil {
		return nil, fmt.Errorf("offset %d: %v", end, err)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("offset %d: %d bytes after the last entry", end, len(rest))
	}
	return t, nil
}

// Diff compares every entry with the form's alu model and returns the number
// of differing entries and the first few (lowest k), at most keep.
func (t *Table) Diff(keep int) (int, []Mismatch) {
	n := 0
	var first []Mismatch
	digits := 2 * t.Form.Width
	for k, got := range t.Entries {
		in := t.Input(k)
		if want := t.Form.Eval(in); want != got {
			n++
			if len(first) < keep {
				m := Mismatch{Index: uint64(k), Input: fmt.Sprintf("0x%0*x", digits, in),
					Model: fmt.Sprintf("0x%0*x", digits, want), Silicon: fmt.Sprintf("0x%0*x", digits, got), Ulp: -1}
				if d, ok := ulpDistance(t.Form.Format, want, got); ok {
					m.Ulp = int64(d)
				}
				first = append(first, m)
			}
		}
	}
	return n, first
}
