#!/usr/bin/env python3
"""Loads a JSON-lines records file into a DuckDB database file (`read_json` into a table, on every core,
checkpointed to disk at close) and prints the seconds it took, as `instantsearch import` prints its own:
the reference of issue 42's import target. A fresh database file each run.

Usage: python duckdb_load.py CATALOG.jsonl DATABASE_FILE
"""
import os
import sys
import time

import duckdb


def main():
    catalog, database = sys.argv[1], sys.argv[2]
    for leftover in (database, database + ".wal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    start = time.perf_counter()
    connection = duckdb.connect(database)
    connection.execute(
        "CREATE TABLE records AS SELECT * FROM read_json(?, format = 'newline_delimited')", [catalog])
    rows = connection.execute("SELECT count(*) FROM records").fetchone()[0]
    connection.close()
    elapsed = time.perf_counter() - start
    print(f"duckdb: loaded {rows} records in {elapsed * 1000:.0f} ms "
          f"({os.path.getsize(database) // 1048576} MB on disk, {duckdb.__version__})")


if __name__ == "__main__":
    main()
