#!/usr/bin/env bash
# Run the standalone folder as a teacher's machine would: no virtualenv, no Python of ours on PATH,
# an empty home, no display. Usage: packaging/check-dist.sh dist/embedding-visualizer
set -uo pipefail
APP_DIR=$(cd "${1:-dist/embedding-visualizer}" && pwd)
LIMIT_MB=200
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
passed=0
failed=0

# env -i: nothing of the build's environment (VIRTUAL_ENV, PYTHONPATH, LD_LIBRARY_PATH) leaks in.
bare() {  # bare FOLDER ARGS...: run the app of FOLDER in $WORK
  local folder=$1
  shift
  (cd "$WORK" && env -i PATH=/usr/bin:/bin HOME="$WORK/home" QT_QPA_PLATFORM=offscreen \
    "$folder/embedding-visualizer" "$@")
}

check() {  # check NAME FUNCTION: count it; on failure print what it said
  local output
  if output=$("$2" 2>&1); then
    passed=$((passed + 1))
    echo "ok   $1"
  else
    failed=$((failed + 1))
    echo "FAIL $1"
    echo "$output" | sed 's/^/     /'
  fi
}

export_json() {
  bare "$APP_DIR" --export x.json || return 1
  tr -d ' \n' <"$WORK/x.json" | grep -q '"ids":\[0,2,4,5,1\]' || { cat "$WORK/x.json"; return 1; }
}

screenshot_pt_presenting() {
  local out
  out=$(bare "$APP_DIR" --screenshot s.png --lang pt --presentation --size 1024x768 2>&1) || { echo "$out"; return 1; }
  # A missing translation would warn here. (Qt's own note on the "C" locale of env -i is no fault.)
  ! echo "$out" | grep -E 'Traceback|warning|error' || return 1
  [ "$(head -c 4 "$WORK/s.png" | tail -c 3)" = PNG ] && [ "$(stat -c %s "$WORK/s.png")" -gt 20000 ]
}

shortcuts_pt() {
  local out
  out=$(bare "$APP_DIR" --shortcuts --lang pt) || return 1
  echo "$out" | grep -q 'Page Down' && echo "$out" | grep -q 'Próximo passo' || { echo "$out"; return 1; }
}

version_matches() {
  [ "$(bare "$APP_DIR" --version)" = "embedding-visualizer $(sed -n 's/^__version__ = "\(.*\)"/\1/p' \
    "$(dirname "$0")/../visualizer/__init__.py")" ]
}

broken_lesson_is_one_line() {
  local out status
  cp -a "$APP_DIR" "$WORK/broken"
  rm "$WORK/broken/_internal/visualizer/_resources/lesson/steps.json"
  out=$(bare "$WORK/broken" --screenshot b.png 2>&1)
  status=$?
  rm -rf "$WORK/broken"
  echo "$out"
  [ "$status" = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q 'steps.json'
}

size_under_limit() {
  local size_mb
  size_mb=$(du -sm "$APP_DIR" | cut -f1)
  echo "folder: ${size_mb} MB"
  [ "$size_mb" -lt "$LIMIT_MB" ]
}

only_the_qt_it_uses() {  # none of Qt's large add-ons, none of the development tools
  ! find "$APP_DIR" \( -iname '*WebEngine*' -o -iname '*Quick*' -o -iname '*Qml*' -o -iname '*Qt3D*' \
    -o -iname 'matplotlib' -o -iname 'pytest' -o -iname 'hypothesis' \) | grep .
}

plugins_inside() {  # what the brief asks to be bundled
  local plugins="$APP_DIR/_internal/PySide6/Qt/plugins"
  for plugin in platforms/libqoffscreen.so platforms/libqxcb.so imageformats/libqsvg.so iconengines/libqsvgicon.so \
    printsupport/libcupsprintersupport.so; do
    [ -f "$plugins/$plugin" ] || { echo "missing $plugin"; return 1; }
  done
  for data in lesson/steps.json i18n/visualizer_pt.qm icons/embedding-visualizer.svg embedding-visualizer.desktop; do
    [ -f "$APP_DIR/_internal/visualizer/_resources/$data" ] || { echo "missing $data"; return 1; }
  done
}

desktop_entry_runs_this_folder() {
  local data="$WORK/home/.local/share" entry
  bare "$APP_DIR" --install-desktop || return 1
  entry="$data/applications/embedding-visualizer.desktop"
  grep -qx "Exec=$APP_DIR/embedding-visualizer" "$entry" || { cat "$entry"; return 1; }
  [ -f "$data/icons/hicolor/scalable/apps/embedding-visualizer.svg" ] || return 1
  bare "$APP_DIR" --uninstall-desktop && [ ! -e "$entry" ]
}

normal_launch_on_x() {  # a real X server (Xvfb), the xcb plugin, a first run: the window must appear
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "needs Xvfb and xdotool"; return 1; }
  local display_file="$WORK/display" xvfb app window title i
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$display_file" 2>/dev/null &
  xvfb=$!
  for i in $(seq 50); do [ -s "$display_file" ] && break; sleep 0.1; done
  local display=":$(cat "$display_file")"
  (cd "$WORK" && exec env -i PATH=/usr/bin:/bin HOME="$WORK/xhome" DISPLAY="$display" \
    "$APP_DIR/embedding-visualizer" >"$WORK/x.log" 2>&1) &
  app=$!
  window=""
  for i in $(seq 60); do
    window=$(DISPLAY="$display" xdotool search --onlyvisible --name 'Embeddings' 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.5
  done
  title=$([ -n "$window" ] && DISPLAY="$display" xdotool getwindowname "$window")
  kill "$app" "$xvfb" 2>/dev/null
  wait "$app" "$xvfb" 2>/dev/null
  echo "window: ${title:-none}"
  cat "$WORK/x.log"
  [ "$title" = "Embeddings: from token ids to X" ]
}

check "export JSON without a virtualenv" export_json
check "screenshot in Portuguese, presenting" screenshot_pt_presenting
check "shortcuts in Portuguese (translations found)" shortcuts_pt
check "--version is the package's version" version_matches
check "a missing lesson file is one line, exit 1" broken_lesson_is_one_line
check "--install-desktop points the menu entry at this folder" desktop_entry_runs_this_folder
check "a normal launch on an X display (xcb)" normal_launch_on_x
check "folder under ${LIMIT_MB} MB" size_under_limit
check "only the Qt modules the app uses" only_the_qt_it_uses
check "Qt plugins and the app's data inside" plugins_inside

echo "standalone: $passed passed, $failed failed"
[ "$failed" = 0 ]
