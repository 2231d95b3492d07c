module github.com/gpusim/gpusim

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	gonum.org/v1/gonum v0.17.0
)
