#!/usr/bin/env python3
"""Reopens a tantivy index directory built by ../shared/bench/tantivy/bench_tantivy.py --disk and prints,
as JSON, what `instantsearch bench` prints for an index directory: the time to open it, the resident
memory right after, the first W1 query (the same query and facets as the anchor's W1), and the bytes on
disk. Run it in a fresh process for each measurement.

Usage: python tantivy_reopen.py INDEX_DIR CATALOG.jsonl
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench", "tantivy"))
from benchlib import rss_mb  # noqa: E402

import tantivy  # noqa: E402
from tantivy import Occur, Query  # noqa: E402


def main():
    directory, catalog = sys.argv[1], sys.argv[2]
    with open(catalog.replace(".jsonl", ".meta.json")) as f:
        brands = json.load(f)["w1_brands"]
    before = rss_mb()
    start = time.perf_counter()
    index = tantivy.Index.open(directory)
    searcher = index.searcher()
    opened = time.perf_counter() - start
    resident = rss_mb()
    schema = index.schema
    query = Query.boolean_query([
        (Occur.Must, Query.term_set_query(schema, "brand", brands)),
        (Occur.Must, Query.range_query(schema, "price", tantivy.FieldType.Float, 50.0, 500.0)),
        (Occur.Must, Query.term_query(schema, "free_shipping", True)),
    ])
    terms = lambda field: {"terms": {"field": field, "size": 100, "segment_size": 5000}}  # noqa: E731
    aggregations = {"brand": terms("brand"), "color": terms("color"), "lvl0": terms("lvl0"),
                    "price": {"stats": {"field": "price"}}}
    start = time.perf_counter()
    result = searcher.search(query, limit=20, count=True, order_by_field="popularity")
    _ = [searcher.doc(address) for _, address in result.hits]
    _ = searcher.aggregate(query, aggregations)
    first = time.perf_counter() - start
    disk = sum(os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory))
    print(json.dumps({
        "open_ms": round(opened * 1000, 1), "first_w1_ms": round(first * 1000, 1),
        "open_plus_first_w1_ms": round((opened + first) * 1000, 1), "rss_before_open_mb": round(before, 1),
        "rss_after_open_mb": round(resident, 1), "disk_mib": round(disk / 1048576, 1), "nbHits": result.count,
    }))


if __name__ == "__main__":
    main()
