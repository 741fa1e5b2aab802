#!/usr/bin/env bash
# Open + first W1 on 1M-record index directories, fresh processes, builds alternated with tantivy's reopen
# in each round; prints each one's medians (issue 42, target 3). Run scripts/durable_side_by_side.sh 1000000
# first (it makes the catalog, tantivy's index and the venv).
#
#   scripts/reopen_medians.sh ROUNDS BIN:DIRECTORY...    e.g. 10 old/instantsearch:/tmp/a new/instantsearch:/tmp/b
#
# Each directory must be one its build reads (a build of format 4 does not read format 5).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=$1; shift
work=${TMPDIR:-/tmp}/durable-side-by-side-1000000
venv=${TMPDIR:-/tmp}/side-by-side-venv
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq "$rounds"); do
  for pair in "$@"; do
    bin=${pair%%:*}; directory=${pair#*:}
    "$bin" bench --records "$directory" --workloads "$work/w1.jsonl" --runs 1 2>&1 \
      | python3 -c "
import re, sys
s = sys.stdin.read()
o = re.search(r'load \+ index: ([\d.]+)', s)[1]
t = re.search(r'open \+ first W1 query: ([\d.]+) ms \(first query ([\d.]+)', s)
print(sys.argv[1], o, t[2], t[1])" "$pair" >>"$out"
  done
  "$venv/bin/python" scripts/tantivy_reopen.py "$work/tantivy" "$work/catalog_1000000.jsonl" | python3 -c "
import json, sys
d = json.load(sys.stdin)
print('tantivy', d['open_ms'], d['first_w1_ms'], d['open_plus_first_w1_ms'])" >>"$out"
done
python3 - "$out" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, *values = line.split()
    runs[name].append([float(v) for v in values])
for name, rows in runs.items():
    med = [statistics.median(row[i] for row in rows) for i in range(3)]
    print(f"{name}: n={len(rows)} open {med[0]:.1f} ms, first W1 {med[1]:.1f} ms, open + first W1 {med[2]:.1f} ms "
          f"(range {min(r[2] for r in rows):.1f}-{max(r[2] for r in rows):.1f})")
PY
