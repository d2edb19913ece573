#!/bin/sh
# install-runtime-packages.sh - Installs the Debian/Ubuntu packages the xds release needs at run time
# (runtime-packages.txt, beside this script), only those missing; as root, or through sudo.
#
#   install-runtime-packages.sh           install what is missing
#   install-runtime-packages.sh --print   print the package chosen for each need, install nothing
#   install-runtime-packages.sh --check   print what is missing, exit 1 if anything is
#
# Each need lists alternatives, "a|b": the first one installed wins, else the first one apt knows
# (Debian 12 and Ubuntu 22.04 names come first, Ubuntu 24.04's t64 names second). apt must know the
# packages: run `apt-get update` first on a fresh image.
set -eu
mode=${1:-install}
list="$(dirname "$0")/runtime-packages.txt"

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
known() { apt-cache show --no-all-versions "$1" >/dev/null 2>&1; }

chosen=""
missing=""
for need in $(sed 's/#.*//' "$list"); do
    pick=""
    for candidate in $(echo "$need" | tr '|' ' '); do
        if installed "$candidate"; then pick="$candidate"; break; fi
    done
    if [ -z "$pick" ]; then
        for candidate in $(echo "$need" | tr '|' ' '); do
            if known "$candidate"; then pick="$candidate"; missing="$missing $pick"; break; fi
        done
    fi
    if [ -z "$pick" ]; then
        echo "install-runtime-packages: apt knows none of: $need (run apt-get update first?)" >&2
        exit 1
    fi
    chosen="$chosen $pick"
done

case "$mode" in
--print)
    echo $chosen
    exit 0
    ;;
--check)
    if [ -n "$missing" ]; then
        echo "missing:$missing"
        exit 1
    fi
    exit 0
    ;;
install) ;;
*)
    echo "usage: install-runtime-packages.sh [--print | --check]" >&2
    exit 64
    ;;
esac

[ -n "$missing" ] || exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing:$missing" >&2
# shellcheck disable=SC2086 # one word per package
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing >&2
