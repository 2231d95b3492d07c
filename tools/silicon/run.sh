#!/usr/bin/env bash
# The whole silicon capture in one command (README.md explains it).
#
#   tools/silicon/run.sh prepare   # any machine with Go: build bin/silicon (static) and self-test it
#   tools/silicon/run.sh           # a machine with an NVIDIA GPU and nvcc: capture everything into $OUT
#
# $OUT receives six files: summary.json (numerics and microbenchmarks),
# selftest.json, smoke.json, tables.tar (the silicon tables), capture.sass.gz
# and logs.tar.gz (machine, toolkit, PTX and every step's log).
#
# Environment: OUT (default ./silicon-out), SM (e.g. 90; default from
# nvidia-smi), SILICON_FORMS (e.g. 1,3,5; default all), SILICON_LIMIT_S (time
# limit of the full capture, default 200), NVCC (default: nvcc on PATH or
# /usr/local/cuda/bin/nvcc), SILICON_BIN (the comparer, default bin/silicon
# beside this script).
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${SILICON_BIN:-$here/bin/silicon}
start=$(date +%s)

log() { printf '[%4ds] %s\n' "$(($(date +%s) - start))" "$*"; }

if [ "${1:-}" = prepare ]; then
  mkdir -p "$(dirname "$bin")"
  (cd "$root" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -o "$bin" ./tools/silicon) || exit 1
  log "built $bin"
  "$bin" -selftest -o /dev/null || exit 1
  log "self-test passed; carry $(dirname "$bin") to the device machine"
  exit 0
fi

OUT=${OUT:-$PWD/silicon-out}
mkdir -p "$OUT"
work=$(mktemp -d)
mkdir -p "$work/logs" "$work/tables"
logs=$work/logs

# finish packs what the steps left into at most six files in $OUT, whatever
# step the script stopped at.
finish() {
  [ -n "$(ls -A "$work/tables")" ] && tar -C "$work" -cf "$OUT/tables.tar" tables
  [ -s "$work/capture.sass" ] && gzip -c "$work/capture.sass" >"$OUT/capture.sass.gz"
  tar -C "$work" -czf "$OUT/logs.tar.gz" logs
  rm -rf "$work"
}
trap finish EXIT

# 1. The machine.
log "device"
{ uname -a; nproc; } >"$logs/machine.txt"
if command -v nvidia-smi >/dev/null 2>&1; then
  timeout 30 nvidia-smi -q >"$logs/nvidia-smi.txt" 2>&1
  timeout 30 nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.sm,clocks.max.sm,memory.total \
    --format=csv 2>&1 | tee -a "$logs/machine.txt"
fi

# 2. The comparer: the carried static binary, else build it with Go.
if ! { [ -x "$bin" ] && "$bin" -selftest -o "$OUT/selftest.json" 2>"$logs/selftest.log"; }; then
  command -v go >/dev/null 2>&1 || { log "no working $bin and no Go to build it"; exit 1; }
  log "building the comparer"
  mkdir -p "$(dirname "$bin")"
  (cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$bin" ./tools/silicon) || exit 1
  "$bin" -selftest -o "$OUT/selftest.json" 2>"$logs/selftest.log" || {
    cat "$logs/selftest.log"
    log "comparer self-test FAILED"
    exit 1
  }
fi
log "comparer self-test passed"

# 3. The CUDA program, its PTX and its SASS.
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { log "nvcc not found (set NVCC)"; exit 1; }
SM=${SM:-$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')}
[ -n "$SM" ] || { log "cannot tell the GPU's compute capability (set SM, e.g. SM=90)"; exit 1; }
"$NVCC" --version >"$logs/nvcc.txt" 2>&1
log "nvcc for sm_$SM"
# SASS for the GPU, plus the PTX embedded so that cuobjdump can show it.
flags=(-O3 -std=c++17 -lineinfo -gencode "arch=compute_$SM,code=[sm_$SM,compute_$SM]")
"$NVCC" "${flags[@]}" -o "$work/capture" "$here/capture.cu" >"$logs/nvcc.log" 2>&1 || {
  cat "$logs/nvcc.log"
  exit 1
}
CUOBJDUMP=$(dirname "$NVCC")/cuobjdump
[ -x "$CUOBJDUMP" ] || CUOBJDUMP=$(command -v cuobjdump || true)
if [ -n "$CUOBJDUMP" ]; then
  "$CUOBJDUMP" -sass "$work/capture" >"$work/capture.sass" 2>&1
  "$CUOBJDUMP" -ptx "$work/capture" >"$logs/capture.ptx" 2>&1
fi
log "built capture"

forms=()
[ -n "${SILICON_FORMS:-}" ] && forms=(--forms "$SILICON_FORMS")

# 4. Smoke run: one chunk of every form, no benchmarks, through the real pipe.
timeout 60 "$work/capture" --no-bench --max-chunks 1 ${forms[@]+"${forms[@]}"} 2>"$logs/smoke-capture.log" |
  "$bin" -o "$OUT/smoke.json" 2>"$logs/smoke-compare.log"
rc=("${PIPESTATUS[@]}")
log "smoke run: capture exit ${rc[0]}, compare exit ${rc[1]}"
cat "$logs/smoke-compare.log"
if [ "${rc[0]}" != 0 ] || [ "${rc[1]}" != 0 ]; then
  cat "$logs/smoke-capture.log"
  exit 1
fi

# 5. The full capture: microbenchmarks, then every input of every form. A
# capture cut short by the limit still leaves the summary of what arrived.
log "full capture (limit ${SILICON_LIMIT_S:-200} s)"
timeout "${SILICON_LIMIT_S:-200}" "$work/capture" ${forms[@]+"${forms[@]}"} 2>"$logs/capture.log" |
  "$bin" -timing -o "$OUT/summary.json" -tables "$work/tables" 2>"$logs/compare.log"
rc=("${PIPESTATUS[@]}")
log "full run: capture exit ${rc[0]}, compare exit ${rc[1]}"
cat "$logs/compare.log"
status=0
if [ "${rc[0]}" != 0 ] || [ "${rc[1]}" != 0 ]; then
  status=1
  tail -20 "$logs/capture.log"
fi

# 6. The headline numbers.
grep -E '"(wall_seconds|lanes_per_second|cycles_per_op|cycles_per_load|lane_ops_per_cycle_per_sm|op|level)"' \
  "$OUT/summary.json" | tr -s ' ' | head -80
log "done (exit $status)"
exit $status
