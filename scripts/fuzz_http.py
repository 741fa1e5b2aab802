#!/usr/bin/env python3
"""Grammar-aware fuzzing of `instantsearch serve` over HTTP on 127.0.0.1: every search parameter, every
setting, facet queries, multi-queries (`type: facet`), browse cursors, record reads, batches, secured keys
and key bodies, each given boundary values (NaN, +-inf, +-1e300, -1, 0, Int64 edges, 2^53 +- 1, fractions,
huge strings) as JSON members and inside `params` strings. Every answer must be a JSON body with a status
below 500, and the server must still be running and answering at the end.

Bounded in count and time. Usage: fuzz_http.py BINARY [COUNT=20000] [SECONDS=300] [SEED=1]
Prints `N passed, M failed` (requests answered as required, and those that were not).
"""
import base64
import hashlib
import hmac
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

ADMIN = os.urandom(16).hex()
SEARCH = "fuzz-search-key"

NUMBERS = [0, -1, 1, 2.5, -0.5, 1e300, -1e300, 1e15, -1e15, 2**53 - 1, 2**53 + 1, 2**63 - 1, -2**63, 2**63,
           2**64, 2**31, 1000, 1001, 90.000001, -180.5, 360]
TEXTS = ["NaN", "nan", "inf", "-inf", "Infinity", "1e999", "-1e999", "9223372036854775807", "9223372036854775808",
         "-9223372036854775809", "18446744073709551616", "9007199254740993", "0x10", " 7 ", "", "-0", "1e300",
         "2.5", "all"]
QUERY = {
    "query": "text", "filters": "filter", "facets": "list", "facetFilters": "clauses", "numericFilters": "clauses",
    "tagFilters": "clauses", "optionalFilters": "clauses", "sumOrFiltersScores": "bool", "page": "int",
    "hitsPerPage": "int", "maxValuesPerFacet": "int", "sortFacetValuesBy": "text", "attributesToRetrieve": "list",
    "attributesToHighlight": "list", "aroundLatLng": "latlng", "aroundRadius": "int", "aroundPrecision": "int",
    "insideBoundingBox": "boxes", "insidePolygon": "boxes", "getRankingInfo": "bool", "synonyms": "bool",
    "enableRules": "bool", "ruleContexts": "list", "distinct": "int", "facetingAfterDistinct": "bool",
    "attributesToSnippet": "list", "snippetEllipsisText": "text", "highlightPreTag": "text",
    "highlightPostTag": "text", "typoTolerance": "typo", "analytics": "bool", "clickAnalytics": "bool",
    "userToken": "text", "analyticsTags": "list", "relevancyStrictness": "int", "maxFacetHits": "int",
    "offset": "int", "length": "int", "minimumAroundRadius": "int", "queryType": "text",
    "minWordSizefor1Typo": "int", "minWordSizefor2Typos": "int", "alternativesAsExact": "list",
    "attributeCriteriaComputedByMinProximity": "bool", "replaceSynonymsInHighlight": "bool", "optionalWords": "list",
    "ignorePlurals": "languages", "removeStopWords": "languages", "queryLanguages": "list",
}
SETTINGS = {
    "hitsPerPage": "int", "maxValuesPerFacet": "int", "minWordSizefor1Typo": "int", "minWordSizefor2Typos": "int",
    "paginationLimitedTo": "int", "relevancyStrictness": "int", "attributeForDistinct": "text",
    "highlightPreTag": "text", "queryType": "text", "attributesForFaceting": "list", "customRanking": "list",
    "ranking": "list", "searchableAttributes": "list", "unretrievableAttributes": "list", "distinct": "int",
    "typoTolerance": "typo", "replicas": "list", "maxFacetHits": "int", "numericAttributesForFiltering": "list",
    "disablePrefixOnAttributes": "list", "separatorsToIndex": "characters", "keepDiacriticsOnCharacters": "characters",
    "customNormalization": "normalization", "camelCaseAttributes": "list", "indexLanguages": "list",
    "ignorePlurals": "languages", "removeStopWords": "languages", "queryLanguages": "list",
}


