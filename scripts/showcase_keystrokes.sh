#!/usr/bin/env bash
# The showcase's keystroke → frame on N English records (issue 42: p99 ≤ 8.3 ms, one frame at 120 Hz, in
# each of ten runs with different phrases): `instantsearch demo --records DIR --keys PHRASE --measure` for
# ten phrases of two real words with a typo, each phrase played by each build in turn (OTHER: a second
# build, alternated), over the records file loaded in memory by each run (as the README's command does).
# An index directory opened just before would time its first keystroke with the text index's deferred
# verification and the first reads of its mapped pages: a cold start, which durable_side_by_side.sh times.
#
#   scripts/showcase_keystrokes.sh 1000000
#   OURS=/path/a OTHER=/path/b scripts/showcase_keystrokes.sh 1000000
#
# Needs ../shared/bench (the catalog generator with --words en, wordfreq from PyPI: the side-by-side venv
# of ../shared/bench/side_by_side.sh, created if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000000}"
source scripts/side_by_side_env.sh
catalog_in "${TMPDIR:-/tmp}/showcase-${n}en" "$n" --words en
our_builds
phrases=("wireles headphones" "coffe maker" "leathr jacket" "runing shoes" "stainles steel" "bluetoth speaker"
  "gamng laptop" "kitchn table" "womens dres" "gardn hose")
for phrase in "${phrases[@]}"; do
  for build in "${builds[@]}"; do
    result=$("$build" demo --records "$catalog" --settings "$bench/settings.json" --keys "$phrase" --measure \
      2>&1 >/dev/null | grep -A1 "keystroke")
    echo "\"$phrase\" $build: ${result#keystroke → frame }"
  done
done
