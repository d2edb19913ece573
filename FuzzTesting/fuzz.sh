#!/usr/bin/env bash
# FuzzTesting/fuzz.sh - Builds every libFuzzer target and runs each for FUZZ_SECONDS (make fuzz).
#
#   FuzzTesting/fuzz.sh            build (via .clusterfuzzlite/build.sh), then fuzz each target
#   FuzzTesting/fuzz.sh --report   the same, then render Reports/fuzz.json and Reports/fuzz.md
#
# Each target starts from its seed corpus (Vectors/, regressions included, copied into the
# git-ignored FuzzTesting/corpus/<target>/), so every campaign replays the regressions first.
# Prints execs/s, edges, features and corpus size per target; exits 1 when any target found
# anything (artifacts land in FuzzTesting/artifacts/<target>/). Environment: FUZZ_SECONDS (60),
# FUZZ_CONFIGURATION (debug or release; debug), FUZZ_JOBS_TIMEOUT (per-input seconds, 10).
set -euo pipefail
FUZZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export FUZZ_ROOT
cd "$FUZZ_ROOT"
# libFuzzer prints the stack of a trap itself; the Swift backtracer would race it under ASan.
export SWIFT_BACKTRACE=enable=no
# shellcheck source=targets.sh
. FuzzTesting/targets.sh

seconds=${FUZZ_SECONDS:-60}
config=${FUZZ_CONFIGURATION:-debug}
timeout=${FUZZ_JOBS_TIMEOUT:-10}
out=$FUZZ_ROOT/FuzzTesting/.build/out

started=$(date +%s)
OUT=$out SRC=$(dirname "$FUZZ_ROOT") SANITIZER=address FUZZ_CONFIGURATIONS=$config .clusterfuzzlite/build.sh
echo "fuzz build ($config, address+fuzzer): $(($(date +%s) - started)) s"

status=0
summary=()
for target in $(fuzz_targets); do
    corpus=FuzzTesting/corpus/$target
    artifacts=FuzzTesting/artifacts/$target
    rm -rf "$artifacts" && mkdir -p "$artifacts" "$corpus"
    fuzz_seeds "$target" "$corpus"
    log=FuzzTesting/artifacts/$target.log
    echo "== $target: ${seconds} s"
    code=0
    "$out/${target}_$config" -max_total_time="$seconds" -max_len="$(fuzz_max_len "$target")" \
        -timeout="$timeout" -rss_limit_mb=2048 -dict="FuzzTesting/$(fuzz_dict "$target")" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" >"$log" 2>&1 || code=$?
    # The last status line: "#N DONE cov: E ft: F corp: C/Sb … exec/s: X …" (or the last pulse on a crash).
    line=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    field() { sed -nE "s/.*$1: *([0-9]+).*/\\1/p" <<<"$line"; }
    execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
    rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log")
    edges=$(field cov)
    features=$(field ft)
    units=$(sed -nE 's/.*corp: *([0-9]+)\/.*/\1/p' <<<"$line")
    findings=$(find "$artifacts" -type f | sort | tr '\n' ' ')
    result=ok
    if [ "$code" -ne 0 ] || [ -n "$findings" ]; then
        result=FOUND
        status=1
        grep -E 'FUZZ FINDING|ERROR: |SUMMARY: |Fatal error' "$log" | head -n 5 || true
    fi
    cat >"FuzzTesting/artifacts/$target.stats" <<STATS
target=$target
configuration=$config
seconds=$seconds
execs=${execs:-0}
execs_per_sec=${rate:-0}
edges=${edges:-0}
features=${features:-0}
corpus=${units:-0}
exit=$code
result=$result
findings=$findings
STATS
    summary+=("$(printf '%-24s %-6s %10s execs %8s/s  edges %6s  features %6s  corpus %6s' \
        "$target" "$result" "${execs:-0}" "${rate:-0}" "${edges:-0}" "${features:-0}" "${units:-0}")")
done

echo
printf '%s\n' "${summary[@]}"
if [ "${1:-}" = --report ]; then
    python3 FuzzTesting/fuzz-report.py FuzzTesting/artifacts Reports
fi
[ "$status" -eq 0 ] || echo "fuzz: findings above; minimize with -minimize_crash=1 and keep them under Vectors/<area>/regressions/"
exit "$status"