class Grammar:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def pick(self, values):
        return self.random.choice(values)

    def count(self):
        return 1001 + self.random.randrange(50) if self.random.randrange(10) == 0 else self.random.randrange(5)

    def text(self, kind="text"):
        r = self.random.randrange(8)
        if kind == "latlng":
            return f"{self.pick(TEXTS)},{self.pick(TEXTS)}"
        if kind == "boxes":
            return ",".join(self.pick(TEXTS) for _ in range(4))
        if kind == "typo":
            return self.pick(["true", "false", "min", "strict", "nan", ""])
        if kind == "filter":
            return self.pick([f"price > {self.pick(TEXTS)}", f"price:{self.pick(TEXTS)} TO 1", "brand:b1"])
        if kind == "characters":
            return self.pick(["+#", "@", "é", "øé", "a", "$", " ", "É", "e\u0301", "#" * 600, ""])
        if r == 0:
            # Long texts, and runs of brackets around 512 levels, where Foundation's JSON reader trapped when
            # the text ended at the bracket crossing its limit (a params value is parsed as JSON).
            edge = 505 + self.random.randrange(16)
            return self.pick(["é" * 600, "é" * 70000, "[" * edge, '{"a":' * edge])
        if r < 3:
            return self.pick(TEXTS)
        return self.pick(["phone", "b1", "name", "*", "<em>", "brand", "desc(rating)", "x.y.z"])

    def value(self, kind):
        if kind in ("int",):
            r = self.random.randrange(6)
            if r == 0:
                return self.pick(TEXTS)
            if r == 1:
                return self.random.random() < 0.5
            if r < 4:
                return self.pick(NUMBERS)
            return self.pick([0, 1, 3, 10, 20, 100, 1000])
        if kind == "bool":
            return self.pick([True, "false", self.pick(NUMBERS), None])
        if kind == "list":
            n = self.count()
            return [self.text() if n < 1000 else self.pick(["a", "phone", "*"]) for _ in range(n)]
        if kind == "clauses":
            return [f"brand:{self.text()}" if self.random.random() < 0.5 else ["brand:b1", self.text("filter")]
                    for _ in range(self.count())]
        if kind == "languages":
            return self.pick([True, False, "true", ["en"], ["fr", "de", "xx"], "en,fr", [1], [f"l{n}" for n in range(101)], 7,
                              ["ru", "pl"], ["el", "fa", "ga"]])
        if kind == "normalization":
            return self.pick([{"default": {"ä": "ae", "ß": "ss"}}, {"default": {"ab": "c"}}, {"fr": {"é": "e"}},
                              {"default": {"ä": 1}}, {"default": {str(n): "x" for n in range(1001)}}, "ä", []])
        if kind == "boxes":
            return [[self.pick(NUMBERS) if self.random.random() < 0.5 else self.pick([0, 1, 45.5, 89.9, 179.9])
                     for _ in range(self.pick([4, 6, 3, 8]))] for _ in range(1 + self.random.randrange(3))]
        return self.text(kind)

    def query(self):
        body = {"query": self.pick(["", "phone"]), "facets": ["brand", "tags"]}
        params = []
        for _ in range(1 + self.random.randrange(6)):
            name = self.pick(list(QUERY))
            kind = QUERY[name] if self.random.randrange(5) else self.pick(["int", "bool", "text", "list", "boxes"])
            if self.random.randrange(4) == 0:
                params.append(name + "=" + urllib.parse.quote(str(self.text(kind)), safe=""))
            else:
                body[name] = self.value(kind)
        if params:
            body["params"] = "&".join(params)
        return body

    def settings(self):
        return {name: self.value(SETTINGS[name] if self.random.randrange(5) else "int")
                for name in (self.pick(list(SETTINGS)) for _ in range(1 + self.random.randrange(4)))}

    def cursor(self):
        state = {"offset": self.pick(NUMBERS + [self.pick(TEXTS)]), "params": self.pick(["", "query=phone", "page=nan"])}
        r = self.random.randrange(6)
        if r == 0:
            return base64.b64encode(b"[" * (505 + self.random.randrange(16))).decode()
        raw = json.dumps(state).encode() if r > 1 else os.urandom(self.random.randrange(40))
        return base64.b64encode(raw).decode()

    def secured_key(self):
        params = "&".join(f"{name}={urllib.parse.quote(str(self.text(QUERY[name])), safe='')}"
                          for name in (self.pick(list(QUERY)) for _ in range(1 + self.random.randrange(3))))
        digest = hmac.new(SEARCH.encode(), params.encode(), hashlib.sha256).hexdigest()
        return base64.b64encode((digest + params).encode()).decode()

    def request(self):
        """One (method, path, body, key) of the grammar's routes."""
        route = self.random.randrange(13)
        if route == 0:
            return "POST", "/1/indexes/p/query", self.query(), ADMIN
        if route == 1:
            requests = []
            for _ in range(1 + self.random.randrange(3)):
                one = dict(self.query(), indexName="p")
                if self.random.random() < 0.5:
                    one.update(type="facet", facet=self.pick(["brand", "tags", "nope"]))
                requests.append(one)
            return "POST", "/1/indexes/*/queries", {"requests": requests, "strategy": self.pick(["none", 5])}, ADMIN
        if route == 2:
            return "POST", "/1/indexes/p/facets/tags/query", dict(self.query(), facetQuery=self.text()), SEARCH
        if route == 3:
            body = self.query() if self.random.random() < 0.5 else {}
            body["cursor"] = self.cursor()
            return "POST", "/1/indexes/p/browse", body, ADMIN
        if route == 4:
            key = self.pick(["1", "2", self.text()])
            return "GET", f"/1/indexes/p/{urllib.parse.quote(key, safe='')}?attributesToRetrieve=" + urllib.parse.quote(
                self.text(), safe=""), None, SEARCH
        if route == 5:
            return "POST", "/1/indexes/*/objects", {"requests": [
                {"indexName": self.pick(["p", "*", ""]), "objectID": self.text(), "attributesToRetrieve": self.value("list")}
                for _ in range(self.count())]}, SEARCH
        if route == 6:
            return "PUT", "/1/indexes/scratch/settings", self.settings(), ADMIN
        if route == 7:
            records = [{"objectID": str(self.random.randrange(20)), "price": self.pick(NUMBERS), "name": self.text(),
                        "_geoloc": {"lat": self.pick(NUMBERS), "lng": self.pick(NUMBERS)}}
                       for _ in range(1 + self.random.randrange(5))]
            return "POST", "/1/indexes/scratch/batch", {"requests": [{"action": "addObject", "body": r}
                                                                      for r in records]}, ADMIN
        if route == 8:
            return "POST", "/1/indexes/p/query", self.query(), self.secured_key()
        if route == 9:
            return "POST", "/1/keys", {"acl": ["search"], "validity": self.value("int"),
                                       "maxHitsPerQuery": self.value("int"),
                                       "maxQueriesPerIPPerHour": self.value("int")}, ADMIN
        if route == 10:
            return "POST", self.pick(["/1/indexes/p/rules/search", "/1/indexes/p/synonyms/search"]), {
                "query": self.text(), "page": self.value("int"), "hitsPerPage": self.value("int")}, ADMIN
        if route == 11:
            name = self.pick(["stopwords", "plurals", "compounds", "nope"])
            kind = self.random.randrange(3)
            if kind == 0:
                entries = [{"action": self.pick(["addEntry", "deleteEntry", "x"]), "body": {
                    "objectID": self.text(), "language": self.pick(["en", "fr", "", self.text()]),
                    "word": self.text(), "words": self.value("list"), "state": self.pick(["enabled", "disabled", 1])}}
                    for _ in range(self.count())]
                return "POST", f"/1/dictionaries/{name}/batch", {
                    "clearExistingDictionaryEntries": self.value("bool"), "requests": entries}, ADMIN
            if kind == 1:
                return "POST", f"/1/dictionaries/{name}/search", {
                    "query": self.text(), "page": self.value("int"), "hitsPerPage": self.value("int"),
                    "language": self.pick(["en", None, self.text()])}, ADMIN
            return "PUT", "/1/dictionaries/*/settings", {"disableStandardEntries": {
                name: self.pick([{"en": True}, {"fr": self.value("bool")}, None, self.text()])}}, ADMIN
        return "GET", "/1/indexes?page=" + urllib.parse.quote(str(self.value("int"))) + "&hitsPerPage=" + \
            urllib.parse.quote(str(self.value("int"))), None, ADMIN


