#!/usr/bin/env bash
# FuzzTesting/fuzz-coverage.sh - Line and branch coverage of the seed corpus (make fuzz-coverage).
#
# Builds every target with -profile-generate -profile-coverage-mapping (FuzzTesting/coverage-build.sh: debug,
# in its own scratch directory FuzzTesting/.build-coverage so the sanitizer build stays incremental), runs each once
# over its seed corpus (FuzzTesting/seed-corpus/<target>/ plus the vector seeds: what every campaign
# starts from), merges the profiles and renders Reports/fuzz-coverage.md and .html: line, branch (the
# control-flow edges libFuzzer counts) and region coverage per source file of BinaryPlist,
# DocumentSource, Icons and TaggedJSON with the uncovered lines named, and the Docs/codec.md decoding
# rules whose rejection no corpus input reaches.
set -euo pipefail
FUZZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export FUZZ_ROOT
cd "$FUZZ_ROOT"
export SWIFT_BACKTRACE=enable=no
# shellcheck source=targets.sh
. FuzzTesting/targets.sh

bin_dir=$(dirname "$(FuzzTesting/coverage-build.sh tool llvm-cov)")
out=$FUZZ_ROOT/FuzzTesting/.build-coverage/out
work=$(mktemp -d)
[ -n "${FUZZ_COVERAGE_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

FuzzTesting/coverage-build.sh build

objects=()
for target in $(fuzz_targets); do
    fuzz_seeds "$target" "$work/corpus/$target"
    # -runs=0: every corpus input once, nothing new, each file whole (no -max_len: a campaign cuts inputs
    # at 4096 bytes, but the hand-built seeds and some vectors are longer). -print_coverage=1: the edges
    # of every instrumented function, covered or not, with the lines of the uncovered ones. A crashing
    # input would stop the run, so the corpus must be clean (make fuzz keeps it so).
    LLVM_PROFILE_FILE="$work/profiles/$target-%p.profraw" XDS_FUZZ_MUTATOR=0 \
        "$out/${target}_debug" -runs=0 -print_coverage=1 -timeout=30 -rss_limit_mb=4096 \
        "$work/corpus/$target" >"$work/$target.log" 2>&1 || {
        echo "fuzz-coverage: $target did not run its corpus cleanly:" >&2
        tail -n 5 "$work/$target.log" >&2
        exit 1
    }
    objects+=(-object "$out/${target}_debug")
done

"$bin_dir/llvm-profdata" merge -sparse "$work"/profiles/*.profraw -o "$work/merged.profdata"
sources=$(find Sources/BinaryPlist Sources/DocumentSource Sources/Icons Sources/TaggedJSON -name '*.swift' | sort)
# shellcheck disable=SC2086 # one argument per source file
"$bin_dir/llvm-cov" export -format=text -summary-only -instr-profile "$work/merged.profdata" "${objects[@]:1}" \
    $sources >"$work/summary.json"
# shellcheck disable=SC2086
"$bin_dir/llvm-cov" show -format=text -show-line-counts -instr-profile "$work/merged.profdata" "${objects[@]:1}" \
    $sources >"$work/lines.txt"

# The Docs/codec.md rules: which rejections the corpus reaches, from the reference's own errors.
swift build --product xds-fuzz-replay >/dev/null
replay=$(swift build --show-bin-path)/xds-fuzz-replay
for target in FuzzPlistRoundTrip FuzzPlistDifferential FuzzAttribute; do
    find "$work/corpus/$target" -type f -print0 | xargs -0 -r "$replay" --errors
done | sort | uniq -c | sort -rn >"$work/errors.txt"

cat "$work"/*.log | grep -aE '^(COVERED_FUNC|UNCOVERED_FUNC|  UNCOVERED_PC|== )' >"$work/edges.txt" || true
LLVM_BIN_DIR=$bin_dir python3 FuzzTesting/fuzz-coverage.py "$work/summary.json" "$work/lines.txt" "$work/errors.txt" \
    Docs/codec.md Reports "$work/edges.txt" "$out"/*_debug
