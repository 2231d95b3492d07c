package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// modelTable is the table that silicon matching the model would give.
func modelTable(f *Form) *Table {
	t := &Table{Form: f, Entries: make([]uint64, f.TableEntries)}
	for k := range t.Entries {
		t.Entries[k] = f.Eval(f.Input(f.TableIndex(k)))
	}
	return t
}

func TestTableRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, f := range allForms() {
		if f.TableEntries == 0 {
			continue
		}
		tab := modelTable(f)
		const k = 0x3c00 // one entry one ulp away from the model
		tab.Entries[k] = (&plant{form: f.ID, delta: 1}).silicon(tab.Entries[k])
		path := filepath.Join(dir, f.Slug+tableExt)
		sha, err := WriteTable(path, tab)
		if err != nil {
			t.Fatal(err)
		}
		if len(sha) != 64 {
			t.Errorf("%s: sha256 %q", f.Name, sha)
		}
		got, err := LoadTable(path)
		if err != nil {
			t.Fatal(err)
		}
		if got.Form != f || len(got.Entries) != f.TableEntries {
			t.Fatalf("%s: loaded form %v with %d entries", f.Name, got.Form.Name, len(got.Entries))
		}
		n, first := got.Diff(5)
		if n != 1 || len(first) != 1 || first[0].Index != k || first[0].Ulp != 1 {
			t.Errorf("%s: diff %d %+v, want entry %#x one ulp off", f.Name, n, first, k)
		}
	}
	if _, err := WriteTable(filepath.Join(dir, "x"), &Table{Form: &forms[FormEx2F32], Entries: nil}); err == nil {
		t.Error("wrote a table for a form that keeps none")
	}
}

// rawTable gzips a header and entries as given.
func rawTable(t *testing.T, magic string, version, form, width uint16, entries uint32, body []byte, tail []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	hdr := make([]byte, tableHeader)
	copy(hdr, magic)
	binary.LittleEndian.PutUint16(hdr[4:], version)
	binary.LittleEndian.PutUint16(hdr[6:], form)
	binary.LittleEndian.PutUint16(hdr[8:], width)
	binary.LittleEndian.PutUint32(hdr[12:], entries)
	zw.Write(hdr)
	zw.Write(body)
	zw.Write(tail)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestLoadTableRejectsBadFiles(t *testing.T) {
	full := make([]byte, 2<<16)
	good := rawTable(t, "GST1", 1, uint16(FormEx2F16), 2, 1<<16, full, nil)
	var short bytes.Buffer
	zw := gzip.NewWriter(&short)
	zw.Write([]byte("GST1\x01\x00"))
	zw.Close()
	badCRC := append([]byte(nil), good...)
	badCRC[len(badCRC)-6] ^= 0xff // inside the gzip CRC-32
	cases := []struct {
		name string
		data []byte
		want string // "" for a good file
	}{
		{"good", good, ""},
		{"not gzip", []byte("GST1 plain"), "not gzip"},
		{"magic", rawTable(t, "XXXX", 1, 3, 2, 1<<16, full, nil), "bad magic"},
		{"version", rawTable(t, "GST1", 2, 3, 2, 1<<16, full, nil), "version 2"},
		{"form without table", rawTable(t, "GST1", 1, uint16(FormEx2F32), 4, 1<<16, full, nil), "keeps no table"},
		{"unknown form", rawTable(t, "GST1", 1, 77, 4, 1<<16, full, nil), "form id 77"},
		{"width", rawTable(t, "GST1", 1, 3, 4, 1<<16, full, nil), "width 4, want 2"},
		{"entries", rawTable(t, "GST1", 1, 3, 2, 100, full, nil), "100 entries"},
		{"short", rawTable(t, "GST1", 1, 3, 2, 1<<16, full[:1000], nil), "entry 500 of 65536"},
		{"trailing", rawTable(t, "GST1", 1, 3, 2, 1<<16, full, []byte{1, 2}), "2 bytes after the last entry"},
		{"short header", short.Bytes(), "short header"},
		{"crc", badCRC, "checksum"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_"))
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadTable(path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		case c.want != "" && !strings.HasPrefix(err.Error(), path+": "):
			t.Errorf("%s: error %q does not start with the file name", c.name, err)
		}
	}
}

// Over a whole sweep cut into chunks, tableSpan visits every table entry
// exactly once, at the index TableIndex names.
func TestTableSpanCoversEveryEntryOnce(t *testing.T) {
	for _, f := range allForms() {
		if f.TableEntries == 0 {
			continue
		}
		seen := make([]int, f.TableEntries)
		chunk := uint64(1 << 22)
		if f.Count <= 1<<16 {
			chunk = 1000 // uneven chunks for the small forms
		}
		for s := uint64(0); s < f.Count; s += chunk {
			f.tableSpan(s, min(s+chunk, f.Count), func(k int, i uint64) {
				if i != f.TableIndex(k) || i < s || i >= s+chunk {
					t.Fatalf("%s: entry %d at index %#x in chunk at %#x", f.Name, k, i, s)
				}
				seen[k]++
			})
		}
		for k, n := range seen {
			if n != 1 {
				t.Fatalf("%s: entry %d visited %d times", f.Name, k, n)
			}
		}
	}
	// An RCP64H table split across chunk edges.
	f := &forms[FormRcp64HLoZero]
	n := 0
	for s := uint64(0x3ff00000 - 777); s < 0x40000000+999; s += 1000 {
		f.tableSpan(s, s+1000, func(int, uint64) { n++ })
	}
	if n != 1<<20 {
		t.Errorf("RCP64H table entries visited %d times, want %d", n, 1<<20)
	}
}

// The packed forms' table pairs every half with a different partner.
func TestPackedTableInputs(t *testing.T) {
	f := &forms[FormEx2F16x2]
	for _, c := range []struct {
		k    int
		want uint64
	}{{0, 0xffff0000}, {0x3c00, 0xc3ff3c00}, {0xffff, 0x0000ffff}} {
		if got := f.Input(f.TableIndex(c.k)); got != c.want {
			t.Errorf("entry %#x: input %#x, want %#x", c.k, got, c.want)
		}
	}
	if got := forms[FormRcp64HLoZero].Input(forms[FormRcp64HLoZero].TableIndex(5)); got != 0x3ff0000500000000 {
		t.Errorf("RCP64H entry 5: input %#x", got)
	}
}
