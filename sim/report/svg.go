package report

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The charts are inline SVG drawn here, so a page needs no script and no
// network to show them and two runs give the same bytes. Every chart is an
// <svg class="plot"> with an id and a data-kind; every drawn datum (a line,
// an area, a bar) has class "mark", which is what the browser test counts.

// color is the i-th colour of the Okabe-Ito set (distinguishable with the
// common colour-vision deficiencies), then a few more.
func color(i int) string {
	palette := [...]string{
		"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
		"#F0E442", "#000000", "#999999", "#882255", "#44AA99", "#117733",
	}
	return palette[i%len(palette)]
}

// Series is one line of a chart: Y[i] at X[i].
type Series struct {
	Name string
	X, Y []float64
	// Dashed draws a reference line (a peak, a bound) dashed and without
	// point markers.
	Dashed bool
}

// LineChart plots series against a numeric x axis, or against category
// labels (XCats: X holds indices into it).
type LineChart struct {
	ID, Title      string
	XLabel, YLabel string // axis titles, units in parentheses
	XCats          []string
	// XTicks, when set, are the x positions to label (a sweep's values);
	// XLog2 spaces the x axis logarithmically (values doubling).
	XTicks []float64
	XLog2  bool
	Series []Series
	// Steps draws each value held over [X[i], X[i+1]) (interval data);
	// Stacked draws the series as stacked areas (each Y on top of the
	// ones before); YMax fixes the top of the y axis (0: from the data).
	Steps, Stacked bool
	YMax           float64
	// XMax fixes the right end of a numeric x axis (0: from the data).
	XMax float64
	// YFormat formats a y value for the point tooltips.
	YFormat func(float64) string
}

// Chart geometry, in SVG user units (pixels at 100%).
const (
	chartW, chartH                   = 560, 280
	padL, padR, padT, padB           = 64, 16, 34, 46
	legendRowH                       = 16
	barRowH, barLabelW, barValueW    = 22, 140, 140
	histW, histH, histPadB, histPadL = 560, 260, 54, 64
)

