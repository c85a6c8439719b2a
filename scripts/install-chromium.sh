#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/faces/test_browser.py).
#
# Idempotent: does nothing when the browser is already there. Otherwise runs
# apt-get update + apt-get install chromium, non-interactively, and fails
# loudly (non-zero exit, message on stderr) if that is not possible.
# Playwright's own browser download is not used: it cannot reach its CDN here.
#
#   CHROMIUM=/path/to/chromium bash scripts/install-chromium.sh   # another binary
set -euo pipefail

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

if [[ -x "$CHROMIUM" ]]; then
    exit 0
fi

die() { echo "install-chromium: $*" >&2; exit 1; }

command -v apt-get >/dev/null 2>&1 || die "$CHROMIUM is missing and apt-get is not available: install Chromium by hand"

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "$CHROMIUM is missing and installing it needs root (no sudo found)"
    SUDO=(sudo -n)
fi

echo "install-chromium: $CHROMIUM not found; installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq || die "apt-get update failed"
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null \
    || die "apt-get install chromium failed"

[[ -x "$CHROMIUM" ]] || die "chromium package installed but $CHROMIUM is still missing"
echo "install-chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")" >&2
