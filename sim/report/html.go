package report

import (
	_ "embed"
	"fmt"
	"io"
	"strings"
)

//go:embed assets/report.css
var pageCSS string

//go:embed assets/report.js
var pageJS string

// page assembles one self-contained HTML document: the style and the
// table-sorting script inline, charts as inline SVG, nothing fetched.
type page struct {
	b strings.Builder
}

func (p *page) head(title, subtitle string) {
	fmt.Fprintf(&p.b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&p.b, "<meta name=\"generator\" content=\"gpusim\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(title), pageCSS)
	fmt.Fprintf(&p.b, "<header class=\"page\"><h1>%s</h1><div class=\"meta\">%s</div></header>\n<main>\n", esc(title), subtitle)
}

func (p *page) finish(w io.Writer) error {
	fmt.Fprintf(&p.b, "</main>\n<footer>Written by gpusim. Times are core clock cycles of the machine model; rates are per cycle unless marked. Click a table header to sort.</footer>\n<script>\n%s</script>\n</body>\n</html>\n", pageJS)
	_, err := io.WriteString(w, p.b.String())
	return err
}

func (p *page) printf(format string, args ...any) { fmt.Fprintf(&p.b, format, args...) }

// figure places a chart with a caption.
func (p *page) figure(svg, caption string) {
	p.printf("<figure>%s", svg)
	if caption != "" {
		p.printf("<figcaption>%s</figcaption>", esc(caption))
	}
	p.printf("</figure>\n")
}

// card is one headline number.
func (p *page) card(key, value, sub string) {
	p.printf(`<div class="card"><div class="k">%s</div><div class="v">%s</div><div class="s">%s</div></div>`+"\n", esc(key), esc(value), esc(sub))
}

// textCard is a card whose value is a word, not a number.
func (p *page) textCard(key, value, sub string) {
	p.printf(`<div class="card"><div class="k">%s</div><div class="v t">%s</div><div class="s">%s</div></div>`+"\n", esc(key), esc(value), esc(sub))
}

// column is one column of a data table.
type column struct {
	name  string
	title string // header tooltip
	text  bool   // left-aligned text (sorts alphabetically)
}

// table writes a sortable data table; each row's cells are (shown, sort
// value) pairs, the sort value empty for the shown text itself.
type cell struct {
	show, v string
	class   string
	style   string
}

func (p *page) table(id string, cols []column, rows [][]cell, rowClass func(int) string) {
	p.printf(`<div class="tablewrap"><table class="data sortable" id="%s"><thead><tr>`, esc(id))
	for _, c := range cols {
		class := ""
		if c.text {
			class = ` class="text"`
		}
		title := ""
		if c.title != "" {
			title = fmt.Sprintf(` data-help="%s"`, esc(c.title))
		}
		p.printf("<th%s%s>%s</th>", class, title, esc(c.name))
	}
	p.printf("</tr></thead>\n<tbody>\n")
	for i, r := range rows {
		rc := ""
		if rowClass != nil {
			if c := rowClass(i); c != "" {
				rc = fmt.Sprintf(` class="%s"`, c)
			}
		}
		p.printf("<tr%s>", rc)
		for j, c := range r {
			class := c.class
			if class == "" && j < len(cols) && cols[j].text {
				class = "text"
			}
			attrs := ""
			if class != "" {
				attrs += fmt.Sprintf(` class="%s"`, class)
			}
			if c.v != "" {
				attrs += fmt.Sprintf(` data-v="%s"`, esc(c.v))
			}
			if c.style != "" {
				attrs += fmt.Sprintf(` style="%s"`, esc(c.style))
			}
			p.printf("<td%s>%s</td>", attrs, esc(c.show))
		}
		p.printf("</tr>\n")
	}
	p.printf("</tbody></table></div>\n")
}

// num is a numeric cell shown with thousands separators.
func num(v uint64) cell { return cell{show: groupDigits(v), v: fmt.Sprint(v)} }

// flt is a numeric cell with the given format.
func flt(format string, v float64) cell {
	return cell{show: fmt.Sprintf(format, v), v: fmt.Sprintf("%g", v)}
}

func txt(s string) cell { return cell{show: s} }

// groupDigits writes 1234567 as "1,234,567".
func groupDigits(v uint64) string {
	s := fmt.Sprint(v)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// fmtBytes shows a byte count with a binary-prefixed size.
func fmtBytes(v uint64) string {
	switch {
	case v >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(v)/(1<<30))
	case v >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(v)/(1<<10))
	}
	return fmt.Sprintf("%d B", v)
}

func dim(d [3]uint32) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }
