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
		{"gpusim_extent", "struct cudaExtent"},
		{"gpusim_pos", "struct cudaPos"},
		{"gpusim_pitchedPtr", "struct cudaPitchedPtr"},
		{"gpusim_memcpy3DParms", "struct cudaMemcpy3DParms"},
		{"gpusim_textureDesc", "struct cudaTextureDesc"},
		{"gpusim_textureDescV2", "struct cudaTextureDesc_v2"},
	}
	// Members whose names differ from the toolkit's (cudaResourceDesc's
	// union, flattened to its largest member).
	renamed := []struct{ ours, field, theirs, member string }{
		{"gpusim_resourceDesc", "resType", "struct cudaResourceDesc", "resType"},
		{"gpusim_resourceDesc", "devPtr", "struct cudaResourceDesc", "res.pitch2D.devPtr"},
		{"gpusim_resourceDesc", "devPtr", "struct cudaResourceDesc", "res.array.array"},
		{"gpusim_resourceDesc", "devPtr", "struct cudaResourceDesc", "res.mipmap.mipmap"},
		{"gpusim_resourceDesc", "devPtr", "struct cudaResourceDesc", "res.linear.devPtr"},
		{"gpusim_resourceDesc", "desc", "struct cudaResourceDesc", "res.linear.desc"},
		{"gpusim_resourceDesc", "desc", "struct cudaResourceDesc", "res.pitch2D.desc"},
		{"gpusim_resourceDesc", "width", "struct cudaResourceDesc", "res.linear.sizeInBytes"},
		{"gpusim_resourceDesc", "width", "struct cudaResourceDesc", "res.pitch2D.width"},
		{"gpusim_resourceDesc", "height", "struct cudaResourceDesc", "res.pitch2D.height"},
		{"gpusim_resourceDesc", "pitchInBytes", "struct cudaResourceDesc", "res.pitch2D.pitchInBytes"},
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
	src.WriteString("_Static_assert(sizeof(gpusim_resourceDesc) == sizeof(struct cudaResourceDesc), \"size of gpusim_resourceDesc\");\n")
	for _, r := range renamed {
		fmt.Fprintf(&src, "_Static_assert(offsetof(%s, %s) == offsetof(%s, %s), \"%s.%s\");\n", r.ours, r.field, r.theirs, r.member, r.ours, r.field)
		checks++
	}
	// The textureReference fields the runtime reads at their offsets
	// (sim/cuda/texture.go, refState).
	for _, f := range []struct {
		member string
		off    int
	}{{"normalized", 0}, {"filterMode", 4}, {"addressMode", 8}, {"channelDesc", 20}, {"sRGB", 40}, {"maxAnisotropy", 44},
		{"mipmapFilterMode", 48}, {"mipmapLevelBias", 52}, {"minMipmapLevelClamp", 56}, {"maxMipmapLevelClamp", 60}} {
		fmt.Fprintf(&src, "_Static_assert(offsetof(struct textureReference, %s) == %d, \"textureReference.%s\");\n", f.member, f.off, f.member)
		checks++
	}
	src.WriteString("_Static_assert(sizeof(struct surfaceReference) == sizeof(struct cudaChannelFormatDesc), \"surfaceReference\");\n")
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
