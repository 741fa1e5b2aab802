#!/usr/bin/env bash
# The DocC documentation of every library, rendered with swift-docc-plugin, warnings as errors: a broken
# symbol link or an undocumented parameter fails it. Output in .build/docs/TARGET (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/docs
for target in InstantSearchModel InstantSearchAlgolia InstantSearchCore InstantSearchEngine InstantSearch InstantSearchSwiftUI InstantSearchTesting \
  InstantSearchTerminal InstantSearchServer; do
  echo "docs: $target"
  swift package --allow-writing-to-directory ".build/docs/$target" generate-documentation --target "$target" \
    --output-path ".build/docs/$target" --warnings-as-errors > ".build/docs-$target.log" 2>&1 || {
    grep -E "^(error|warning)" -A3 ".build/docs-$target.log" | head -60 >&2
    echo "docs: FAILED for $target (above; the whole log is .build/docs-$target.log)" >&2
    exit 1
  }
done
echo "docs: every library's documentation built without a warning"
