#!/usr/bin/env bash
# The whole silicon capture in one command (README.md explains every step
# and the time budget).
#
#   tools/silicon/run.sh prepare   # where Go (and nvcc) are: build what the device run carries into bin/
#   tools/silicon/run.sh           # on a machine with an NVIDIA GPU: capture everything into $OUT
#   tools/silicon/run.sh build DEST SAMPLES -gencode ...   # the CUDA programs alone (SAMPLES: `silicon samples`' samples.list)
#
# $OUT receives six files: summary.json (numerics), timing.json
# (microbenchmarks, ncu and event timings of the samples), tables.tar (the
# silicon tables), records.tar (the raw tensor-core records), sass.tar.gz
# (what every program became) and logs.tar.gz (machine, toolkit, every
# step's log and the self-test). The device call tees this script's output
# to a seventh, run.log.
#
# Environment: OUT (default ./silicon-out); SM (e.g. 90; default from
# nvidia-smi); NVCC (default: nvcc on PATH, else /usr/local/cuda*/bin/nvcc);
# NCU (default: ncu on PATH, beside nvcc, or under /opt/nvidia); SILICON_BIN
# (the comparer, default bin/silicon beside this script); SILICON_DEADLINE_S
# (the whole run's bound, default 360); SILICON_LIMIT_S (the full capture's,
# default 200); SILICON_FORMS (e.g. 1,3,5; default all); SILICON_MAX_CHUNKS
# and SILICON_PROBE_RECORDS (shorten the sweeps and probes, for rehearsals);
# SILICON_GPU_WRAPPER (a command put before every GPU program: the
# rehearsal's stand-in GPU); SILICON_SASS=0 (no SASS dump).
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
bindir=${SILICON_BIN_DIR:-$here/bin}
bin=${SILICON_BIN:-$bindir/silicon}
start=$(date +%s)
deadline=$((start + ${SILICON_DEADLINE_S:-360}))

log() { printf '[%4ds] %s\n' "$(($(date +%s) - start))" "$*"; }
left() { echo $((deadline - $(date +%s))); }
# limit N: N seconds, or what is left before the deadline less a reserve R
# for the steps after this one, whichever is less (at least 1).
limit() {
  local l=$(($(left) - ${2:-0}))
  ((l > $1)) && l=$1
  ((l < 1)) && l=1
  echo "$l"
}

find_nvcc() {
  local c
  for c in "${NVCC:-}" "$(command -v nvcc 2>/dev/null)" /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}

find_ncu() {
  local c
  for c in "${NCU:-}" "$(command -v ncu 2>/dev/null)" "$(dirname "$1")/ncu" /usr/local/cuda/bin/ncu \
    /opt/nvidia/nsight-compute/*/ncu /usr/local/NVIDIA-Nsight-Compute*/ncu; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}

# nvcc_host_flags prints the flags this nvcc needs for a host compiler: none
# when its own choice works; -allow-unsupported-compiler when that compiler
# is newer than the toolkit accepts (CUDA 11.8 with gcc 12); -ccbin with the
# g++ on PATH as well when the toolkit's choice is missing altogether
# (Debian's nvcc picks g++-11 through a wrapper of its own, first on the
# PATH nvcc gives the host compiler, that fails without it: hence the
# absolute path).
nvcc_host_flags() {
  local t f gxx
  t=$(mktemp -d)
  gxx=$(command -v g++ || echo g++)
  echo 'int main() { return 0; }' >"$t/t.cu"
  for f in "" "-allow-unsupported-compiler" "-ccbin $gxx -allow-unsupported-compiler"; do
    # shellcheck disable=SC2086 # $f is a list of flags
    if "$1" $f -o "$t/t" "$t/t.cu" >/dev/null 2>&1; then
      echo "$f"
      break
    fi
  done
  rm -rf "$t"
}

