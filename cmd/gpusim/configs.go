package main

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gpusim/gpusim/config"
)

// cmdConfigs lists the embedded machine models.
func cmdConfigs(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		return errorf(stderr, exitUsage, "configs takes no arguments")
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, name := range config.Presets() {
		desc, err := config.Describe(name)
		if err != nil {
			return errorf(stderr, exitUsage, "preset %s: %v", name, err)
		}
		fmt.Fprintf(tw, "%s\t%s\n", name, desc)
	}
	if err := tw.Flush(); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	return exitOK
}

// cmdConfig is `gpusim config show NAME [-set key=value ...]`.
func cmdConfig(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "show" {
		return errorf(stderr, exitUsage, "usage: gpusim config show NAME [-set key.path=value ...]")
	}
	fs := flag.NewFlagSet("config show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var sets stringList
	fs.Var(&sets, "set", "override a value, key.path=value (repeatable)")
	// Accept the name before or after the flags.
	rest := args[1:]
	var name string
	if len(rest) > 0 && len(rest[0]) > 0 && rest[0][0] != '-' {
		name, rest = rest[0], rest[1:]
	}
	if err := fs.Parse(rest); err != nil {
		return exitUsage
	}
	if name == "" && fs.NArg() == 1 {
		name = fs.Arg(0)
	} else if fs.NArg() != 0 || name == "" {
		return errorf(stderr, exitUsage, "usage: gpusim config show NAME [-set key.path=value ...]")
	}
	m, err := config.Load(name, sets)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	if _, err := stdout.Write(m.TOML()); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	return exitOK
}
