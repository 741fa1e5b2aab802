#!/usr/bin/env python3
"""During a load run: saves records one batch after another for DURATION seconds, then checks that every
acknowledged record is in the index. Usage: writer.py PORT KEY DURATION"""
import json
import sys
import time
import urllib.request


def call(port, key, method, path, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"X-Algolia-API-Key": key, "X-Algolia-Application-Id": "LOAD"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def main():
    port, key, duration = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    acknowledged = []
    deadline = time.time() + duration
    number = 0
    while time.time() < deadline:
        batch = [{"objectID": f"load-{number + i}", "name": f"load writer {number + i}", "price": i}
                 for i in range(10)]
        number += 10
        status, answer = call(port, key, "POST", "/1/indexes/catalog/batch",
                              {"requests": [{"action": "addObject", "body": record} for record in batch]})
        if status == 200 and "taskID" in answer:
            acknowledged += [record["objectID"] for record in batch]
    missing = [object_id for object_id in acknowledged
               if call(port, key, "GET", f"/1/indexes/catalog/{object_id}")[0] != 200]
    print(f"writes: {len(acknowledged)} acknowledged records in {duration:.0f} s, {len(missing)} missing")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
