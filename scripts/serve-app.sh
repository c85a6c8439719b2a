#!/usr/bin/env bash
# Serve the teaching notebooks as interactive pages with Voilà (no code cells shown).
#
#   bash scripts/serve-app.sh               # http://127.0.0.1:8866/
#   PORT=9000 bash scripts/serve-app.sh     # another port
#   VENV=/path/to/venv bash scripts/serve-app.sh
#
# Listens on 127.0.0.1 only, opens no browser (works headless and as root),
# and fails instead of silently moving to another port if PORT is taken.
# Stop it with Ctrl-C.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PORT="${PORT:-8866}"
HOST=127.0.0.1
VENV="${VENV:-.venv}"
VOILA="$VENV/bin/voila"

if [[ ! -x "$VOILA" ]]; then
    echo "serve-app: $VOILA not found; run 'make venv' first" >&2
    exit 1
fi

URL="http://$HOST:$PORT"
echo "Voilà: the notebooks as interactive pages"
echo "  all notebooks:  $URL/"
echo "  for example:    $URL/voila/render/02-three-rankings.ipynb"
echo "                  $URL/voila/render/03-quiz.ipynb"
echo "                  $URL/voila/render/06-play.ipynb"
echo "Stop with Ctrl-C."

exec "$VOILA" notebooks \
    --Voila.ip="$HOST" \
    --Voila.port="$PORT" \
    --Voila.port_retries=0 \
    --Voila.open_browser=False \
    --no-browser
