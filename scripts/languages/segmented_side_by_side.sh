#!/usr/bin/env bash
# Keystrokes on a German catalog with decompounding, or a Chinese one with word segmentation, side by side
# in one run with tantivy using a comparable analyzer (tantivy_analyzed.py beside this script): issue 39's
# speed proofs. Prints our medians per round and tantivy's, and ratio = tantivy / ours, for the median and
# the worst keystroke.
# Usage (from the project root): scripts/languages/segmented_side_by_side.sh BIN ROUNDS de|zh CATALOG "p1,p2,…"
# The catalog: ../shared/bench/gen_catalog.py N OUT --words de (or zh, with the spaces between Chinese words
# removed, as Chinese is written). Needs the venv side_by_side.sh makes (tantivy).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bench=$(cd "$here/../../../shared/bench" && pwd)
venv=${TMPDIR:-/tmp}/side-by-side-venv
bin=$1 rounds=$2 language=$3 catalog=$4
export KEYSTROKE_PHRASES=$5
tmp=$(mktemp -d)
python3 "$bench/keystrokes.py" workloads "$tmp/keys.jsonl"
python3 - "$bench/settings.json" "$tmp/settings.json" "$language" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["queryLanguages"] = [sys.argv[3]]
if sys.argv[3] == "de":
    s["decompoundedAttributes"] = {"de": ["name", "description"]}
json.dump(s, open(sys.argv[2], "w"))
PY
"$venv/bin/python" "$here/tantivy_analyzed.py" "$language" "$catalog" "$tmp/tantivy.json"
for r in $(seq 1 "$rounds"); do
  "$bin" bench --records "$catalog" --settings "$tmp/settings.json" --workloads "$tmp/keys.jsonl" --runs 9 --json \
    2>/dev/null | tail -1 > "$tmp/ours_$r.json"
done
python3 - "$tmp" "$rounds" "$language" <<'PY'
import json, sys, statistics
tmp, rounds, language = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ours = [[x["medianMs"] for x in json.load(open(f"{tmp}/ours_{r}.json"))["workloads"]] for r in range(1, rounds + 1)]
tantivy = json.load(open(f"{tmp}/tantivy.json"))
tant = [v["medianMs"] for v in tantivy["keystrokes"].values()]
print(f"{language}: {len(tant)} keystrokes; tantivy loaded in {tantivy['loadS']:.1f} s")
for label, f in (("median", statistics.median), ("worst", max)):
    runs = [f(k) for k in ours]
    ratio = statistics.median([f(tant) / v for v in runs])
    print(f"  {label:6s} ours {' '.join(f'{v:.3f}' for v in runs)} ms  tantivy {f(tant):.3f} ms  x{ratio:.1f}")
PY
rm -rf "$tmp"
