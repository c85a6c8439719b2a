#!/usr/bin/env bash
# make test: every test, with the docs site built beside them, on every core.
#
#   1. Debian's chromium for the browser tests (once; scripts/install-chromium.sh).
#   2. The docs site in both languages (docs/build.py, as `make docs`), in the background: its log goes to
#      docs/_build/build.log, and only its last lines are shown if it fails.
#   3. Meanwhile every test that does not read the built site, spread over the cores by pytest-xdist
#      (--dist loadfile: a file's tests share one worker, so its servers and caches start once).
#   4. When the site is built, the tests marked `site` (tests/faces/test_docs.py, the site in the browser...),
#      with LOWBALL_DOCS_BUILT=1 so that a missing page fails instead of being skipped.
#
# Nothing is skipped that a sequential run would run: the two pytest runs together select every test once
# (-m "not site", then -m site). WORKERS=1 runs the tests on one core, WORKERS=auto on all of them.
set -uo pipefail
cd "$(dirname "$0")/.."

PY="${PY:-.venv/bin/python}"
WORKERS="${WORKERS:-2}"
BUILD=docs/_build
started=$SECONDS

bash scripts/install-chromium.sh || exit 1

mkdir -p "$BUILD"
echo "make test: building the docs site in the background (log: $BUILD/build.log)"
"$PY" docs/build.py --fresh >"$BUILD/build.log" 2>&1 &
docs=$!
trap 'kill "$docs" 2>/dev/null' EXIT

"$PY" -m pytest -q -n "$WORKERS" --dist loadfile -m "not site" --durations=25
tests=$?

wait "$docs"
built=$?
trap - EXIT
grep '^docs/build.py:' "$BUILD/build.log" || true
if [[ $built -ne 0 ]]; then
    tail -n 60 "$BUILD/build.log"
    echo "make test: the docs site failed to build (exit $built; the whole log: $BUILD/build.log)" >&2
    exit 1
fi

LOWBALL_DOCS_BUILT=1 "$PY" -m pytest -q -n "$WORKERS" --dist loadfile -m site
site=$?

echo "make test: $((SECONDS - started)) s (tests: exit $tests; tests of the built site: exit $site)"
[[ $tests -eq 0 && $site -eq 0 ]]
