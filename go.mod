module github.com/gpusim/gpusim

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/cheggaaa/pb/v3 v3.3.0
	github.com/mattn/go-isatty v0.0.24
	golang.org/x/sys v0.49.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/VividCortex/ewma v1.2.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.2.0 // indirect
	github.com/fatih/color v1.19.0 // indirect
	github.com/mattn/go-colorable v0.1.16 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
)
