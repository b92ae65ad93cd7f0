#!/usr/bin/env bash
# What the standalone folder holds, read without running it (packaging/check-dist.sh runs it).
#
#   packaging/check-contents.sh size FOLDER       under 200 MiB (du -sm)
#   packaging/check-contents.sh libraries FOLDER  every shared library is on bundled-libraries.txt
#   packaging/check-contents.sh links FOLDER      every library a file links is bundled or on system-libraries.txt
#   packaging/check-contents.sh list FOLDER       the bundled libraries, one path a line (to compare two builds)
#
# Each check prints one line per problem, naming the file, and exits 1 if there is any.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
LIMIT_MB=200

usage() {
  echo "usage: $0 size|libraries|links|list FOLDER" >&2
  exit 2
}
[ $# = 2 ] || usage
[ -d "$2/_internal" ] || { echo "$2: not a standalone folder (no _internal/)" >&2; exit 2; }
FOLDER=$(cd "$2" && pwd)
INTERNAL="$FOLDER/_internal"

patterns() {  # the non-comment lines of one of the lists
  grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$HERE/$1"
}
mapfile -t BUNDLED < <(patterns bundled-libraries.txt)
mapfile -t SYSTEM < <(patterns system-libraries.txt)

matches() {  # matches TEXT PATTERN...: TEXT matches one of the shell patterns
  local text=$1 pattern
  shift
  for pattern in "$@"; do
    # shellcheck disable=SC2053  # the pattern is meant to be a glob
    [[ $text == $pattern ]] && return 0
  done
  return 1
}

libraries() {  # every shared library in the folder, file or symbolic link, as a path inside _internal/
  (cd "$INTERNAL" && find . \( -type f -o -type l \) \( -name '*.so' -o -name '*.so.*' \) | sed 's|^\./||' | sort)
}

elf_files() {  # every ELF file of the folder (the executable too), as an absolute path
  find "$FOLDER" -type f -print0 | while IFS= read -r -d '' file; do
    [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = '177ELF' ] && echo "$file"
  done
}

check_size() {
  local size_mb
  size_mb=$(du -sm "$FOLDER" | cut -f1)
  echo "folder: ${size_mb} MiB (limit ${LIMIT_MB} MiB)"
  [ "$size_mb" -lt "$LIMIT_MB" ] || { echo "$FOLDER is ${size_mb} MiB: it must stay under ${LIMIT_MB} MiB"; return 1; }
}

check_libraries() {
  local path target judged bad=0
  while IFS= read -r path; do
    judged=$path
    if [ -L "$INTERNAL/$path" ]; then  # PyInstaller's links beside the others: judged by their target
      target=$(readlink -f "$INTERNAL/$path")
      case $target in
        "$INTERNAL"/*) judged=${target#"$INTERNAL"/} ;;
        *) echo "_internal/$path: a link to $target, outside the folder"; bad=1; continue ;;
      esac
    fi
    matches "$judged" "${BUNDLED[@]}" || { echo "_internal/$path: not on packaging/bundled-libraries.txt"; bad=1; }
  done < <(libraries)
  return $bad
}

check_links() {
  local file needed dir found bad=0
  while IFS= read -r file; do
    local dynamic
    dynamic=$(readelf -d "$file" 2>/dev/null) || { echo "${file#"$FOLDER"/}: readelf cannot read it"; bad=1; continue; }
    # Where the loader looks: the bootloader puts _internal/ first on LD_LIBRARY_PATH, then the
    # file's own RPATH or RUNPATH ($ORIGIN: the file's folder).
    local -a dirs=("$INTERNAL")
    local paths
    paths=$(echo "$dynamic" | sed -n 's/.*Library r\(un\)\?path: \[\(.*\)\]/\2/p' | tr ':' '\n')
    while IFS= read -r dir; do
      [ -n "$dir" ] && dirs+=("${dir//\$ORIGIN/$(dirname "$file")}")
    done <<<"$paths"
    while IFS= read -r needed; do
      [ -n "$needed" ] || continue
      matches "$needed" "${SYSTEM[@]}" && continue
      found=0
      for dir in "${dirs[@]}"; do
        [ -e "$dir/$needed" ] && { found=1; break; }
      done
      [ $found = 1 ] || {
        echo "$needed (linked by ${file#"$FOLDER"/}): neither bundled nor on packaging/system-libraries.txt"
        bad=1
      }
    done < <(echo "$dynamic" | sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p')
  done < <(elf_files)
  return $bad
}

case $1 in
  size) check_size ;;
  libraries) check_libraries ;;
  links) check_links ;;
  list) libraries | sed "s|^|_internal/|" ;;
  *) usage ;;
esac
