#!/usr/bin/env bash
# The Debian packages that `make run` and `make test` need from the system (packaging/debian-packages.txt):
# installs the missing ones, or stops at once with the one command to run.
#
#   tools/system-packages.sh run     the packages marked `run` (what the app needs): `make run` runs this
#   tools/system-packages.sh test    those marked `run` or `test`: `make test` and .ci/run run this
#   tools/system-packages.sh qt VENV after the app failed to start: names the library Qt's X11 platform
#                                    plugin (VENV's PySide6, libqxcb.so) cannot load, and its package
#
# run|test: everything installed: prints nothing, exits 0 (one dpkg-query call, a few milliseconds).
# Something missing: prints one line saying what it installs and why, then `apt-get update` and
# `apt-get install -y --no-install-recommends` with DEBIAN_FRONTEND=noninteractive (waiting up to 5
# minutes for another apt to finish), as root, or through sudo when that needs no password (sudo -n).
# Where neither is possible (not root and no passwordless sudo, or no apt-get: another distribution)
# it exits 1 at once with one line on stderr naming the exact command to run. On another distribution
# `run` asks the linker's cache (`ldconfig -p`) for the libraries the list gives, and names those
# missing in one line, Debian's packages as a hint; `make run` also names a missing Qt library if the
# app cannot open a window (`qt`).
#
# VISUALIZER_SKIP_SYSTEM_PACKAGES=1 skips run|test, for those who manage these packages themselves.
#
# It uses bash's builtins and the tools it asks about (dpkg-query, apt-get, id, sudo, env, ldd, ldconfig) and
# nothing else: tests/setup runs it with stand-ins for those alone on PATH.
set -euo pipefail

case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
LIST_NAME=packaging/debian-packages.txt
LIST=$here/../$LIST_NAME

usage() {
  echo "usage: $0 run|test   or   $0 qt VENV" >&2
  exit 2
}
[ $# -ge 1 ] || usage
mode=$1
case $mode in
  run | test) [ $# = 1 ] || usage ;;
  qt) [ $# = 2 ] || usage ;;
  *) usage ;;
esac
venv=${2:-}

# The list: NAMES[i] is marked TAGS[i] and gives the libraries LIBRARIES[i] (space-separated, maybe none).
NAMES=() TAGS=() LIBRARIES=()
number=0
set -f  # the fields are words, not file patterns
while IFS= read -r line || [ -n "$line" ]; do
  number=$((number + 1))
  # shellcheck disable=SC2086  # split into words on purpose
  set -- ${line%%#*}
  [ $# -gt 0 ] || continue
  case ${2:-} in
    run | test) ;;
    *) echo "$LIST_NAME:$number: $1 is marked '${2:-}', not run or test" >&2; exit 2 ;;
  esac
  NAMES+=("$1") TAGS+=("$2")
  shift 2
  LIBRARIES+=("$*")
done <"$LIST"
set +f

