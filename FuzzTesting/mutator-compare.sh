#!/usr/bin/env bash
# FuzzTesting/mutator-compare.sh - The structure-aware mutator against plain libFuzzer, same time.
#
#   FuzzTesting/mutator-compare.sh SECONDS TARGET…
#
# For each bplist target, runs the release binary twice side by side (same seeds, same start, same nice
# level, one job each): XDS_FUZZ_MUTATOR=0 (plain libFuzzer) and 1 (StructureMutator). Both start from
# the vector inputs only, not the committed corpus: from a corpus where long campaigns already ended,
# neither finds anything new in minutes and the comparison says nothing. Writes
# one row per run to FuzzTesting/artifacts/mutator-compare.txt (fuzz-report.py renders it into
# Reports/fuzz.md): target, mutator, seconds, CPU seconds, execs, edges, features, corpus, findings.
# Builds the targets first (release + ASan, incrementally, as fuzz.sh does).
set -euo pipefail
# shellcheck source=targets.sh
. "$(dirname "${BASH_SOURCE[0]}")/targets.sh"
fuzz_script_setup
seconds=$1
shift
fuzz_build_quietly "$FUZZ_ROOT/FuzzTesting/.build/out"
result=FuzzTesting/artifacts/mutator-compare.txt
mkdir -p FuzzTesting/artifacts
echo "# target mutator seconds cpu execs edges features corpus findings" >"$result"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in "$@"; do
    for mutator in 0 1; do
        dir=$work/$target-$mutator
        mkdir -p "$dir/corpus"
        fuzz_seeds "$target" "$dir/corpus" vectors-only
        (cd "$dir" && XDS_FUZZ_MUTATOR=$mutator nice -n "${FUZZ_NICE:-10}" /usr/bin/time -f '%U %S' -o "$dir/cpu" \
            "$FUZZ_ROOT/FuzzTesting/.build/out/${target}_release" -seed=7 -max_total_time="$seconds" \
            -max_len="$(fuzz_max_len "$target")" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -dict="$FUZZ_ROOT/FuzzTesting/$(fuzz_dict "$target")" -artifact_prefix="$dir/" corpus \
            >"$dir/log" 2>&1) &
    done
    wait || true
    for mutator in 0 1; do
        dir=$work/$target-$mutator
        line=$(grep -aE '^#[0-9]+' "$dir/log" | tail -n 1)
        field() { sed -nE "s/.* $1: *([0-9]+).*/\\1/p" <<<"$line"; }
        execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$dir/log")
        cpu=$(awk '/^[0-9.]+ [0-9.]+$/ { printf "%.1f", $1 + $2 }' "$dir/cpu")
        findings=$(find "$dir" -maxdepth 1 -type f | grep -cE '/(crash|timeout|oom|leak)-' || true)
        echo "$target $mutator $seconds ${cpu:-0} ${execs:-0} $(field cov) $(field ft) $(find "$dir/corpus" -type f | wc -l) $findings" \
            | tee -a "$result"
    done
done
