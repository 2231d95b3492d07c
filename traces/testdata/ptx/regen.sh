#!/bin/sh
# Regenerates the LLVM-produced PTX fixtures from the CUDA sources here.
# Needs clang-19 (no CUDA installation: prelude.h stands in for the headers).
# Each NAME.cu gives NAME.sm75.ptx and NAME.sm90.ptx unless its first line
# reads "// archs: ..." with the list of sm_XX to use. Two more files carry
# debug information: control.sm75.g.ptx (line tables: .loc, .file) and
# calls.sm75.g0.ptx (unoptimised, full DWARF .section blocks).
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-19}
for src in *.cu; do
	name=${src%.cu}
	archs="sm_75 sm_90"
	first=$(head -n 1 "$src")
	case "$first" in
	"// archs: "*) archs=${first#// archs: } ;;
	esac
	for arch in $archs; do
		case $arch in
		sm_90*) ptx=+ptx78 ;;
		sm_8*) ptx=+ptx70 ;;
		*) ptx=+ptx70 ;;
		esac
		out="$name.$(echo "$arch" | tr -d _).ptx"
		"$CLANG" -x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc \
			--cuda-gpu-arch="$arch" -Xclang -target-feature -Xclang "$ptx" \
			-O2 -S "$src" -o "$out"
	done
done
COMMON="-x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc --cuda-gpu-arch=sm_75 -Xclang -target-feature -Xclang +ptx70"
# shellcheck disable=SC2086
"$CLANG" $COMMON -O2 -gline-tables-only -fdebug-prefix-map="$PWD"=. -S control.cu -o control.sm75.g.ptx
# shellcheck disable=SC2086
"$CLANG" $COMMON -O0 -g -fdebug-prefix-map="$PWD"=. -S calls.cu -o calls.sm75.g0.ptx
