package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// A small client of the Chrome DevTools Protocol for the browser test:
// Chromium runs headless with --remote-debugging-pipe, reading commands on
// its file descriptor 3 and writing replies and events on 4, each message a
// JSON object followed by a NUL byte. One page target is attached in flat
// mode (commands carry its sessionId).

// browser is a running headless Chromium with one page.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      io.WriteCloser
	stderr  *strings.Builder
	session string

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan cdpMessage
	events  chan cdpMessage
	done    chan struct{}
}

type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *cdpError       `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

type cdpError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// findChromium returns the Chromium binary, or "" when none is installed.
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser starts Chromium headless (the flags a root user on a machine
// without network needs) and attaches to a blank page.
func startBrowser(t *testing.T, exe string) *browser {
	t.Helper()
	toChrome, chromeIn, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	chromeOut, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	profile := t.TempDir()
	cmd := exec.Command(exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
		"--user-data-dir="+profile, "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome} // its fds 3 and 4
	b := &browser{t: t, cmd: cmd, in: chromeIn, stderr: &strings.Builder{}, waiting: map[int]chan cdpMessage{},
		events: make(chan cdpMessage, 4096), done: make(chan struct{})}
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	toChrome.Close()
	fromChrome.Close()
	go b.read(chromeOut)
	t.Cleanup(b.close)

	var target struct {
		TargetID string `json:"targetId"`
	}
	b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var att struct {
		SessionID string `json:"sessionId"`
	}
	b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att)
	b.session = att.SessionID
	b.do("Page.enable", nil, nil)
	b.do("Runtime.enable", nil, nil)
	b.do("Network.enable", nil, nil)
	return b
}

// read delivers replies to their callers and queues events.
func (b *browser) read(r io.Reader) {
	defer close(b.done)
	br := bufio.NewReader(r)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.waiting[m.ID]
			delete(b.waiting, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		select {
		case b.events <- m:
		default: // a test that ignores events does not block the reader
		}
	}
}

// call sends a command (to the browser when session is "") and decodes its
// result into out.
func (b *browser) call(session, method string, params any, out any) {
	b.t.Helper()
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpMessage, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		b.t.Fatalf("%s: writing to chromium: %v\n%s", method, err, b.stderr.String())
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			b.t.Fatalf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if out != nil {
			if err := json.Unmarshal(m.Result, out); err != nil {
				b.t.Fatalf("%s: %v in %s", method, err, m.Result)
			}
		}
	case <-b.done:
		b.t.Fatalf("%s: chromium exited:\n%s", method, b.stderr.String())
	case <-time.After(60 * time.Second):
		b.t.Fatalf("%s: no answer from chromium in 60 s", method)
	}
}

// do sends a command to the page.
func (b *browser) do(method string, params any, out any) {
	b.t.Helper()
	b.call(b.session, method, params, out)
}

// waitEvent waits for the page's event method and returns its params.
func (b *browser) waitEvent(method string, seen func(cdpMessage)) json.RawMessage {
	b.t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case m := <-b.events:
			if seen != nil {
				seen(m)
			}
			if m.Method == method && m.SessionID == b.session {
				return m.Params
			}
		case <-b.done:
			b.t.Fatalf("waiting for %s: chromium exited:\n%s", method, b.stderr.String())
		case <-timeout:
			b.t.Fatalf("no %s in 60 s", method)
		}
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func (b *browser) eval(expr string, out any) {
	b.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.do("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if r.ExceptionDetails != nil {
		b.t.Fatalf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out != nil {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			b.t.Fatalf("%s: %v in %s", expr, err, r.Result.Value)
		}
	}
}

// open loads a local file at the given viewport width and returns the URLs
// the page requested.
func (b *browser) open(path string, width int) []string {
	b.t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		b.t.Fatal(err)
	}
	b.do("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": false}, nil)
	b.do("Page.navigate", map[string]any{"url": "file://" + abs}, nil)
	var urls []string
	b.waitEvent("Page.loadEventFired", func(m cdpMessage) {
		if m.Method == "Network.requestWillBeSent" {
			var p struct {
				Request struct {
					URL string `json:"url"`
				} `json:"request"`
			}
			if json.Unmarshal(m.Params, &p) == nil {
				urls = append(urls, p.Request.URL)
			}
		}
	})
	return urls
}

// click presses and releases the left mouse button at a point of the
// viewport, as a user would.
func (b *browser) click(x, y float64) {
	b.t.Helper()
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		p := map[string]any{"type": typ, "x": x, "y": y}
		if typ != "mouseMoved" {
			p["button"], p["clickCount"] = "left", 1
		}
		b.do("Input.dispatchMouseEvent", p, nil)
	}
}

// screenshot saves the whole page (up to maxHeight CSS pixels) as a PNG.
func (b *browser) screenshot(path string, width, maxHeight int) {
	b.t.Helper()
	var h int
	b.eval("document.documentElement.scrollHeight", &h)
	h = min(h, maxHeight)
	b.do("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": h, "deviceScaleFactor": 1, "mobile": false}, nil)
	var shot struct {
		Data []byte `json:"data"` // base64 in JSON
	}
	b.do("Page.captureScreenshot", map[string]any{"format": "png", "clip": map[string]any{"x": 0, "y": 0, "width": width, "height": h, "scale": 1}}, &shot)
	if len(shot.Data) < 1000 || string(shot.Data[1:4]) != "PNG" {
		b.t.Fatalf("screenshot: %d bytes, not a PNG", len(shot.Data))
	}
	if err := os.WriteFile(path, shot.Data, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// close ends Chromium.
func (b *browser) close() {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	b.mu.Unlock()
	data, _ := json.Marshal(map[string]any{"id": id, "method": "Browser.close"})
	b.in.Write(append(data, 0))
	b.in.Close()
	select {
	case <-b.done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
	}
	b.cmd.Wait()
}
