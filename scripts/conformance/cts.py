"""Algolia's Common Test Suite against `instantsearch serve`.

Replays every request of ../shared/reference/algolia-cts/tests/CTS/requests/search/*.json (read there, at run
time) against a server on 127.0.0.1, and checks each answer against the Search API spec of the same suite
(../shared/reference/algolia-cts/specs/search): for an endpoint the server has, the status must be one the spec
lists for the operation and the body must have the spec's shape for that status (field names and types, with
openapi-schema-validator's OpenAPI 3.0 validator). The requests that carry an end-to-end expectation
(`response`) run first, on indexes this script loads so that the expectation can hold, and their bodies must
contain the expected one (every expected member, recursively; lists element by element).

Endpoints the server does not have (clusters and user IDs, Algolia's distributed service)
are counted apart: their answer must still be a JSON error.

Usage: cts.py PORT ADMIN_KEY CTS_ROOT
"""

import json
import re
import sys
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

import yaml
from openapi_schema_validator import OAS30Validator

PORT, KEY, ROOT = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
# CTS_VERBOSE=1 lists every answer that is an error the spec allows.
VERBOSE = __import__("os").environ.get("CTS_VERBOSE") == "1"
SPEC = ROOT / "specs" / "search" / "spec.yml"
REQUESTS = ROOT / "tests" / "CTS" / "requests" / "search"
BASE = f"http://127.0.0.1:{PORT}"

# Members of an end-to-end expectation the server answers differently, knowingly, each with the reason; they
# are listed in the summary, never silently skipped.
KNOWN_DEVIATIONS: dict = {
    ("get searchDictionaryEntries results with minimal parameters", "body.hits[0].objectID"):
        "a standard entry's objectID is an internal hash of Algolia's that nothing documents; the engine names "
        "its standard entries standard-<language>-<word> (the entry's language, word, and the counts match)",
}

# Endpoint templates the server does not have yet (issue 40 adds them).
NOT_SERVED = re.compile(r"^/1/clusters")


# ---------------------------------------------------------------------------------------------------------
# The spec: every $ref inlined (across files), then made lenient where OpenAPI 3.0 validators and Algolia's
# schemas disagree: `allOf` branches that each say `additionalProperties: false` reject one another's
# members, and overlapping `oneOf` branches reject a value both accept. Neither changes a member's type.
# A `type: null` schema (OpenAPI 3.1) is written as the one value it allows.


def load_yaml(path, cache={}):
    if path not in cache:
        cache[path] = yaml.safe_load(path.read_text())
    return cache[path]


