# FuzzTesting/targets.sh - The fuzz targets and their settings, sourced by fuzz.sh and .clusterfuzzlite/build.sh
#
# One place says which targets exist, which dictionary and input bound each uses, and how its seed
# corpus is made from Vectors/ (regression vectors included, so every campaign replays them first).

# Every fuzz target: each directory FuzzTesting/Sources/Fuzz* except the shared FuzzCommon.
fuzz_targets() {
    local dir
    for dir in "$FUZZ_ROOT"/FuzzTesting/Sources/Fuzz*/; do
        dir=${dir%/}; dir=${dir##*/}
        [ "$dir" = FuzzCommon ] || echo "$dir"
    done
}

# The dictionary file (in FuzzTesting/) of a target.
fuzz_dict() {
    case "$1" in
        FuzzIconSelection | FuzzAppInfoParser) echo appinfo.dict ;;
        FuzzIconImage) echo image.dict ;;
        FuzzTaggedJSON | FuzzAdapterOutput | FuzzServeResponse) echo taggedjson.dict ;;
        *) echo bplist.dict ;;
    esac
}

# The largest input a target is given (-max_len), in bytes; libplist's own fuzzers use 4096.
fuzz_max_len() {
    echo 4096
}

# Writes a target's seed corpus into directory $2 (with a third argument: the vector inputs only): the committed minimized corpus
# (FuzzTesting/seed-corpus/<target>/, where the last long campaign ended), the vector inputs of
# the areas it reads and, for the bplist targets, the hand-built seeds of FuzzTesting/handmade-seeds.py.
# appInfo inputs get each option byte in front (scale 1-3 × legacy/recommended, see IconFuzzOptions); adapter-output inputs are exit-0 results of a decode or an encode case (AdapterOutputCheck).
fuzz_seeds() {
    local target=$1 into=$2 vectors_only=${3:-} file name option
    mkdir -p "$into"
    if [ -z "$vectors_only" ] && [ -d "$FUZZ_ROOT/FuzzTesting/seed-corpus/$target" ]; then
        find "$FUZZ_ROOT/FuzzTesting/seed-corpus/$target" -type f -exec cp {} "$into/" \;
    fi
    case "$target" in
        FuzzIconSelection)
            for file in $(find "$FUZZ_ROOT/Vectors/icons" -type f -name '*.appinfo' 2>/dev/null | sort); do
                name=$(basename "$file" .appinfo)
                for option in 00 01 02 04 05 06; do
                    { printf "\\x$option"; cat "$file"; } >"$into/$name-$option"
                done
            done
            ;;
        FuzzIconImage)
            # Image bodies (option 00): the golden masks; appInfo bodies (options 01 03 05: scales 1-3).
            for file in $(find "$FUZZ_ROOT/Tests/IconLoadingTests/Golden" -type f -name '*.png' 2>/dev/null | sort); do
                { printf '\x00'; cat "$file"; } >"$into/image-$(basename "$file")"
            done
            for file in $(find "$FUZZ_ROOT/Vectors/icons" -type f -name '*.appinfo' 2>/dev/null | sort | head -n 200); do
                name=$(basename "$file" .appinfo)
                for option in 01 03 05; do
                    { printf "\\x$option"; cat "$file"; } >"$into/appinfo-$name-$option"
                done
            done
            ;;
        FuzzAppInfoParser)
            for file in $(find "$FUZZ_ROOT/Vectors/icons" -type f -name '*.appinfo' 2>/dev/null | sort); do
                cp "$file" "$into/$(basename "$file")"
            done
            ;;
        FuzzTaggedJSON)
            for file in $(find "$FUZZ_ROOT/Vectors/plist" -type f -name '*.json' 2>/dev/null | sort); do
                name=${file#"$FUZZ_ROOT/Vectors/"}
                cp "$file" "$into/${name//\//-}"
            done
            ;;
        FuzzServeResponse)
            # A control byte (one byte per chunk), then an accepted response carrying a vector's tagged JSON and a
            # rejected one with a diagnostic (CMD serve frames, Docs/conformance.md "The persistent mode").
            for file in $(find "$FUZZ_ROOT/Vectors/plist/valid" -type f -name '*.json' -size -250c 2>/dev/null | sort); do
                name=$(basename "$file" .json)
                { printf '\x00\x00\x00\x00\x08accepted\x00\x00\x00'; printf "\\x$(printf %02x "$(wc -c <"$file")")"; cat "$file"; } >"$into/$name-accepted"
            done
            printf '\x05\x00\x00\x00\x0drejected\x00why\n\x00\x00\x00\x00' >"$into/rejected"
            ;;
        FuzzAdapterOutput)
            # A valid decode case answered with a vector's tagged JSON, an encode case with its bplist.
            for file in $(find "$FUZZ_ROOT/Vectors/plist/valid" -type f -name '*.json' -size -250c 2>/dev/null | sort); do
                name=$(basename "$file" .json)
                { printf "\\x00\\x00\\x$(printf %02x "$(wc -c <"$file")")"; cat "$file"; } >"$into/$name-decode"
                file=${file%.json}.bplist
                [ -f "$file" ] && [ "$(wc -c <"$file")" -lt 250 ] || continue
                { printf "\\x10\\x00\\x$(printf %02x "$(wc -c <"$file")")"; cat "$file"; } >"$into/$name-encode"
            done
            ;;
        *)
            for file in $(find "$FUZZ_ROOT/Vectors/plist" "$FUZZ_ROOT/Vectors/attribute" -type f -name '*.bplist' \
                2>/dev/null | sort); do
                name=${file#"$FUZZ_ROOT/Vectors/"}
                cp "$file" "$into/${name//\//-}"
            done
            # The rules no input within -max_len can reach (handmade-seeds.py says why), built by hand.
            python3 "$FUZZ_ROOT/FuzzTesting/handmade-seeds.py" "$into"
            ;;
    esac
}

