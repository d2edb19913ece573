#!/bin/bash -eu
# .clusterfuzzlite/build.sh - Builds the libFuzzer targets with the engine's flags into $OUT.
#
# ClusterFuzzLite (and OSS-Fuzz) run this inside base-builder-swift with $SRC, $OUT and $SANITIZER
# set and `precompile_swift` on the PATH. FuzzTesting/fuzz.sh and the BuildScriptTests test (make
# test) run it locally with the same variables, so it cannot rot. For every target it ships
# $OUT/<target>_<config> (the binary), <target>_<config>.dict, .options (max_len) and
# _seed_corpus.zip made from FuzzTesting/seed-corpus/ and Vectors/. FUZZ_CONFIGURATIONS (default
# "release"; campaigns run release + ASan, "debug" is for replaying a finding) picks the builds.
# FUZZ_SEED_CORPORA=0 (make mutation's fuzz judge, which copies the seeds into each campaign's corpus
# itself) leaves out the _seed_corpus.zip files: most of a rebuild's time when one source changed.
: "${SRC:?set by the engine}" "${OUT:?set by the engine}" "${SANITIZER:=address}"
FUZZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export FUZZ_ROOT
# shellcheck source=../FuzzTesting/targets.sh
. "$FUZZ_ROOT/FuzzTesting/targets.sh"

if command -v precompile_swift >/dev/null 2>&1; then
    # Sets SWIFTFLAGS: -parse-as-library, static stdlib, and the sanitizer or coverage flags.
    . precompile_swift
else
    # Outside the engine: the same flags, minus the static stdlib (not needed to run here). SwiftPM
    # 6.3 passes only the last --sanitize value to the compiler (`--sanitize=fuzzer --sanitize=address`
    # compiles without coverage counters), so the compiler gets both through -Xswiftc; --sanitize=fuzzer
    # makes SwiftPM link libFuzzer's main. lld (in the toolchain) links the ASan runtime without gold's
    # "Cannot export local symbol" noise.
    SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -use-ld=lld --sanitize=fuzzer"
    if [ "$SANITIZER" = coverage ]; then
        # The profile gives lines and regions; libFuzzer's own edge counters (-print_coverage=1) give the
        # control-flow edges, which Swift's coverage mapping lacks (it has no branch regions).
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
    else
        SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,$SANITIZER"
    fi
fi

if [ "$SANITIZER" = address ]; then
    # Swift runs SanitizerCoverage after AddressSanitizer, so each inline shadow-byte check of ASan
    # would also call a trace-cmp hook (about a third of a bplist target's time, and a table of recent
    # comparisons full of shadow bytes). With the checks as calls (__asan_load8, …) every access is
    # still checked and trace-cmp sees only the program's own comparisons.
    SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -Xllvm -Xswiftc -asan-instrumentation-with-call-threshold=0"
fi

mkdir -p "$OUT"
# SwiftPM plans the source files of a path dependency (the main package) once: a file added to one of its
# modules since the last build here (a pull, a merge) is missing from the next incremental build, which
# then fails ("cannot find 'X' in scope"). The list of source files is kept next to the build; when it
# has changed, the plan is dropped and made again (the object files are reused).
build_dir=${FUZZ_SCRATCH:-$FUZZ_ROOT/FuzzTesting/.build}
source_list=$(cd "$FUZZ_ROOT" && find Sources FuzzTesting/Sources -type f \( -name '*.swift' -o -name '*.c' \
    -o -name '*.h' -o -name '*.modulemap' \) | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
# FUZZ_SCRATCH (outside the engine) keeps a differently instrumented build (coverage) in its own directory.
scratch=()
[ -n "${FUZZ_SCRATCH:-}" ] && scratch=(--scratch-path "$FUZZ_SCRATCH")
for config in ${FUZZ_CONFIGURATIONS:-release}; do
    if [ "$(cat "$build_dir/xds-source-list-$config" 2>/dev/null)" != "$source_list" ]; then
        rm -f "$build_dir/$config.yaml"
    fi
    # shellcheck disable=SC2086 # SWIFTFLAGS is a list of flags
    swift build --package-path "$FUZZ_ROOT/FuzzTesting" "${scratch[@]}" -c "$config" $SWIFTFLAGS
    mkdir -p "$build_dir" && echo "$source_list" >"$build_dir/xds-source-list-$config"
    bin=$(swift build --package-path "$FUZZ_ROOT/FuzzTesting" "${scratch[@]}" -c "$config" $SWIFTFLAGS --show-bin-path)
    for target in $(fuzz_targets); do
        name=${target}_$config
        # A copy and a rename, so that a running fuzzer of the previous build does not make cp fail.
        cp "$bin/$target" "$OUT/$name.new" && mv -f "$OUT/$name.new" "$OUT/$name"
        cp "$FUZZ_ROOT/FuzzTesting/$(fuzz_dict "$target")" "$OUT/$name.dict"
        printf '[libfuzzer]\nmax_len = %s\ntimeout = 10\n' "$(fuzz_max_len "$target")" >"$OUT/$name.options"
        [ "${FUZZ_SEED_CORPORA:-1}" = 0 ] && continue
        rm -rf "${seeds:?}/$target" && fuzz_seeds "$target" "$seeds/$target"
        rm -f "$OUT/${name}_seed_corpus.zip"
        if [ -n "$(ls -A "$seeds/$target")" ]; then
            (cd "$seeds/$target" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
        fi
    done
done
