#!/usr/bin/env bash
# Serve the teaching notebooks as interactive pages with Voilà (no code cells shown): the English edition
# in notebooks/, the Russian one in notebooks/ru/, and beside each the rules notebook that clause links open.
#
#   bash scripts/serve-app.sh               # http://127.0.0.1:8866/
#   PORT=9000 bash scripts/serve-app.sh     # another port
#   VENV=/path/to/venv bash scripts/serve-app.sh
#
# Listens on 127.0.0.1 only, opens no browser (works headless and as root),
# and fails instead of silently moving to another port if PORT is taken.
# Stop it with Ctrl-C.
#
# Kernels: every page a reader opens starts a Python kernel (about 90 MB). A page that
# is closed or left shuts its kernel down at once (Voilà's beforeunload beacon); a kernel
# whose page went away without saying so (a crash, a killed tab), or that has been idle
# for CULL_IDLE seconds even with its page still open, is culled: the culler looks every
# CULL_INTERVAL seconds. Defaults: idle 20 minutes, checked every minute.
#   CULL_IDLE=600 CULL_INTERVAL=30 bash scripts/serve-app.sh
#
# Offline: the pages use the "lowball" template (scripts/app/voila/templates/lowball), which
# is Voilà's lab template without its stylesheets from a CDN; Font Awesome comes from
# Voilà's own bundle. Nothing is fetched from the network at run time. The template also opens a clause link
# (rules.ipynb#cell-id=T1, the edition's own rules notebook) or a link to another site in a new tab, at the clause:
# leaving the lesson's page would end its kernel and lose its panels' state.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PORT="${PORT:-8866}"
HOST=127.0.0.1
VENV="${VENV:-.venv}"
VOILA="$VENV/bin/voila"
CULL_IDLE="${CULL_IDLE:-1200}"
CULL_INTERVAL="${CULL_INTERVAL:-60}"

if [[ ! -x "$VOILA" ]]; then
    echo "serve-app: $VOILA not found; run 'make venv' first" >&2
    exit 1
fi
for value in "$CULL_IDLE" "$CULL_INTERVAL"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "serve-app: CULL_IDLE and CULL_INTERVAL are seconds, not '$value'" >&2; exit 1; }
done

# Where Voilà finds the "lowball" template: a Jupyter data directory of our own, first on the path.
export JUPYTER_PATH="$ROOT/scripts/app${JUPYTER_PATH:+:$JUPYTER_PATH}"

URL="http://$HOST:$PORT"
echo "Voilà: the notebooks as interactive pages"
echo "  all notebooks:  $URL/"
echo "  for example:    $URL/voila/render/02-three-rankings.ipynb"
echo "                  $URL/voila/render/03-quiz.ipynb"
echo "                  $URL/voila/render/06-play.ipynb"
echo "  the rules:      $URL/voila/render/rules.ipynb (every clause link opens it at the clause)"
echo "  in Russian:     $URL/voila/tree/ru (the Russian edition: $URL/voila/render/ru/00-start-here.ipynb)"
echo "  idle kernels are shut down after ${CULL_IDLE} s (checked every ${CULL_INTERVAL} s)"
echo "Stop with Ctrl-C."

exec "$VOILA" notebooks \
    --Voila.ip="$HOST" \
    --Voila.port="$PORT" \
    --Voila.port_retries=0 \
    --Voila.open_browser=False \
    --no-browser \
    --VoilaConfiguration.template=lowball \
    --MappingKernelManager.cull_idle_timeout="$CULL_IDLE" \
    --MappingKernelManager.cull_interval="$CULL_INTERVAL" \
    --MappingKernelManager.cull_connected=True \
    --MappingKernelManager.cull_busy=False
