// Package fatbin reads the fat binaries that nvcc embeds in a CUDA program:
// the registration wrapper (__fatBinC_Wrapper_t) that a program hands to
// __cudaRegisterFatBinary, the fatbin containers it points to, and their
// entries (PTX text and SASS ELF images for given compute capabilities),
// including the compressed ones. It picks the PTX a machine model can run.
//
// Layout facts (there is no official specification; these agree with what
// CUDA 11.8's nvcc writes here, checked by the tests against real builds):
//   - fatbinary_section.h (CUDA toolkit header): the wrapper is
//     {int magic = 0x466243B1; int version; const unsigned long long *data;
//     void *filename_or_fatbins}; version 1 for a whole-program build,
//     version 2 for relocatable device code (-rdc) that needs device linking.
//   - The container header is {u32 magic = 0xBA55ED50; u16 version = 1;
//     u16 header size (16); u64 size of the entries that follow}; an entry
//     is {u16 kind (1 PTX, 2 ELF); u16 version; u32 header size; u64 payload
//     size (padded); u32 compressed size; u32 -; u16 minor; u16 major;
//     u32 arch (75 = sm_75); u32 name offset; u32 name size; u64 flags;
//     u64 -; u64 uncompressed size}, the payload directly after the header
//     and the next entry after the payload. Flag 0x2000 marks a compressed
//     payload, 0x1 a 64-bit image (RWTH-ACS "cricket" fatbin-decompress.c;
//     GrigoryEvko/nvopen-tools fatbin/FORMAT_SPECIFICATION.md).
//   - Compressed payloads (the default for PTX since CUDA 11; `nvcc -Xfatbin
//     -compress-all` compresses the ELF images too) are LZ4 blocks (see
//     lz4.go), as the cricket decompressor and the data itself show.
//
// Nothing here panics on corrupt input: every problem is a *diag.Error
// naming the program and the byte offset.
package fatbin

import (
	"encoding/binary"
	"fmt"

	"github.com/gpusim/gpusim/diag"
)

// Magic numbers.
const (
	// WrapperMagic starts the __fatBinC_Wrapper_t a program registers.
	WrapperMagic uint32 = 0x466243B1
	// ContainerMagic starts a fatbin container.
	ContainerMagic uint32 = 0xBA55ED50
)

// Wrapper versions.
const (
	WrapperWhole  = 1 // data points at one container
	WrapperLinked = 2 // relocatable device code (-rdc): needs device linking
)

// WrapperSize is the size of __fatBinC_Wrapper_t on a 64-bit host.
const WrapperSize = 24

// ContainerHeaderSize is the size of a container header.
const ContainerHeaderSize = 16

// Kind says what an entry holds.
type Kind uint16

const (
	KindPTX Kind = 1 // PTX text
	KindELF Kind = 2 // a SASS cubin (ELF)
)

func (k Kind) String() string {
	switch k {
	case KindPTX:
		return "PTX"
	case KindELF:
		return "ELF"
	}
	return fmt.Sprintf("kind %d", uint16(k))
}

// Entry flags.
const (
	Flag64Bit      uint64 = 0x1
	FlagDebug      uint64 = 0x2
	FlagLinux      uint64 = 0x10
	FlagCompressed uint64 = 0x2000
)

// minEntryHeader is the size of the fixed part of an entry header.
const minEntryHeader = 64

// maxPayload bounds one decompressed payload (a PTX module of 1 GiB is not a
// real one; the bound keeps corrupt sizes from allocating without end).
const maxPayload = 1 << 30

// Wrapper is a decoded __fatBinC_Wrapper_t.
type Wrapper struct {
	Magic   uint32
	Version uint32
	Data    uint64 // host address of the container
	Extra   uint64 // filename (version 1) or prelinked fatbins (version 2)
}

