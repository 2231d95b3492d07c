package report

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// WriteHTML writes the comparison as a page: the runs, then per launch a
// chart of the largest changes and the sortable tables of metrics and
// instructions.
func (c *Comparison) WriteHTML(w io.Writer) error {
	var p page
	var sub []string
	for i, r := range c.Runs {
		sub = append(sub, fmt.Sprintf("<b>%s</b> %s", runLabel(i), esc(r.Name)))
	}
	p.head(fmt.Sprintf("gpusim compare: %d runs", len(c.Runs)), strings.Join(sub, " &middot; "))
	p.printf("<h2 id=\"runs\">Runs</h2>\n")
	cols := []column{{name: "run", text: true}, {name: "file", text: true}, {name: "trace", text: true}, {name: "machine", text: true}, {name: "overrides", text: true}}
	var rows [][]cell
	for i, r := range c.Runs {
		m := r.Doc.Machine
		rows = append(rows, []cell{txt(runLabel(i)), txt(r.Name), txt(r.Doc.Trace), txt(m.Name), txt(strings.Join(m.Overrides, " "))})
	}
	p.table("compare-runs", cols, rows, nil)
	for _, kc := range c.Kernels {
		id := fmt.Sprintf("kernel-%d", kc.Index)
		p.printf("<h2 id=\"%s\">Kernel %s (launch %d)</h2>\n", id, esc(strings.Join(uniq(kc.Names), " / ")), kc.Index)
		if kc.Metrics == nil {
			p.printf("<p class=\"note\">Not in every run: not compared.</p>\n")
			continue
		}
		// The largest finite changes, as ratios to run A.
		p.printf("<div class=\"charts\">\n")
		for i := 1; i < len(c.Runs); i++ {
			var bars []Bar
			for _, m := range kc.Metrics {
				r := m.Ratio(i)
				if math.IsInf(r, 0) || m.Change == 0 || len(bars) == 12 {
					continue
				}
				bars = append(bars, Bar{Label: m.Name, Value: r, Text: "×" + fmtRatio(r), Title: fmt.Sprintf("%s: %s → %s", m.Name, fmtValue(m.Values[0]), fmtValue(m.Values[i]))})
			}
			if len(bars) == 0 {
				continue
			}
			bc := BarChart{ID: fmt.Sprintf("%s-ratios-%d", id, i), Title: fmt.Sprintf("Largest changes: %s / A", runLabel(i)), Unit: "ratio to run A (1 = unchanged)", Bars: bars}
			p.figure(bc.SVG(), "")
		}
		p.printf("</div>\n<h3>Metrics</h3>\n")
		cols := []column{{name: "metric", text: true}, {name: "unit", text: true}}
		for i := range c.Runs {
			cols = append(cols, column{name: runLabel(i)})
		}
		for i := 1; i < len(c.Runs); i++ {
			cols = append(cols, column{name: runLabel(i) + "/A"})
		}
		cols = append(cols, column{name: "|log2 change|"})
		var rows [][]cell
		for _, m := range kc.Metrics {
			r := []cell{txt(m.Name), txt(m.Unit)}
			for _, v := range m.Values {
				r = append(r, cell{show: fmtValue(v), v: fmt.Sprintf("%g", v)})
			}
			for i := 1; i < len(m.Values); i++ {
				ra := m.Ratio(i)
				cl := ""
				if ra != 1 {
					if (ra < 1) == m.LowerBetter {
						cl = "down"
					} else {
						cl = "up"
					}
				}
				v := fmt.Sprintf("%g", ra)
				if math.IsInf(ra, 1) {
					v = "1e308"
				}
				r = append(r, cell{show: fmtRatio(ra), v: v, class: cl})
			}
			ch := fmt.Sprintf("%.3f", m.Change)
			chv := fmt.Sprintf("%g", m.Change)
			if math.IsInf(m.Change, 1) {
				ch, chv = "inf", "1e308"
			}
			r = append(r, cell{show: ch, v: chv})
			rows = append(rows, r)
		}
		p.table(id+"-metrics", cols, rows, nil)
		p.printf("<p class=\"note\">Green: better than run A; red: worse (by the metric's usual direction). Sorted by the size of the change.</p>\n")
		if len(kc.Insts) > 0 {
			p.printf("<h3>Instructions</h3>\n")
			cols := []column{{name: "PC"}, {name: "line"}, {name: "instruction", text: true}}
			for i := range c.Runs {
				cols = append(cols, column{name: "stall cycles " + runLabel(i)})
			}
			for i := 1; i < len(c.Runs); i++ {
				cols = append(cols, column{name: runLabel(i) + "/A"})
			}
			for i := range c.Runs {
				cols = append(cols, column{name: "executions " + runLabel(i)})
			}
			for i := range c.Runs {
				cols = append(cols, column{name: "p50 " + runLabel(i)})
			}
			var rows [][]cell
			for _, in := range kc.Insts {
				r := []cell{{show: fmt.Sprint(in.PC), v: fmt.Sprint(in.PC)}, {show: fmt.Sprint(in.Line), v: fmt.Sprint(in.Line)}, {show: in.Text, class: "code"}}
				for _, s := range in.Stalls {
					r = append(r, num(s))
				}
				for i := 1; i < len(in.Stalls); i++ {
					ra := uRatio(in.Stalls[0], in.Stalls[i])
					v := fmt.Sprintf("%g", ra)
					if math.IsInf(ra, 1) {
						v = "1e308"
					}
					cl := ""
					if ra > 1 {
						cl = "up"
					} else if ra < 1 {
						cl = "down"
					}
					r = append(r, cell{show: fmtRatio(ra), v: v, class: cl})
				}
				for _, e := range in.Exec {
					r = append(r, num(e))
				}
				for _, q := range in.P50 {
					r = append(r, flt("%g", q))
				}
				rows = append(rows, r)
			}
			p.table(id+"-instructions", cols, rows, nil)
		}
		if kc.Uncompared > 0 {
			p.printf("<p class=\"note\">%d instructions differ in text between the runs and are not compared.</p>\n", kc.Uncompared)
		}
	}
	return p.finish(w)
}
