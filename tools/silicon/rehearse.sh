#!/usr/bin/env bash
# Rehearses the device run without a GPU: every step of run.sh runs for
# real here except the GPU itself. `run.sh prepare` builds the carried
# binaries (with the real nvcc when this machine has one), then run.sh runs
# with stand-ins (testdata/fake): nvidia-smi, Nsight Compute (which accepts
# only the options and values run.sh should use) and a GPU that checks each
# program and cubin it is given was built for its SM and answers with the
# comparer's synthetic stream and sample timings. The sweeps are cut to one
# chunk and the probes to 65,536 records each (the tensor probes keep all
# 2,048, so records.tar has its real size) so that it takes a minute, not
# eight.
#
#   tools/silicon/rehearse.sh OUTDIR [fallback|cut|sm75|prepare]
#
# OUTDIR receives what $OUT would (and run.log). The stand-in GPU is an
# sm_90. With "fallback", the device's nvcc is made to fail, so the run must
# use the carried binaries; with "cut", the same, and the full capture dies
# part way (run.sh must still bring back the summary of what arrived, and
# every later step); with "sm75", the same as "fallback" on an sm_75 GPU
# (the carried sm_90 cubins and the samples for sm_80 must stay out).
# REHEARSE_BIN_DIR=DIR keeps the prepared binaries in DIR (and reuses them);
# "prepare" only (re)prepares them there (OUTDIR receives prepare.log), as
# the tests do once for all their rehearsals and the nvcc checks.
set -eu -o pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: rehearse.sh OUTDIR [fallback|cut|sm75|prepare]}
mode=${2:-}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/path" "$out"
for f in nvidia-smi ncu gpu; do cp "$here/testdata/fake/$f" "$t/path/"; done
if ! command -v nvcc >/dev/null 2>&1; then
  cp "$here/testdata/fake/nvcc" "$here/testdata/fake/cuobjdump" "$t/path/"
  export FAKE_NVCC=1
fi
# REHEARSE_BIN_DIR: binaries an earlier rehearsal prepared (the test runs
# two rehearsals on one preparation).
bindir=${REHEARSE_BIN_DIR:-$t/bin}
export PATH=$t/path:$PATH SILICON_BIN_DIR=$bindir SILICON_BIN=$bindir/silicon
if [ "$mode" = prepare ]; then
  [ -n "${REHEARSE_BIN_DIR:-}" ] || { echo "rehearse.sh prepare: set REHEARSE_BIN_DIR" >&2; exit 2; }
  "$here/run.sh" prepare 2>&1 | tee "$out/prepare.log"
  exit "${PIPESTATUS[0]}"
fi
[ -x "$bindir/silicon" ] || "$here/run.sh" prepare
nvcc_env=()
sm=90
case $mode in
  "") ;;
  # The carried fat binary's SASS dump is slow here and the first
  # rehearsal has run that step already: SILICON_SASS=0.
  fallback) nvcc_env=(NVCC=/bin/false SILICON_SASS=0) ;;
  cut) nvcc_env=(NVCC=/bin/false SILICON_SASS=0 FAKE_CUT_BYTES=3000000) ;; # and the full capture dies part way
  sm75) nvcc_env=(NVCC=/bin/false SILICON_SASS=0) sm=75 ;;
  *) echo "rehearse.sh: unknown mode $mode (fallback, cut, sm75, prepare)" >&2; exit 2 ;;
esac
env ${nvcc_env[@]+"${nvcc_env[@]}"} OUT="$out" SM=$sm ${SILICON_FORMS:+SILICON_FORMS="$SILICON_FORMS"} SILICON_GPU_WRAPPER="$t/path/gpu" SILICON_MAX_CHUNKS=1 \
  SILICON_PROBE_RECORDS=65536 SILICON_DEADLINE_S=600 "$here/run.sh" 2>&1 | tee "$out/run.log"
exit "${PIPESTATUS[0]}"
