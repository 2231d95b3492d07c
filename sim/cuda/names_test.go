package cuda

import "testing"

func TestShortName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"_Z6vecaddPKfS0_Pfi", "vecadd"},
		{"_Z6matmulILi16EEvPKfS1_Pfiii", "matmul<16>"},
		{"_Z6reduceILi256EEvPKiPii", "reduce<256>"},
		{"_ZN2ns4stepEPf", "ns::step"},
		{"_ZN5outer5innerILin3EfEEvv", "outer::inner<-3, float>"},
		{"_Z1kILb1EEvv", "k<true>"},
		{"work", "work"},                 // extern "C"
		{"_Z", "_Z"},                     // malformed: unchanged
		{"_Z99short", "_Z99short"},       // length past the end
		{"_Z3fooIPiEvv", "_Z3fooIPiEvv"}, // a template argument beyond the subset
	} {
		if got := shortName(c.in); got != c.want {
			t.Errorf("shortName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