// ParseWrapper decodes the 24 bytes of a __fatBinC_Wrapper_t (little-endian,
// 64-bit host). file names the program for errors.
func ParseWrapper(file string, b []byte) (Wrapper, error) {
	if len(b) < WrapperSize {
		return Wrapper{}, diag.At(file, 0, 0, "fatbin wrapper: %d bytes, want %d", len(b), WrapperSize)
	}
	w := Wrapper{
		Magic:   binary.LittleEndian.Uint32(b[0:]),
		Version: binary.LittleEndian.Uint32(b[4:]),
		Data:    binary.LittleEndian.Uint64(b[8:]),
		Extra:   binary.LittleEndian.Uint64(b[16:]),
	}
	if w.Magic != WrapperMagic {
		return w, diag.At(file, 0, 0, "fatbin wrapper: magic 0x%08x, want 0x%08x", w.Magic, WrapperMagic)
	}
	switch w.Version {
	case WrapperWhole:
	case WrapperLinked:
		return w, diag.At(file, 0, 0, "fatbin wrapper: version 2 (relocatable device code, nvcc -rdc) needs device linking, which gpusim does not do; build without -rdc")
	default:
		return w, diag.At(file, 0, 0, "fatbin wrapper: unknown version %d", w.Version)
	}
	if w.Data == 0 {
		return w, diag.At(file, 0, 0, "fatbin wrapper: null data pointer")
	}
	return w, nil
}

// ContainerSize reads a container header and returns the container's total
// size (header included), so that a caller reading host memory knows how
// many bytes to take.
func ContainerSize(file string, hdr []byte) (uint64, error) {
	if len(hdr) < ContainerHeaderSize {
		return 0, diag.At(file, 0, 0, "fatbin offset 0x0: container header is %d bytes, want %d", len(hdr), ContainerHeaderSize)
	}
	magic := binary.LittleEndian.Uint32(hdr)
	if magic != ContainerMagic {
		return 0, diag.At(file, 0, 0, "fatbin offset 0x0: magic 0x%08x, want 0x%08x", magic, ContainerMagic)
	}
	hs := uint64(binary.LittleEndian.Uint16(hdr[6:]))
	size := binary.LittleEndian.Uint64(hdr[8:])
	if hs < ContainerHeaderSize || size > maxPayload*4 {
		return 0, diag.At(file, 0, 0, "fatbin offset 0x0: implausible container (header %d bytes, %d bytes of entries)", hs, size)
	}
	return hs + size, nil
}

// Entry is one image of a container.
type Entry struct {
	Kind Kind
	// Arch is the compute capability times ten (75 for sm_75/compute_75).
	Arch int
	// Major and Minor are the entry's version: the PTX ISA version of PTX
	// entries (7.8), the ELF ABI version of cubins.
	Major, Minor int
	Flags        uint64
	// Offset is where the entry header starts in the parsed bytes.
	Offset int
	// Raw is the stored payload (compressed when Compressed).
	Raw        []byte
	Compressed bool
	// Size is the payload's size after decompression.
	Size uint64
}

// Name is the entry as the report and errors name it: "PTX compute_75
// (ISA 7.8)" or "ELF sm_75".
func (e *Entry) Name() string {
	if e.Kind == KindPTX {
		return fmt.Sprintf("PTX compute_%d (ISA %d.%d)", e.Arch, e.Major, e.Minor)
	}
	return fmt.Sprintf("%s sm_%d", e.Kind, e.Arch)
}

// File is one parsed container.
type File struct {
	Path    string // the program, for errors
	Entries []Entry
}

