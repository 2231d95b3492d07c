// Package report owns the views over gpusim's statistics that people and
// spreadsheets read beside the text and JSON reports of package sim: one
// self-contained HTML page (inline SVG charts, a sortable instruction
// table), CSV files named after Nsight Compute's metrics (docs/report-csv.md),
// side-by-side comparisons of runs, the tables, CSV, JSON and HTML of
// sweeps, and the timeline (Chrome trace-event JSON for Perfetto and
// chrome://tracing, docs/timeline.md). Every view but the timeline reads
// sim.ReportDoc values, so it renders a run just finished and a JSON report
// read back from disk the same way; the timeline is a core.Listener on the
// run itself (Timeline, timeline.go). The same inputs give the same bytes.
package report
