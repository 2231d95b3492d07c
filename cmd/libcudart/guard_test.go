package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryExportRecovers checks that no exported entry point can let a
// Go panic reach the host program: each body runs inside guard or
// guardVoid, recovers itself, or only calls another exported function.
func TestEveryExportRecovers(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	exported := map[string]*ast.FuncDecl{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if strings.HasPrefix(c.Text, "//export ") {
					exported[fd.Name.Name] = fd
				}
			}
		}
	}
	if len(exported) < 80 {
		t.Fatalf("found only %d exported functions", len(exported))
	}
	for name, fd := range exported {
		safe := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok {
					if id.Name == "guard" || id.Name == "guardVoid" || id.Name == "recover" {
						safe = true
					}
					if _, ok := exported[id.Name]; ok && len(fd.Body.List) == 1 {
						safe = true // a thin alias of another entry point
					}
				}
			}
			return true
		})
		if !safe {
			t.Errorf("%s: exported without guard or recover (%s)", name, fset.Position(fd.Pos()))
		}
	}
}