// Parse reads one container (header and entries) from b, which must hold it
// whole; bytes after it are ignored. path names the program for errors.
func Parse(path string, b []byte) (*File, error) {
	total, err := ContainerSize(path, b)
	if err != nil {
		return nil, err
	}
	if total > uint64(len(b)) {
		return nil, diag.At(path, 0, 0, "fatbin offset 0x0: container of %d bytes is cut short at %d", total, len(b))
	}
	hs := int(binary.LittleEndian.Uint16(b[6:]))
	f := &File{Path: path}
	end := int(total)
	for off := hs; off < end; {
		if end-off < minEntryHeader {
			return nil, diag.At(path, 0, 0, "fatbin offset 0x%x: entry header cut short (%d bytes left)", off, end-off)
		}
		h := b[off:]
		e := Entry{
			Kind:   Kind(binary.LittleEndian.Uint16(h[0:])),
			Offset: off,
		}
		ehs := uint64(binary.LittleEndian.Uint32(h[4:]))
		psize := binary.LittleEndian.Uint64(h[8:])
		csize := uint64(binary.LittleEndian.Uint32(h[16:]))
		e.Minor = int(binary.LittleEndian.Uint16(h[24:]))
		e.Major = int(binary.LittleEndian.Uint16(h[26:]))
		e.Arch = int(binary.LittleEndian.Uint32(h[28:]))
		e.Flags = binary.LittleEndian.Uint64(h[40:])
		usize := binary.LittleEndian.Uint64(h[56:])
		if ehs < minEntryHeader || ehs > uint64(end-off) {
			return nil, diag.At(path, 0, 0, "fatbin offset 0x%x: entry header size %d outside [%d, %d]", off, ehs, minEntryHeader, end-off)
		}
		if psize > uint64(end-off)-ehs {
			return nil, diag.At(path, 0, 0, "fatbin offset 0x%x: %s entry payload of %d bytes runs past the container end (%d bytes left)",
				off, e.Kind, psize, uint64(end-off)-ehs)
		}
		payload := b[off+int(ehs) : off+int(ehs)+int(psize)]
		e.Compressed = e.Flags&FlagCompressed != 0
		if e.Compressed {
			if csize > psize {
				return nil, diag.At(path, 0, 0, "fatbin offset 0x%x: compressed size %d exceeds the payload's %d bytes", off+16, csize, psize)
			}
			if usize > maxPayload {
				return nil, diag.At(path, 0, 0, "fatbin offset 0x%x: uncompressed size %d is implausible", off+56, usize)
			}
			e.Raw, e.Size = payload[:csize], usize
		} else {
			e.Raw, e.Size = payload, psize
		}
		f.Entries = append(f.Entries, e)
		off += int(ehs) + int(psize)
	}
	return f, nil
}

// Payload returns the entry's image, decompressed when it is stored
// compressed. PTX text has its trailing NUL padding removed.
func (f *File) Payload(e *Entry) ([]byte, error) {
	data := e.Raw
	if e.Compressed {
		out, err := decodeLZ4(e.Raw, int(e.Size))
		if err != nil {
			return nil, diag.At(f.Path, 0, 0, "fatbin offset 0x%x: %s entry: %v", e.Offset, e.Name(), err)
		}
		data = out
	}
	if e.Kind == KindPTX {
		n := len(data)
		for n > 0 && data[n-1] == 0 {
			n--
		}
		data = data[:n]
	}
	return data, nil
}

// PickPTX chooses the PTX entry to run on a machine of compute capability
// maxArch (75 for sm_75): the highest compute capability not above it
// (later entries win ties). The error says what the program carries when
// nothing fits.
func (f *File) PickPTX(maxArch int) (*Entry, error) {
	var best *Entry
	var have []string
	for i := range f.Entries {
		e := &f.Entries[i]
		have = append(have, e.Name())
		if e.Kind != KindPTX || e.Arch > maxArch {
			continue
		}
		if best == nil || e.Arch >= best.Arch {
			best = e
		}
	}
	if best != nil {
		return best, nil
	}
	list := "nothing"
	if len(have) > 0 {
		list = joinNames(have)
	}
	return nil, diag.At(f.Path, 0, 0, "fatbin: no PTX for compute capability %d.%d or lower (the program embeds %s); gpusim runs PTX: build with -arch=sm_XX or -gencode arch=compute_XX,code=compute_XX",
		maxArch/10, maxArch%10, list)
}

func joinNames(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
