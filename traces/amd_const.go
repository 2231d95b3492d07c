package traces

// AMDInlineFloat is one of AMD's inline float constants as the three
// operand widths read it: source codes 240..248 stand for 0.5, -0.5, 1.0,
// -1.0, 2.0, -2.0, 4.0, -4.0 and 1/(2*pi) (AMD ISA manuals, "Inline
// constants"; 1/(2*pi) is 0x3118 as f16, 0x3e22f983 as f32 and
// 0x3fc45f306dc9c882 as f64). Integer inline constants are -16..64.
type AMDInlineFloat struct {
	F16 uint16
	F32 uint32
	F64 uint64
}

// AMDInlineFloats returns the inline float constants in source-code order
// (index i is code 240+i). It is the one table the AMDGPU front end and
// the VOP3 codec read.
func AMDInlineFloats() [9]AMDInlineFloat {
	return [9]AMDInlineFloat{
		{0x3800, 0x3f000000, 0x3fe0000000000000},
		{0xb800, 0xbf000000, 0xbfe0000000000000},
		{0x3c00, 0x3f800000, 0x3ff0000000000000},
		{0xbc00, 0xbf800000, 0xbff0000000000000},
		{0x4000, 0x40000000, 0x4000000000000000},
		{0xc000, 0xc0000000, 0xc000000000000000},
		{0x4400, 0x40800000, 0x4010000000000000},
		{0xc400, 0xc0800000, 0xc010000000000000},
		{0x3118, 0x3e22f983, 0x3fc45f306dc9c882},
	}
}
