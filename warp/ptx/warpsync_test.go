package ptx

import (
	"strings"
	"testing"

	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// TestMembermaskFaults checks the membermask rules of the .sync warp
// instructions: an executing lane outside its mask, a mask naming exited
// lanes, and a mask naming lanes of a partial warp that hold no thread are
// faults naming the lanes.
func TestMembermaskFaults(t *testing.T) {
	cases := []struct {
		threads uint32
		body    string
		want    string
	}{
		{32, "vote.sync.ballot.b32 %r4, %p1, 0xffff;",
			"vote.sync.ballot.b32: lane 16 executes vote.sync.ballot.b32 but is not in its membermask 0x0000ffff (kernel k, block (0,0,0), warp 0, lane 16, thread (16,0,0), pc 2)"},
		{32, "setp.lt.u32 %p2, %r10, 16;\n@%p2 exit;\nredux.sync.add.u32 %r4, %r10, 0xffffffff;",
			"redux.sync.add.u32: membermask 0xffffffff names lanes 0x0000ffff that have exited or hold no thread: they can never execute redux.sync.add.u32 (kernel k, block (0,0,0), warp 0, lane 16, thread (16,0,0), pc 4)"},
		{20, "match.any.sync.b32 %r4, %r10, 0xffffffff;",
			"match.any.sync.b32: membermask 0xffffffff names lanes 0xfff00000 that have exited or hold no thread: they can never execute match.any.sync.b32 (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 2)"},
		{32, "elect.sync %r4|%p2, 0;",
			"elect.sync: lane 0 executes elect.sync but is not in its membermask 0x00000000"},
		{20, "vote.sync.ballot.b32 %r4, %p1, 0x000fffff;", ""},
	}
	for _, c := range cases {
		src := `.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<12>;
	.reg .pred %p<3>;
	mov.u32 %r10, %tid.x;
	setp.ne.u32 %p1, %r10, 3;
	` + c.body + `
	ret;
}
`
		prog, err := ptxfe.Parse("k.ptx", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		r := newRigProgram(t, prog, rigOpts{block: [3]uint32{c.threads, 1, 1}})
		err = r.runGrid()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.body, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v\nwant %s", c.body, err, c.want)
		}
	}
}
