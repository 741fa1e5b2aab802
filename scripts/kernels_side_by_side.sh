#!/usr/bin/env bash
# Our W1–W4 medians beside the hand-written C kernels of ../shared/bench/limits (the machine's floor: no
# parsing, no JSON, no general engine), alternated in one run (issue 42: W1–W3 within 2× of the floor):
# each round runs the kernels, then `instantsearch bench` over the same catalog for each build, and prints
# each workload's median and its ratio to the kernel of the same round (the faster of a kernel's two
# routes, scan or bitsets; W4's by scan), with the round trip of a value between two threads in that round
# (scripts/handoff_latency.c: the machine's hours when it is slow are the hours our two-thread queries are).
#
#   scripts/kernels_side_by_side.sh 1000000 3                                # N records, rounds
#   OURS=/path/a OTHER=/path/b scripts/kernels_side_by_side.sh 100000 3      # a second build alternated
#
# Needs ../shared/bench (the catalog generator, workloads and kernels) and the side-by-side venv of
# ../shared/bench/side_by_side.sh (created if missing), and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000000}"
rounds="${2:-3}"
source scripts/side_by_side_env.sh
catalog_in "${TMPDIR:-/tmp}/durable-side-by-side-$n" "$n"
[ -s "$work/columns.bin" ] || python3 "$bench/limits/export_columns.py" "$catalog" "$work/columns.bin" >/dev/null
cc -O3 -march=native -pthread "$bench/limits/limits.c" -o "$work/limits"
cc -O2 -pthread scripts/handoff_latency.c -o "$work/handoff_latency"
our_builds
grep -E '"(W1|W2|W3|W4)"' "$bench/workloads.jsonl" >"$work/w1-w4.jsonl"
for round in $(seq 1 "$rounds"); do
  "$work/limits" "$work/columns.bin" >"$work/limits.txt"
  floor() { grep -E "^($1)_ms" "$work/limits.txt" | awk '{print $2}' | sort -g | head -1; }
  k1=$(floor "W1_scan|W1_bitset") k2=$(floor "W2_scan|W2_bitset") k3=$(floor "W3_bitset") k4=$(floor "W4_scan")
  echo "round $round, kernels: W1 $k1  W2 $k2  W3 $k3  W4 $k4 ms; $("$work/handoff_latency")"
  for build in "${builds[@]}"; do
    "$build" bench --records "$catalog" --settings "$bench/settings.json" --workloads "$work/w1-w4.jsonl" \
      --runs 101 >"$work/ours.txt"
    awk -v k1="$k1" -v k2="$k2" -v k3="$k3" -v k4="$k4" -v build="$build" '
      BEGIN { k["W1"] = k1; k["W2"] = k2; k["W3"] = k3; k["W4"] = k4 }
      $1 in k { line = line sprintf("  %s %.3f (x%.2f)", $1, $2, $2 / k[$1]) }
      END { print "  ours " build ":" line }' "$work/ours.txt"
  done
done
