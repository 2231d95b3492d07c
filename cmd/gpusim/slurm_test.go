package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sweepArgs are the arguments of the sweep the Slurm tests run: softmax on
// a quarter of its grid, 2 x 4 points, with a cycle limit that the runs on
// one SM exceed (those two fail).
func sweepArgs(out string) []string {
	return []string{"sweep", "-grid", "64", "-max-cycles", "40000", "-vary", "units.sfu.lanes=4,8", "-vary", "gpu.sms=1,2,4,8",
		"-csv", filepath.Join(out, "sweep.csv"), "-json", filepath.Join(out, "sweep.json"), "-html", filepath.Join(out, "sweep.html"),
		filepath.Join("..", "..", "traces", "samples", "softmax.ptx")}
}

// TestSweepSlurm writes a job array for a sweep, checks the script and the
// point files, runs every array task's command as Slurm would (the script
// under bash with SLURM_ARRAY_TASK_ID set), merges, and checks that the
// merged table, CSV, JSON and HTML are byte for byte those of the local
// sweep of the same points, including the failed points' rows; the
// per-point reports of a local sweep (-reports) equal the tasks' results.
func TestSweepSlurm(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "sweep dir's") // quoting in the script
	slurmOut, localOut := filepath.Join(root, "slurm"), filepath.Join(root, "local")
	for _, d := range []string{slurmOut, localOut} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var so, se bytes.Buffer
	args := append(sweepArgs(slurmOut), "-slurm", dir, "-sbatch", "--time=00:10:00")
	if code := run(args, &so, &se); code != 0 {
		t.Fatalf("sweep -slurm: exit %d: %s", code, se.String())
	}
	if !strings.Contains(so.String(), "sbatch ") {
		t.Errorf("sweep -slurm says:\n%s", so.String())
	}
	script, err := os.ReadFile(filepath.Join(dir, "sweep.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	exe, _ = filepath.EvalSymlinks(exe)
	for _, want := range []string{
		"#!/bin/bash\n", "#SBATCH --array=0-7\n", "#SBATCH --time=00:10:00\n", "#SBATCH --job-name=gpusim-sweep\n",
		"#SBATCH --output=" + filepath.Join(dir, "logs", "%A_%a.out") + "\n",
		"\nexec " + shellQuote(exe) + " sweep task " + shellQuote(dir) + "\n",
	} {
		if !bytes.Contains(script, []byte(want)) {
			t.Errorf("sweep.sbatch lacks %q:\n%s", want, script)
		}
	}
	// Slurm reads #SBATCH lines only before the first command.
	lines := strings.Split(string(script), "\n")
	seenCommand := false
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "#SBATCH") && seenCommand {
			t.Errorf("#SBATCH line after a command: %q", l)
		}
		if l != "" && !strings.HasPrefix(l, "#") {
			seenCommand = true
		}
	}
	readme, err := os.ReadFile(filepath.Join(dir, "README"))
	if err != nil || !bytes.Contains(readme, []byte("sbatch "+shellQuote(filepath.Join(dir, "sweep.sbatch")))) ||
		!bytes.Contains(readme, []byte("sweep merge "+shellQuote(dir))) {
		t.Errorf("README (%v):\n%s", err, readme)
	}
	wantSets := [][]string{}
	for _, l := range []string{"4", "8"} {
		for _, s := range []string{"1", "2", "4", "8"} {
			wantSets = append(wantSets, []string{"units.sfu.lanes=" + l, "gpu.sms=" + s})
		}
	}
	for i, want := range wantSets {
		var pf pointFile
		if err := readJSONFile(filepath.Join(dir, "points", pointName(i)+".json"), &pf); err != nil {
			t.Fatal(err)
		}
		if pf.Index != i || strings.Join(pf.Sets, " ") != strings.Join(want, " ") {
			t.Errorf("point %d: %+v, want sets %v", i, pf, want)
		}
	}

	// The array, task by task.
	for i := range wantSets {
		cmd := exec.Command(bash, filepath.Join(dir, "sweep.sbatch"))
		cmd.Env = append(os.Environ(), asGPUSim+"=1", "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i), "SLURM_ARRAY_JOB_ID=4242", "SLURM_JOB_ID=4243")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		failing := strings.HasSuffix(wantSets[i][1], "=1")
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if failing && code != exitFault || !failing && code != 0 {
			t.Errorf("task %d (%v): exit %d:\n%s", i, wantSets[i], code, out.String())
		}
		result := filepath.Join(dir, "results", pointName(i)+".json")
		if failing {
			result = filepath.Join(dir, "results", pointName(i)+".error.json")
		}
		if _, err := os.Stat(result); err != nil {
			t.Errorf("task %d: %v", i, err)
		}
	}
	so.Reset()
	se.Reset()
	if code := run([]string{"sweep", "merge", dir}, &so, &se); code != exitFault {
		t.Fatalf("sweep merge: exit %d, want 1 (two runs faulted): %s", code, se.String())
	}
	merged := so.String()

	// The same sweep, run here.
	so.Reset()
	se.Reset()
	reports := filepath.Join(root, "reports")
	if code := run(append(sweepArgs(localOut), "-reports", reports, "-j", "2"), &so, &se); code != exitFault {
		t.Fatalf("local sweep: exit %d, want 1: %s", code, se.String())
	}
	if merged != so.String() {
		t.Errorf("merged table differs from the local one:\n%s\n%s", merged, so.String())
	}
	for _, name := range []string{"sweep.csv", "sweep.json", "sweep.html"} {
		a, err1 := os.ReadFile(filepath.Join(slurmOut, name))
		b, err2 := os.ReadFile(filepath.Join(localOut, name))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: merged and local differ (%v %v)", name, err1, err2)
		}
	}
	for i := range wantSets {
		if strings.HasSuffix(wantSets[i][1], "=1") {
			continue
		}
		a, err1 := os.ReadFile(filepath.Join(dir, "results", pointName(i)+".json"))
		b, err2 := os.ReadFile(filepath.Join(reports, pointName(i)+".json"))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("point %d: the task's report and the local sweep's differ (%v %v)", i, err1, err2)
		}
	}
	// The failed points are rows with their errors; the others have
	// cycles that fall as the SMs grow.
	data, _ := os.ReadFile(filepath.Join(localOut, "sweep.csv"))
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) != 9 {
		t.Fatalf("CSV (%v):\n%s", err, data)
	}
	head := rows[0]
	if head[len(head)-1] != "error" || head[2] != "cycles" {
		t.Errorf("CSV header %v", head)
	}
	for i, r := range rows[1:] {
		errCol := r[len(r)-1]
		if r[1] == "1" {
			if !strings.Contains(errCol, "-max-cycles") || r[2] != "" {
				t.Errorf("row %d (%v): want an error row", i, r)
			}
		} else if errCol != "" || r[2] == "" {
			t.Errorf("row %d (%v): want a measured row", i, r)
		}
	}
	var js struct {
		Runs []map[string]any `json:"runs"`
	}
	data, _ = os.ReadFile(filepath.Join(localOut, "sweep.json"))
	if err := json.Unmarshal(data, &js); err != nil || len(js.Runs) != 8 || js.Runs[0]["error"] == nil || js.Runs[1]["cycles"] == nil {
		t.Errorf("sweep JSON (%v): %s", err, data)
	}

	// A task that never ran is a row saying so.
	if err := os.Remove(filepath.Join(dir, "results", pointName(7)+".json")); err != nil {
		t.Fatal(err)
	}
	so.Reset()
	se.Reset()
	if code := run([]string{"sweep", "merge", "-csv", filepath.Join(root, "partial.csv"), dir}, &so, &se); code != exitUsage {
		t.Errorf("merge with a missing result: exit %d, want 2", code)
	}
	data, _ = os.ReadFile(filepath.Join(root, "partial.csv"))
	if !bytes.Contains(data, []byte("no result: array task 7 has not run or did not finish")) {
		t.Errorf("partial CSV:\n%s", data)
	}
}

