# Build infrastructure for lowball-spec.  GNU make 4.3.
#
#   make venv   .venv with the package (editable) and every dev dependency, from uv.lock
#   make test   make venv, then the whole test suite, the docs site built beside it (scripts/test.sh)
#   make docs   make venv, then the docs site in docs/_build/html (warnings are errors)
#   make lab    make venv, then JupyterLab on notebooks/ at http://127.0.0.1:$(PORT)/lab (with its token, printed)
#   make clean  remove .venv and caches

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8888
APP_PORT ?= 8866
# uv is bootstrapped into the venv itself with this exact version (the one that wrote uv.lock).
UV_VERSION := 0.13.9

UV := $(VENV)/bin/uv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.synced

# Never download a Python build; compile bytecode at install time; sync into $(VENV).
export UV_PYTHON_DOWNLOADS := never
export UV_COMPILE_BYTECODE := 1
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: help venv test test-full lab app bench clean docs mutants fuzz editions solve

help:
	@echo "Targets:"
	@echo "  make venv    create $(VENV) with the package (editable) and all dev deps from uv.lock"
	@echo "  make test    make venv, then every test (pytest: tests, doctests, notebooks, browser) on both cores, the docs"
	@echo "               site built beside them; about 10 minutes on two cores (scripts/test.sh)"
	@echo "  make docs    make venv, then build the docs site into docs/_build/html, in Russian into .../html/ru (warnings are errors;"
	@echo "               runs the notebooks and lowball verify; fetches pinned npm files once)"
	@echo "  make lab     make venv, then JupyterLab on notebooks/ at http://127.0.0.1:$(PORT)/lab (PORT=..., EDITION=ru)"
	@echo "  make editions  make venv, then bring every Russian notebook (notebooks/ru/) in step with the English one"
	@echo "               (its code cells and outputs; scripts/editions.py) and write the rules notebooks again"
	@echo "  make app     make venv, then the notebooks as interactive pages (Voila) at http://127.0.0.1:$(APP_PORT)/ (APP_PORT=...)"
	@echo "  make bench   make venv, then the benchmarks side by side with pokerkit, treys and OpenSpiel (ratios)"
	@echo "  make test-full  make test, then the slow sweeps over all 2,598,960 hands and the card walk at every player count"
	@echo "  make mutants make venv, then mutation testing of the rules layer and its tables (not part of test;"
	@echo "               one mutant at a time; report in artifacts/mutants/, explained in docs/checks/mutants.md)"
	@echo "  make fuzz    make venv, then the fuzz suite at full length (tests/*/test_fuzz_*.py with LOWBALL_FUZZ=long;"
	@echo "               make test runs the same tests with a few cases each)"
	@echo "  make solve   make venv, then solve the heads-up tables in their abstract games (not part of test; about"
	@echo "               half an hour; checkpoints in build/solve/ resume; writes spec/lowball/solve/solutions/;"
	@echo "               triple draw, about 50 minutes: make solve SOLVE_ARGS='--game deuce-to-seven-triple-draw-phh"
	@echo "               --memory everything --most-cards 3,2,1 --bits 32 --goal 5'; then what ships:"
	@echo "               make solve SOLVE_ARGS='--game deuce-to-seven-triple-draw-phh --ship"
	@echo "               build/solve/deuce-to-seven-triple-draw-phh.npz', measured with every last round solved"
	@echo "               again safely, about an hour more on two cores)"
	@echo "  make clean   remove $(VENV) and caches"
	@echo "  make help    this list"

venv: $(STAMP)

# Re-synced only when pyproject.toml or uv.lock change (or the venv is gone).
# --frozen: install exactly what uv.lock says, never re-resolve.
# --inexact: leave extra packages (pip) alone; uv itself is in the dev group anyway.
$(STAMP): pyproject.toml uv.lock
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/pip --version >/dev/null 2>&1 || $(PY) -m ensurepip -q
	$(VENV)/bin/pip install -q --disable-pip-version-check uv==$(UV_VERSION)
	$(UV) sync --frozen --inexact
	@touch $@

# pytest options (testpaths, --doctest-modules, strict --nbval) live in pyproject.toml.
# Notebook output sanitising: once notebooks/sanitize.cfg exists, add
# "--nbval-sanitize-with", "notebooks/sanitize.cfg" to addopts in pyproject.toml.
# The docs site is built in the background while the tests that do not read it run on both cores; then the
# tests of the built site (scripts/test.sh says how). WORKERS=1 for one core.
test: venv
	PY=$(PY) bash scripts/test.sh

