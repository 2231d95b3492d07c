package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// baseStream is the stream that stream_cases.txt edits.
func baseStream(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	plan := synthPlan{
		info:   `{"program":"test"}`,
		bench:  `{"b":1}`,
		chunks: []synthChunk{{FormEx2F16, 0, 1 << 15}, {FormEx2F16, 1 << 15, 1 << 15}},
	}
	if err := writeSynth(&b, plan); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// frameStarts walks a stream by its headers' size fields and returns the
// offset of every frame start it can find (and the end of the last frame).
func frameStarts(b []byte) []int64 {
	var out []int64
	off := int64(0)
	for off+headerSize <= int64(len(b)) {
		out = append(out, off)
		off += headerSize + int64(binary.LittleEndian.Uint32(b[off+20:]))
	}
	return append(out, off)
}

// editStream applies one edit of stream_cases.txt.
func editStream(t *testing.T, line int, b []byte, edit string) []byte {
	t.Helper()
	f := strings.Fields(edit)
	num := func(i int) int64 {
		if i >= len(f) {
			t.Fatalf("stream_cases.txt:%d: edit %q needs more arguments", line, edit)
		}
		v, err := strconv.ParseInt(f[i], 0, 64)
		if err != nil {
			t.Fatalf("stream_cases.txt:%d: %v", line, err)
		}
		return v
	}
	starts := frameStarts(b)
	frame := func(i int) []byte { // frame i's bytes
		k := num(i)
		return b[starts[k]:starts[k+1]]
	}
	switch f[0] {
	case "none":
		return b
	case "truncate":
		n := num(1)
		if n < 0 {
			n += int64(len(b))
		}
		return b[:n]
	case "xor":
		b[num(1)] ^= byte(num(2))
		return b
	case "set":
		h := b[starts[num(1)]:]
		v := uint64(num(3))
		switch f[2] {
		case "kind":
			binary.LittleEndian.PutUint16(h[4:], uint16(v))
		case "form":
			binary.LittleEndian.PutUint16(h[6:], uint16(v))
		case "start":
			binary.LittleEndian.PutUint64(h[8:], v)
		case "count":
			binary.LittleEndian.PutUint32(h[16:], uint32(v))
		case "size":
			binary.LittleEndian.PutUint32(h[20:], uint32(v))
		case "seq":
			binary.LittleEndian.PutUint32(h[24:], uint32(v))
		default:
			t.Fatalf("stream_cases.txt:%d: unknown field %q", line, f[2])
		}
		binary.LittleEndian.PutUint32(h[28:], headerCheck(h))
		return b
	case "drop":
		k := num(1)
		return append(append([]byte(nil), b[:starts[k]]...), b[starts[k+1]:]...)
	case "dup":
		k := num(1)
		out := append([]byte(nil), b[:starts[k+1]]...)
		return append(append(out, frame(1)...), b[starts[k+1]:]...)
	case "copy-after":
		c := append([]byte(nil), frame(1)...)
		binary.LittleEndian.PutUint32(c[24:], uint32(len(starts)-1))
		binary.LittleEndian.PutUint32(c[28:], headerCheck(c))
		return append(b, c...)
	case "append":
		extra, err := hex.DecodeString(f[1])
		if err != nil {
			t.Fatalf("stream_cases.txt:%d: %v", line, err)
		}
		return append(b, extra...)
	case "payload":
		k := num(1)
		var fw bytes.Buffer
		w := newFrameWriter(&fw)
		w.seq = uint32(k)
		h := b[starts[k]:]
		if err := w.write(Header{Kind: FrameKind(binary.LittleEndian.Uint16(h[4:]))}, []byte(f[2])); err != nil {
			t.Fatal(err)
		}
		out := append([]byte(nil), b[:starts[k]]...)
		return append(append(out, fw.Bytes()...), b[starts[k+1]:]...)
	}
	t.Fatalf("stream_cases.txt:%d: unknown edit %q", line, f[0])
	return nil
}

func TestStreamCases(t *testing.T) {
	for _, c := range readCases(t, "testdata/stream_cases.txt") {
		if len(c.fields) != 3 {
			t.Fatalf("stream_cases.txt:%d: want name | edit | expectation", c.line)
		}
		name, edit, want := c.fields[0], c.fields[1], c.fields[2]
		b := editStream(t, c.line, baseStream(t), edit)
		sum, err := Compare(bytes.NewReader(b), Options{Name: "s", Workers: 2, MaxMismatches: 10})
		if sum == nil {
			t.Fatalf("stream_cases.txt:%d: %s: no summary", c.line, name)
		}
		if note, ok := strings.CutPrefix(want, "ok"); ok {
			note = strings.TrimSpace(strings.TrimPrefix(note, "-noted"))
			if err != nil || !sum.Stream.Ended {
				t.Errorf("stream_cases.txt:%d: %s: err %v, ended %v; want a clean stream", c.line, name, err, sum.Stream.Ended)
			}
			notes := strings.Join(sum.Stream.CaptureErrors, "\n")
			if note == "" && notes != "" || note != "" && (len(sum.Stream.CaptureErrors) != 1 || !strings.Contains(notes, note)) {
				t.Errorf("stream_cases.txt:%d: %s: capture errors %q, want %q", c.line, name, notes, note)
			}
			if sum.Forms[FormEx2F16-1].Seen != 1<<16 {
				t.Errorf("stream_cases.txt:%d: %s: %d f16 inputs seen, want all", c.line, name, sum.Forms[FormEx2F16-1].Seen)
			}
			continue
		}
		sub, ok := strings.CutPrefix(want, "error ")
		if !ok {
			t.Fatalf("stream_cases.txt:%d: expectation %q is neither ok nor error ...", c.line, want)
		}
		var se *StreamError
		if !errors.As(err, &se) {
			t.Errorf("stream_cases.txt:%d: %s: got %v, want a StreamError", c.line, name, err)
			continue
		}
		if !strings.Contains(se.Error(), sub) {
			t.Errorf("stream_cases.txt:%d: %s: error %q does not contain %q", c.line, name, se.Error(), sub)
		}
		if sum.Stream.Error != se.Error() {
			t.Errorf("stream_cases.txt:%d: %s: summary error %q, want %q", c.line, name, sum.Stream.Error, se.Error())
		}
		if starts := frameStarts(b); se.Frame >= int64(len(starts)) || starts[se.Frame] != se.Offset {
			t.Errorf("stream_cases.txt:%d: %s: error at offset %d for frame %d; frames start at %v",
				c.line, name, se.Offset, se.Frame, starts)
		}
		if !strings.HasPrefix(se.Error(), "s:"+strconv.FormatInt(se.Offset, 10)+": frame ") {
			t.Errorf("stream_cases.txt:%d: %s: error %q lacks its position prefix", c.line, name, se.Error())
		}
	}
}

// A partial stream still yields the counts of what arrived.
func TestTruncatedStreamKeepsWhatArrived(t *testing.T) {
	b := baseStream(t)
	starts := frameStarts(b)
	sum, err := Compare(bytes.NewReader(b[:starts[3]+100]), Options{Name: "s", Workers: 1})
	if err == nil {
		t.Fatal("no error for a truncated stream")
	}
	f := sum.Forms[FormEx2F16-1]
	if f.Seen != 1<<15 || f.Matches != 1<<15 || f.Complete {
		t.Errorf("seen %d matches %d complete %v, want the first chunk only", f.Seen, f.Matches, f.Complete)
	}
	if sum.Stream.Ended || sum.Capture == nil || sum.Bench == nil {
		t.Errorf("ended %v capture %s bench %s", sum.Stream.Ended, sum.Capture, sum.Bench)
	}
}

func TestFrameRoundTrip(t *testing.T) {
	var b bytes.Buffer
	fw := newFrameWriter(&b)
	payload := make([]byte, 8*3)
	want := []Header{
		{Kind: KindInfo, Size: 2},
		{Kind: KindData, Form: FormRcp64HLoNoise, Start: 1<<32 - 3, Count: 3, Size: 24},
		{Kind: KindEnd, Start: 3, Count: 1},
	}
	if err := fw.write(want[0], []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := fw.write(want[1], payload); err != nil {
		t.Fatal(err)
	}
	if err := fw.end(); err != nil {
		t.Fatal(err)
	}
	fr := newFrameReader(&b, "rt")
	for i, w := range want {
		h, err := fr.next()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		w.Seq = uint32(i)
		if h != w {
			t.Errorf("frame %d: %+v, want %+v", i, h, w)
		}
		if _, err := fr.payload(h, nil); err != nil {
			t.Fatalf("frame %d payload: %v", i, err)
		}
	}
	if _, err := fr.next(); err == nil || err.Error() != "EOF" {
		t.Errorf("after the end frame: %v, want io.EOF", err)
	}
}

func TestCoverage(t *testing.T) {
	var c coverage
	steps := []struct {
		lo, hi uint64
		ok     bool
	}{
		{10, 20, true}, {30, 40, true}, {20, 30, true}, {0, 10, true}, {5, 6, false},
		{39, 41, false}, {40, 50, true}, {100, 101, true}, {50, 100, true},
	}
	for _, s := range steps {
		if got := c.add(s.lo, s.hi); got != s.ok {
			t.Errorf("add [%d, %d): %v, want %v (coverage %v)", s.lo, s.hi, got, s.ok, c)
		}
	}
	if !c.complete(101) || c.complete(102) || len(c) != 1 {
		t.Errorf("coverage %v, want [0, 101)", c)
	}
	if !c.has(0) || !c.has(100) || c.has(101) {
		t.Errorf("has: wrong answers for %v", c)
	}
}