// TestSweepTaskErrors: a task without a point, or outside the array, or
// on a folder that is not a sweep, is bad usage with a clear message.
func TestSweepTaskErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"sweep", "task", dir}, "", "gpusim: sweep task: no point given (set SLURM_ARRAY_TASK_ID or give INDEX)"},
		{[]string{"sweep", "task", dir, "0"}, "", "gpusim: sweep task: " + dir + ": not a gpusim sweep folder (no manifest.json; write one with gpusim sweep -slurm " + dir + ")"},
		{[]string{"sweep", "merge", dir}, "", "gpusim: sweep merge: " + dir + ": not a gpusim sweep folder (no manifest.json; write one with gpusim sweep -slurm " + dir + ")"},
		{[]string{"sweep", "merge"}, "", "gpusim: sweep merge: want exactly one folder (written by gpusim sweep -slurm DIR), got 0 arguments"},
	} {
		t.Setenv("SLURM_ARRAY_TASK_ID", c.env)
		var so, se bytes.Buffer
		code := run(c.args, &so, &se)
		first, _, _ := strings.Cut(se.String(), "\n")
		if code != exitUsage || first != c.want {
			t.Errorf("%v: exit %d %q, want 2 %q", c.args, code, first, c.want)
		}
	}
	// A point number beyond the array.
	var so, se bytes.Buffer
	args := []string{"sweep", "-vary", "gpu.sms=1,2", "-slurm", dir, filepath.Join("..", "..", "traces", "samples", "vecadd.ptx")}
	if code := run(args, &so, &se); code != 0 {
		t.Fatalf("exit %d: %s", code, se.String())
	}
	se.Reset()
	if code := run([]string{"sweep", "task", dir, "2"}, &so, &se); code != exitUsage || !strings.Contains(se.String(), `INDEX="2": want a point number 0..1`) {
		t.Errorf("task 2 of 2: exit %d: %s", code, se.String())
	}
}
