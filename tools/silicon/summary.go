package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// SummaryFormat names the JSON layout below; a change of layout changes it.
const SummaryFormat = "gpusim-silicon-summary/2"

// Summary is the JSON document the comparer writes.
type Summary struct {
	Format string `json:"format"`
	// Capture is the info frame of the capture program (device, clocks,
	// toolkit), as it sent it; null when the stream had none.
	Capture json.RawMessage `json:"capture"`
	Stream  StreamSummary   `json:"stream"`
	// Forms are the sweeps and record probes, in id order (forms 1..32).
	Forms []FormSummary `json:"forms"`
	// Tensor are the mma probes, in id order.
	Tensor []TensorSummary `json:"tensor"`
	Tables []TableFile     `json:"tables"`
	// Bench is the microbenchmark JSON of the capture program, as it sent
	// it (README.md documents its fields); null when absent.
	Bench json.RawMessage `json:"bench"`
	// Timing is present with -timing only, so that other runs give
	// byte-identical summaries for the same stream.
	Timing *Timing `json:"timing,omitempty"`
}

// StreamSummary says whether the stream arrived whole.
type StreamSummary struct {
	Frames     int64  `json:"frames"`
	Bytes      int64  `json:"bytes"`
	DataFrames int64  `json:"data_frames"`
	Elements   uint64 `json:"elements"`
	Ended      bool   `json:"ended"`           // the end frame arrived and its totals agreed
	Error      string `json:"error,omitempty"` // the first stream error, with position
	// CaptureErrors are the messages of error frames sent by the capture program.
	CaptureErrors []string `json:"capture_errors"`
}

// FormSummary is the result for one form.
type FormSummary struct {
	ID       FormID `json:"id"`
	Name     string `json:"name"`
	Model    string `json:"model"`
	Inputs   string `json:"inputs"`
	Expected uint64 `json:"expected_inputs"` // inputs in a full sweep
	Seen     uint64 `json:"inputs_seen"`
	Complete bool   `json:"complete"` // every input of the sweep arrived exactly once
	Matches  uint64 `json:"matches"`  // bit-exact
	// Mismatches counts inputs whose silicon output differs from the model.
	Mismatches uint64 `json:"mismatches"`
	// FirstMismatches are the mismatches with the lowest stream indices.
	FirstMismatches []Mismatch `json:"first_mismatches"`
	// Histogram counts inputs by model-versus-silicon ulp distance (bucket
	// 0..0 is the bit-exact matches); nonzero buckets only.
	Histogram []Bucket `json:"ulp_histogram"`
	// Incomparable counts mismatches without an ulp distance (NaN on either
	// side, +0 against -0, a differing RCP64H lower word).
	Incomparable uint64 `json:"incomparable"`
	// InputMismatches counts records whose input differs from the one
	// probe_inputs.go generates for their index (a harness fault: the
	// outputs are still compared with the model on the inputs received).
	InputMismatches      uint64          `json:"input_mismatches"`
	FirstInputMismatches []InputMismatch `json:"first_input_mismatches"`
}

// InputMismatch is one record whose input is not the generated one (hex
// bytes, little-endian).
type InputMismatch struct {
	Index uint64 `json:"index"`
	Want  string `json:"want"`
	Got   string `json:"got"`
}

// Mismatch is one input where silicon and model differ. Values are hex
// strings of the form's width; the input is its operands, comma-separated.
type Mismatch struct {
	Index   uint64 `json:"index"`
	Input   string `json:"input"`
	Model   string `json:"model"`
	Silicon string `json:"silicon"`
	// Ulp is the distance, or -1 when incomparable.
	Ulp int64 `json:"ulp"`
}

// Bucket is one histogram bucket: distances UlpMin..UlpMax.
type Bucket struct {
	UlpMin uint64 `json:"ulp_min"`
	UlpMax uint64 `json:"ulp_max"`
	Count  uint64 `json:"count"`
}

// TableFile names one table written with -tables.
type TableFile struct {
	Form    FormID `json:"form"`
	File    string `json:"file"`
	Entries int    `json:"entries"`
	Inputs  string `json:"entry_inputs"`
	SHA256  string `json:"sha256"` // of the file as written
}

// Timing is how fast the comparer ran.
type Timing struct {
	Workers        int     `json:"workers"`
	WallSeconds    float64 `json:"wall_seconds"`
	BytesPerSecond float64 `json:"bytes_per_second"`
	LanesPerSecond float64 `json:"lanes_per_second"` // model evaluations per second
}

// ReadSummary loads a summary written by the comparer and checks that its
// counts are consistent.
func ReadSummary(path string) (*Summary, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if s.Format != SummaryFormat {
		return nil, fmt.Errorf("%s: format %q, want %q", path, s.Format, SummaryFormat)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &s, nil
}

// check verifies the internal consistency of the counts.
func (s *Summary) check() error {
	for i := range s.Tensor {
		if err := s.Tensor[i].check(); err != nil {
			return err
		}
	}
	for i := range s.Forms {
		fs := &s.Forms[i]
		if f := lookupForm(fs.ID); f == nil || f.Kind == TensorForm {
			return fmt.Errorf("forms[%d]: unknown form id %d", i, fs.ID)
		}
		if fs.Matches+fs.Mismatches != fs.Seen {
			return fmt.Errorf("%s: matches %d + mismatches %d != inputs seen %d", fs.Name, fs.Matches, fs.Mismatches, fs.Seen)
		}
		sum := fs.Incomparable
		for _, b := range fs.Histogram {
			sum += b.Count
		}
		if sum != fs.Seen {
			return fmt.Errorf("%s: histogram holds %d inputs, want %d", fs.Name, sum, fs.Seen)
		}
		if uint64(len(fs.FirstMismatches)) > fs.Mismatches {
			return fmt.Errorf("%s: %d mismatches listed but %d counted", fs.Name, len(fs.FirstMismatches), fs.Mismatches)
		}
	}
	return nil
}
