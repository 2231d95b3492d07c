package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
)

// EnvLibrary names another copy of gpusim's CUDA runtime library: a folder
// holding libcudart.so.11.0 (and libcudart.so.12), or the library file.
const EnvLibrary = "GPUSIM_LIBCUDART"

// libFlavour is a soname the library is built under, with its build tags
// (cmd/libcudart/version*.go).
type libFlavour struct{ soname, tags string }

func libFlavours() []libFlavour {
	return []libFlavour{{"libcudart.so.11.0", ""}, {"libcudart.so.12", "cudart12"}}
}

// findLibrary returns the folder to put first on the program's library
// path: $GPUSIM_LIBCUDART, else the folder of the gpusim executable when
// it holds the library, else a copy built once into the user's cache.
func findLibrary(stderr io.Writer) (string, error) {
	if p := os.Getenv(EnvLibrary); p != "" {
		st, err := os.Stat(p)
		if err != nil {
			return "", fmt.Errorf("$%s: %v", EnvLibrary, err)
		}
		if !st.IsDir() {
			p = filepath.Dir(p)
		}
		if !haveLibrary(p) {
			return "", fmt.Errorf("$%s: %s holds no %s", EnvLibrary, p, libFlavours()[0].soname)
		}
		return p, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return "", err
	}
	if dir := filepath.Dir(exe); haveLibrary(dir) {
		return dir, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no library beside %s and no cache folder (%v); set $%s", exe, err, EnvLibrary)
	}
	key, err := fileKey(exe)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "gpusim", "libcudart-"+key)
	if haveLibrary(dir) {
		return dir, nil
	}
	root, err := sourceRoot()
	if err != nil {
		return "", fmt.Errorf("no CUDA runtime library beside %s or in %s, and %v; build it (see cmd/libcudart) and set $%s", exe, dir, err, EnvLibrary)
	}
	fmt.Fprintf(stderr, "gpusim: building the CUDA runtime library from %s into %s (once)\n", root, dir)
	if err := buildLibrary(root, dir); err != nil {
		return "", err
	}
	pruneLibraries(filepath.Dir(dir), keptLibraries)
	return dir, nil
}

// keptLibraries is how many builds of the library (one per gpusim build)
// the cache keeps; older ones are removed.
const keptLibraries = 4

func pruneLibraries(cache string, keep int) {
	dirs, _ := filepath.Glob(filepath.Join(cache, "libcudart-*"))
	type aged struct {
		path string
		mod  int64
	}
	var all []aged
	for _, d := range dirs {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			all = append(all, aged{d, st.ModTime().UnixNano()})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].mod > all[j].mod })
	for i := keep; i < len(all); i++ {
		os.RemoveAll(all[i].path)
	}
}

func haveLibrary(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, libFlavours()[0].soname))
	return err == nil && st.Mode().IsRegular()
}

// fileKey names a file's contents: a build of gpusim gets its own library.
func fileKey(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

const modulePath = "github.com/gpusim/gpusim"

// sourceRoot finds gpusim's source to build the library from: the module
// this file was compiled from (its path is in the binary unless built with
// -trimpath), else the module cache copy of the version in the binary's
// build information.
func sourceRoot() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
		if isSourceRoot(root) {
			return root, nil
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path == modulePath && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		out, err := exec.Command(goTool(), "env", "GOMODCACHE").Output()
		if err == nil {
			root := filepath.Join(strings.TrimSpace(string(out)), modulePath+"@"+bi.Main.Version)
			if isSourceRoot(root) {
				return root, nil
			}
		}
	}
	return "", errors.New("gpusim's source is not where this binary was built from")
}

func isSourceRoot(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !strings.Contains(string(b), "module "+modulePath+"\n") {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "cmd", "libcudart", "main.go"))
	return err == nil
}

// goTool is the go command: on the PATH, as for anyone who built gpusim.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "go"
}

// buildLibrary builds the library under every soname into dir (through a
// temporary folder beside it, so that a half-built library is never
// found). This is the one place that knows how: -buildmode=c-shared, and
// the soname and symbol version node through the external linker, which
// cgo's own flags cannot carry.
func buildLibrary(root, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, fl := range libFlavours() {
		script := filepath.Join(root, "cmd", "libcudart", fl.soname+".map")
		args := []string{"build", "-buildmode=c-shared", "-o", filepath.Join(tmp, fl.soname),
			"-ldflags=-extldflags '-Wl,-soname," + fl.soname + " -Wl,--version-script=" + script + "'"}
		if fl.tags != "" {
			args = append(args, "-tags", fl.tags)
		}
		args = append(args, "./cmd/libcudart")
		cmd := exec.Command(goTool(), args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v\n%s", fl.soname, err, out)
		}
		os.Remove(filepath.Join(tmp, strings.TrimSuffix(fl.soname, filepath.Ext(fl.soname))+".h"))
	}
	matches, _ := filepath.Glob(filepath.Join(tmp, "*.h"))
	for _, m := range matches {
		os.Remove(m)
	}
	if err := os.Rename(tmp, dir); err != nil && !haveLibrary(dir) {
		return err
	}
	return nil
}
