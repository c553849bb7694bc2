# Art of Tactics — the interactive rulebook.  Two commands on a fresh machine:
#   make book   build the HTML book into _build/html (creates .venv on first use)
#   make test   the whole test suite, browser tests included
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.aot-installed
NPM_STAMP := node_modules/.aot-installed
# The message catalogue (aot_rules/core/i18n.py): the template file Babel extracts, each language's translations
# (kept in the repository) and their compiled form (built here, never committed).
POT := aot_rules/locales/aot_rules.pot
PO := $(wildcard aot_rules/locales/*/LC_MESSAGES/aot_rules.po)
MO := $(PO:.po=.mo)
BABEL_KEYWORDS := --no-default-keywords -k msg -k nmsg:1,2 -k say -k say_html
# Compiled bytecode is kept (__pycache__, ignored by git) even where the environment says not to write it
# (PYTHONDONTWRITEBYTECODE, set on some CI images): otherwise every pytest worker re-compiles the package and
# re-rewrites every test module's asserts (~10 CPU-s each), and every CLI process and notebook kernel the suite
# and the book start compiles the engine again.
export PYTHONDONTWRITEBYTECODE :=

.PHONY: help setup messages book book-pot serve lab test test-fast browser-deps bench lint clean

help:
	@echo "make book    build the book into _build/html, the Russian edition into _build/html/ru (warnings are errors)"
	@echo "make serve   serve _build/html on http://127.0.0.1:8000"
	@echo "make lab     JupyterLab on http://127.0.0.1:8888 with the play-aid notebooks (notebooks/)"
	@echo "make test    run the whole test suite (installs Chromium for browser tests if needed)"
	@echo "make bench   print median timings against the issue targets"
	@echo "make test-fast  the fast tier (no book build, browser, whole-grid samplers or type checker)"
	@echo "make lint    ruff and mypy over the package, the tests and the book's extensions"
	@echo "make messages  extract the catalogue's templates and merge them into every language's .po"
	@echo "make book-pot  extract the book's text (one .pot per page) and merge it into locales/ru/LC_MESSAGES/*.po"

$(STAMP): requirements.txt pyproject.toml
	@test -x $(BIN)/python || { echo ">> creating $(VENV)"; $(PYTHON) -m venv $(VENV); }
	@echo ">> installing pinned requirements (first run takes a minute or two)"
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $(STAMP)

$(NPM_STAMP): package.json package-lock.json
	@echo ">> installing pinned front-end files (npm ci: pyodide, mathjax, axe-core)"
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NPM_STAMP)

# A compiled catalogue (.mo) is made from its .po whenever the .po changes; the engine reads it with the standard
# library's gettext, in the terminal and in the reader's browser alike.
%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --statistics -D aot_rules -i $< -o $@

# Extract every msg()/nmsg() template into the .pot and merge it into each language's .po (new messages arrive
# untranslated; tests/core/test_catalogue_files.py fails while the .pot is stale).  The site's scripts live under
# book/_ext and book/_static, folders Babel skips unless told which folders to skip (--ignore-dirs).
messages: $(STAMP)
	PYTHONPATH=. $(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --ignore-dirs=".* _build node_modules __pycache__" \
	  --add-location=file --sort-by-file --no-wrap \
	  --project=aot_rules --copyright-holder="Art of Tactics rulebook" -o $(POT) .
	$(BIN)/pybabel update -D aot_rules -i $(POT) -d aot_rules/locales --no-wrap --ignore-obsolete --no-fuzzy-matching

setup: $(STAMP) $(NPM_STAMP) $(MO)

book: setup
	@echo ">> building the book (pages run only when they or the engine code they import changed, on every core;"
	@echo "   warnings and failing cells are errors). For a build from nothing: make clean book"
	$(BIN)/python book/build_book.py . --builder html -W -n --keep-going
	@echo
	@echo "The book is built. Open: $(CURDIR)/_build/html/index.html   (or: make serve)"

# The book's text for translators: one .pot per page (Sphinx's gettext builder, nothing executed) in _build/gettext,
# merged into each edition's .po under locales/ (new paragraphs arrive untranslated and show in English).
book-pot: setup
	$(BIN)/python book/build_book.py . --builder custom --custom-builder gettext -W -n --keep-going
	rm -f _build/gettext/sphinx.pot  # the theme's words: kept by hand in locales/ru/LC_MESSAGES/sphinx.po
	$(BIN)/sphinx-intl update -p _build/gettext -d locales -l ru -w 0

serve:
	@test -f _build/html/index.html || { echo "no book yet: run 'make book' first"; exit 2; }
	@echo "Serving on http://127.0.0.1:8000  (Ctrl-C to stop)"
	cd _build/html && ../../$(BIN)/python -m http.server 8000 --bind 127.0.0.1

# The play aids: odds-at-the-table (compare, roll it), army-builder and command-planner, live against the engine.
# JupyterLab needs the Python set-up only (the book's front-end files are not used here); as root, Jupyter refuses
# to start without --allow-root, so it is given then. AOT_BOOK_URL (default: http://127.0.0.1:8000/, where
# 'make serve' serves the built book) is where the widgets' rule links point.
LAB_PORT ?= 8888
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
lab: $(STAMP) $(MO)
	$(BIN)/jupyter lab --ip=127.0.0.1 --port=$(LAB_PORT) --no-browser $(LAB_ROOT) --notebook-dir=notebooks

browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then \
	  echo ">> chromium and chromedriver present"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	  echo ">> installing Debian chromium and chromium-driver for the browser tests"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; \
	else \
	  echo "The browser tests need Chromium and ChromeDriver. Install them, e.g.:"; \
	  echo "  sudo apt-get install chromium chromium-driver"; \
	  exit 2; \
	fi

# Both tiers run on every core (pytest-xdist, one worker per core; worksteal evens out the long modules). Under
# xdist the book is still built once per run: the first worker that needs it builds it under a lock
# (tests/book/conftest.py) and the others reuse that build. XDIST="" runs in one process.  (A third worker on two
# cores was tried for make test, to fill the time browser tests wait on Chromium: the run took 2.5 min longer.)
XDIST ?= -n auto --dist worksteal

test: setup browser-deps
	$(BIN)/python -m pytest -q $(XDIST)

# The fast tier (< 3 min on 2 cores): everything but the tests marked slow (the book build, the browser, the
# whole-grid samplers and fuzzers, the type checker), with fewer property examples.
test-fast: setup
	AOT_TIER=fast AOT_HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest -q -m "not slow" $(XDIST)

bench: setup
	$(BIN)/python bench/bench.py

# ruff over the package, the tests (tests/book included), bench and the book's code; mypy --strict over the package
# (pyproject.toml) and over the book's extensions and the tests with tests/mypy.ini.
lint: setup
	$(BIN)/ruff check aot_rules tests bench book
	$(BIN)/mypy
	$(BIN)/mypy --config-file tests/mypy.ini

clean:
	rm -rf _build .pytest_cache .hypothesis