// SVG renders the chart.
func (c *LineChart) SVG() string {
	var b strings.Builder
	legendRows := 0
	if len(c.Series) > 1 {
		legendRows = (len(c.Series) + 2) / 3
	}
	h := chartH + legendRows*legendRowH
	fmt.Fprintf(&b, `<svg class="plot" id="%s" data-kind="line" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		esc(c.ID), chartW, h, chartW, h, esc(c.Title))
	fmt.Fprintf(&b, `<text class="title" x="%d" y="18">%s</text>`, padL, esc(c.Title))
	// Data ranges.
	xmin, xmax := math.Inf(1), math.Inf(-1)
	ymax := 0.0
	var stack []float64
	for si, s := range c.Series {
		for i := range s.X {
			xmin, xmax = math.Min(xmin, s.X[i]), math.Max(xmax, s.X[i])
			y := s.Y[i]
			if math.IsNaN(y) {
				continue
			}
			if c.Stacked {
				if si == 0 {
					stack = make([]float64, len(s.Y))
				}
				if i < len(stack) {
					stack[i] += y
					y = stack[i]
				}
			}
			ymax = math.Max(ymax, y)
		}
	}
	if math.IsInf(xmin, 1) {
		xmin, xmax = 0, 1
	}
	if c.XMax > 0 {
		xmin, xmax = math.Min(xmin, 0), c.XMax
	}
	if len(c.XCats) > 0 {
		xmin, xmax = -0.5, float64(len(c.XCats))-0.5
	}
	xf := func(x float64) float64 { return x }
	if c.XLog2 && xmin > 0 {
		xf = math.Log2
		xmin, xmax = math.Log2(xmin), math.Log2(xmax)
	}
	if xmax == xmin {
		xmin, xmax = xmin-0.5, xmax+0.5
	} else if len(c.XTicks) > 0 {
		pad := (xmax - xmin) * 0.04
		xmin, xmax = xmin-pad, xmax+pad
	}
	if c.YMax > 0 {
		ymax = c.YMax
	}
	yticks, ytop := niceTicks(0, ymax, 5)
	if c.YMax > 0 {
		ytop = c.YMax
	}
	var xticks []float64
	if len(c.XCats) == 0 && len(c.XTicks) == 0 {
		xticks, _ = niceTicks(xmin, xmax, 6)
	}
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	px := func(x float64) float64 { return float64(padL) + (xf(x)-xmin)/(xmax-xmin)*pw }
	if len(xticks) > 0 {
		// niceTicks worked on the transformed axis only when it is linear.
		px = func(x float64) float64 { return float64(padL) + (x-xmin)/(xmax-xmin)*pw }
	}
	py := func(y float64) float64 { return float64(padT) + ph - y/ytop*ph }
	// Grid and axes.
	b.WriteString(`<g class="axis">`)
	for _, t := range yticks {
		if t > ytop*1.0001 {
			continue
		}
		y := py(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, padL, chartW-padR, y, y)
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`, padL-6, y, fmtTick(t, yticks))
	}
	if len(c.XCats) > 0 {
		for i, cat := range c.XCats {
			x := px(float64(i))
			fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, chartH-padB+16, esc(cat))
		}
	} else if len(c.XTicks) > 0 {
		for _, t := range c.XTicks {
			x := px(t)
			fmt.Fprintf(&b, `<line class="tickmark" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x, x, chartH-padB, chartH-padB+4)
			fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, chartH-padB+16, fmtNum(t))
		}
	} else {
		for _, t := range xticks {
			if t < xmin-1e-9*(xmax-xmin) || t > xmax+1e-9*(xmax-xmin) {
				continue
			}
			x := px(t)
			fmt.Fprintf(&b, `<line class="tickmark" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x, x, chartH-padB, chartH-padB+4)
			fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, chartH-padB+16, fmtTick(t, xticks))
		}
	}
	fmt.Fprintf(&b, `<line class="frame" x1="%d" x2="%d" y1="%d" y2="%d"/>`, padL, chartW-padR, chartH-padB, chartH-padB)
	fmt.Fprintf(&b, `<line class="frame" x1="%d" x2="%d" y1="%d" y2="%d"/>`, padL, padL, padT, chartH-padB)
	fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%d" text-anchor="middle">%s</text>`, float64(padL)+pw/2, chartH-8, esc(c.XLabel))
	fmt.Fprintf(&b, `<text class="label" transform="translate(14,%.1f) rotate(-90)" text-anchor="middle">%s</text>`, float64(padT)+ph/2, esc(c.YLabel))
	b.WriteString(`</g>`)
	// Data.
	yf := c.YFormat
	if yf == nil {
		yf = fmtNum
	}
	var base []float64
	for si, s := range c.Series {
		col := color(si)
		if len(s.X) == 0 {
			continue
		}
		top := make([]float64, len(s.Y))
		for i, y := range s.Y {
			top[i] = y
			if c.Stacked && base != nil && i < len(base) {
				top[i] += base[i]
			}
		}
		pts := c.points(s.X, top, xmax, px, py)
		if c.Stacked {
			var low [][2]float64
			if base == nil {
				low = [][2]float64{{pts[len(pts)-1][0], py(0)}, {pts[0][0], py(0)}}
			} else {
				bp := c.points(s.X, base, xmax, px, py)
				for i := len(bp) - 1; i >= 0; i-- {
					low = append(low, bp[i])
				}
			}
			fmt.Fprintf(&b, `<path class="mark area" data-series="%s" fill="%s" d="%s"><title>%s</title></path>`,
				esc(s.Name), col, pathD(append(append([][2]float64(nil), pts...), low...), true), esc(s.Name))
			base = top
			continue
		}
		dash := ""
		if s.Dashed {
			dash = ` stroke-dasharray="6 4"`
		} else if d := seriesDash(si); d != "" {
			dash = ` stroke-dasharray="` + d + `"`
		}
		fmt.Fprintf(&b, `<path class="mark line" data-series="%s" stroke="%s"%s d="%s"/>`, esc(s.Name), col, dash, pathD(pts, false))
		if !s.Dashed && len(s.X) <= 64 {
			for i := range s.X {
				if math.IsNaN(s.Y[i]) {
					continue
				}
				label := fmtNum(s.X[i])
				if len(c.XCats) > 0 && int(s.X[i]) < len(c.XCats) {
					label = c.XCats[int(s.X[i])]
				}
				fmt.Fprintf(&b, `<circle class="pt" cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s: %s = %s</title></circle>`,
					px(s.X[i]), py(top[i]), col, esc(s.Name), esc(label), esc(yf(s.Y[i])))
			}
		}
	}
	// Legend.
	if legendRows > 0 {
		for i, s := range c.Series {
			x := padL + (i%3)*((chartW-padL-padR)/3)
			y := chartH + (i/3)*legendRowH + 4
			if c.Stacked {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="10" fill="%s"/>`, x, y, color(i))
			} else {
				dash := seriesDash(i)
				if s.Dashed {
					dash = "6 4"
				}
				fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2.5" stroke-dasharray="%s"/>`, x-4, x+14, y+5, y+5, color(i), dash)
			}
			fmt.Fprintf(&b, `<text class="legend" x="%d" y="%d">%s</text>`, x+18, y+9, esc(s.Name))
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// seriesDash tells overlapping lines apart: the first solid, the others
// with dashes of their own.
func seriesDash(i int) string {
	dashes := [...]string{"", "7 3", "2 3", "10 3 2 3", "4 4", "1 2"}
	return dashes[i%len(dashes)]
}

// points maps a series to SVG coordinates; Steps holds each value until the
// next x (the last until xmax).
func (c *LineChart) points(xs, ys []float64, xmax float64, px, py func(float64) float64) [][2]float64 {
	var pts [][2]float64
	for i := range xs {
		if math.IsNaN(ys[i]) {
			pts = append(pts, [2]float64{math.NaN(), math.NaN()})
			continue
		}
		if c.Steps {
			next := xmax
			if i+1 < len(xs) {
				next = xs[i+1]
			}
			pts = append(pts, [2]float64{px(xs[i]), py(ys[i])}, [2]float64{px(next), py(ys[i])})
			continue
		}
		pts = append(pts, [2]float64{px(xs[i]), py(ys[i])})
	}
	return pts
}

// pathD is an SVG path through the points; a NaN point (no value) breaks
// the line.
func pathD(pts [][2]float64, closed bool) string {
	var b strings.Builder
	move := true
	for _, p := range pts {
		if math.IsNaN(p[0]) {
			move = true
			continue
		}
		if move {
			b.WriteString("M")
			move = false
		} else {
			b.WriteString("L")
		}
		fmt.Fprintf(&b, "%.1f %.1f", p[0], p[1])
	}
	if closed {
		b.WriteString("Z")
	}
	return b.String()
}

// Bar is one bar of a bar chart.
type Bar struct {
	Label string
	Value float64
	// Text is the value as shown beside the bar.
	Text string
	// Title is the tooltip.
	Title string
}

// BarChart is a horizontal bar chart (one row per bar) on a linear scale
// from 0 to Max (0: the largest value).
type BarChart struct {
	ID, Title, Unit string
	Bars            []Bar
	Max             float64
}

// SVG renders the chart.
func (c *BarChart) SVG() string {
	var b strings.Builder
	h := padT + len(c.Bars)*barRowH + 30
	fmt.Fprintf(&b, `<svg class="plot" id="%s" data-kind="bars" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		esc(c.ID), chartW, h, chartW, h, esc(c.Title))
	fmt.Fprintf(&b, `<text class="title" x="8" y="18">%s</text>`, esc(c.Title))
	top := c.Max
	for _, bar := range c.Bars {
		top = math.Max(top, bar.Value)
	}
	if top <= 0 {
		top = 1
	}
	x0, w := float64(barLabelW), float64(chartW-barLabelW-barValueW)
	ticks, ttop := niceTicks(0, top, 4)
	if c.Max > 0 {
		ttop = c.Max
	}
	yEnd := padT + len(c.Bars)*barRowH
	for _, t := range ticks {
		if t > ttop*1.0001 {
			continue
		}
		x := x0 + t/ttop*w
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x, x, padT-4, yEnd)
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, yEnd+14, fmtTick(t, ticks))
	}
	fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x0+w/2, yEnd+28, esc(c.Unit))
	for i, bar := range c.Bars {
		y := padT + i*barRowH
		bw := math.Max(0, bar.Value/ttop*w)
		title := bar.Title
		if title == "" {
			title = bar.Label + ": " + bar.Text
		}
		fmt.Fprintf(&b, `<text class="barlabel" x="%.1f" y="%d" text-anchor="end" dominant-baseline="middle">%s</text>`, x0-8, y+barRowH/2, esc(bar.Label))
		fmt.Fprintf(&b, `<rect class="mark bar" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" data-value="%s"><title>%s</title></rect>`,
			x0, y+3, bw, barRowH-6, color(0), fmtNum(bar.Value), esc(title))
		fmt.Fprintf(&b, `<text class="barvalue" x="%.1f" y="%d" dominant-baseline="middle">%s</text>`, x0+bw+6, y+barRowH/2, esc(bar.Text))
	}
	fmt.Fprintf(&b, `<line class="frame" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/>`, x0, x0, padT-4, yEnd)
	b.WriteString(`</svg>`)
	return b.String()
}