test-full: test
	LOWBALL_SLOW=1 $(PY) -m pytest -q -m slow tests/

# Mutation testing of the rules layer: each small change to the rules code or tables must make a
# test fail. Works in a private copy of the package; MUTANTS_ARGS=... passes options (--target NAME, --list).
mutants: venv
	$(PY) scripts/mutants.py $(MUTANTS_ARGS)

# The solved heads-up tables: CFR in the abstract game of each shipped heads-up fixed-limit single-draw
# table until its exploitability is at most 1 mbb/hand. Not part of test; SOLVE_ARGS=... passes options (--game NAME;
# a table of several draws takes --buckets, --memory and --backend, and --ship writes the part of its solution that
# ships, docs/reference/solving.md).
solve: venv
	$(PY) scripts/solve.py $(SOLVE_ARGS)

# The fuzz suite (bad input of every class, user tables that must play or be refused): the same tests make test
# runs with a few cases each, here with many. Not part of test: it takes as long as FUZZ_ARGS lets it.
fuzz: venv
	LOWBALL_FUZZ=long $(PY) -m pytest -q -p no:cacheprovider $(FUZZ_ARGS) tests/*/test_fuzz_*.py

app: venv
	PORT=$(APP_PORT) VENV=$(VENV) bash scripts/serve-app.sh

# The Russian edition after the English notebooks changed: the rules notebooks, then every edition synced and run.
editions: venv
	$(PY) scripts/editions.py rules
	$(PY) scripts/editions.py sync

bench: venv
	$(PY) benchmarks/bench_ranking.py --engine
	$(PY) benchmarks/bench_games.py
	$(PY) benchmarks/bench_draws.py
	$(PY) benchmarks/bench_solve.py
	$(PY) benchmarks/bench_import.py

# The docs site: Sphinx + myst-nb from the repository root (so notebooks/*.ipynb are pages), the
# configuration in docs/. Always a fresh build: the pages run the package and the notebooks, and a
# fresh build is the simple way to be sure none is stale. The pinned JavaScript tarballs stay
# cached in docs/_build/js-cache. -W --keep-going: report every warning, then fail.
DOCS_BUILD := docs/_build

# Two languages: docs/build.py builds the English site, then the Russian one into $(DOCS_BUILD)/html/ru (the
# Russian edition of the notebooks, docs/locale/ru for the pages), in one process.
docs: venv
	$(PY) docs/build.py --fresh

# EDITION=ru opens the Russian edition (notebooks/ru/); the clause links open the rules notebook beside each one.
# scripts/lab/labextensions: a clause link's first click lands at its clause (scripts/lab/README.md); the browser
# tests' JupyterLab loads it too (tests/support/browser.py).
EDITION ?= en
START := notebooks/$(if $(filter ru,$(EDITION)),ru/,)00-start-here.ipynb

# Jupyter keeps its token: anyone who can reach the port could otherwise run code as you. A fresh token is made
# each time unless TOKEN=... is given, and the address is printed with it (open it, or paste the token).
ifeq ($(origin TOKEN),undefined)
TOKEN := $(if $(filter lab,$(MAKECMDGOALS)),$(shell $(PYTHON) -c 'import secrets; print(secrets.token_hex(24))'))
endif

lab: venv
	@echo "JupyterLab: http://127.0.0.1:$(PORT)/lab/tree/$(START)?token=$(TOKEN)"
	@echo "  (English: notebooks/, Russian: notebooks/ru/, make lab EDITION=ru; the token keeps other local users out)"
	$(VENV)/bin/jupyter lab \
	    --ServerApp.ip=127.0.0.1 \
	    --ServerApp.port=$(PORT) \
	    --ServerApp.port_retries=0 \
	    --allow-root \
	    --IdentityProvider.token='$(TOKEN)' \
	    --ServerApp.open_browser=False \
	    --ServerApp.root_dir=. \
	    --LabApp.default_url=/lab/tree/$(START) \
	    --LabApp.extra_labextensions_path=$(CURDIR)/scripts/lab/labextensions

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist docs/_build artifacts
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \) -type d -prune -exec rm -rf {} +
