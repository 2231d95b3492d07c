package cuda

import (
	"os"
	"strings"
	"testing"
)

// TestPrintfBuffer checks the device printf FIFO: records print in order
// at a synchronisation, a full FIFO overwrites the oldest records, and
// records never flushed are lost at exit, as on hardware, with the report
// saying so.
func TestPrintfBuffer(t *testing.T) {
	g := newRig(t, "functional")
	dc := &deviceCalls{r: g.r}
	g.r.mu.Lock()
	dc.Printf("a=%d\n", u32(1), nil)
	dc.Printf("b=%d\n", u32(2), nil)
	g.r.mu.Unlock()
	if g.stdout.Len() != 0 {
		t.Fatalf("printed before a synchronisation: %q", g.stdout.String())
	}
	expect(t, "sync", g.r.DeviceSynchronize(tid), Success)
	if got := g.stdout.String(); got != "a=1\nb=2\n" {
		t.Errorf("stdout %q", got)
	}

	// Each record costs 16 bytes plus its arguments rounded to 8: 24 here.
	expect(t, "limit", g.r.SetLimit(tid, limitPrintfFifoSize, 3*24), Success)
	g.stdout.Reset()
	g.r.mu.Lock()
	for i := 0; i < 5; i++ {
		dc.Printf("r%d\n", u32(uint32(i)), nil)
	}
	g.r.mu.Unlock()
	expect(t, "sync", g.r.StreamSynchronize(tid, 0), Success)
	if got := g.stdout.String(); got != "r2\nr3\nr4\n" {
		t.Errorf("after overflow stdout %q, want the newest three", got)
	}
	if g.r.printf.lost != 2 {
		t.Errorf("%d records lost, want 2", g.r.printf.lost)
	}

	g.r.mu.Lock()
	dc.Printf("never flushed\n", nil, nil)
	g.r.mu.Unlock()
	g.r.Exit()
	rep, err := os.ReadFile(g.r.opts.Report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"printf: 2 records overwritten in the full 72-byte FIFO (cudaLimitPrintfFifoSize)",
		"printf: 1 record never printed: the program exited without synchronising (as on hardware)",
	} {
		if !strings.Contains(string(rep), want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	if strings.Contains(g.stdout.String(), "never flushed") {
		t.Errorf("unflushed record printed at exit")
	}
}

// TestPrintfStrings checks %s arguments read from device memory.
func TestPrintfStrings(t *testing.T) {
	g := newRig(t, "functional")
	p, b := g.host(16)
	copy(b, "device\x00junk")
	got := FormatPrintf("[%s] [%.3s] [%s]", append(u64(p), append(u64(p+3), u64(0x10)...)...), g.r.readString)
	if want := "[device] [ice] [(unreadable string at 0x10)]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestAssertFail checks the assert report line and cudaErrorAssert.
func TestAssertFail(t *testing.T) {
	g := newRig(t, "functional")
	dc := &deviceCalls{r: g.r}
	g.r.mu.Lock()
	dc.AssertFail("x[i] >= 0", "/src/check.cu", "void check(const int *)", 12, [3]uint32{1, 0, 0}, [3]uint32{5, 0, 0})
	dc.AssertFail("x[i] >= 0", "/src/check.cu", "void check(const int *)", 12, [3]uint32{1, 0, 0}, [3]uint32{6, 0, 0})
	dc.finish()
	g.r.mu.Unlock()
	want := "/src/check.cu:12: void check(const int *): block: [1,0,0], thread: [5,0,0] Assertion `x[i] >= 0` failed.\n" +
		"/src/check.cu:12: void check(const int *): block: [1,0,0], thread: [6,0,0] Assertion `x[i] >= 0` failed.\n"
	if got := g.stderr.String(); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
	expect(t, "sync", g.r.DeviceSynchronize(tid), ErrorAssert)
	expect(t, "sticky", g.r.Memset(tid, 0, 0, 0), ErrorAssert)
}