words() {  # words A B C -> "A, B and C"
  local text=$1
  shift
  while [ $# -gt 1 ]; do text+=", $1"; shift; done
  [ $# = 0 ] || text+=" and $1"
  echo "$text"
}

as_root() {  # as_root COMMAND...: how this user runs COMMAND as root, as one line to copy
  local uid
  uid=$(id -u 2>/dev/null) || uid=
  if [ "$uid" = 0 ]; then
    echo "$*"
  elif command -v sudo >/dev/null 2>&1; then
    echo "sudo $*"
  else
    echo "su -c '$*'"
  fi
}

# ---- qt VENV: which library keeps Qt's X11 plugin from loading -------------------------------------
if [ "$mode" = qt ]; then
  case ${QT_QPA_PLATFORM:-xcb} in *xcb*) ;; *) exit 0 ;; esac  # offscreen, wayland, ...: not the xcb plugin
  plugins=("$venv"/lib/python3*/site-packages/PySide6/Qt/plugins/platforms/libqxcb.so)
  [ -e "${plugins[0]}" ] && command -v ldd >/dev/null 2>&1 || exit 0
  lost=() packages=() unknown=()
  while read -r library arrow what rest; do
    [ "$arrow $what ${rest:-}" = "=> not found" ] || continue
    case " ${lost[*]-} " in *" $library "*) continue ;; esac  # ldd names it again for each library that needs it
    lost+=("$library")
    found=
    for i in "${!NAMES[@]}"; do
      case " ${LIBRARIES[i]} " in *" $library "*) found=${NAMES[i]} ;; esac
    done
    if [ -z "$found" ]; then
      unknown+=("$library")
    else
      case " ${packages[*]-} " in *" $found "*) ;; *) packages+=("$found") ;; esac
    fi
  done < <(ldd "${plugins[0]}" 2>/dev/null || true)
  [ ${#lost[@]} -gt 0 ] || exit 0
  if [ ${#lost[@]} = 1 ]; then it=it verb=is; else it=them verb=are; fi
  message="Qt cannot open a window: $(words "${lost[@]}") $verb missing; "
  if [ ${#packages[@]} = 0 ]; then
    message+="install the package that has $it"
  elif ! command -v apt-get >/dev/null 2>&1; then
    message+="install the package that has $it (on Debian and Ubuntu: ${packages[*]})"
  else
    message+="install $it with: $(as_root apt-get install "${packages[@]}")"
    [ ${#unknown[@]} = 0 ] || message+=" (and the package that has $(words "${unknown[@]}"))"
  fi
  echo "$message" >&2
  exit 1
fi

# ---- run | test: install what is missing ------------------------------------------------------------
[ "${VISUALIZER_SKIP_SYSTEM_PACKAGES:-0}" = 0 ] || exit 0

wanted=()
for i in "${!NAMES[@]}"; do
  if [ "${TAGS[i]}" = run ] || [ "$mode" = test ]; then wanted+=("${NAMES[i]}"); fi
done

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  if [ "$mode" = run ]; then
    # Another distribution: the names are Debian's, but the libraries are everyone's. Those the
    # list gives for `run` that the linker's cache lacks are named, with Debian's packages as a hint
    # (a loader path of one's own, LD_LIBRARY_PATH or Nix, is not in that cache: the opt-out is
    # named too); with no ldconfig on PATH, `make run` goes on and names what Qt misses (`qt`).
    command -v ldconfig >/dev/null 2>&1 || exit 0
    cached=$(ldconfig -p 2>/dev/null) || exit 0
    lacking=() hints=()
    for i in "${!NAMES[@]}"; do
      [ "${TAGS[i]}" = run ] || continue
      for library in ${LIBRARIES[i]}; do
        case $cached in
          *[[:space:]]"$library "*) ;;
          *) lacking+=("$library")
             case " ${hints[*]-} " in *" ${NAMES[i]} "*) ;; *) hints+=("${NAMES[i]}") ;; esac ;;
        esac
      done
    done
    [ ${#lacking[@]} -gt 0 ] || exit 0
    echo "make run needs shared libraries this system lacks: $(words "${lacking[@]}"); install the packages that have them (on Debian and Ubuntu: ${hints[*]}), then run make run again (VISUALIZER_SKIP_SYSTEM_PACKAGES=1 make run if the loader finds them another way)" >&2
    exit 1
  fi
  echo "make $mode needs these Debian packages and this system has no apt-get: ${wanted[*]} ($LIST_NAME says what each is for); install their equivalents, then run: VISUALIZER_SKIP_SYSTEM_PACKAGES=1 make $mode" >&2
  exit 1
fi

# What dpkg says of each wanted package: one call, a few milliseconds.
installed=" "
while read -r _want _error status name; do
  [ "$status" != installed ] || installed+="$name "
done < <(dpkg-query -W -f='${Status} ${Package}\n' "${wanted[@]}" 2>/dev/null || true)
missing=()
for name in "${wanted[@]}"; do
  case $installed in *" $name "*) ;; *) missing+=("$name") ;; esac
done
# One seemingly missing may be provided by an installed package of another name (Ubuntu 24.04's
# libglib2.0-0t64 provides libglib2.0-0): a second call, only then. Its lines: "ii a (= 1.0), b,".
if [ ${#missing[@]} -gt 0 ]; then
  provided=$(dpkg-query -W -f='${db:Status-Abbrev}${Provides},\n' 2>/dev/null) || true
  names=("${missing[@]}")
  missing=()
  for name in "${names[@]}"; do
    escaped=${name//./\\.}
    pattern="(^|"$'\n'")[a-z]i[^"$'\n'"]*[ ,]${escaped//+/\\+}[ ,]"
    [[ $provided =~ $pattern ]] || missing+=("$name")
  done
fi
[ ${#missing[@]} -gt 0 ] || exit 0

uid=$(id -u 2>/dev/null) || uid=
if [ "$uid" = 0 ]; then
  root=() how=apt-get
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  root=(sudo -n) how="sudo apt-get"
else
  echo "make $mode needs Debian packages that are not installed ($LIST_NAME says what each is for); run: $(as_root apt-get install "${missing[@]}")" >&2
  exit 1
fi

if [ ${#missing[@]} = 1 ]; then counted="package that is"; else counted="packages that are"; fi
echo "make $mode needs ${#missing[@]} Debian $counted not installed, installing with $how: ${missing[*]} ($LIST_NAME says what each is for)"
apt() { ${root[@]+"${root[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get "$@" 2>&1; }
updated=$(apt update -qq) || true  # a stale or unreachable source need not stop the install
# Waits for another apt (a desktop's unattended upgrades at first boot) instead of failing at once.
if ! installing=$(apt install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"); then
  printf '%s\n' "$updated" "$installing" >&2
  echo "apt-get could not install ${missing[*]} (above); install them, then run make $mode again" >&2
  exit 1
fi
