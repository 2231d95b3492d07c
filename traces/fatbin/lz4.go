package fatbin

import "fmt"

// decodeLZ4 expands one LZ4 block (Y. Collet, "LZ4 Block Format
// Description", lz4/lz4 doc/lz4_Block_format.md) into exactly size bytes.
//
// A block is a run of sequences. Each starts with a token byte: the high
// nibble is the literal count and the low nibble the match length minus 4;
// a nibble of 15 continues in following bytes, each added, for as long as
// they are 255. The literals follow, then a 2-byte little-endian offset
// back into the output (1 or more) and the match, which may overlap the
// bytes it produces. The last sequence has literals only.
//
// Every length and offset is checked against the input and the output, so
// corrupt data is an error, never an out-of-range access.
func decodeLZ4(src []byte, size int) ([]byte, error) {
	dst := make([]byte, 0, size)
	i := 0
	for i < len(src) {
		tok := src[i]
		i++
		lit, err := lz4Length(src, &i, int(tok>>4))
		if err != nil {
			return nil, err
		}
		if lit > len(src)-i {
			return nil, fmt.Errorf("LZ4 block offset %d: %d literals but %d bytes left", i, lit, len(src)-i)
		}
		if lit > size-len(dst) {
			return nil, fmt.Errorf("LZ4 block offset %d: output grows past the stated %d bytes", i, size)
		}
		dst = append(dst, src[i:i+lit]...)
		i += lit
		if i == len(src) {
			break // the last sequence: literals only
		}
		if len(src)-i < 2 {
			return nil, fmt.Errorf("LZ4 block offset %d: match offset cut short", i)
		}
		off := int(src[i]) | int(src[i+1])<<8
		i += 2
		if off == 0 || off > len(dst) {
			return nil, fmt.Errorf("LZ4 block offset %d: match offset %d outside the %d bytes decoded so far", i-2, off, len(dst))
		}
		n, err := lz4Length(src, &i, int(tok&15))
		if err != nil {
			return nil, err
		}
		n += 4
		if n > size-len(dst) {
			return nil, fmt.Errorf("LZ4 block offset %d: output grows past the stated %d bytes", i, size)
		}
		from := len(dst) - off
		for k := 0; k < n; k++ { // byte by byte: the match may overlap itself
			dst = append(dst, dst[from+k])
		}
	}
	if len(dst) != size {
		return nil, fmt.Errorf("LZ4 block: decoded %d bytes, the header says %d", len(dst), size)
	}
	return dst, nil
}

// lz4Length completes a nibble length with its continuation bytes.
func lz4Length(src []byte, i *int, n int) (int, error) {
	if n != 15 {
		return n, nil
	}
	for {
		if *i >= len(src) {
			return 0, fmt.Errorf("LZ4 block offset %d: length cut short", *i)
		}
		b := src[*i]
		*i++
		n += int(b)
		if n > maxPayload {
			return 0, fmt.Errorf("LZ4 block offset %d: implausible length %d", *i, n)
		}
		if b != 255 {
			return n, nil
		}
	}
}
