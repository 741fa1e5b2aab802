# Sourced (not run) by the scripts that time our builds beside other software on the harness's catalogs:
# durable_side_by_side.sh, kernels_side_by_side.sh, import_side_by_side.sh, showcase_keystrokes.sh. From
# the project root; sets `bench` (../shared/bench, the harness) and `venv` (the side-by-side venv of
# ../shared/bench/side_by_side.sh with tantivy and wordfreq, created if missing).
bench=../shared/bench
venv=${TMPDIR:-/tmp}/side-by-side-venv
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q tantivy wordfreq; }

# catalog_in WORK N [gen_catalog.py options]: makes the folder WORK and in it the catalog of N records
# (once: kept for later runs); sets `work` and `catalog`.
catalog_in() {
  work=$1
  mkdir -p "$work"
  catalog="$work/catalog_$2.jsonl"
  [ -s "$catalog" ] || "$venv/bin/python" "$bench/gen_catalog.py" "$2" "$catalog" "${@:3}" >/dev/null
}

# our_builds: sets `builds` to OURS (default: a release build of this checkout's instantsearch, made now)
# and OTHER when set, the second build run alternately with the first.
our_builds() {
  if [ -z "${OURS:-}" ]; then swift build -c release --product instantsearch >/dev/null; fi
  builds=("${OURS:-.build/release/instantsearch}")
  if [ -n "${OTHER:-}" ]; then builds+=("$OTHER"); fi
}
