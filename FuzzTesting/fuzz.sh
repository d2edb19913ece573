#!/usr/bin/env bash
# FuzzTesting/fuzz.sh - Builds every libFuzzer target and fuzzes each (make fuzz, fuzz-report, fuzz-long).
#
#   FuzzTesting/fuzz.sh            build (via .clusterfuzzlite/build.sh), then fuzz each target
#   FuzzTesting/fuzz.sh --report   the same, then render Reports/fuzz.json, fuzz.md and fuzz-coverage-time.png
#                                  (with .build/release/xds, or $XDS) and append to Reports/fuzz-history.json
#   FuzzTesting/fuzz.sh --merge    the same (flags combine), then merge each working corpus back into the committed
#                                  minimized corpus FuzzTesting/seed-corpus/<target>/ (-set_cover_merge=1)
#
# Each target starts from its seed corpus (FuzzTesting/seed-corpus/<target>/ and Vectors/, regressions
# included, copied into the git-ignored FuzzTesting/corpus/<target>/), so every campaign replays the
# regressions first and starts where the last merged one ended. Every target runs FUZZ_JOBS libFuzzer
# processes at once (-jobs, sharing the corpus), so a campaign uses every core. Prints execs, execs
# per second of wall time and per CPU second (the fuzzers' own rusage), edges, features and corpus
# size per target; exits 1 when any target found anything (artifacts in FuzzTesting/artifacts/<target>/).
#
# Environment: FUZZ_SECONDS (wall seconds per target, 60), FUZZ_CONFIGURATION (release or debug;
# release: campaigns run release + ASan, debug is for replaying a finding), FUZZ_JOBS (processes per
# target; the number of cores), FUZZ_TARGETS (names; all), FUZZ_TIMEOUT (per-input seconds, 10),
# FUZZ_NICE (nice level, 10), FUZZ_MUTATOR (1: structure-aware mutator for the bplist targets; 1).
set -euo pipefail
# shellcheck source=targets.sh
. "$(dirname "${BASH_SOURCE[0]}")/targets.sh"
fuzz_script_setup

seconds=${FUZZ_SECONDS:-60}
config=${FUZZ_CONFIGURATION:-release}
jobs=${FUZZ_JOBS:-$(nproc)}
timeout=${FUZZ_TIMEOUT:-10}
niceness=${FUZZ_NICE:-10}
export XDS_FUZZ_MUTATOR=${FUZZ_MUTATOR:-1}
targets=${FUZZ_TARGETS:-$(fuzz_targets | tr '\n' ' ')}
out=$FUZZ_ROOT/FuzzTesting/.build/out
report=0
merge=0
for flag in "$@"; do
    case "$flag" in
        --report) report=1 ;;
        --merge) merge=1 ;;
        *) echo "usage: fuzz.sh [--report] [--merge]" >&2 && exit 64 ;;
    esac
done

started=$(date +%s)
OUT=$out SRC=$(dirname "$FUZZ_ROOT") SANITIZER=address FUZZ_CONFIGURATIONS=$config .clusterfuzzlite/build.sh
echo "fuzz build ($config, address+fuzzer): $(($(date +%s) - started)) s"