// ColumnChart is a vertical bar chart over category labels (a histogram),
// or, with Stack, stacked columns: Stack[s][i] is series s in category i.
type ColumnChart struct {
	ID, Title      string
	XLabel, YLabel string
	Cats           []string
	Values         []float64
	Titles         []string // tooltips
	Stack          [][]float64
	StackNames     []string
	// YMax fixes the top of the y axis (0: from the data).
	YMax float64
}

// SVG renders the chart.
func (c *ColumnChart) SVG() string {
	var b strings.Builder
	legendRows := 0
	if c.Stack != nil {
		legendRows = (len(c.Stack) + 2) / 3
	}
	h := histH + legendRows*legendRowH
	fmt.Fprintf(&b, `<svg class="plot" id="%s" data-kind="columns" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		esc(c.ID), histW, h, histW, h, esc(c.Title))
	fmt.Fprintf(&b, `<text class="title" x="%d" y="18">%s</text>`, histPadL, esc(c.Title))
	top := 0.0
	for _, v := range c.Values {
		top = math.Max(top, v)
	}
	if c.Stack != nil {
		for i := range c.Cats {
			sum := 0.0
			for _, s := range c.Stack {
				if i < len(s) {
					sum += s[i]
				}
			}
			top = math.Max(top, sum)
		}
	}
	if c.YMax > 0 {
		top = c.YMax
	}
	ticks, ttop := niceTicks(0, top, 5)
	pw, ph := float64(histW-histPadL-padR), float64(histH-padT-histPadB)
	py := func(y float64) float64 { return float64(padT) + ph - y/ttop*ph }
	for _, t := range ticks {
		y := py(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, histPadL, histW-padR, y, y)
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`, histPadL-6, y, fmtTick(t, ticks))
	}
	n := max(1, len(c.Values))
	if c.Stack != nil {
		n = max(1, len(c.Cats))
	}
	slot := pw / float64(n)
	for i := 0; c.Stack != nil && i < len(c.Cats); i++ {
		x := float64(histPadL) + float64(i)*slot
		base := 0.0
		for si, s := range c.Stack {
			if i >= len(s) {
				continue
			}
			v := s[i]
			name := ""
			if si < len(c.StackNames) {
				name = c.StackNames[si]
			}
			fmt.Fprintf(&b, `<rect class="mark bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" data-value="%s"><title>%s, %s: %s</title></rect>`,
				x+slot*0.1, py(base+v), slot*0.8, py(base)-py(base+v), color(si), fmtNum(v), esc(c.Cats[i]), esc(name), fmtNum(v))
			base += v
		}
		fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="end" transform="rotate(-40 %.1f %d)">%s</text>`,
			x+slot/2, histH-histPadB+14, x+slot/2, histH-histPadB+14, esc(c.Cats[i]))
	}
	for i, name := range c.StackNames {
		x := histPadL + (i%3)*((histW-histPadL-padR)/3)
		y := histH + (i/3)*legendRowH + 4
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="10" fill="%s"/><text class="legend" x="%d" y="%d">%s</text>`,
			x, y, color(i), x+16, y+9, esc(name))
	}
	for i, v := range c.Values {
		x := float64(histPadL) + float64(i)*slot
		title := ""
		if i < len(c.Titles) {
			title = c.Titles[i]
		}
		fmt.Fprintf(&b, `<rect class="mark bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" data-value="%s"><title>%s</title></rect>`,
			x+slot*0.1, py(v), slot*0.8, py(0)-py(v), color(0), fmtNum(v), esc(title))
		if i < len(c.Cats) {
			fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="end" transform="rotate(-40 %.1f %d)">%s</text>`,
				x+slot/2, histH-histPadB+14, x+slot/2, histH-histPadB+14, esc(c.Cats[i]))
		}
	}
	fmt.Fprintf(&b, `<line class="frame" x1="%d" x2="%d" y1="%d" y2="%d"/>`, histPadL, histW-padR, histH-histPadB, histH-histPadB)
	fmt.Fprintf(&b, `<line class="frame" x1="%d" x2="%d" y1="%d" y2="%d"/>`, histPadL, histPadL, padT, histH-histPadB)
	fmt.Fprintf(&b, `<text class="label" x="%.1f" y="%d" text-anchor="middle">%s</text>`, float64(histPadL)+pw/2, histH-4, esc(c.XLabel))
	fmt.Fprintf(&b, `<text class="label" transform="translate(14,%.1f) rotate(-90)" text-anchor="middle">%s</text>`, float64(padT)+ph/2, esc(c.YLabel))
	b.WriteString(`</svg>`)
	return b.String()
}

// niceTicks returns about n evenly spaced round values covering [lo, hi]
// (steps of 1, 2 or 5 times a power of ten) and the last of them.
func niceTicks(lo, hi float64, n int) ([]float64, float64) {
	if !(hi > lo) {
		hi = lo + 1
	}
	raw := (hi - lo) / float64(max(1, n-1))
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	start := math.Floor(lo/step) * step
	var ticks []float64
	for v := start; v < hi+step*0.999; v += step {
		ticks = append(ticks, cleanFloat(v, step))
	}
	return ticks, ticks[len(ticks)-1]
}

// cleanFloat rounds away the error accumulated by adding steps.
func cleanFloat(v, step float64) float64 {
	d := math.Pow(10, math.Floor(math.Log10(step))-3)
	return math.Round(v/d) * d
}

// fmtTick formats a tick with SI suffixes and as many decimals as the
// spacing of the ticks needs.
func fmtTick(v float64, ticks []float64) string {
	if v == 0 {
		return "0"
	}
	step := 1.0
	if len(ticks) > 1 {
		step = ticks[1] - ticks[0]
	}
	scale, suffix := siScale(math.Max(math.Abs(ticks[len(ticks)-1]), math.Abs(ticks[0])))
	s := step / scale
	dec := 0
	for dec < 4 && math.Abs(s*math.Pow(10, float64(dec))-math.Round(s*math.Pow(10, float64(dec)))) > 1e-6 {
		dec++
	}
	return fmt.Sprintf("%.*f%s", dec, v/scale, suffix)
}

func siScale(v float64) (float64, string) {
	switch {
	case v >= 1e9:
		return 1e9, "G"
	case v >= 1e6:
		return 1e6, "M"
	case v >= 1e4:
		return 1e3, "k"
	}
	return 1, ""
}

// fmtNum formats a value compactly: integers as integers, others with
// three significant digits.
func fmtNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.3g", v)
}

func esc(s string) string { return html.EscapeString(s) }
