#!/usr/bin/env bash
# Server A/B on 127.0.0.1: two `instantsearch` release binaries (BASE, NEW) serve copies of one 100k catalog in
# turn, ROUNDS times alternated; wrk (Debian's, installed when missing) runs scripts/load/search.lua with 8
# connections for DURATION seconds after a 3 s warm-up. Prints each run's searches/s, latency percentiles and the
# server's CPU milliseconds per search (utime + stime from /proc over the run). For the engine's own time on the
# same six requests (`instantsearch bench --records DIR --workloads scripts/load/search_workloads.jsonl`) is measured
# after each server run, and the ratio printed: server CPU per search / the mean of the six medians, with the
# engine's side thread (bench's default) and without (as `serve` searches).
# With WRITES=1 in the environment, scripts/load/writer.py saves batches of 10 records beside the searches
# (the server's CPU then includes the writes') and checks none is lost.
# Usage: scripts/server_ab.sh BASE NEW [ROUNDS=2] [DURATION=15]
set -euo pipefail
BASE=$1; NEW=$2; ROUNDS=${3:-2}; DURATION=${4:-15}
cd "$(dirname "$0")/.."
command -v wrk > /dev/null || { apt-get update -qq && apt-get install -y -qq wrk > /dev/null; }
WORK=$(mktemp -d)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
"$NEW" sample --records 100000 --out "$WORK/catalog.jsonl" > /dev/null
"$NEW" import --records "$WORK/catalog.jsonl" --settings "$WORK/catalog.settings.json" \
  --directory "$WORK/seed/catalog" --index catalog > /dev/null
export INSTANTSEARCH_ADMIN_KEY=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
TICKS=$(getconf CLK_TCK)
run() {
  local bin=$1 label=$2 port before after out requests
  rm -rf "$WORK/data"; cp -r "$WORK/seed" "$WORK/data"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$bin" serve --data "$WORK/data" --port "$port" > "$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
    sleep 0.1
  done
  wrk -t 2 -c 8 -d 3s -s scripts/load/search.lua "http://127.0.0.1:$port" > /dev/null
  before=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
  local writer=
  if [ "${WRITES:-0}" = 1 ]; then
    python3 scripts/load/writer.py "$port" "$INSTANTSEARCH_ADMIN_KEY" "$DURATION" > "$WORK/writer.log" &
    writer=$!
  fi
  out=$(wrk -t 2 -c 8 -d "${DURATION}s" --latency -s scripts/load/search.lua "http://127.0.0.1:$port" \
    | grep -E "^requests|^latency" | tr '\n' ' ')
  after=$(awk '{print $14 + $15}' "/proc/$SERVER/stat")
  if [ -n "$writer" ]; then wait "$writer"; out="$out $(cat "$WORK/writer.log")"; fi
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
  requests=$(echo "$out" | awk '{print $2}')
  local engine alone
  engine=$(engine_ms "$bin")
  alone=$(engine_ms "$bin" --no-side-thread)
  python3 -c "c = ($after - $before) * 1000 / $TICKS / $requests; print('$label', '$out', 'cpu ms/search %.3f, engine %.3f ms (ratio %.2f), engine on one thread as serve searches %.3f ms (ratio %.2f)' % (c, $engine, c / $engine, $alone, c / $alone))"
}
# The engine's own time on the same six requests, in process: the mean of their medians over 300 runs each
# (the rest of the arguments go to bench).
engine_ms() {
  "$1" bench --records "$WORK/seed/catalog" --workloads scripts/load/search_workloads.jsonl --runs 300 "${@:2}" \
    | awk '/^load[0-9]/ { sum += $2; n += 1 } END { printf "%.4f", sum / n }'
}
for round in $(seq 1 "$ROUNDS"); do
  run "$BASE" "base r$round"
  run "$NEW" "new  r$round"
done
