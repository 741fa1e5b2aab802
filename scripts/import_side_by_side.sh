#!/usr/bin/env bash
# `instantsearch import` of N records beside DuckDB's load of the same JSON lines, alternated in one run
# (issue 42: the import at most DuckDB's load): each round imports into a fresh index directory and loads
# into a fresh DuckDB database file (scripts/duckdb_load.py: read_json into a table, on both cores), and the
# medians are printed at the end.
#
#   scripts/import_side_by_side.sh 1000000 5            # N records, rounds
#   OURS=/path/a OTHER=/path/b scripts/import_side_by_side.sh 1000000 5   # and a second build alternated
#
# Needs ../shared/bench (the catalog generator and settings) and the side-by-side venv of
# ../shared/bench/side_by_side.sh, with duckdb from PyPI added (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000000}"
rounds="${2:-5}"
source scripts/side_by_side_env.sh
"$venv/bin/python" -c "import duckdb" 2>/dev/null || "$venv/bin/pip" install -q duckdb
catalog_in "${TMPDIR:-/tmp}/durable-side-by-side-$n" "$n"
our_builds
times="$work/times-import.txt"
: >"$times"
# Each load reads the catalog from the page cache: it is read just before (a kernel paging out cold
# page-cache pages, as DAMON's `pageout` scheme found on here on 2026-12-01 does, would otherwise leave
# each side a different share of it to read from disk).
warm() { cat "$catalog" >/dev/null; }
for round in $(seq 1 "$rounds"); do
  for index in "${!builds[@]}"; do
    rm -rf "$work/import-$index"
    warm
    line=$("${builds[$index]}" import --records "$catalog" --settings "$bench/settings.json" \
      --directory "$work/import-$index" | tail -1)
    echo "round $round, ours ${builds[$index]}: $line"
    echo "ours$index $(echo "$line" | sed -E 's/.* in ([0-9.]+) ms.*/\1/')" >>"$times"
  done
  warm
  line=$("$venv/bin/python" scripts/duckdb_load.py "$catalog" "$work/duckdb.db")
  echo "round $round, $line"
  echo "duckdb $(echo "$line" | sed -E 's/.* in ([0-9.]+) ms.*/\1/')" >>"$times"
done
rm -rf "$work"/import-* "$work/duckdb.db"
echo "== medians over $rounds rounds (ms)"
"$venv/bin/python" - "$times" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, ms = line.split()
    runs.setdefault(name, []).append(float(ms))
duck = statistics.median(runs["duckdb"])
for name, values in runs.items():
    median = statistics.median(values)
    print(f"{name}: median {median:.0f} ms (min {min(values):.0f}, max {max(values):.0f})"
          + ("" if name == "duckdb" else f", ratio to duckdb {median / duck:.2f}"))
PY
