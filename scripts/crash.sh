#!/usr/bin/env bash
# Crash testing of index directories beyond the unit tests: `instantsearch durable-writer` killed with
# SIGKILL at random moments, 1,000 times (the suite runs 200), each directory reopened and checked against
# what the writer acknowledged (see Tests/InstantSearchCLITests/DurableCrashTests.swift).
#
#   scripts/crash.sh                  # 1,000 rounds
#   DURABLE_CRASH_ROUNDS=5000 scripts/crash.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${DURABLE_CRASH_ROUNDS:-1000}"
echo "crash: $rounds rounds"
DURABLE_CRASH_ROUNDS="$rounds" swift test --filter DurableCrashTests
