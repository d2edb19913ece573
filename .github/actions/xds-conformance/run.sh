#!/usr/bin/env bash
# .github/actions/xds-conformance/run.sh - What the repository's GitHub Action (action.yml) runs: fetch the
# release, install its runtime packages, run the suite on the adapter, leave the reports for upload.
#
# Inputs, as action.yml passes them (environment variables, never spliced into the script's text):
#   XDS_COMMAND          the adapter command (required), split like a shell would; relative paths from here
#   XDS_KNOWN_FAILURES   the adapter's known-failure list (optional)
#   XDS_AREAS            areas, comma separated (optional: every area the adapter's capabilities cover)
#   XDS_VERSION          the suite release (optional: the version of this checkout, ConformanceModel.suiteVersion)
#   XDS_ACTION_PATH      the action's checkout (default: this script's repository)
#   XDS_RELEASE_REPOSITORY  owner/name whose GitHub releases carry the tarball (default: from the action's path)
#   XDS_RELEASE_TARBALL  a local release tarball: used instead of the download (the tests use it)
# Outputs (GITHUB_OUTPUT): report-directory, status. Exit status: xds conformance's own (0 passed, 1
# unexpected deviations or a stale known-failure entry, 2 the adapter does not run, 64 usage, 74 I/O),
# or 3 when the release cannot be fetched or installed.
set -euo pipefail

note() { echo "$*" >&2; }
fail_setup() {
    echo "::error title=xds conformance::$*"
    exit 3
}

action_path=${XDS_ACTION_PATH:-$(cd "$(dirname "$0")/../../.." && pwd)}
[ -n "${XDS_COMMAND:-}" ] || fail_setup "the input 'command' is required (your adapter, e.g. python3 tests/xds_adapter.py)"

version=${XDS_VERSION:-}
if [ -z "$version" ]; then
    version=$(sed -n 's/^public let suiteVersion = "\(.*\)"$/\1/p' "$action_path/Sources/ConformanceModel/Manifest.swift")
    [ -n "$version" ] || fail_setup "no 'version' given and none found in $action_path"
fi
case "$(uname -m)" in
x86_64 | amd64) arch=x86_64 ;;
aarch64 | arm64) arch=aarch64 ;;
*) fail_setup "no release for $(uname -m)" ;;
esac
name="xds-conformance-$version-linux-$arch"
work=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/xds-conformance
rm -rf "$work"
mkdir -p "$work"

tarball=${XDS_RELEASE_TARBALL:-}
if [ -z "$tarball" ]; then
    repository=${XDS_RELEASE_REPOSITORY:-}
    if [ -z "$repository" ]; then
        # An action's checkout lives at …/_actions/<owner>/<name>/<ref>.
        repository=$(echo "$action_path" | sed -n 's|.*/_actions/\([^/]*\)/\([^/]*\)/[^/]*$|\1/\2|p')
    fi
    [ -n "$repository" ] || fail_setup "cannot tell which repository's releases to fetch (set XDS_RELEASE_REPOSITORY)"
    url="https://github.com/$repository/releases/download/v$version/$name.tar.gz"
    note "fetching $url"
    curl --fail --location --silent --show-error --retry 3 -o "$work/$name.tar.gz" "$url" \
        || fail_setup "cannot fetch $url"
    curl --fail --location --silent --show-error --retry 3 -o "$work/$name.tar.gz.sha256" "$url.sha256" \
        || fail_setup "cannot fetch $url.sha256"
    (cd "$work" && sha256sum --check --quiet "$name.tar.gz.sha256") || fail_setup "$name.tar.gz: checksum mismatch"
    tarball=$work/$name.tar.gz
fi
tar -xzf "$tarball" -C "$work" || fail_setup "cannot unpack $tarball"
release=$work/$name
[ -x "$release/bin/xds" ] || fail_setup "$tarball does not hold $name/bin/xds (version $version, $arch)"

if ! "$release/install-runtime-packages.sh" --check >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2 || fail_setup "apt-get update failed"
    "$release/install-runtime-packages.sh" || fail_setup "cannot install the runtime packages"
fi

reports=$work/report
mkdir -p "$reports"
[ -z "${GITHUB_OUTPUT:-}" ] || echo "report-directory=$reports" >>"$GITHUB_OUTPUT"

arguments=(conformance --vectors "$release/Vectors" --cmd "$XDS_COMMAND" --out "$reports"
    --junit "$reports/junit.xml")
[ -z "${XDS_AREAS:-}" ] || arguments+=(--area "$XDS_AREAS")
[ -z "${XDS_KNOWN_FAILURES:-}" ] || arguments+=(--known-failures "$XDS_KNOWN_FAILURES")

note "xds $version: xds ${arguments[*]}"
status=0
"$release/bin/xds" "${arguments[@]}" | tee "$reports/summary.txt" || status=${PIPESTATUS[0]}
[ -z "${GITHUB_OUTPUT:-}" ] || echo "status=$status" >>"$GITHUB_OUTPUT"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { echo "### xds conformance $version"; echo '```'; cat "$reports/summary.txt"; echo '```'; } >>"$GITHUB_STEP_SUMMARY"
fi

case $status in
0) note "xds conformance: no unexpected deviation" ;;
1) echo "::error title=xds conformance::unexpected deviations or stale known-failure entries (above; the report is in the artifact)" ;;
2) echo "::error title=xds conformance::the adapter does not run: $XDS_COMMAND (above)" ;;
64) echo "::error title=xds conformance::usage error (check the action's inputs)" ;;
*) echo "::error title=xds conformance::xds conformance exited $status (above)" ;;
esac
exit "$status"
