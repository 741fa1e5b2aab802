#!/usr/bin/env bash
# Conformance: `instantsearch serve` driven by Algolia's official clients, unchanged but for their hosts.
# Installs the Python client (algoliasearch v4, from PyPI) in a virtual environment under .build, Algolia's
# JavaScript client v5 as DocSearch bundles it (PyPI's sphinx-docsearch wheel: npm is unreachable here) and
# Debian's chromium when missing; starts the server on 127.0.0.1 with a random admin key and a scratch data
# directory, runs the Python checks, then the browser page against the library's HitsSearcher; stops it.
# Then the Python client over HTTPS against a second server started with a certificate made for the run.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product instantsearch
VENV=.build/conformance-venv
if [ ! -x "$VENV/bin/python" ]; then python3 -m venv "$VENV"; fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check 'algoliasearch>=4.48,<5' 'websocket-client>=1.8,<2' \
  'trustme>=1.1,<2'
OUT=.build/conformance
mkdir -p "$OUT"
DOCSEARCH="$OUT/docsearch.js"
if [ ! -s "$DOCSEARCH" ] || [ ! -s "$OUT/docsearch.css" ]; then
  "$VENV/bin/pip" download --quiet --disable-pip-version-check --no-deps 'sphinx-docsearch==0.3.2' -d "$OUT/wheel"
  "$VENV/bin/python" - "$OUT/wheel" "$DOCSEARCH" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(f"{sys.argv[1]}/sphinx_docsearch-*.whl")[0]
with zipfile.ZipFile(wheel) as archive:
    for name, path in (("docsearch.js", sys.argv[2]), ("docsearch.css", sys.argv[2][:-2] + "css")):
        with open(path, "wb") as out:
            out.write(archive.read(f"sphinx_docsearch/static/{name}"))
PY
fi
if ! command -v chromium > /dev/null; then
  SUDO=""; if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  if ! { $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
    > "$OUT/apt.log" 2>&1; then
    echo "conformance: cannot install Debian's chromium (see $OUT/apt.log)" >&2
    exit 1
  fi
fi

. scripts/conformance/serve.sh
serve_scratch_dir
SEARCH_KEY=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
echo "$SEARCH_KEY" > "$DATA/search-keys"
serve_scratch "$VENV/bin/python" --search-keys-file "$DATA/search-keys"
"$VENV/bin/python" scripts/conformance/python_client.py "$PORT" "$KEY" "$SEARCH_KEY"
"$VENV/bin/python" scripts/conformance/browser_client.py "$PORT" "$KEY" "$SEARCH_KEY" "$BIN" "$DOCSEARCH" "$OUT"
"$VENV/bin/python" scripts/conformance/python_tls.py "$BIN"
