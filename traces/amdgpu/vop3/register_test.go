package vop3

import "testing"

// TestReadRegister: the register reader the codec and the AMDGPU front end
// share.
func TestReadRegister(t *testing.T) {
	cases := []struct {
		tok  string
		want Operand
		err  RegisterError
	}{
		{"v5", Operand{Kind: KindVGPR, Reg: 5, Width: 1}, RegOK},
		{"v[4:7]", Operand{Kind: KindVGPR, Reg: 4, Width: 4}, RegOK},
		{"v[9]", Operand{Kind: KindVGPR, Reg: 9, Width: 1}, RegOK},
		{"s[0:15]", Operand{Kind: KindSGPR, Reg: 0, Width: 16}, RegOK},
		{"s105", Operand{Kind: KindSGPR, Reg: 105, Width: 1}, RegOK},
		{"ttmp[4:5]", Operand{Kind: KindTTMP, Reg: 4, Width: 2}, RegOK},
		{"vcc", Operand{Kind: KindVCC, Width: 2}, RegOK},
		{"exec_hi", Operand{Kind: KindEXEC, Reg: 1, Width: 1}, RegOK},
		{"m0", Operand{Kind: KindM0, Width: 1}, RegOK},
		{"null", Operand{Kind: KindNull, Width: 1}, RegOK},
		{"src_scc", Operand{Kind: KindSCC}, RegOK},
		{"scc", Operand{Kind: KindSCC}, RegOK},
		{"src_shared_base", Operand{Kind: KindSharedBase}, RegOK},
		{"v256", Operand{}, RegOutOfRange},
		{"s[104:106]", Operand{}, RegOutOfRange},
		{"ttmp16", Operand{}, RegOutOfRange},
		{"v[3:1]", Operand{}, RegMalformed},
		{"v[4:", Operand{}, RegMalformed},
		{"a[0:1]", Operand{}, RegAccumulation},
		{"tba_lo", Operand{}, RegUnsupported},
		{"lds_direct", Operand{}, RegUnsupported},
		{"vfoo", Operand{}, RegNotRegister},
		{"0x10", Operand{}, RegNotRegister},
		{".Lend", Operand{}, RegNotRegister},
	}
	for _, c := range cases {
		got, err := ReadRegister(c.tok)
		if err != c.err || (err == RegOK && got != c.want) {
			t.Errorf("ReadRegister(%q) = %+v, %d; want %+v, %d", c.tok, got, err, c.want, c.err)
		}
	}
}
