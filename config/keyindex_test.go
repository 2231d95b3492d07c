package config

import "testing"

func TestKeyIndex(t *testing.T) {
	src := []byte(`kernel = "k"
grid = [1,
  2]

[[args]]
buffer = "a"
[[args]]
value = 3

[buffers.a]
type = "f32"
count = 4
[buffers."b.c"]
type = "u8"
`)
	x := IndexKeys(src)
	for key, want := range map[string]int{
		"kernel": 1, "grid": 2, "buffers.a": 10, "buffers.a.type": 11, "buffers.a.count": 12,
		"buffers.a.init": 10, "nothing": 0, "args": 5,
	} {
		if got := x.Line(key); got != want {
			t.Errorf("Line(%q) = %d, want %d", key, got, want)
		}
	}
	for i, want := range []int{5, 7, 0} {
		if got := x.ArrayLine("args", i); got != want {
			t.Errorf("ArrayLine(args, %d) = %d, want %d", i, got, want)
		}
	}
}
