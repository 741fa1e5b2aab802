#!/usr/bin/env bash
# A/B of two builds of instantsearch, run alternately on the same catalogs (side_by_side.sh's own commands),
# with tantivy's medians taken once per catalog. Usage (from the project root):
#   scripts/ab_side_by_side.sh BASE_BIN NEW_BIN ROUNDS N:[WORDS]...   e.g. ... 5 100000: 100000:en 1000000:
# Needs the catalogs side_by_side.sh makes (run it once per catalog first). Prints, per workload, each build's
# medians per round, the ratio tantivy / ours (median of rounds) and change = new ratio / base ratio.
set -eu
here=$(cd "$(dirname "$0")/../../shared/bench" && pwd)
venv=${TMPDIR:-/tmp}/side-by-side-venv
base_bin=$1 new_bin=$2 rounds=$3; shift 3
for spec in "$@"; do
  n=${spec%%:*}; w=${spec#*:}
  tmp=${TMPDIR:-/tmp}/side-by-side-$n$w; cat_file=$tmp/catalog_$n.jsonl
  python3 $here/keystrokes.py workloads $tmp/keys.jsonl
  [ -s $tmp/tantivy.json ] || $venv/bin/python $here/tantivy/bench_tantivy.py $cat_file $tmp/tantivy.json >/dev/null
  [ -s $tmp/tantivy_keys.json ] || $venv/bin/python $here/keystrokes.py tantivy $cat_file $tmp/tantivy_keys.json
  for r in $(seq 1 $rounds); do
    for b in base new; do
      if [ $b = base ]; then bin=$base_bin; else bin=$new_bin; fi
      "$bin" bench --records $cat_file --settings $here/settings.json --workloads $here/workloads.jsonl --runs 15 --json 2>/dev/null | tail -1 > $tmp/ab_${b}_$r.json
      "$bin" bench --records $cat_file --settings $here/settings.json --workloads $tmp/keys.jsonl --runs 9 --json 2>/dev/null | tail -1 > $tmp/ab_keys_${b}_$r.json
    done
  done
  python3 - $tmp $n "$w" $rounds <<'PY'
import json, sys, statistics
tmp, n, w, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
tv = json.load(open(f"{tmp}/tantivy.json"))["workloads"]
tk = json.load(open(f"{tmp}/tantivy_keys.json"))["keystrokes"]
def load(b, r):
    ours = {x["name"]: x["medianMs"] for x in json.load(open(f"{tmp}/ab_{b}_{r}.json"))["workloads"]}
    keys = [x["medianMs"] for x in json.load(open(f"{tmp}/ab_keys_{b}_{r}.json"))["workloads"]]
    return ours, keys
runs = {b: [load(b, r) for r in range(1, rounds + 1)] for b in ("base", "new")}
tmed = [t["medianMs"] for t in tk.values()]
print(f"N={n} {w or 'synthetic'}: ratio = tantivy / ours per round (base = BASE_BIN, new = NEW_BIN), change = new/base ratio")
for a, bname in {"W1": "W1", "W2": "W2", "W3": "W3.prefix", "W3t": "W3typo", "W4": "W4"}.items():
    t = tv[bname]["median_ms"]
    rb = [t / o[a] for o, _ in runs["base"]]; rn = [t / o[a] for o, _ in runs["new"]]
    print(f"  {a:4s} tantivy {t:7.2f} ms  base {' '.join(f'{o[a]:.3f}' for o,_ in runs['base'])} ms x{statistics.median(rb):.1f}  new {' '.join(f'{o[a]:.3f}' for o,_ in runs['new'])} ms x{statistics.median(rn):.1f}  change {statistics.median(rn)/statistics.median(rb):.2f}")
for label, f in (("keystrokes median", statistics.median), ("keystrokes worst", max)):
    t = f(tmed)
    rb = [t / f(k) for _, k in runs["base"]]; rn = [t / f(k) for _, k in runs["new"]]
    print(f"  {label:18s} base {' '.join(f'{f(k):.3f}' for _,k in runs['base'])} ms x{statistics.median(rb):.1f}  new {' '.join(f'{f(k):.3f}' for _,k in runs['new'])} ms x{statistics.median(rn):.1f}  change {statistics.median(rn)/statistics.median(rb):.2f}")
PY
done