# build_cuda NVCC DEST SAMPLES GENCODE...: capture, the sample driver and
# the samples' cubins into DEST, all at once (each nvcc is single-threaded
# but for the architectures of one -gencode list, which --threads compiles in
# parallel), at most nproc compilations at a time. SAMPLES is `silicon
# samples`' samples.list ("NAME KERNEL MIN_SM" lines): each NAME.cu of
# traces/samples is compiled for the first gencode's architecture sm_NN into
# DEST/samples/sm_NN/NAME.cubin when NN is at least the sample's MIN_SM (its
# PTX's .target), with the traces' own prelude.h (which serves nvcc as well
# as clang). The host side links libstdc++ and libgcc statically so that the
# binaries need only the C library (glibc 2.34 or later) on the machine that
# runs them. Each compilation's messages are printed after it, whole, in a
# fixed order.
build_cuda() {
  local nvcc=$1 dest=$2 list=$3
  shift 3
  local gencode=("$@") host sm
  [ -f "$list" ] || { echo "build_cuda: no samples list $list" >&2; return 1; }
  sm=$(printf '%s\n' "${gencode[@]}" | sed -n 's/.*arch=compute_\([0-9]*\).*/\1/p' | head -1)
  [ -n "$sm" ] || { echo "build_cuda: no -gencode arch=compute_NN among: ${gencode[*]}" >&2; return 1; }
  read -r -a host <<<"$(nvcc_host_flags "$nvcc")"
  mkdir -p "$dest/samples/sm_$sm"
  local common=(-std=c++17 ${host[@]+"${host[@]}"} -Xcompiler -static-libstdc++ -Xcompiler -static-libgcc)
  local t names=() max name kernel min_sm j
  t=$(mktemp -d)
  max=$(nproc 2>/dev/null || echo 2)
  # Killed (run.sh's time limit), stop the compilations too.
  # shellcheck disable=SC2064 # $t now
  trap "kill \$(jobs -p) 2>/dev/null; rm -rf '$t'; exit 143" TERM
  # job NAME COMMAND...: runs COMMAND in the background, its output into
  # $t/NAME.log and its exit status into $t/NAME.rc.
  job() {
    local n=$1
    shift
    while (($(jobs -rp | wc -l) >= max)); do wait -n; done
    ("$@" >"$t/$n.log" 2>&1; echo $? >"$t/$n.rc") &
    names+=("$n")
  }
  job capture "$nvcc" -O3 -lineinfo --threads 0 "${common[@]}" "${gencode[@]}" -o "$dest/capture" "$here/capture.cu"
  # sampledrv has no device code: compiled as C++ (-x c++), nvcc skips its
  # device passes.
  job sampledrv "$nvcc" -O2 -x c++ "${common[@]}" -o "$dest/sampledrv" "$here/sampledrv.cu" -lcuda
  while read -r name kernel min_sm; do
    [ -n "$name" ] && [ -f "$root/traces/samples/$name.cu" ] || continue
    if ((sm < min_sm)); then
      echo "build_cuda: $name.cu ($kernel) needs sm_$min_sm or later: not built for sm_$sm" >&2
      continue
    fi
    job "sample-$name" "$nvcc" -cubin -O3 -lineinfo ${host[@]+"${host[@]}"} -arch="sm_$sm" \
      -include "$root/traces/samples/prelude.h" -o "$dest/samples/sm_$sm/$name.cubin" "$root/traces/samples/$name.cu"
  done <"$list"
  wait
  local status=0
  for j in "${names[@]}"; do
    cat "$t/$j.log"
    [ "$(cat "$t/$j.rc" 2>/dev/null)" = 0 ] && continue
    case $j in
      # A sample nvcc cannot compile is reported and left out (it still runs
      # from its PTX); the capture program and the driver are what this
      # build must not lose.
      sample-*) echo "build_cuda: ${j#sample-}.cu did not compile for sm_$sm: it runs from its PTX only" >&2
        rm -f "$dest/samples/sm_$sm/${j#sample-}.cubin" ;;
      *) echo "build_cuda: $j did not build" >&2; status=1 ;;
    esac
  done
  trap - TERM
  rm -rf "$t"
  return $status
}

go_build() {
  (cd "$root" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -o "$1" ./tools/silicon)
}

