#!/usr/bin/env bash
# Builds the diff fuzzer with libFuzzer and runs it.
#
#   Fuzz/run.sh [seconds]        # default 60; findings are written to Fuzz/out/
#
# SwiftPM cannot build it: an executable product brings its own `main`, which clashes with
# libFuzzer's. So each module is compiled here with swiftc and -sanitize=fuzzer, and linked
# with the entry point in Fuzz/DiffFuzzer.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
build=.build/fuzz
mkdir -p "$build" Fuzz/out Fuzz/corpus

module() {
  local name="$1"
  shift
  swiftc -O -wmo -parse-as-library -sanitize=fuzzer -module-name "$name" -package-name bindery \
    -I "$build" \
    -emit-module -emit-module-path "$build/$name.swiftmodule" \
    -c "$@" -o "$build/$name.o"
}
# A module's sources, in every folder of it.
sources() { find "Sources/$1" -name '*.swift' | sort; }

mapfile -t files < <(sources BinderyDiff) && module BinderyDiff "${files[@]}"
mapfile -t files < <(sources HeadlessUIKit) && module HeadlessUIKit "${files[@]}"
mapfile -t files < <(sources Bindery) && module Bindery "${files[@]}"
mapfile -t files < <(sources BinderyTesting) && module BinderyTesting "${files[@]}"
swiftc -O -parse-as-library -sanitize=fuzzer -I "$build" Fuzz/DiffFuzzer.swift \
  "$build/BinderyDiff.o" "$build/HeadlessUIKit.o" "$build/Bindery.o" "$build/BinderyTesting.o" \
  -o "$build/diff-fuzzer"

"$build/diff-fuzzer" -max_total_time="$seconds" -artifact_prefix=Fuzz/out/ -print_final_stats=1 \
  Fuzz/corpus
