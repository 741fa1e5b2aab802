#!/usr/bin/env python3
"""Kills `instantsearch serve` with SIGKILL during a stream of writes, restarts it, and checks that every write
the server acknowledged (answered with a taskID) is there. Bounded: ROUNDS rounds of at most 3 s each.

Usage: server_crash.py BINARY [ROUNDS=20]
"""
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

KEY = os.urandom(16).hex()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, data, port):
    env = dict(os.environ, INSTANTSEARCH_ADMIN_KEY=KEY)
    process = subprocess.Popen([binary, "serve", "--data", data, "--port", str(port)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return process
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"FAIL: the server exited with {process.returncode} at start")
            time.sleep(0.05)
    raise SystemExit("FAIL: the server did not listen within 30 s")


def call(port, method, path, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"X-Algolia-API-Key": KEY, "X-Algolia-Application-Id": "CRASH"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read() or b"null")


def main():
    binary, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    data = tempfile.mkdtemp(prefix="server-crash-")
    acknowledged = []
    sequence = 0
    for round_number in range(rounds):
        port = free_port()
        server = start(binary, data, port)
        stop = threading.Event()

        def writer():
            nonlocal sequence
            while not stop.is_set():
                sequence += 1
                record = {"objectID": f"r{sequence}", "round": round_number, "n": sequence}
                try:
                    answer = call(port, "POST", "/1/indexes/crash/batch",
                                  {"requests": [{"action": "addObject", "body": record}]})
                except (urllib.error.URLError, ConnectionError, OSError, TimeoutError):
                    return
                if "taskID" in answer:
                    acknowledged.append(record["objectID"])

        thread = threading.Thread(target=writer)
        thread.start()
        time.sleep(random.uniform(0.1, 1.5))
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        thread.join()
        # Reopen and check every acknowledged write.
        port = free_port()
        server = start(binary, data, port)
        found = set()
        cursor = None
        while True:
            body = {"hitsPerPage": 1000, "attributesToRetrieve": ["objectID"]}
            if cursor:
                body["cursor"] = cursor
            page = call(port, "POST", "/1/indexes/crash/browse", body)
            found.update(hit["objectID"] for hit in page["hits"])
            cursor = page.get("cursor")
            if not cursor:
                break
        missing = [object_id for object_id in acknowledged if object_id not in found]
        server.terminate()
        server.wait()
        if missing:
            raise SystemExit(f"FAIL: round {round_number}: {len(missing)} acknowledged writes lost: {missing[:5]}")
        print(f"round {round_number}: {len(acknowledged)} acknowledged writes, all present")
    print(f"server crash test: {rounds} rounds, {len(acknowledged)} acknowledged writes, none lost")


if __name__ == "__main__":
    main()
