#!/usr/bin/env bash
# The durable-store figures side by side with tantivy's on-disk index, in one run (issue 13): build time,
# bytes on disk, open time, resident memory after open, open + first W1 query; then our write figures.
#
# The reopen is measured in three processes of ours beside tantivy's Python one: `instantsearch bench` (the
# whole command: server, TLS, argument parser), and `instantsearch-open`, the engine alone in its process
# (what an app embedding it pays, as the Python process pays for tantivy alone), built twice: against the
# toolchain's shared Swift libraries, and with them linked in (`--static-swift-stdlib`, as Rust links its
# standard library into tantivy), into .build-static.
#
#   scripts/durable_side_by_side.sh 1000000            # catalog from ../shared/bench/gen_catalog.py
#
# Needs the benchmark harness beside the repository (../shared/bench: the catalog generator, workloads
# and tantivy's side, which this repository does not copy) and the side-by-side venv of ../shared/bench/side_by_side.sh (tantivy, wordfreq); creates it if
# missing. Builds our release binaries (OURS=path uses that `instantsearch` instead, OPEN and OPEN_STATIC
# the folders holding the two `instantsearch-open`: to alternate two builds).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100000}"
source scripts/side_by_side_env.sh
catalog_in "${TMPDIR:-/tmp}/durable-side-by-side-$n" "$n"
if [ -z "${OURS:-}" ]; then swift build -c release --product instantsearch >/dev/null; fi
ours=${OURS:-.build/release/instantsearch}
if [ -z "${OPEN:-}" ]; then
  swift build -c release --product instantsearch-open >/dev/null
  # Its own scratch folder resolves the packages again: the log is shown only if the build fails.
  swift build -c release --product instantsearch-open --static-swift-stdlib --scratch-path .build-static \
    >"$work/build-static.log" 2>&1 || { cat "$work/build-static.log" >&2; exit 1; }
fi
open_shared=${OPEN:-.build/release}/instantsearch-open
open_static=${OPEN_STATIC:-.build-static/release}/instantsearch-open
rm -rf "$work/ours" "$work/tantivy"
echo "== build"
/usr/bin/time -f "ours: import %e s, peak %M KB" "$ours" import --records "$catalog" --settings "$bench/settings.json" \
  --directory "$work/ours" | tail -1
/usr/bin/time -f "tantivy: build %e s, peak %M KB" "$venv/bin/python" "$bench/tantivy/bench_tantivy.py" "$catalog" \
  "$work/tantivy-load.json" --disk "$work/tantivy" --only-load >/dev/null
echo "== reopen (three fresh processes each, alternating; each index's files read just before its process)"
grep '"W1"' "$bench/workloads.jsonl" >"$work/w1.jsonl"
# The reopen is timed from the page cache. A kernel that pages out cold page-cache pages (DAMON's
# `pageout` scheme, on here since 2026-12) otherwise leaves each process a different share of its index
# to read from disk: reading the files first gives both sides the same warm start. Pages read back so sit
# in large folios (Linux 6.18), and one fault on a mapping maps the whole folio around the page (up to 2 MB):
# resident memory after open counts whole folios around every page the open touches (BENCHMARKS.md).
warm() { cat "$1"/* >/dev/null; }
for round in 1 2 3; do
  echo -n "ours (instantsearch bench): "
  warm "$work/ours"
  "$ours" bench --records "$work/ours" --workloads "$work/w1.jsonl" --runs 5 \
    | grep -E "directory|after loading|open \+ first|load \+" | tr '\n' ' '
  echo
  echo -n "ours (engine alone, shared Swift libraries): " && warm "$work/ours" \
    && "$open_shared" "$work/ours" "$work/w1.jsonl"
  echo -n "ours (engine alone, Swift libraries linked in): " && warm "$work/ours" \
    && "$open_static" "$work/ours" "$work/w1.jsonl"
  echo -n "tantivy: " && warm "$work/tantivy" && "$venv/bin/python" scripts/tantivy_reopen.py "$work/tantivy" "$catalog"
done
echo "== writes (ours; tantivy has no comparable single-record path in this binding)"
for writers in 1 8; do
  rm -rf "$work/ours-writes" && cp -r "$work/ours" "$work/ours-writes"
  "$ours" bench --records "$work/ours-writes" --workloads "$work/w1.jsonl" \
    --runs 5 --writes 5000 --writers "$writers" --batch 10000 | grep -E "single-record|batch|after the writes"
done
