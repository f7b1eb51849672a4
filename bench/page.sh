#!/usr/bin/env bash
# The page of two builds side by side at n = 12 (1280×800, Debian's chromium): the first contentful
# paint and a step's time from the Performance API, ROUNDS runs of each (default 15), alternating;
# medians and NEW / OLD. Needs chromium and e2e/node_modules (cd e2e && npm ci).
# Usage: bash bench/page.sh OLD_BINARY NEW_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: bash bench/page.sh OLD_BINARY NEW_BINARY" >&2; exit 2; }
node e2e/speed.mjs "$1" "$2"
