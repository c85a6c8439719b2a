# Build infrastructure for lowball-spec.  GNU make 4.3.
#
#   make venv   .venv with the package (editable) and every dev dependency, from uv.lock
#   make test   make venv, then the whole test suite
#   make lab    make venv, then JupyterLab on notebooks/ at http://127.0.0.1:$(PORT)/lab
#   make clean  remove .venv and caches

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8888
# uv is bootstrapped into the venv itself with this exact version (the one that wrote uv.lock).
UV_VERSION := 0.13.9

UV := $(VENV)/bin/uv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.synced

# Never download a Python build; compile bytecode at install time; sync into $(VENV).
export UV_PYTHON_DOWNLOADS := never
export UV_COMPILE_BYTECODE := 1
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: help venv test lab clean

help:
	@echo "Targets:"
	@echo "  make venv    create $(VENV) with the package (editable) and all dev deps from uv.lock"
	@echo "  make test    make venv, then run every test (pytest: tests, doctests, notebooks)"
	@echo "  make lab     make venv, then JupyterLab on notebooks/ at http://127.0.0.1:$(PORT)/lab (PORT=...)"
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
test: venv
# ---- later test steps go here (e.g. installing chromium for the browser tests) ----
	$(PY) -m pytest -q

lab: venv
	@echo "JupyterLab: http://127.0.0.1:$(PORT)/lab"
	$(VENV)/bin/jupyter lab \
	    --ServerApp.ip=127.0.0.1 \
	    --ServerApp.port=$(PORT) \
	    --ServerApp.port_retries=0 \
	    --allow-root \
	    --IdentityProvider.token='' \
	    --ServerApp.open_browser=False \
	    --ServerApp.root_dir=notebooks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist docs/_build artifacts
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \) -type d -prune -exec rm -rf {} +
