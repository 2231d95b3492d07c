package diag

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	cases := []struct {
		e    *Error
		want string
	}{
		{&Error{File: "a.ptx", Line: 3, Col: 7, Msg: "bad"}, "a.ptx:3:7: bad"},
		{&Error{File: "a.toml", Line: 3, Msg: "bad"}, "a.toml:3: bad"},
		{&Error{File: "a.toml", Msg: "bad"}, "a.toml: bad"},
		{&Error{File: "-set x=1", Key: "x", Msg: "bad"}, "-set x=1: bad"},
		{&Error{Msg: "bad"}, "bad"},
		{At("k.s", 10, 2, "want %d", 4), "k.s:10:2: want 4"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%#v: got %q, want %q", c.e, got, c.want)
		}
	}
}

func TestErrorsAsAndUnwrap(t *testing.T) {
	err := fmt.Errorf("loading: %w", Wrap("f.bin", 1, 0, io.ErrUnexpectedEOF))
	var d *Error
	if !errors.As(err, &d) {
		t.Fatal("errors.As found no *Error")
	}
	if f, l, c := d.Position(); f != "f.bin" || l != 1 || c != 0 {
		t.Errorf("position %s:%d:%d", f, l, c)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Error("the cause does not unwrap")
	}
}