status=0
summary=()
for target in $targets; do
    corpus=$FUZZ_ROOT/FuzzTesting/corpus/$target
    artifacts=$FUZZ_ROOT/FuzzTesting/artifacts/$target
    work=$FUZZ_ROOT/FuzzTesting/artifacts/$target.jobs
    rm -rf "$artifacts" "$work" && mkdir -p "$artifacts" "$corpus" "$work"
    fuzz_seeds "$target" "$corpus"
    echo "== $target: ${seconds} s × $jobs jobs"
    code=0
    # -jobs writes each job's log to fuzz-<n>.log in the working directory; time's rusage covers the
    # jobs (the parent waits for each), which is the CPU time the campaign really got.
    # Long campaigns run in 4 rounds of jobs, so that a job stopped by a finding is followed by a fresh one
    # (the corpus is shared) instead of leaving a core idle for the rest of the target's time.
    rounds=$((seconds >= 240 ? 4 : 1))
    # Coverage over time: every `step` seconds, the most edges any job's status lines show so far (the edges
    # the summary below takes), as "seconds edges" → FuzzTesting/artifacts/<target>.timeline (fuzz.json, and
    # Reports/fuzz-coverage-time.png). About 60 samples per target, at least 2 s apart.
    timeline=FuzzTesting/artifacts/$target.timeline
    : >"$timeline"
    step=$((seconds >= 120 ? seconds / 60 : 2))
    fuzz_timeline_sampler "$work" "$step" "$timeline" &
    sampler=$!
    begun=$(date +%s)
    (cd "$work" && nice -n "$niceness" /usr/bin/time -f '%U %S' -o "$work/cpu" \
        "$out/${target}_$config" -jobs="$((jobs * rounds))" -workers="$jobs" -max_total_time="$((seconds / rounds))" \
        -max_len="$(fuzz_max_len "$target")" -timeout="$timeout" -rss_limit_mb=2048 \
        -dict="$FUZZ_ROOT/FuzzTesting/$(fuzz_dict "$target")" -artifact_prefix="$artifacts/" \
        -print_final_stats=1 "$corpus" >"$work/parent.log" 2>&1) || code=$?
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    elapsed=$(($(date +%s) - begun))
    cat "$work"/fuzz-*.log >"FuzzTesting/artifacts/$target.log" 2>/dev/null || true
    log=FuzzTesting/artifacts/$target.log
    sum() { sed -nE "s/^stat::$1: *([0-9]+)/\\1/p" "$log" | awk '{ s += $1 } END { print s + 0 }'; }
    execs=$(sum number_of_executed_units)
    cpu=$(awk '/^[0-9.]+ [0-9.]+$/ { printf "%.1f", $1 + $2 }' "$work/cpu" 2>/dev/null || echo 0)
    rate=$(awk -v e="$execs" -v s="$seconds" 'BEGIN { printf "%d", e / s }')
    per_cpu=$(awk -v e="$execs" -v c="$cpu" 'BEGIN { printf "%d", (c > 0 ? e / c : 0) }')
    # The last status line of each job: "#N DONE cov: E ft: F corp: C/Sb … exec/s: X …"; the best job.
    best() { grep -aE '^#[0-9]+' "$log" | sed -nE "s/.* $1: *([0-9]+).*/\\1/p" | sort -n | tail -n 1; }
    edges=$(best cov)
    features=$(best ft)
    echo "$elapsed ${edges:-0}" >>"$timeline"
    units=$(find "$corpus" -type f | wc -l)
    findings=$(find "$artifacts" -type f | sort | tr '\n' ' ')
    result=ok
    if [ -n "$findings" ] || grep -qaE 'FUZZ FINDING|ERROR: libFuzzer|ERROR: AddressSanitizer' "$log"; then
        result=FOUND
        status=1
        grep -aE 'FUZZ FINDING|ERROR: |SUMMARY: |Fatal error' "$log" | head -n 5 || true
    elif [ "$code" -ne 0 ]; then
        result=FAILED
        status=1
        tail -n 5 "$work/parent.log"
    fi
    cat >"FuzzTesting/artifacts/$target.stats" <<STATS
target=$target
configuration=$config
seconds=$seconds
jobs=$jobs
cpu_seconds=$cpu
execs=${execs:-0}
execs_per_sec=${rate:-0}
execs_per_cpu_sec=${per_cpu:-0}
edges=${edges:-0}
features=${features:-0}
corpus=${units:-0}
exit=$code
result=$result
findings=$findings
commit=$(git -C "$FUZZ_ROOT" rev-parse --short HEAD 2>/dev/null)
finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)
load=$(cut -d' ' -f1-3 /proc/loadavg)
STATS
    summary+=("$(printf '%-22s %-6s %11s execs %7s/s %7s/CPU-s  CPU %7s s  edges %5s  ft %6s  corpus %6s' \
        "$target" "$result" "${execs:-0}" "${rate:-0}" "${per_cpu:-0}" "$cpu" "${edges:-0}" "${features:-0}" \
        "${units:-0}")")
    # A finding is in the artifacts, never in the corpus: the corpus merges back either way.
    if [ "$merge" = 1 ]; then
        fuzz_merge_corpus "$out/${target}_$config" "$target" "$corpus"
    fi
done

echo
echo "fuzz campaign ($config + ASan, $jobs jobs per target, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%s\n' "${summary[@]}"
if [ "$report" = 1 ]; then
    python3 FuzzTesting/fuzz-report.py FuzzTesting/artifacts Reports
    # The coverage-over-time picture is drawn by xds (Swift and cairo) from the fuzz.json just written.
    "${XDS:-$FUZZ_ROOT/.build/release/xds}" report --in Reports --only fuzz
fi
[ "$status" -eq 0 ] || echo "fuzz: findings above; minimize with -minimize_crash=1 and keep them under Vectors/<area>/regressions/"
exit "$status"