# Merges the working corpus $3 of target $2 (binary $1) into the committed minimized corpus
# FuzzTesting/seed-corpus/<target>/: a set-cover merge of the old and the working corpus into an empty
# directory, then the inputs that are vector seeds removed (fuzz_seeds adds those anyway).
fuzz_merge_corpus() {
    local binary=$1 target=$2 corpus=$3 keep merged vectors file sum
    keep=$FUZZ_ROOT/FuzzTesting/seed-corpus/$target
    merged=$(mktemp -d) vectors=$(mktemp -d)
    mkdir -p "$keep"
    if ! "$binary" -set_cover_merge=1 -max_len="$(fuzz_max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
        "$merged" "$keep" "$corpus" >"$FUZZ_ROOT/FuzzTesting/artifacts/$target.merge.log" 2>&1; then
        echo "merge of $target failed: FuzzTesting/artifacts/$target.merge.log" >&2
        rm -rf "$merged" "$vectors"
        return 1
    fi
    fuzz_seeds "$target" "$vectors" vectors-only
    for file in "$vectors"/*; do
        [ -f "$file" ] || continue
        sum=$(sha1sum "$file" | cut -d' ' -f1)
        rm -f "$merged/$sum"
    done
    rm -rf "$keep" && mkdir -p "$keep" && cp "$merged"/* "$keep/" 2>/dev/null || true
    rm -rf "$merged" "$vectors"
    echo "$target: seed corpus $(find "$keep" -type f | wc -l) inputs, $(($(find "$keep" -type f -exec cat {} + | wc -c) / 1024)) KiB"
}

# Builds the release + ASan targets into $1 quietly (as fuzz.sh does); on failure shows the end of the build
# log and returns its status, so a script that builds first never fails without saying why.
fuzz_build_quietly() {
    local out=$1 log status=0
    log=$(mktemp)
    OUT=$out SRC=$(dirname "$FUZZ_ROOT") SANITIZER=address FUZZ_CONFIGURATIONS=release \
        "$FUZZ_ROOT/.clusterfuzzlite/build.sh" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        echo "the fuzz build failed (exit $status); its last lines:" >&2
        tail -n 30 "$log" >&2
    fi
    rm -f "$log"
    return "$status"
}

# The environment every script that runs a fuzzer sets (fuzz.sh, fuzz-speed.sh, mutator-compare.sh):
# libFuzzer prints the stack of a trap itself, and the Swift backtracer would race it under ASan; no
# allocation stacks (a third of ASan's malloc cost here), a finding is replayed with the default.
fuzz_run_environment() {
    export SWIFT_BACKTRACE=enable=no
    export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
}

# Starts a script that runs fuzzers: FUZZ_ROOT (the package root, exported), the working directory
# there, and the run environment above.
# Appends "seconds edges" to $3 every $2 seconds until killed: seconds since it started, and the most edges
# ("cov: N") any status line of the libFuzzer job logs in $1 shows so far; nothing until a job has one.
fuzz_timeline_sampler() {
    local work=$1 step=$2 into=$3 started edges
    started=$(date +%s)
    while sleep "$step"; do
        edges=$(awk '/^#[0-9]+/ && match($0, / cov: [0-9]+/) { v = substr($0, RSTART + 6, RLENGTH - 6) + 0
                     if (v > m) m = v } END { print m + 0 }' "$work"/fuzz-*.log 2>/dev/null || true)
        [ "${edges:-0}" -gt 0 ] && echo "$(($(date +%s) - started)) $edges" >>"$into"
    done
}

fuzz_script_setup() {
    FUZZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    export FUZZ_ROOT
    cd "$FUZZ_ROOT"
    fuzz_run_environment
}
