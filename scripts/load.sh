#!/usr/bin/env bash
# Load: `instantsearch serve` (release build) on a catalog from `instantsearch sample`, searched by wrk (Debian's package,
# installed when missing) for DURATION seconds with CONNECTIONS connections, on 127.0.0.1.
# With WRITES=1 in the environment, a writer saves batches meanwhile and checks none is lost.
# Usage: scripts/load.sh [RECORDS=100000] [DURATION=60] [CONNECTIONS=8]
set -euo pipefail
cd "$(dirname "$0")/.."
RECORDS=${1:-100000}
DURATION=${2:-60}
CONNECTIONS=${3:-8}
command -v wrk > /dev/null || { apt-get update -qq && apt-get install -y -qq wrk > /dev/null; }
swift build -c release --product instantsearch
BIN=$(swift build -c release --product instantsearch --show-bin-path)/instantsearch
WORK=$(mktemp -d)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
CATALOG=$WORK/catalog.jsonl
"$BIN" sample --records "$RECORDS" --out "$CATALOG" > /dev/null
mkdir -p "$WORK/data"
"$BIN" import --records "$CATALOG" --settings "$WORK/catalog.settings.json" --directory "$WORK/data/catalog" \
  --index catalog > /dev/null
export INSTANTSEARCH_ADMIN_KEY=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BIN" serve --data "$WORK/data" --port "$PORT" > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do
  if python3 -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 0.2)" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ "${WRITES:-0}" = 1 ]; then python3 scripts/load/writer.py "$PORT" "$INSTANTSEARCH_ADMIN_KEY" "$DURATION" & WRITER=$!; fi
wrk -t 2 -c "$CONNECTIONS" -d "${DURATION}s" --latency -s scripts/load/search.lua "http://127.0.0.1:$PORT" \
  | grep -E "^requests|^latency|Non-2xx|Socket errors"
if [ -n "${WRITER:-}" ]; then wait "$WRITER"; fi
