#!/usr/bin/env bash
# The durable-store figures side by side with tantivy's on-disk index, in one run (issue 13): build time,
# bytes on disk, open time, resident memory after open, open + first W1 query; then our write figures.
#
#   scripts/durable_side_by_side.sh 1000000            # catalog from ../shared/bench/gen_catalog.py
#
# Needs the benchmark harness beside the repository (../shared/bench: the catalog generator, workloads
# and tantivy's side, which this repository does not copy) and the side-by-side venv of ../shared/bench/side_by_side.sh (tantivy, wordfreq); creates it if
# missing. Builds our release binary (OURS=path uses that binary instead: to alternate two builds).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100000}"
bench=../shared/bench
venv=${TMPDIR:-/tmp}/side-by-side-venv
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q tantivy wordfreq; }
work=${TMPDIR:-/tmp}/durable-side-by-side-$n
mkdir -p "$work"
catalog="$work/catalog_$n.jsonl"
[ -s "$catalog" ] || "$venv/bin/python" "$bench/gen_catalog.py" "$n" "$catalog" >/dev/null
if [ -z "${OURS:-}" ]; then swift build -c release --product instantsearch >/dev/null; fi
ours=${OURS:-.build/release/instantsearch}
rm -rf "$work/ours" "$work/tantivy"
echo "== build"
/usr/bin/time -f "ours: import %e s, peak %M KB" "$ours" import --records "$catalog" --settings "$bench/settings.json" \
  --directory "$work/ours" | tail -1
/usr/bin/time -f "tantivy: build %e s, peak %M KB" "$venv/bin/python" "$bench/tantivy/bench_tantivy.py" "$catalog" \
  "$work/tantivy-load.json" --disk "$work/tantivy" --only-load >/dev/null
echo "== reopen (three fresh processes each, alternating)"
grep '"W1"' "$bench/workloads.jsonl" >"$work/w1.jsonl"
for round in 1 2 3; do
  "$ours" bench --records "$work/ours" --workloads "$work/w1.jsonl" --runs 5 \
    | grep -E "directory|after loading|open \+ first|load \+" | tr '\n' ' '
  echo
  "$venv/bin/python" scripts/tantivy_reopen.py "$work/tantivy" "$catalog"
done
echo "== writes (ours; tantivy has no comparable single-record path in this binding)"
for writers in 1 8; do
  rm -rf "$work/ours-writes" && cp -r "$work/ours" "$work/ours-writes"
  "$ours" bench --records "$work/ours-writes" --workloads "$work/w1.jsonl" \
    --runs 5 --writes 5000 --writers "$writers" --batch 10000 | grep -E "single-record|batch|after the writes"
done
