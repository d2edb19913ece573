#!/usr/bin/env bash
# FuzzTesting/fuzz-speed.sh - Execs per CPU second of every target on a fixed workload (make fuzz-speed).
#
#   FuzzTesting/fuzz-speed.sh [RUNS] [TARGET…]
#
# Builds the targets (release + ASan, incrementally, as fuzz.sh does); each then runs alone, one process,
# from its seed corpus (what fuzz_seeds writes) for RUNS executions (default 100000; the seed corpus
# counts) with -seed=1, under nice. CPU time is the process's own rusage, so the rate is what one
# idle core gives whatever else the machine runs; the load average before and after is printed with it.
# Each target then runs again with its oracle off (XDS_FUZZ_CHECK=0: libFuzzer, the mutator and the input's
# copy alone), which says how much of its time the check takes. Writes FuzzTesting/artifacts/speed.txt (one
# line per target), which fuzz-report.py renders.
set -euo pipefail
# shellcheck source=targets.sh
. "$(dirname "${BASH_SOURCE[0]}")/targets.sh"
fuzz_script_setup
out=$FUZZ_ROOT/FuzzTesting/.build/out

fuzz_build_quietly "$out"
runs=${1:-100000}
shift || true
targets=${*:-$(fuzz_targets | tr '\n' ' ')}
results=$FUZZ_ROOT/FuzzTesting/artifacts/speed.txt
mkdir -p "$(dirname "$results")"
{
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), release + ASan, -seed=1, one process per target"
    echo "# target runs execs cpu_seconds execs_per_cpu_second load_before load_after harness_cpu_seconds harness_execs_per_cpu_second"
} >"$results"
# One run of target $1 with corpus directory $2 and log $3, in $4; prints "execs cpu_seconds".
speed_run() {
    local target=$1 corpus=$2 log=$3 work=$4
    (cd "$work" && nice -n "${FUZZ_NICE:-10}" /usr/bin/time -f '%U %S' -o "$work/cpu" \
        "$out/${target}_release" -seed=1 -runs="$runs" -max_len="$(fuzz_max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -dict="$FUZZ_ROOT/FuzzTesting/$(fuzz_dict "$target")" -print_final_stats=1 \
        -close_fd_mask=3 "$corpus" >"$log" 2>&1) || {
        echo "$target did not run cleanly:" >&2
        tail -n 5 "$log" >&2
        return 1
    }
    echo "$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log") $(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu")"
}
rate() { awk -v e="$1" -v c="$2" 'BEGIN { printf "%d", (c > 0 ? e / c : 0) }'; }
for target in $targets; do
    work=$(mktemp -d)
    fuzz_seeds "$target" "$work/corpus"
    cp -r "$work/corpus" "$work/corpus-floor"
    before=$(cut -d' ' -f1 /proc/loadavg)
    measured=$(speed_run "$target" "$work/corpus" "$work/log" "$work") || { rm -rf "$work"; exit 1; }
    # The same run with the oracle off (XDS_FUZZ_CHECK=0): libFuzzer, the mutator and the input's copy alone.
    floor=$(XDS_FUZZ_CHECK=0 speed_run "$target" "$work/corpus-floor" "$work/log-floor" "$work") || {
        rm -rf "$work"
        exit 1
    }
    read -r execs cpu <<<"$measured"
    read -r floor_execs floor_cpu <<<"$floor"
    line="$target $runs $execs $cpu $(rate "$execs" "$cpu") $before $(cut -d' ' -f1 /proc/loadavg)"
    line="$line $floor_cpu $(rate "$floor_execs" "$floor_cpu")"
    echo "$line" >>"$results"
    printf '%-22s %8s execs %7s CPU s %7s execs/CPU-s (harness alone %s)\n' "$target" "$execs" "$cpu" \
        "$(rate "$execs" "$cpu")" "$(rate "$floor_execs" "$floor_cpu")"
    rm -rf "$work"
done