def alive_after(send):
    """Whether the server answers a plain query (on a new connection if the last one was closed)."""
    try:
        status, _ = send("POST", "/1/indexes/p/query", {"query": "phone"}, ADMIN)
        return status == 200
    except (http.client.HTTPException, OSError):
        return False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    run(sys.argv[1])


def run(binary):
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 300
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    data = tempfile.mkdtemp(prefix="fuzz-http-")
    keys = os.path.join(data, "search-keys.txt")
    with open(keys, "w") as f:
        f.write(f"{SEARCH} acl=search,browse\n")
    port = free_port()
    env = dict(os.environ, INSTANTSEARCH_ADMIN_KEY=ADMIN)
    log = open(os.path.join(data, "server.log"), "w")
    server = subprocess.Popen([binary, "serve", "--data", os.path.join(data, "indices"), "--port", str(port),
                               "--search-keys-file", keys], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        fuzz(server, port, count, seconds, seed)
    finally:
        if server.poll() is None:
            server.kill()


def fuzz(server, port, count, seconds, seed):
    deadline = time.time() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            if server.poll() is not None or time.time() > deadline:
                raise SystemExit(f"fuzz-http: the server did not start ({server.poll()})")
            time.sleep(0.05)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(method, path, body, key):
        nonlocal connection
        payload = None if body is None else json.dumps(body, allow_nan=False).encode()
        last = None
        for attempt in range(2):
            try:
                connection.request(method, path, body=payload, headers={
                    "X-Algolia-API-Key": key, "X-Algolia-Application-Id": "FUZZ", "Content-Type": "application/json"})
                response = connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, OSError) as error:
                last = error
                connection.close()
                if server.poll() is not None:
                    raise
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        raise ConnectionError(f"the server stopped answering on a live process: {last!r}")

    send("PUT", "/1/indexes/p/settings", {"attributesForFaceting": ["brand", "searchable(tags)"],
                                          "searchableAttributes": ["name"], "unretrievableAttributes": ["cost"]}, ADMIN)
    send("POST", "/1/indexes/p/batch", {"requests": [{"action": "addObject", "body": {
        "objectID": str(n), "name": f"phone case {n}", "brand": f"b{n % 5}", "tags": [f"t{n % 3}"], "price": n * 1.5,
        "cost": n, "_geoloc": {"lat": 48 + n / 100, "lng": 2.3}}} for n in range(300)]}, ADMIN)

    grammar = Grammar(seed)
    passed = failed = 0
    failures = []
    start = time.time()
    for number in range(count):
        if time.time() - start > seconds:
            break
        method, path, body, key = grammar.request()
        try:
            status, raw = send(method, path, body, key)
        except (http.client.HTTPException, OSError) as error:
            oversized = (body is not None and len(json.dumps(body)) > 10 << 20) or len(path) + len(key) > 60_000
            if server.poll() is None and oversized and alive_after(send):
                # Past the body limit (10 MB) the server answers 413, past the head limit (80 KB) the HTTP layer
                # answers 400, and either closes the connection: a client still writing the body sees a reset
                # instead of the answer. The server must then answer the next request on a new connection.
                passed += 1
                continue
            failures.append(f"request {number}: {method} {path[:120]}: the server died ({error}, exit {server.poll()})")
            failed += 1
            break
        ok = status < 500
        if len(path) + len(key) > 60_000:
            # A request head past the HTTP parser's limit (80 KB) is refused by the HTTP layer itself: a
            # bare 400 and a closed connection, before any route or JSON.
            ok = status == 400
            passed += ok
            failed += not ok
            continue
        try:
            answer = json.loads(raw or b"null")
            ok = ok and isinstance(answer, dict) and (status < 400 or bool(answer.get("message")))
        except ValueError:
            ok = False
        if ok:
            passed += 1
        else:
            failed += 1
            if len(failures) < 10:
                failures.append(f"request {number}: {method} {path[:120]} {json.dumps(body)[:200]} -> {status} {raw[:200]}")
    alive = server.poll() is None
    status, _ = send("POST", "/1/indexes/p/query", {"query": "phone"}, ADMIN) if alive else (0, b"")
    server.terminate()
    server.wait(timeout=60)
    for line in failures:
        print(line)
    if not alive or status != 200:
        print(f"fuzz-http: the server is not answering at the end (alive: {alive}, status {status})")
        failed += 1
    print(f"fuzz-http: {passed + failed} requests in {time.time() - start:.0f} s, seed {seed}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