if [ "${1:-}" = build ]; then # build DEST SAMPLES GENCODE...: the CUDA programs alone
  shift
  nvcc=$(find_nvcc) || { log "no nvcc"; exit 1; }
  build_cuda "$nvcc" "$@" || exit 1
  exit 0
fi

if [ "${1:-}" = prepare ]; then
  mkdir -p "$bindir"
  go_build "$bin" || exit 1
  log "built $bin (static linux/amd64)"
  "$bin" -selftest -o /dev/null || exit 1
  log "comparer self-test passed"
  if nvcc=$(find_nvcc); then
    # A fat binary: sm_75 and sm_80 SASS, sm_90 SASS and PTX; the samples'
    # cubins for sm_90 (the list says which samples, and their kernels), in
    # samples/sm_90/ (a GPU of another architecture runs the samples from
    # their PTX only).
    t=$(mktemp -d)
    "$bin" samples -traces "$root/traces/samples" -o "$t" >/dev/null || { rm -rf "$t"; exit 1; }
    build_cuda "$nvcc" "$bindir" "$t/samples.list" -gencode arch=compute_90,code=[sm_90,compute_90] \
      -gencode arch=compute_80,code=sm_80 -gencode arch=compute_75,code=sm_75 || { rm -rf "$t"; exit 1; }
    rm -rf "$t"
    log "built $bindir/capture, sampledrv and samples/sm_90/*.cubin with $("$nvcc" --version | tail -1)"
  else
    log "no nvcc here: the device must build the CUDA programs itself (no fallback carried)"
  fi
  du -sh "$bindir" | sed 's/^/carry: /'
  log "carry $(realpath --relative-to="$root" "$bindir") to the device machine"
  exit 0
fi

OUT=${OUT:-$PWD/silicon-out}
mkdir -p "$OUT"
work=$(mktemp -d)
mkdir -p "$work/logs" "$work/tables" "$work/sass"
logs=$work/logs
wrap=()
[ -n "${SILICON_GPU_WRAPPER:-}" ] && read -r -a wrap <<<"$SILICON_GPU_WRAPPER"

