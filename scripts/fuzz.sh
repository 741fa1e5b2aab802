#!/usr/bin/env bash
# Fuzzing beyond the unit tests: a million mutated filters strings, request bodies, record lines and settings
# fed in process to the parser, the engine and the loader by `instantsearch-fuzz` (a release build of the
# core and the engine only), bounded in count and time. A crash ends the binary with a signal: this script
# then names the seed and the command that replays the inputs one by one.
#
#   scripts/fuzz.sh                 # 1,000,000 inputs, seed from the commit (new inputs each commit)
#   FUZZ_COUNT=100000 FUZZ_SEED=7 scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

count="${FUZZ_COUNT:-1000000}"
seconds="${FUZZ_SECONDS:-600}"
seed="${FUZZ_SEED:-$(( $(git rev-list --count HEAD 2>/dev/null || echo 0) + 1 ))}"

swift build -c release --product instantsearch-fuzz
binary="$(swift build -c release --show-bin-path)/instantsearch-fuzz"

echo "fuzz: $count inputs at most, $seconds s at most, seed $seed"
set +e
"$binary" --count "$count" --seconds "$seconds" --seed "$seed"
status=$?
set -e
if [ "$status" -gt 128 ]; then
  echo "fuzz: CRASH (signal $((status - 128))) with seed $seed." >&2
  echo "fuzz: replay with: $binary --count $count --seed $seed --print-inputs 2>inputs.txt; tail -1 inputs.txt" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "fuzz: untyped errors with seed $seed (listed above)" >&2
  exit 1
fi
echo "fuzz: 0 crashes, 0 untyped errors"
