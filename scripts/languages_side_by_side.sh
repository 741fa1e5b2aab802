#!/usr/bin/env bash
# Keystrokes with the language features on, side by side in one run (issue 39's speed proof): our build with
# the shared bench settings, then with `ignorePlurals` and `removeStopWords` on and `queryLanguages: ["en"]`,
# alternately for ROUNDS rounds, against tantivy with its `default` tokenizer and with `en_stem`.
# Usage (from the project root): scripts/languages_side_by_side.sh BIN ROUNDS N:WORDS...   e.g. ... 3 100000:en
# Needs the catalogs side_by_side.sh makes. KEYSTROKE_PHRASES sets the phrases (English ones by default).
set -eu
here=$(cd "$(dirname "$0")/../../shared/bench" && pwd)
venv=${TMPDIR:-/tmp}/side-by-side-venv
bin=$1 rounds=$2; shift 2
export KEYSTROKE_PHRASES=${KEYSTROKE_PHRASES:-"homes of the analysts,peaceful blocks,the light remains,rich conferences,earbuds for the start"}
for spec in "$@"; do
  n=${spec%%:*}; w=${spec#*:}
  tmp=${TMPDIR:-/tmp}/side-by-side-$n$w; cat_file=$tmp/catalog_$n.jsonl
  python3 $here/keystrokes.py workloads $tmp/lang_keys.jsonl
  python3 - "$here/settings.json" "$tmp/lang_settings.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); s.update({"ignorePlurals": True, "removeStopWords": True, "queryLanguages": ["en"]})
json.dump(s, open(sys.argv[2], "w"))
PY
  $venv/bin/python $here/keystrokes.py tantivy $cat_file $tmp/lang_tantivy_default.json
  # The same run with tantivy's English stemmer on the text fields (the tokenizer name swapped in).
  $venv/bin/python - $here $cat_file $tmp/lang_tantivy_stem.json <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import tantivy, keystrokes
original = tantivy.SchemaBuilder.add_text_field
def stemmed(self, name, **options):
    if options.get("tokenizer_name") == "default": options["tokenizer_name"] = "en_stem"
    return original(self, name, **options)
tantivy.SchemaBuilder.add_text_field = stemmed
keystrokes.tantivy_run(sys.argv[2], sys.argv[3])
PY
  for r in $(seq 1 $rounds); do
    "$bin" bench --records $cat_file --settings $here/settings.json --workloads $tmp/lang_keys.jsonl --runs 9 --json 2>/dev/null | tail -1 > $tmp/lang_plain_$r.json
    "$bin" bench --records $cat_file --settings $tmp/lang_settings.json --workloads $tmp/lang_keys.jsonl --runs 9 --json 2>/dev/null | tail -1 > $tmp/lang_on_$r.json
  done
  python3 - $tmp $n "$w" $rounds <<'PY'
import json, sys, statistics
tmp, n, w, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def ours(kind):
    return [[x["medianMs"] for x in json.load(open(f"{tmp}/lang_{kind}_{r}.json"))["workloads"]] for r in range(1, rounds + 1)]
tant = {k: [v["medianMs"] for v in json.load(open(f"{tmp}/lang_tantivy_{k}.json"))["keystrokes"].values()] for k in ("default", "stem")}
print(f"N={n} {w}: keystrokes of {len(tant['default'])} prefixes; ours per round; ratio = tantivy / ours (median of rounds)")
for label, f in (("median", statistics.median), ("worst", max)):
    for kind in ("plain", "on"):
        runs = [f(k) for k in ours(kind)]
        ratios = " ".join(f"{t}: x{statistics.median([f(tant[t]) / v for v in runs]):.1f}" for t in ("default", "stem"))
        print(f"  {label:6s} ours {kind:5s} {' '.join(f'{v:.3f}' for v in runs)} ms  tantivy default {f(tant['default']):.3f} ms, en_stem {f(tant['stem']):.3f} ms  {ratios}")
PY
done
