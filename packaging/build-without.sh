#!/usr/bin/env bash
# Build the standalone folder as if some Debian packages were not installed, and compare its shared
# libraries with those of dist/embedding-visualizer (names, not bytes). Issue 20's test:
#
#   packaging/build-without.sh build/without-gtk libgtk-3-0 libepoxy0 libwayland-cursor0 ...
#
# The files of those packages under /usr/lib are hidden from PyInstaller only: an overlay mount with
# them deleted, and an ld.so cache made without them, in a private mount namespace that ends with
# the build. Nothing changes on the system. Needs root (unshare, mount) and a merged /usr (Debian 12).
# Prints the difference of the two lists (none: exit 0).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUT PACKAGE..." >&2; exit 2; }
OUT=$(realpath -m "$1")
shift
[ -L /lib ] || { echo "$0: needs a merged /usr (/lib a link to usr/lib)" >&2; exit 2; }
[ -d "$ROOT/dist/embedding-visualizer" ] || { echo "$0: make dist first, to compare with" >&2; exit 2; }

rm -rf "$OUT"
mkdir -p "$OUT/upper" "$OUT/overlay-work"
dpkg -L "$@" | grep -E '^/(usr/)?lib/' | sed 's|^/lib/|/usr/lib/|' | sort -u >"$OUT/hidden-files.txt"
unshare --mount --propagation private bash -euo pipefail -c '
  out=$1 root=$2
  mount -t overlay overlay -o "lowerdir=/usr/lib,upperdir=$out/upper,workdir=$out/overlay-work" /usr/lib
  while IFS= read -r file; do
    if [ -f "$file" ] || [ -L "$file" ]; then rm -f "$file"; fi
  done <"$out/hidden-files.txt"
  ldconfig -C "$out/ld.so.cache"
  mount --bind "$out/ld.so.cache" /etc/ld.so.cache
  cd "$root"
  .venv/bin/pyinstaller --noconfirm --log-level ERROR --distpath "$out/dist" --workpath "$out/build" \
    packaging/embedding-visualizer.spec
' build-without "$OUT" "$ROOT"
rm -rf "$OUT/upper" "$OUT/overlay-work"

bash "$ROOT/packaging/check-contents.sh" list "$ROOT/dist/embedding-visualizer" >"$OUT/libraries-here.txt"
bash "$ROOT/packaging/check-contents.sh" list "$OUT/dist/embedding-visualizer" >"$OUT/libraries-without.txt"
echo "$(wc -l <"$OUT/libraries-here.txt") libraries here, $(wc -l <"$OUT/libraries-without.txt") without $*"
diff "$OUT/libraries-here.txt" "$OUT/libraries-without.txt" && echo "the same libraries"
