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
. scripts/conformance/serve.sh
serve_scratch "$VENV/bin/python"
"$VENV/bin/python" scripts/conformance/cts.py "$PORT" "$KEY" "$CTS_ROOT"
