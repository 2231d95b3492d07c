package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
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

// configUsage is the usage line of `gpusim config`.
const configUsage = "usage: gpusim config show|check NAME [-set key.path=value ...]"

// cmdConfig is `gpusim config show|check NAME [-set key=value ...]`: show
// prints a machine model's effective TOML; check validates it without
// running anything.
func cmdConfig(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "show" && args[0] != "check") {
		return errorf(stderr, exitUsage, configUsage)
	}
	fs := flag.NewFlagSet("config "+args[0], flag.ContinueOnError)
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
		return errorf(stderr, exitUsage, configUsage)
	}
	if args[0] == "check" {
		return configCheck(name, sets, stdout, stderr)
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

// configCheck is `gpusim config check`: load the model (schema, ranges,
// cross-references) and check what the simulator will build from it
// (sim.CheckMachine), without a trace. A good model prints one line and
// exits 0; otherwise every problem goes to stderr, one per line as
// file:line:col: message (an override as "-set key=value: message"),
// followed by a count, and the exit status is 2.
func configCheck(name string, sets []string, stdout, stderr io.Writer) int {
	m, err := config.Load(name, sets)
	if err == nil {
		err = sim.CheckMachine(m)
	}
	var es config.Errors
	switch {
	case err == nil:
		what := m.File()
		if len(sets) > 0 {
			what += fmt.Sprintf(" with %d override(s)", len(sets))
		}
		fmt.Fprintf(stdout, "%s: ok: %s\n", what, m.Summary())
		return exitOK
	case errors.As(err, &es):
		for _, e := range es {
			fmt.Fprintln(stderr, e)
		}
		noun := "problems"
		if len(es) == 1 {
			noun = "problem"
		}
		return errorf(stderr, exitUsage, "config check %s: %d %s", name, len(es), noun)
	}
	return errorf(stderr, exitUsage, "%v", err)
}
