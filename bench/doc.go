// Package bench holds the benchmarks of the simulator itself (`go test
// -bench . ./bench/`): how many warp instructions per second it simulates on
// the bundled samples, functionally and cycle by cycle, reported with
// b.ReportMetric so that what-if sweeps can be planned from them.
package bench
