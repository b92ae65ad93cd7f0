#!/usr/bin/env bash
# Make a bare Debian root folder to run the standalone app in (`make check-dist-bare`): the packages
# that give this machine the libraries of packaging/system-libraries.txt, what they depend on (no
# recommends), one font, and the shell and tools every Debian has. Nothing else: no GTK, no desktop,
# none of the libraries the folder bundles (xcb-util, xkbcommon, ...). If the app starts there, the
# system list is all it needs of a teacher's machine.
#
#   packaging/bare-debian.sh ROOT      (Debian or Ubuntu: dpkg, apt-get; downloads about 70 MB)
#
# The .deb files are kept in ROOT.debs/ for the next run; ROOT itself is made afresh. Nothing is
# installed on this machine: the packages are only unpacked (dpkg-deb -x) into ROOT.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# = 1 ] || { echo "usage: $0 ROOT" >&2; exit 2; }
ROOT=$(realpath -m "$1")
DEBS="$ROOT.debs"
MULTIARCH="$(uname -m)-linux-gnu"

# The packages that hold the system libraries here (a library not installed here is needed by nothing
# the folder bundles, or `make check-dist` says so).
mapfile -t patterns < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$HERE/system-libraries.txt" | sed 's|^|*/|')
mapfile -t packages < <(dpkg -S "${patterns[@]}" 2>/dev/null |
  grep -E ": /(usr/)?lib(64|/$MULTIARCH)/[^/]+$" | sed 's/[:,].*//' | sort -u)
packages+=(fonts-dejavu-core dash coreutils)
echo "bare Debian: ${packages[*]}"

# What installing them on an empty system would install: apt's own resolver, on an empty status file.
empty_status=$(mktemp)
trap 'rm -f "$empty_status"' EXIT
mapfile -t closure < <(apt-get --simulate -o Dir::State::status="$empty_status" -o APT::Install-Recommends=false \
  install "${packages[@]}" | sed -n 's/^Inst \([^ ]*\) .*/\1/p')
[ ${#closure[@]} -gt 0 ] || { echo "apt-get resolved no packages" >&2; exit 1; }

mkdir -p "$DEBS"
missing=()
for package in "${closure[@]}"; do
  compgen -G "$DEBS/${package}_*.deb" >/dev/null || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  (cd "$DEBS" && apt-get download -q "${missing[@]}" 2>&1 | grep -v -e '^Get:' -e 'unsandboxed' || true)
fi

rm -rf "$ROOT"
mkdir -p "$ROOT"
for package in "${closure[@]}"; do
  debs=("$DEBS/${package}_"*.deb)
  dpkg-deb -x "${debs[-1]}" "$ROOT"
done
ldconfig -r "$ROOT"
mkdir -p "$ROOT/proc" "$ROOT/dev" "$ROOT/tmp/.X11-unix"
chmod 1777 "$ROOT/tmp"
echo "bare Debian: ${#closure[@]} packages in $ROOT ($(du -sm "$ROOT" | cut -f1) MiB)"
