package sim

import (
	"strings"
	"testing"
)

// TestPtxasBounded: a module whose kernel declares 1 GiB of .local per
// thread makes ptxas allocate tens of GiB; under gpusim's bound it fails
// quickly with a message that names the bound, and the run keeps its
// estimate (the error is what UsePtxas reports as the registers' source).
func TestPtxasBounded(t *testing.T) {
	ptxas := FindPtxas()
	if ptxas == "" {
		t.Skip("no ptxas")
	}
	src := []byte(`.version 7.0
.target sm_75
.address_size 64
.visible .entry big(.param .u64 out)
{
	.local .align 4 .b8 tmp[1073741824];
	.reg .b64 %rd<3>;
	.reg .b32 %r<2>;
	mov.u64 %rd1, tmp;
	mov.u32 %r1, 7;
	st.local.u32 [%rd1+1073741820], %r1;
	ld.local.u32 %r1, [%rd1+1073741820];
	ld.param.u64 %rd2, [out];
	st.global.u32 [%rd2], %r1;
	ret;
}
`)
	_, err := PtxasResources(ptxas, src, "sm_75")
	if err == nil {
		t.Skip("this ptxas assembles 1 GiB of .local per thread within the bound")
	}
	t.Log(err)
	if !strings.Contains(err.Error(), "ptxas -arch=sm_75: ") {
		t.Errorf("the error does not name ptxas and the architecture: %v", err)
	}
	if strings.Contains(err.Error(), "Memory allocation failure") && !strings.Contains(err.Error(), "of address space") {
		t.Errorf("a memory failure does not name gpusim's bound: %v", err)
	}
}
