package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The capture stream is a sequence of frames, all little-endian. Each frame
// is a 32-byte header followed by Size payload bytes:
//
//	offset size field
//	 0     4    magic "GSF1"
//	 4     2    kind: 1 info, 2 data, 3 bench, 4 end, 5 error
//	 6     2    form id (data frames; 0 otherwise)
//	 8     8    start: stream index of the first element (data frames);
//	            end frame: total data elements sent
//	16     4    count: elements in the payload (data frames);
//	            end frame: number of data frames sent
//	20     4    size: payload bytes (data: count * the form's record width)
//	24     4    seq: frame number, 0 for the first frame of the stream
//	28     4    check: 0x5a5a5a5a XOR the seven 32-bit words before it
//
// Info and bench payloads are one JSON object each (the device description
// and the microbenchmark results); an error payload is a UTF-8 message from
// the capture program; the end frame has no payload and must be last. Data
// payloads are the outputs for inputs start..start+count-1 of the form, each
// Width bytes (Form.Input gives the input of every index): inputs are never
// sent. A record or tensor form's elements are its input (InWidth bytes)
// followed by its output, so those streams say what they computed. A
// stream without an end frame is truncated.

// FrameKind is the kind field of a frame header.
type FrameKind uint16

// Frame kinds.
const (
	KindInfo  FrameKind = 1
	KindData  FrameKind = 2
	KindBench FrameKind = 3
	KindEnd   FrameKind = 4
	KindError FrameKind = 5
)

const (
	frameMagic      = "GSF1"
	headerSize      = 32
	checkSeed       = 0x5a5a5a5a
	maxDataPayload  = 64 << 20 // largest data payload a reader accepts
	maxTextPayload  = 1 << 20  // largest info, bench or error payload
	maxDataElements = maxDataPayload / 2
)

// Header is one decoded frame header.
type Header struct {
	Kind  FrameKind
	Form  FormID
	Start uint64
	Count uint32
	Size  uint32
	Seq   uint32
}

// encodeHeader writes h into b (at least headerSize bytes).
func encodeHeader(b []byte, h Header) {
	copy(b[0:4], frameMagic)
	binary.LittleEndian.PutUint16(b[4:], uint16(h.Kind))
	binary.LittleEndian.PutUint16(b[6:], uint16(h.Form))
	binary.LittleEndian.PutUint64(b[8:], h.Start)
	binary.LittleEndian.PutUint32(b[16:], h.Count)
	binary.LittleEndian.PutUint32(b[20:], h.Size)
	binary.LittleEndian.PutUint32(b[24:], h.Seq)
	binary.LittleEndian.PutUint32(b[28:], headerCheck(b))
}

// headerCheck is the check word of the 28 header bytes before it.
func headerCheck(b []byte) uint32 {
	c := uint32(checkSeed)
	for i := 0; i < 28; i += 4 {
		c ^= binary.LittleEndian.Uint32(b[i:])
	}
	return c
}

// StreamError is a malformed or truncated stream: where it went wrong and why.
type StreamError struct {
	Name   string // the stream's name (a file name or "stdin")
	Offset int64  // byte offset of the frame header at fault
	Frame  int64  // frame number (0-based)
	Msg    string
}

// Error formats the error as NAME:OFFSET: frame N: MESSAGE.
func (e *StreamError) Error() string {
	return fmt.Sprintf("%s:%d: frame %d: %s", e.Name, e.Offset, e.Frame, e.Msg)
}

// frameReader decodes frames from a stream, tracking the byte offset.
type frameReader struct {
	r      io.Reader
	name   string
	off    int64 // offset of the next header
	frame  int64 // number of the next frame
	hdr    [headerSize]byte
	sawEnd bool
}

func newFrameReader(r io.Reader, name string) *frameReader {
	return &frameReader{r: r, name: name}
}

func (fr *frameReader) errorf(format string, args ...any) error {
	return &StreamError{Name: fr.name, Offset: fr.off, Frame: fr.frame, Msg: fmt.Sprintf(format, args...)}
}

