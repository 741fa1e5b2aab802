# Sourced by the conformance scripts: `serve_scratch PYTHON [SERVE_ARGS...]` starts the debug build of
# `instantsearch serve` on a free port of 127.0.0.1 with a random admin key and a scratch data directory,
# waits up to 10 s for it to listen, and stops it (and removes the directory) when the script exits. It sets
# KEY, DATA, PORT and BIN. SERVE_ARGS may name files under "$DATA" (made before the call by
# `serve_scratch_dir`).
serve_scratch_dir() {
  DATA=$(mktemp -d)
}

serve_scratch() {
  local python=$1
  shift
  [ -n "${DATA:-}" ] || serve_scratch_dir
  KEY=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
  PORT=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  BIN=$(swift build --product instantsearch --show-bin-path)/instantsearch
  INSTANTSEARCH_ADMIN_KEY=$KEY "$BIN" serve --data "$DATA/indices" --port "$PORT" "$@" > "$DATA/server.log" 2>&1 &
  SERVER=$!
  trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$DATA"' EXIT
  for _ in $(seq 1 100); do
    if "$python" -c "import socket; socket.create_connection(('127.0.0.1', $PORT), 0.2)" 2>/dev/null; then break; fi
    sleep 0.1
  done
}
