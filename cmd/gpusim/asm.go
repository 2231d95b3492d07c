package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpusim/gpusim/traces/amdgpu/vop3"
)

// archFlags parses `-arch ARCH` and one positional argument.
func archFlags(name string, args []string, stderr io.Writer) (vop3.Gen, string, bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	arch := fs.String("arch", "", "AMD target: gfx90a, gfx942, gfx1030, gfx1100, gfx1200, ... (append :wave64 on gfx10+)")
	if err := fs.Parse(args); err != nil {
		return vop3.Gen{}, "", false
	}
	if *arch == "" || fs.NArg() == 0 {
		fmt.Fprintf(stderr, "usage: gpusim %s -arch ARCH ARG\n", name)
		return vop3.Gen{}, "", false
	}
	g, err := vop3.ParseGen(*arch)
	if err != nil {
		fmt.Fprintf(stderr, "gpusim %s: %v\n", name, err)
		return vop3.Gen{}, "", false
	}
	return g, strings.Join(fs.Args(), " "), true
}

// cmdAsm prints the line `llvm-mc -show-encoding` prints for an instruction.
func cmdAsm(args []string, stdout, stderr io.Writer) int {
	g, text, ok := archFlags("asm", args, stderr)
	if !ok {
		return exitUsage
	}
	line, err := vop3.ShowEncoding(g, text)
	if err != nil {
		return errorf(stderr, exitUsage, "asm: %v", err)
	}
	if line == "" {
		return errorf(stderr, exitUsage, "asm: no instruction in %q", text)
	}
	fmt.Fprintln(stdout, line)
	return exitOK
}

// cmdDisasm decodes bytes ("0x05,0x00,..." or "[0x05, ...]") into
// instruction text, one line per instruction.
func cmdDisasm(args []string, stdout, stderr io.Writer) int {
	g, text, ok := archFlags("disasm", args, stderr)
	if !ok {
		return exitUsage
	}
	b, err := vop3.ParseEncoding(text)
	if err != nil {
		return errorf(stderr, exitUsage, "disasm: %v", err)
	}
	if len(b) == 0 {
		return errorf(stderr, exitUsage, "disasm: no bytes in %q", text)
	}
	var out strings.Builder
	for off := 0; off < len(b); {
		t, n, err := vop3.Disassemble(g, b[off:])
		if err != nil {
			return errorf(stderr, exitUsage, "disasm: at byte %d: %v", off, err)
		}
		out.WriteString(t)
		out.WriteByte('\n')
		off += n
	}
	fmt.Fprint(stdout, out.String())
	return exitOK
}