def resolve(node, base, stack=()):
    if isinstance(node, list):
        return [resolve(item, base, stack) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        ref = node["$ref"]
        file_part, _, pointer = ref.partition("#")
        target_file = (base.parent / file_part).resolve() if file_part else base
        key = (str(target_file), pointer)
        if key in stack:
            return {}  # a recursive schema: accept whatever nests below
        target = load_yaml(target_file)
        for part in [p for p in pointer.split("/") if p]:
            target = target[part.replace("~1", "/").replace("~0", "~")]
        return resolve(target, target_file, stack + (key,))
    if node.get("type") == "null":
        # OpenAPI 3.1's null type (the dictionaries' `oneOf: [object, {type: null}]`), which a 3.0 validator
        # does not know: the same constraint, said as the one value it allows.
        return {"enum": [None]}
    result = {}
    for name, value in node.items():
        if name == "additionalProperties" and value is False:
            continue
        if name == "oneOf":
            name = "anyOf"
        result[name] = resolve(value, base, stack)
    return result


def operations():
    spec = load_yaml(SPEC)
    table = []
    for template, ref in spec["paths"].items():
        if template.startswith("/1/") is False:
            continue
        item = resolve(ref, SPEC)
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        for method, operation in item.items():
            if method not in ("get", "post", "put", "delete"):
                continue
            responses = {}
            for status, answer in operation.get("responses", {}).items():
                schema = answer.get("content", {}).get("application/json", {}).get("schema")
                responses[status] = schema
            tag = (operation.get("tags") or ["?"])[0]
            table.append((re.compile(pattern), method.upper(), template, tag, responses))
    # Literal segments first (`/1/indexes/*/queries` before `/1/indexes/{indexName}/{objectID}`).
    table.sort(key=lambda entry: (entry[2].count("{"), -len(entry[2])))
    return table


def operation_for(table, method, path):
    for pattern, verb, template, tag, responses in table:
        if verb == method and pattern.match(path):
            return template, tag, responses
    return None


# ---------------------------------------------------------------------------------------------------------
# The server.


def call(method, path, body=None, query=None):
    url = BASE + path
    if query:
        url += "?" + "&".join(f"{k}={urllib.request.quote(str(v))}" for k, v in query.items())
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("X-Algolia-API-Key", KEY)
    request.add_header("X-Algolia-Application-Id", "CTS")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def must(method, path, body=None):
    status, text = call(method, path, body)
    if status >= 300:
        sys.exit(f"cts: loading the data failed: {method} {path} answered {status} {text[:300]!r}")
    return json.loads(text)


def load_fixtures():
    """Indexes the end-to-end expectations read, with records that make them hold."""
    movies = [
        {"objectID": "Batman and Robin", "title": "Batman and Robin", "year": 1949,
         "cast": ["Robert Lowery", "Johnny Duncan", "Jane Adams"]},
        {"objectID": "Batman: Mask of the Phantasm", "title": "Batman: Mask of the Phantasm", "year": 1993,
         "genres": ["Animated", "Superhero", "Romance"]},
        {"objectID": "Æon Flux", "title": "Æon Flux", "year": 2005, "genres": ["Science Fiction"]},
    ]
    # 33,191 movies in all, as the suite's browse expects.
    movies += [{"objectID": f"film-{n}", "title": f"Feature number {n}", "year": 1900 + n % 120,
                "genres": ["Drama"]} for n in range(33191 - len(movies))]
    for start in range(0, len(movies), 5000):
        must("POST", "/1/indexes/cts_e2e_browse/batch",
             {"requests": [{"action": "addObject", "body": movie} for movie in movies[start:start + 5000]]})
    must("PUT", "/1/indexes/cts_e2e_browse/rules/qr-1725004648916", {
        "objectID": "qr-1725004648916", "description": "test_rule", "enabled": True,
        "conditions": [{"alternatives": True, "anchoring": "contains", "pattern": "zorro"}],
        "consequence": {"params": {"ignorePlurals": "true"}, "filterPromotes": True,
                        "promote": [{"objectIDs": ["Æon Flux"], "position": 0}]}})
    must("PUT", "/1/indexes/cts_e2e_settings/settings",
         {"hitsPerPage": 100, "paginationLimitedTo": 10, "typoTolerance": "false"})
    must("PUT", "/1/indexes/cts_e2e_search_empty_index/settings", {})
    must("POST", "/1/indexes/cts_e2e_highlight_snippet_results/batch", {"requests": [{"action": "addObject", "body": {
        "objectID": "vim", "editor": {"name": "vim", "type": "beforeneovim"}, "names": ["vim", ":q"]}}]})
    must("PUT", "/1/indexes/cts_e2e_search_facet/settings", {"attributesForFaceting": ["searchable(editor)"]})
    must("POST", "/1/indexes/cts_e2e_search_facet/batch", {"requests": [
        {"action": "addObject", "body": {"objectID": editor, "editor": editor}}
        for editor in ["visual studio", "neovim", "goland", "vscode"]]})
    must("POST", "/1/indexes/cts_e2e_space%20in%20index/batch",
         {"requests": [{"action": "addObject", "body": {"objectID": "1", "name": "space"}}]})
    must("POST", "/1/indexes/cts_e2e_query_categorization/batch",
         {"requests": [{"action": "addObject", "body": {"objectID": "1", "name": "sofa"}}]})


# ---------------------------------------------------------------------------------------------------------
# Checks.


def contains(actual, expected, where="body", test="", deviations=None):
    """Why `actual` does not contain `expected` (every expected member, lists element by element), or None.
    A member listed in KNOWN_DEVIATIONS for `test` is not compared: it is added to `deviations`."""
    if (test, where) in KNOWN_DEVIATIONS:
        if actual != expected and deviations is not None:
            deviations.append(f"{test}: {where}: {KNOWN_DEVIATIONS[(test, where)]}")
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected an object, got {json.dumps(actual)[:120]}"
        for name, value in expected.items():
            if name not in actual:
                return f"{where}.{name}: missing"
            problem = contains(actual[name], value, f"{where}.{name}", test, deviations)
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{where}: expected {len(expected)} elements, got {json.dumps(actual)[:160]}"
        for index, (got, want) in enumerate(zip(actual, expected)):
            problem = contains(got, want, f"{where}[{index}]", test, deviations)
            if problem:
                return problem
        return None
    if actual != expected:
        return f"{where}: expected {json.dumps(expected)}, got {json.dumps(actual)[:160]}"
    return None


def shape_problem(responses, status, body):
    schema = responses.get(str(status))
    if str(status) not in responses:
        return f"status {status} is not one the spec lists ({', '.join(responses)})"
    if schema is None:
        return None
    errors = sorted(OAS30Validator(schema).iter_errors(body), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        return f"shape: {'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:200]}"
    return None


def main():
    table = operations()
    load_fixtures()
    tests = []
    for file in sorted(REQUESTS.glob("*.json")):
        for number, test in enumerate(json.loads(file.read_text())):
            tests.append((file.stem, test.get("testName") or f"#{number}", test))
    # The end-to-end expectations first, on the data as loaded; then the others (some write).
    tests.sort(key=lambda entry: "response" not in entry[2])
    counts = defaultdict(Counter)
    failures = []
    deviations = []
    for family, name, test in tests:
        request = test["request"]
        method, path = request["method"], request["path"]
        raw_path = urllib.request.unquote(path.split("?")[0])
        found = operation_for(table, method, path.split("?")[0])
        status, text = call(method, path, request.get("body"), request.get("queryParameters"))
        try:
            body = json.loads(text) if text else None
        except json.JSONDecodeError:
            body = None
        label = f"{family} / {name}: {method} {path}"
        if found is None:
            failures.append(f"{label}: no operation of the spec matches")
            continue
        template, tag, responses = found
        if NOT_SERVED.match(template):
            counts[tag]["not served yet"] += 1
            if not isinstance(body, dict) or "message" not in body:
                failures.append(f"{label}: an endpoint not served must answer a JSON error, got {status} {text[:80]!r}")
            continue
        counts[tag]["sent"] += 1
        problem = None
        if status >= 500:
            problem = f"status {status}"
        elif body is None and status != 204:
            problem = f"status {status} without a JSON body: {text[:80]!r}"
        else:
            problem = shape_problem(responses, status, body)
        if problem is None and "response" in test:
            counts[tag]["end to end"] += 1
            expected = test["response"]
            if expected.get("statusCode", status) != status:
                problem = f"expected status {expected['statusCode']}, got {status}: {text[:200]!r}"
            elif "body" in expected:
                problem = contains(body, expected["body"], "body", name, deviations)
        if problem:
            counts[tag]["failed"] += 1
            failures.append(f"{label}: {problem}")
        else:
            counts[tag]["2xx" if status < 300 else f"{status}, as the spec allows"] += 1
            if status >= 300 and VERBOSE:
                print(f"  {status} {label}: {text[:160]!r}")
    print("cts: per family (the spec's tags)")
    for tag in sorted(counts):
        print(f"  {tag}: " + ", ".join(f"{n} {what}" for what, n in sorted(counts[tag].items())))
    for deviation in deviations:
        print("known deviation: " + deviation)
    for failure in failures:
        print("FAIL " + failure)
    print(f"cts: {len(tests)} requests, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
