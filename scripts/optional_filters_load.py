#!/usr/bin/env python3
"""What the largest optionalFilters a request may hold costs, beside ordinary queries (issue 35).

Usage: scripts/optional_filters_load.py BINARY CATALOG.jsonl [ROUNDS=15]

Starts `BINARY serve` on 127.0.0.1 with an index of CATALOG (gen_catalog.py's shape, imported with
../shared/bench/settings.json), then prints medians (ms) of, in one run:
  1. an ordinary query alone;
  2. a query with 1,000 optionalFilters (the bound) alone;
  3. the ordinary query while four clients each send 1,000-optional-filter queries back to back;
and checks that 1,001 optional filters are refused with a 400. Every loop is bounded by ROUNDS.
"""
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ADMIN = "optional-filters-admin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def query(port, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    start = time.perf_counter()
    connection.request("POST", "/1/indexes/catalog/query", body=json.dumps(body).encode(),
                       headers={"X-Algolia-API-Key": ADMIN, "X-Algolia-Application-Id": "LOAD"})
    response = connection.getresponse()
    response.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    return response.status, elapsed


def median_of(port, body, rounds):
    times = []
    for _ in range(rounds):
        status, elapsed = query(port, body)
        if status != 200:
            raise SystemExit(f"optional-filters: status {status} for {str(body)[:80]}")
        times.append(elapsed)
    return statistics.median(times)


def main():
    binary, catalog = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    brands = []
    with open(catalog) as f:
        for line in f:
            brand = json.loads(line).get("brand")
            if brand and brand not in brands:
                brands.append(brand)
    work = tempfile.mkdtemp(prefix="optional-filters-")
    settings = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench", "settings.json")
    subprocess.run([binary, "import", "--records", catalog, "--settings", settings, "--directory",
                    os.path.join(work, "data", "catalog"), "--index", "catalog"], check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--data", os.path.join(work, "data"), "--port", str(port)],
                              env=dict(os.environ, INSTANTSEARCH_ADMIN_KEY=ADMIN), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        ordinary = {"query": "wireless", "hitsPerPage": 20}
        filters = [f'brand:"{brands[i % len(brands)]}"<score={i % 5 + 1}>' for i in range(1000)]
        heavy = {"query": "wireless", "hitsPerPage": 20, "optionalFilters": filters}
        status, _ = query(port, dict(heavy, optionalFilters=filters + ["brand:x"]))
        print(f"1,001 optional filters: status {status} (400 expected)")
        alone = median_of(port, ordinary, rounds)
        heavy_alone = median_of(port, heavy, rounds)
        stop = threading.Event()
        sent = [0]

        def hammer():
            for _ in range(rounds * 4):
                if stop.is_set():
                    return
                query(port, heavy)
                sent[0] += 1

        threads = [threading.Thread(target=hammer) for _ in range(4)]
        for thread in threads:
            thread.start()
        beside = median_of(port, ordinary, rounds)
        stop.set()
        for thread in threads:
            thread.join()
        print(f"ordinary query alone: {alone:.2f} ms (median of {rounds})")
        print(f"1,000 optionalFilters alone: {heavy_alone:.2f} ms ({heavy_alone / alone:.1f}x)")
        print(f"ordinary query beside 4 clients of 1,000 optionalFilters: {beside:.2f} ms "
              f"({beside / alone:.1f}x; {sent[0]} heavy queries meanwhile)")
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