// next reads one header and validates it. It returns io.EOF only at a clean
// end of input after the end frame.
func (fr *frameReader) next() (Header, error) {
	n, err := io.ReadFull(fr.r, fr.hdr[:])
	if err != nil {
		switch {
		case n == 0 && errors.Is(err, io.EOF) && fr.sawEnd:
			return Header{}, io.EOF
		case n == 0 && errors.Is(err, io.EOF):
			return Header{}, fr.errorf("stream truncated: no end frame")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return Header{}, fr.errorf("stream truncated inside a frame header (%d of %d bytes)", n, headerSize)
		}
		return Header{}, fr.errorf("reading frame header: %v", err)
	}
	b := fr.hdr[:]
	if string(b[0:4]) != frameMagic {
		return Header{}, fr.errorf("bad magic %q (want %q): not a capture stream, or out of step", b[0:4], frameMagic)
	}
	if got, want := binary.LittleEndian.Uint32(b[28:]), headerCheck(b); got != want {
		return Header{}, fr.errorf("header check word 0x%08x, want 0x%08x: corrupt header", got, want)
	}
	h := Header{
		Kind:  FrameKind(binary.LittleEndian.Uint16(b[4:])),
		Form:  FormID(binary.LittleEndian.Uint16(b[6:])),
		Start: binary.LittleEndian.Uint64(b[8:]),
		Count: binary.LittleEndian.Uint32(b[16:]),
		Size:  binary.LittleEndian.Uint32(b[20:]),
		Seq:   binary.LittleEndian.Uint32(b[24:]),
	}
	if int64(h.Seq) != fr.frame {
		return h, fr.errorf("sequence number %d, want %d: a frame is missing or repeated", h.Seq, fr.frame)
	}
	if fr.sawEnd {
		return h, fr.errorf("frame of kind %d after the end frame", h.Kind)
	}
	switch h.Kind {
	case KindData:
		f := lookupForm(h.Form)
		if f == nil {
			return h, fr.errorf("unknown form id %d", h.Form)
		}
		if h.Count == 0 || h.Count > maxDataElements {
			return h, fr.errorf("%s: element count %d out of range 1..%d", f.Name, h.Count, maxDataElements)
		}
		if uint64(h.Size) != uint64(h.Count)*uint64(f.RecordWidth()) {
			return h, fr.errorf("%s: payload size %d, want count %d * width %d", f.Name, h.Size, h.Count, f.RecordWidth())
		}
		if h.Size > maxDataPayload {
			return h, fr.errorf("%s: payload of %d bytes exceeds %d", f.Name, h.Size, maxDataPayload)
		}
		if h.Start >= f.Count || f.Count-h.Start < uint64(h.Count) {
			return h, fr.errorf("%s: elements [%d, %d) outside the sweep [0, %d)", f.Name, h.Start, h.Start+uint64(h.Count), f.Count)
		}
	case KindInfo, KindBench, KindError:
		if h.Size > maxTextPayload {
			return h, fr.errorf("kind %d payload of %d bytes exceeds %d", h.Kind, h.Size, maxTextPayload)
		}
	case KindEnd:
		if h.Size != 0 {
			return h, fr.errorf("end frame with a %d-byte payload", h.Size)
		}
		fr.sawEnd = true
	default:
		return h, fr.errorf("unknown frame kind %d", h.Kind)
	}
	return h, nil
}

// payload reads h's payload into buf (grown if needed) and returns it.
func (fr *frameReader) payload(h Header, buf []byte) ([]byte, error) {
	if cap(buf) < int(h.Size) {
		buf = make([]byte, h.Size)
	}
	buf = buf[:h.Size]
	if n, err := io.ReadFull(fr.r, buf); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return buf, fr.errorf("stream truncated inside a payload (%d of %d bytes)", n, h.Size)
		}
		return buf, fr.errorf("reading payload: %v", err)
	}
	fr.off += headerSize + int64(h.Size)
	fr.frame++
	return buf, nil
}

// frameWriter encodes frames, numbering them.
type frameWriter struct {
	w      io.Writer
	seq    uint32
	frames uint32 // data frames written
	elems  uint64 // data elements written
	hdr    [headerSize]byte
}

func newFrameWriter(w io.Writer) *frameWriter { return &frameWriter{w: w} }

// write sends one frame with the given payload; Seq and Size are filled in.
func (fw *frameWriter) write(h Header, payload []byte) error {
	h.Seq = fw.seq
	h.Size = uint32(len(payload))
	encodeHeader(fw.hdr[:], h)
	if _, err := fw.w.Write(fw.hdr[:]); err != nil {
		return err
	}
	if len(payload) > 0 {
		if _, err := fw.w.Write(payload); err != nil {
			return err
		}
	}
	fw.seq++
	if h.Kind == KindData {
		fw.frames++
		fw.elems += uint64(h.Count)
	}
	return nil
}

// end sends the end frame carrying the data totals.
func (fw *frameWriter) end() error {
	return fw.write(Header{Kind: KindEnd, Start: fw.elems, Count: fw.frames}, nil)
}