# pack_tables puts the tables and the tensor records into $OUT (also right
# after the capture, so that they survive a later kill): two archives, so
# that neither can reach 16 MiB (the records are about 14 MiB raw).
pack_tables() {
  (cd "$work" && ls tables/*.tbl.gz >/dev/null 2>&1 && tar -cf "$OUT/tables.tar" tables/*.tbl.gz)
  (cd "$work" && ls tables/*.rec.gz >/dev/null 2>&1 && tar -cf "$OUT/records.tar" tables/*.rec.gz)
  return 0
}

# finish packs what the steps left, whatever step the script stopped at, and
# keeps every file in $OUT under 16 MiB (a larger one would not come back).
finish() {
  [ -n "${sass_pid:-}" ] && wait "$sass_pid"
  pack_tables
  [ -n "$(ls -A "$work/sass")" ] && tar -C "$work" -czf "$OUT/sass.tar.gz" sass
  local f
  for f in "$logs"/*; do # no single log may crowd out the others
    [ -f "$f" ] && [ "$(stat -c %s "$f")" -gt $((4 << 20)) ] && { tail -c $((4 << 20)) "$f" >"$f.tail" && mv "$f.tail" "$f"; }
  done
  tar -C "$work" -czf "$OUT/logs.tar.gz" logs
  for f in "$OUT"/*; do
    if [ -f "$f" ] && [ "$(stat -c %s "$f")" -gt $((16 << 20)) ]; then
      log "$(basename "$f") is over 16 MiB: truncated to its first 16 MiB"
      truncate -s $((16 << 20)) "$f"
    fi
  done
  rm -rf "$work"
  log "files in $OUT: $(cd "$OUT" && ls | tr '\n' ' ')"
}
trap finish EXIT

# 1. The machine.
log "device"
{
  uname -a
  nproc
  date -u +%Y-%m-%dT%H:%M:%SZ
} >"$logs/machine.txt"
if command -v nvidia-smi >/dev/null 2>&1; then
  timeout 20 nvidia-smi -q >"$logs/nvidia-smi.txt" 2>&1
  timeout 20 nvidia-smi --query-gpu=name,compute_cap,driver_version,clocks.sm,clocks.max.sm,clocks.mem,memory.total \
    --format=csv 2>&1 | tee -a "$logs/machine.txt"
fi

# 2. The comparer: the carried static binary, else build it with Go.
if ! { [ -x "$bin" ] && timeout 120 "$bin" -selftest -o "$logs/selftest.json" 2>"$logs/selftest.log"; }; then
  command -v go >/dev/null 2>&1 || { log "no working $bin and no Go to build it"; exit 1; }
  log "building the comparer"
  mkdir -p "$(dirname "$bin")"
  go_build "$bin" || exit 1
  "$bin" -selftest -o "$logs/selftest.json" 2>"$logs/selftest.log" || {
    cat "$logs/selftest.log"
    log "comparer self-test FAILED"
    exit 1
  }
fi
log "comparer self-test passed"

# 3. The probes' inputs and the samples' launch manifests.
timeout 120 "$bin" inputs -o "$work/inputs" ${SILICON_PROBE_RECORDS:+-max "$SILICON_PROBE_RECORDS"} >"$logs/inputs.log" 2>&1 ||
  { cat "$logs/inputs.log"; exit 1; }
timeout 60 "$bin" samples -traces "$root/traces/samples" -o "$work/manifests" >"$logs/samples.log" 2>&1 ||
  { cat "$logs/samples.log"; exit 1; }
log "inputs: $(ls "$work/inputs" | wc -l) files; samples: $(cut -d' ' -f1 "$work/manifests/samples.list" | tr '\n' ' ')"

# 4. The CUDA programs: built with this machine's nvcc, else the carried ones.
SM=${SM:-$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')}
[ -n "$SM" ] || { log "cannot tell the GPU's compute capability (set SM, e.g. SM=90)"; exit 1; }
build=$work/build
built_by=""
if nvcc=$(find_nvcc); then
  "$nvcc" --version >"$logs/nvcc.txt" 2>&1
  log "nvcc for sm_$SM ($(tail -1 "$logs/nvcc.txt"))"
  if timeout "$(limit 150 200)" bash -c "$(declare -f build_cuda nvcc_host_flags); here='$here' root='$root' \
      build_cuda '$nvcc' '$build' '$work/manifests/samples.list' -gencode 'arch=compute_$SM,code=[sm_$SM,compute_$SM]'" >"$logs/nvcc.log" 2>&1; then
    built_by="this machine's nvcc"
  else
    tail -30 "$logs/nvcc.log"
    log "building with this machine's nvcc failed (logs/nvcc.log)"
  fi
fi
if [ -z "$built_by" ]; then
  [ -x "$bindir/capture" ] && [ -x "$bindir/sampledrv" ] || { log "no nvcc build and no carried binaries in $bindir"; exit 1; }
  build=$bindir
  built_by="the carried binaries ($bindir)"
fi
echo "$built_by" >"$logs/built-by.txt"
log "CUDA programs: $built_by"
capture=$build/capture
drv=$build/sampledrv
# What every program became, for reading later: dumped in the background
# while the captures run, bounded, and waited for before packing.
# SILICON_SASS=0 skips it. nvdisasm on the cubins (the capture's extracted
# with cuobjdump -xelf) takes a second where cuobjdump -sass takes tens of
# CPU-seconds on the capture program; cuobjdump -sass is the fallback.
CUOBJDUMP=$(dirname "${nvcc:-/nonexistent/nvcc}")/cuobjdump
[ -x "$CUOBJDUMP" ] || CUOBJDUMP=$(command -v cuobjdump || true)
NVDISASM=$(dirname "${nvcc:-/nonexistent/nvcc}")/nvdisasm
[ -x "$NVDISASM" ] || NVDISASM=$(command -v nvdisasm || true)
# disasm CUBIN OUT: CUBIN's SASS into OUT.
disasm() {
  [ -n "$NVDISASM" ] && timeout 60 "$NVDISASM" -c "$1" >"$2" 2>&1 && return 0
  timeout 60 "$CUOBJDUMP" -sass "$1" >"$2" 2>&1
}
sass_pid=""
if [ -n "$CUOBJDUMP" ] && [ "${SILICON_SASS:-1}" != 0 ]; then
  (
    mkdir -p "$work/elf"
    elf=""
    abs=$(realpath "$capture")
    [ -n "$NVDISASM" ] && (cd "$work/elf" && timeout 30 "$CUOBJDUMP" -xelf all "$abs" >/dev/null 2>&1) &&
      elf=$(ls "$work/elf"/*.sm_"$SM".cubin 2>/dev/null | head -1)
    if [ -z "$elf" ] || ! disasm "$elf" "$work/sass/capture.sass"; then
      timeout 120 "$CUOBJDUMP" -sass -arch "sm_$SM" "$capture" >"$work/sass/capture.sass" 2>&1
    fi
    timeout 60 "$CUOBJDUMP" -ptx "$capture" >"$work/sass/capture.ptx" 2>&1
    for c in "$build/samples/sm_$SM"/*.cubin; do
      [ -f "$c" ] && disasm "$c" "$work/sass/$(basename "$c" .cubin).sass"
    done
    rm -rf "$work/elf"
  ) &
  sass_pid=$!
fi

forms=()
[ -n "${SILICON_FORMS:-}" ] && forms=(--forms "$SILICON_FORMS")
inputs=(--inputs "$work/inputs")

# 5. Smoke run: one chunk of every sweep and a slice of every probe, no
# benchmarks, through the real pipe.
timeout "$(limit 60 150)" ${wrap[@]+"${wrap[@]}"} "$capture" --no-bench --max-chunks 1 --max-records 256 \
  "${inputs[@]}" ${forms[@]+"${forms[@]}"} 2>"$logs/smoke-capture.log" |
  "$bin" -o "$logs/smoke.json" 2>"$logs/smoke-compare.log"
rc=("${PIPESTATUS[@]}")
log "smoke run: capture exit ${rc[0]}, compare exit ${rc[1]}"
if [ "${rc[0]}" != 0 ] || [ "${rc[1]}" != 0 ]; then
  tail -20 "$logs/smoke-capture.log" "$logs/smoke-compare.log"
  exit 1
fi

# 6. The full capture: microbenchmarks, the probes, then every input of
# every sweep, cut at its limit (the summary of what arrived is kept).
lim=$(limit "${SILICON_LIMIT_S:-200}" 120)
log "full capture (limit $lim s)"
timeout "$lim" ${wrap[@]+"${wrap[@]}"} "$capture" "${inputs[@]}" ${forms[@]+"${forms[@]}"} \
  ${SILICON_MAX_CHUNKS:+--max-chunks "$SILICON_MAX_CHUNKS"} 2>"$logs/capture.log" |
  "$bin" -timing -o "$OUT/summary.json" -tables "$work/tables" 2>"$logs/compare.log"
rc=("${PIPESTATUS[@]}")
log "full run: capture exit ${rc[0]}, compare exit ${rc[1]}"
cat "$logs/compare.log"
status=0
if [ "${rc[0]}" != 0 ] || [ "${rc[1]}" != 0 ]; then
  status=1
  tail -20 "$logs/capture.log"
fi
pack_tables

# 7. Nsight Compute: the samples (the nvcc-compiled CUDA sources and the
# committed PTX that gpusim runs), then the microbenchmark kernels, with the
# clocks locked to base (--clock-control base, ncu's default, stated) so
# that cycle counts do not depend on boost.
# A sample whose PTX targets a newer architecture than this GPU's runs in
# neither form (the driver cannot load it).
pairs=()
while read -r name kernel min_sm; do
  if ((SM < min_sm)); then
    log "sample $name ($kernel) needs sm_$min_sm or later: left out on sm_$SM"
    continue
  fi
  [ -f "$build/samples/sm_$SM/$name.cubin" ] && pairs+=("$work/manifests/$name.manifest" "$build/samples/sm_$SM/$name.cubin")
  pairs+=("$work/manifests/$name.manifest" "$root/traces/samples/$name.ptx")
done <"$work/manifests/samples.list"
ncu_metrics=sm__cycles_elapsed.max,sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second,sm__cycles_active.avg,smsp__inst_executed.sum,smsp__cycles_active.avg,gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
ncu_sections=(--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats
  --section SchedulerStats --section InstructionStats)
# run_ncu NAME LIMIT CACHE FILTER... -- COMMAND...: profile into NAME.ncu-rep
# (the program's standard output into logs/NAME-stdout.txt, ncu's own
# messages into logs/NAME.log) and export its raw page as CSV (retried
# without the explicit metrics, which an ncu that lacks one of them refuses).
run_ncu() {
  local name=$1 lim=$2 cache=$3
  shift 3
  local filter=()
  while [ "$1" != -- ]; do filter+=("$1"); shift; done
  shift
  local base=(--target-processes all --clock-control base --cache-control "$cache" --replay-mode kernel
    "${ncu_sections[@]}" --export "$work/$name" --force-overwrite --log-file "$logs/$name.log" ${filter[@]+"${filter[@]}"})
  local t0
  t0=$(date +%s)
  if ! timeout "$lim" "$ncu" "${base[@]}" --metrics "$ncu_metrics" "$@" >"$logs/$name-stdout.txt" 2>>"$logs/$name.err"; then
    local rest=$((lim - ($(date +%s) - t0)))
    ((rest < 5)) && return 1
    echo "retrying without --metrics" >>"$logs/$name.err"
    timeout "$rest" "$ncu" "${base[@]}" "$@" >"$logs/$name-stdout.txt" 2>>"$logs/$name.err" || return 1
  fi
  "$ncu" --import "$work/$name.ncu-rep" --csv --page raw --print-units base >"$logs/$name.csv" 2>>"$logs/$name.err" ||
    "$ncu" --import "$work/$name.ncu-rep" --csv --page raw >"$logs/$name.csv" 2>>"$logs/$name.err"
}
if ncu=$(find_ncu "${nvcc:-/nonexistent/nvcc}"); then
  "$ncu" --version >"$logs/ncu-version.txt" 2>&1
  log "ncu: $(tail -1 "$logs/ncu-version.txt"); samples"
  run_ncu ncu-samples "$(limit 60 60)" all -- ${wrap[@]+"${wrap[@]}"} "$drv" --reps 1 "${pairs[@]}" ||
    log "ncu on the samples failed (logs/ncu-samples.err)"
  log "ncu: microbenchmarks"
  run_ncu ncu-bench "$(limit 60 30)" none -k 'regex:latency_kernel|throughput_kernel|chase_' -- \
    ${wrap[@]+"${wrap[@]}"} "$capture" --ncu-pass ||
    log "ncu on the microbenchmarks failed (logs/ncu-bench.err)"
else
  log "no ncu found: timing.json will hold the clock64 and event timings only"
fi

# 8. The samples again without ncu: event timings at the GPU's own clocks.
timeout "$(limit 30 15)" ${wrap[@]+"${wrap[@]}"} "$drv" --reps 5 "${pairs[@]}" >"$logs/events.jsonl" 2>"$logs/events.err" ||
  log "sample event timings failed (logs/events.err)"

# 9. timing.json: the microbenchmarks, ncu's figures and the event timings.
"$bin" timing -summary "$OUT/summary.json" -events "$logs/events.jsonl" -ncu-samples "$logs/ncu-samples.csv" \
  -ncu-samples-drv "$logs/ncu-samples-stdout.txt" -ncu-bench "$logs/ncu-bench.csv" \
  -ncu-version "$logs/ncu-version.txt" -machine "$logs/machine.txt" \
  -built-by "$built_by" -o "$OUT/timing.json" 2>"$logs/timing.log" || { cat "$logs/timing.log"; status=1; }
"$bin" correlate -timing "$OUT/timing.json" >"$logs/correlation.md" 2>&1

# 10. The headline numbers.
grep -E '"(name|matches|mismatches|inputs_seen|wall_seconds)"' "$OUT/summary.json" | tr -s ' ' | head -120
log "done (exit $status)"
exit $status
