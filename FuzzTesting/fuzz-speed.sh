#!/usr/bin/env bash
# FuzzTesting/fuzz-speed.sh - Execs per CPU second of every target on a fixed workload (make fuzz-speed).
#
#   FuzzTesting/fuzz-speed.sh [RUNS] [TARGET…]
#
# Builds the targets (release + ASan, incrementally, as fuzz.sh does); each then runs alone, one process,
# from its seed corpus (what fuzz_seeds writes) for RUNS executions (default 100000; the seed corpus
# counts) with -seed=1, under nice. CPU time is the process's own rusage, so the rate is what one
# idle core gives whatever else the machine runs; the load average before and after is printed with it.
# The run also times the target's check and its custom mutator (XDS_FUZZ_TIMING, FuzzTiming.swift): their
# shares of the run's wall time, the rest being libFuzzer's. Writes FuzzTesting/artifacts/speed.txt (one
# line per target), which fuzz-report.py renders.
#
# The machine's own speed moves too (this VM ran the same binaries a third slower one hour than the
# next), so a fixed reference computation that is none of ours, a Perl loop, is timed before and after
# the targets and recorded with them: rates from two reports compare only as far as their loops agree.
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
# CPU seconds of the reference loop (user + system), the median of three runs.
reference_loop() {
    local i
    for i in 1 2 3; do
        /usr/bin/time -f '%U %S' perl -e 'my $x = 0; $x += $_ for 1 .. 30_000_000' 2>&1 >/dev/null |
            awk '{ printf "%.2f\n", $1 + $2 }'
    done | sort -n | sed -n 2p
}
reference_before=$(reference_loop)
{
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), release + ASan, -seed=1, one process per target"
    echo "# target runs execs cpu_seconds execs_per_cpu_second load_before load_after check_share mutator_share"
} >"$results"
for target in $targets; do
    work=$(mktemp -d)
    fuzz_seeds "$target" "$work/corpus"
    before=$(cut -d' ' -f1 /proc/loadavg)
    (cd "$work" && XDS_FUZZ_TIMING="$work/timing" nice -n "${FUZZ_NICE:-10}" /usr/bin/time -f '%U %S' -o "$work/cpu" \
        "$out/${target}_release" -seed=1 -runs="$runs" -max_len="$(fuzz_max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -dict="$FUZZ_ROOT/FuzzTesting/$(fuzz_dict "$target")" -print_final_stats=1 \
        -close_fd_mask=3 "$work/corpus" >"$work/log" 2>&1) || {
        echo "$target did not run cleanly:" >&2
        tail -n 5 "$work/log" >&2
        rm -rf "$work"
        exit 1
    }
    execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$work/log")
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu")
    rate=$(awk -v e="$execs" -v c="$cpu" 'BEGIN { printf "%d", (c > 0 ? e / c : 0) }')
    # Shares of the wall time from the first execution on: the check, the custom mutator (0 without one).
    shares=$(sed -nE 's/^wall_ns=([0-9]+) check_ns=([0-9]+) mutator_ns=([0-9]+).*/\1 \2 \3/p' "$work/timing" 2>/dev/null |
        awk '$1 > 0 { printf "%.2f %.2f", $2 / $1, $3 / $1 }')
    line="$target $runs $execs $cpu $rate $before $(cut -d' ' -f1 /proc/loadavg) ${shares:-- -}"
    echo "$line" >>"$results"
    printf '%-22s %8s execs %7s CPU s %7s execs/CPU-s (check, mutator: %s of the time)\n' "$target" "$execs" "$cpu" \
        "$rate" "${shares:-?}"
    rm -rf "$work"
done
echo "# reference_loop_cpu_seconds $reference_before $(reference_loop)" >>"$results"
