#!/usr/bin/env bash
# Distribution/make-dist.sh - `make dist`: the relocatable release tarball (Docs/ci.md, "The release").
#
# Builds xds and xds-adapter-foundation with the Swift runtime and Foundation linked statically, in a
# build directory of their own (.build/static, so the ordinary release build stays as it is), then lays
# out and packs
#
#   .build/dist/xds-conformance-<version>-linux-<arch>.tar.gz   (and .sha256 beside it)
#
# <version> is what the built `xds --version` prints (ConformanceModel.suiteVersion, the one source);
# <arch> is `uname -m`. libplist 2.2 is bundled under lib/ (found through the RUNPATH $ORIGIN/../lib):
# the `libplist` built-in is that version, and newer distributions ship libplist under another soname.
# Every other library the binaries need comes from the system: runtime-packages.txt lists the packages.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=.build/static
out=.build/dist

for product in xds xds-adapter-foundation; do
    "$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product" \
        -Xlinker -rpath -Xlinker '$ORIGIN/../lib'
done
bin=$("$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)

version=$("$bin/xds" --version)
arch=$(uname -m)
name="xds-conformance-$version-linux-$arch"
stage="$out/$name"
rm -rf "$stage" "$out/$name.tar.gz" "$out/$name.tar.gz.sha256"
mkdir -p "$stage/bin" "$stage/lib" "$stage/Docs"

install -m 755 "$bin/xds" "$bin/xds-adapter-foundation" "$stage/bin/"
cp -R "$bin/x-document-source_BuiltInPeers.resources" "$stage/bin/"
cp -R Vectors "$stage/Vectors"
cp Docs/spec.md "$stage/Docs/spec.md"
cp Distribution/README.md "$stage/README.md"
cp Distribution/runtime-packages.txt Distribution/install-runtime-packages.sh "$stage/"

# The one library shipped with the release: libplist, as the loader resolves it for this build.
libplist=$(ldd "$stage/bin/xds" | awk '$1 ~ /^libplist-2\.0\.so/ { print $3 }')
[ -n "$libplist" ] || { echo "make-dist: xds does not link libplist" >&2; exit 1; }
cp -L "$libplist" "$stage/lib/$(basename "$libplist")"
real=$(readlink -f "$libplist")
package=$(dpkg-query -S "$real" 2>/dev/null | head -1 | cut -d: -f1,2 || true)
{
    echo "$(basename "$libplist"): libplist (LGPL-2.1-or-later, https://libimobiledevice.org), copied from $real"
    [ -z "$package" ] || echo "Debian package ${package%:}, version $(dpkg-query -W -f='${Version}' "${package%:}")"
} >"$stage/lib/SOURCES.txt"

# No Swift runtime library may remain dynamic: the release runs where no toolchain is installed.
if ldd "$stage/bin/xds" "$stage/bin/xds-adapter-foundation" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
    echo "make-dist: a Swift runtime library is still linked dynamically (above)" >&2
    exit 1
fi

tar -C "$out" --owner=0 --group=0 --numeric-owner -czf "$out/$name.tar.gz" "$name"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
rm -rf "$stage"
echo "$out/$name.tar.gz"
