package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestStructLayouts compiles cudart.h's structs next to the CUDA toolkit's
// own (when installed) and checks every member's offset and every size,
// so that what the library writes lands where programs read it.
func TestStructLayouts(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	inc := "/usr/include"
	if nvcc, err := exec.LookPath("nvcc"); err == nil {
		if d := filepath.Join(filepath.Dir(filepath.Dir(nvcc)), "include"); fileExists(filepath.Join(d, "driver_types.h")) {
			inc = d
		}
	}
	if !fileExists(filepath.Join(inc, "driver_types.h")) {
		t.Skip("CUDA toolkit headers not installed")
	}
	hdr, err := os.ReadFile("cudart.h")
	if err != nil {
		t.Fatal(err)
	}
	pairs := []struct{ ours, theirs string }{
		{"gpusim_deviceProp", "struct cudaDeviceProp"},
		{"gpusim_funcAttributes", "struct cudaFuncAttributes"},
		{"gpusim_pointerAttributes", "struct cudaPointerAttributes"},
		{"gpusim_channelFormatDesc", "struct cudaChannelFormatDesc"},
		{"gpusim_dim3", "dim3"},
	}
	var src strings.Builder
	src.WriteString("#include <stddef.h>\n#define cudaError_t gpusim_cudaError_t\n#define cudaStream_t gpusim_cudaStream_t\n#define cudaEvent_t gpusim_cudaEvent_t\n")
	src.WriteString("#include \"cudart.h\"\n#undef cudaError_t\n#undef cudaStream_t\n#undef cudaEvent_t\n#include <cuda_runtime_api.h>\n")
	checks := 0
	for _, p := range pairs {
		fields := structFields(t, string(hdr), p.ours)
		fmt.Fprintf(&src, "_Static_assert(sizeof(%s) == sizeof(%s), \"size of %s\");\n", p.ours, p.theirs, p.ours)
		for _, f := range fields {
			fmt.Fprintf(&src, "_Static_assert(offsetof(%s, %s) == offsetof(%s, %s), \"%s.%s\");\n", p.ours, f, p.theirs, f, p.ours, f)
			checks++
		}
	}
	dir := t.TempDir()
	cfile := filepath.Join(dir, "layout.c")
	if err := os.WriteFile(cfile, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(".")
	out, err := exec.Command(cc, "-c", "-o", filepath.Join(dir, "layout.o"), "-I", abs, "-I", inc, cfile).CombinedOutput()
	if err != nil {
		t.Fatalf("layouts differ from the toolkit's:\n%s", out)
	}
	if checks < 100 {
		t.Errorf("only %d members checked", checks)
	}
}

// structFields lists the member names of a typedef'd struct in cudart.h.
func structFields(t *testing.T, hdr, name string) []string {
	t.Helper()
	end := strings.Index(hdr, "} "+name+";")
	start := strings.LastIndex(hdr[:max(end, 0)], "typedef struct {")
	if end < 0 || start < 0 {
		t.Fatalf("cudart.h has no %s", name)
	}
	body := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(hdr[start+len("typedef struct {"):end], "")
	var out []string
	member := regexp.MustCompile(`(\w+)(\[\d+\])?$`)
	for _, decl := range strings.Split(body, ";") {
		decl = strings.TrimSpace(decl)
		if decl == "" {
			continue
		}
		// "unsigned int x, y, z" declares several: the names follow the
		// last space of the first declarator's type.
		i := strings.LastIndexAny(strings.SplitN(decl, ",", 2)[0], " *")
		for _, part := range strings.Split(decl[i+1:], ",") {
			part = strings.TrimLeft(strings.TrimSpace(part), "*")
			if mm := member.FindStringSubmatch(part); mm != nil {
				out = append(out, mm[1])
			}
		}
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
