package report

import (
	"io"

	"github.com/gpusim/gpusim/diag"
)

// WriteFile writes a file whole or not at all: write fills a temporary
// file in the same folder, which is renamed over path once it is complete
// and on disk; on any error the temporary file is removed and path is left
// as it was (diag.WriteFile).
func WriteFile(path string, write func(io.Writer) error) error {
	return diag.WriteFile(path, write)
}
