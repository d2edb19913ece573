#!/usr/bin/env bash
# FuzzTesting/coverage-build.sh - The one place that says how the fuzz targets' coverage build is made and where
# the toolchain's LLVM tools are. make fuzz-coverage (fuzz-coverage.sh) and make mutation's map of what each
# campaign executes (mutation/judge_reach.py) both call it.
#
#   coverage-build.sh build       every fuzz target built debug with -profile-generate -profile-coverage-mapping,
#                                 in its own scratch directory (the sanitizer build stays incremental):
#                                 FuzzTesting/.build-coverage/out/<target>_debug
#   coverage-build.sh tool NAME   the path of NAME (llvm-cov, llvm-profdata, llvm-objdump, llvm-symbolizer): the
#                                 Swift toolchain ships them next to the real `swift` binary
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

case "${1:-}" in
build)
    OUT=$root/FuzzTesting/.build-coverage/out SRC=$(dirname "$root") SANITIZER=coverage FUZZ_CONFIGURATIONS=debug \
        FUZZ_SCRATCH=$root/FuzzTesting/.build-coverage "$root/.clusterfuzzlite/build.sh"
    ;;
tool)
    [ $# -eq 2 ] || { echo "usage: $0 tool NAME" >&2; exit 2; }
    swift=$(command -v swift) || { echo "coverage-build: swift is not on PATH" >&2; exit 1; }
    path=$(dirname "$(readlink -f "$swift")")/$2
    [ -x "$path" ] || { echo "coverage-build: $2 is not next to swift ($path); the Swift toolchain ships it" >&2; exit 1; }
    echo "$path"
    ;;
*)
    echo "usage: $0 build | tool NAME" >&2
    exit 2
    ;;
esac
