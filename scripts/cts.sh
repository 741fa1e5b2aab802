#!/usr/bin/env bash
# Algolia's Common Test Suite (../shared/reference/algolia-cts, read at run time) against `instantsearch serve`:
# every request of the suite's search client, each answer checked against the Search API spec's status and
# shape, and the end-to-end expectations on data scripts/conformance/cts.py loads. Installs its Python tools
# (openapi-schema-validator, PyYAML, from PyPI) in a virtual environment under .build; the server runs on
# 127.0.0.1 with a random admin key and a scratch data directory.
set -euo pipefail
cd "$(dirname "$0")/.."
CTS_ROOT=${CTS_ROOT:-../shared/reference/algolia-cts}
if [ ! -d "$CTS_ROOT/tests/CTS/requests/search" ]; then
  echo "cts: Algolia's Common Test Suite is not at $CTS_ROOT" >&2
  exit 1
fi
swift build --product instantsearch
VENV=.build/cts-venv
if [ ! -x "$VENV/bin/python" ]; then python3 -m venv "$VENV"; fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check 'openapi-schema-validator>=0.6,<0.7' 'PyYAML>=6,<7'
KEY=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
DATA=$(mktemp -d)
PORT=$("$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BIN=$(swift build --product instantsearch --show-bin-path)/instantsearch
INSTANTSEARCH_ADMIN_KEY=$KEY "$BIN" serve --data "$DATA/indices" --port "$PORT" > "$DATA/server.log" 2>&1 &
SERVER=$!
cleanup() { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$DATA"; }
trap cleanup EXIT
# Up to 10 s for the server to listen.
for _ in $(seq 1 100); do
  if "$VENV/bin/python" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 0.2)" 2>/dev/null; then break; fi
  sleep 0.1
done
"$VENV/bin/python" scripts/conformance/cts.py "$PORT" "$KEY" "$CTS_ROOT"
