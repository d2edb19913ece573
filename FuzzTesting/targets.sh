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
        FuzzIconSelection) echo appinfo.dict ;;
        FuzzIconImage) echo image.dict ;;
        *) echo bplist.dict ;;
    esac
}

# The largest input a target is given (-max_len), in bytes; libplist's own fuzzers use 4096.
fuzz_max_len() {
    echo 4096
}

# Writes a target's seed corpus into directory $2: vector inputs of the areas it reads. appInfo
# inputs get each option byte in front (scale 1-3 × legacy/recommended, see IconFuzzOptions).
fuzz_seeds() {
    local target=$1 into=$2 file name option
    mkdir -p "$into"
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
        *)
            for file in $(find "$FUZZ_ROOT/Vectors/plist" "$FUZZ_ROOT/Vectors/attribute" -type f -name '*.bplist' \
                2>/dev/null | sort); do
                name=${file#"$FUZZ_ROOT/Vectors/"}
                cp "$file" "$into/${name//\//-}"
            done
            ;;
    esac
}
