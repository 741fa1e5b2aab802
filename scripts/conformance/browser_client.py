#!/usr/bin/env python3
"""Browser conformance: a page driving Algolia's JavaScript client v5 (as DocSearch bundles it) in headless
Chromium, typed into and clicked through the DevTools protocol, against `instantsearch serve`; the same session
played by the library's widgets (`instantsearch session`, a HitsSearcher) must show the same thing after every
step: nbHits, the hits in order, and every widget's facet counts. Also: the client's facet search, a `params`
string through `customPost`, a secured API key restricting the page, and 403s for a wrong and an expired key.
Ends with a screenshot of the page.

Usage: browser_client.py PORT ADMIN_KEY SEARCH_KEY INSTANTSEARCH_BIN DOCSEARCH_JS OUTPUT_DIR
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from algoliasearch.http.hosts import Host, HostsCollection
from algoliasearch.search.client import SearchClientSync
from algoliasearch.search.config import SearchConfig

from cdp import Browser

HERE = os.path.dirname(os.path.abspath(__file__))
INDEX = "browser_products"
SEPARATOR = " > "


def check(condition, what):
    if not condition:
        print(f"FAIL: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def catalog():
    """400 products with a brand, a type and a three-level category, from a fixed seed."""
    rng = random.Random(7)
    tree = {
        "Appliances": {"Refrigerators": ["French door", "Top freezer"], "Washers": ["Front load", "Top load"]},
        "Electronics": {"Phones": ["Smartphones", "Cases"], "Audio": ["Headphones", "Speakers"], "TV": ["OLED", "LED"]},
        "Home": {"Kitchen": ["Cookware", "Knives"], "Garden": ["Tools", "Grills"]},
    }
    brands = ["Samsung", "Apple", "Sony", "LG", "Bosch", "Whirlpool", "Acme", "Zenith", "Nordic", "Vista"]
    adjectives = ["smart", "silver", "compact", "wireless", "classic", "pro", "mini", "steel", "quiet", "portable"]
    records = []
    for number in range(400):
        top = rng.choice(sorted(tree))
        middle = rng.choice(sorted(tree[top]))
        leaf = rng.choice(tree[top][middle])
        brand = rng.choice(brands)
        name = f"{brand} {rng.choice(adjectives)} {rng.choice(adjectives)} {leaf.lower()}"
        records.append({
            "objectID": f"p{number}", "name": name, "brand": brand, "type": middle,
            "categories": {"lvl0": top, "lvl1": f"{top}{SEPARATOR}{middle}",
                           "lvl2": f"{top}{SEPARATOR}{middle}{SEPARATOR}{leaf}"},
            "price": rng.randint(5, 2000), "popularity": rng.randint(0, 100000),
        })
    return records


SESSION = {
    "hitsPerPage": 8,
    "refinementLists": [{"attribute": "brand", "operator": "or"}, {"attribute": "type", "operator": "and"}],
    "hierarchical": {"attributes": ["categories.lvl0", "categories.lvl1", "categories.lvl2"],
                     "separator": SEPARATOR},
    "steps": [
        {"action": "type", "text": "smart"},
        {"action": "toggle", "attribute": "brand", "value": "Samsung"},
        {"action": "toggle", "attribute": "brand", "value": "Sony"},
        {"action": "select", "value": "Electronics"},
        {"action": "select", "value": "Electronics > Phones"},
        {"action": "toggle", "attribute": "brand", "value": "Apple"},
        {"action": "select", "value": "Electronics > Phones"},
        {"action": "toggle", "attribute": "type", "value": "Audio"},
        {"action": "select", "value": "Electronics > Audio"},
        {"action": "select", "value": "Electronics > Audio > Headphones"},
        {"action": "select", "value": "Electronics"},
        {"action": "toggle", "attribute": "type", "value": "Audio"},
        {"action": "toggle", "attribute": "brand", "value": "Sony"},
        {"action": "clearQuery"},
        {"action": "type", "text": "silvr"},
        {"action": "toggle", "attribute": "brand", "value": "Samsung"},
        {"action": "select", "value": "Electronics"},
    ],
}


def admin_client(port, key):
    config = SearchConfig("CONFORMANCE", key)
    config.hosts = HostsCollection([Host("127.0.0.1", scheme="http", port=port)])
    return SearchClientSync.create_with_config(config=config)


def seed(port, key):
    admin = admin_client(port, key)
    admin.delete_index(INDEX)
    task = admin.set_settings(INDEX, {
        "searchableAttributes": ["name", "brand", "type"],
        "attributesForFaceting": ["searchable(brand)", "type", "categories.lvl0", "categories.lvl1",
                                  "categories.lvl2"],
        "customRanking": ["desc(popularity)"],
    })
    admin.wait_for_task(INDEX, task.task_id)
    admin.save_objects(INDEX, catalog(), wait_for_tasks=True)
    return admin


def swift_session(binary, port, search_key, work):
    script = os.path.join(work, "session.json")
    key_file = os.path.join(work, "search-key")
    with open(key_file, "w") as handle:
        handle.write(search_key)
    output = subprocess.run(
        [binary, "session", "--url", f"http://127.0.0.1:{port}", "--app-id", "CONFORMANCE", "--api-key-file",
         key_file, "--index", INDEX, "--script", script],
        check=True, capture_output=True, text=True, timeout=120).stdout
    return [json.loads(line) for line in output.splitlines() if line.strip()]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_page(directory):
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def wait_idle(page, what):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        failures = page.evaluate("window.conformance ? window.conformance.failures() : []")
        if failures:
            check(False, f"{what}: the JavaScript client failed: {failures}")
        if page.evaluate("!!(window.conformance && window.conformance.idle())"):
            return page.evaluate("window.conformance.snapshot()")
        time.sleep(0.05)
    check(False, f"{what}: the page settles within 20 s")


def play(page, step):
    action = step["action"]
    if action == "type":
        page.click("#q")
        for character in step["text"]:
            page.type_text(character)
    elif action == "clearQuery":
        page.click("#q")
        length = page.evaluate("document.getElementById('q').value.length")
        for _ in range(length):
            page.press_backspace()
    elif action == "toggle":
        page.click(f'ul[data-attribute="{step["attribute"]}"] input[data-value="{step["value"]}"]')
    elif action == "select":
        page.click(f'a[data-hier-value="{step["value"]}"]')


def client_checks(page, admin, search_key):
    """The captured JavaScript client's other calls."""
    facets = page.evaluate(f"""window.conformance.client().searchForFacets({{requests: [
        {{indexName: "{INDEX}", type: "facet", facet: "brand", facetQuery: "sam"}}]}})
        .then(r => r.results[0].facetHits.map(h => h.value))""", awaits=True)
    check(facets == ["Samsung"], "JS client: searchForFacets on a searchable facet")
    posted = page.evaluate(f"""window.conformance.client().customPost({{path: "1/indexes/{INDEX}/query",
        body: {{params: "query=smart&hitsPerPage=3&filters=brand%3AApple"}}}})
        .then(r => [r.hitsPerPage, r.hits.every(h => h.brand === "Apple"), r.nbHits > 0])""", awaits=True)
    check(posted == [3, True, True], "JS client: a params string through customPost")
    secured = admin.generate_secured_api_key(search_key, {"filters": "brand:Sony", "validUntil": int(time.time()) + 600})
    restricted = page.evaluate(f"""(() => {{ const c = window.conformance.client(); c.setClientApiKey({{apiKey: "{secured}"}});
        return c.search({{requests: [{{indexName: "{INDEX}", query: "", hitsPerPage: 1000}}]}})
          .then(r => [r.results[0].nbHits, r.results[0].hits.every(h => h.brand === "Sony")]); }})()""", awaits=True)
    expected = sum(1 for record in catalog() if record["brand"] == "Sony")
    check(restricted == [expected, True], "JS client: a secured key's filters apply to every query")
    expired = admin.generate_secured_api_key(search_key, {"validUntil": int(time.time()) - 5})
    for key, what in ((expired, "an expired secured key"), ("not-a-key", "a wrong key")):
        status = page.evaluate(f"""(() => {{ const c = window.conformance.client(); c.setClientApiKey({{apiKey: "{key}"}});
            return c.search({{requests: [{{indexName: "{INDEX}", query: ""}}]}}).then(() => 200, e => e.status); }})()""",
                               awaits=True)
        check(status == 403, f"JS client: {what} is refused with 403")
    page.evaluate(f'window.conformance.client().setClientApiKey({{apiKey: "{search_key}"}})')


DOCS = [
    {"objectID": f"d{number}", "type": kind, "url": f"https://docs.example/{slug}#{number}",
     "hierarchy": {"lvl0": lvl0, "lvl1": lvl1, "lvl2": lvl2}, "content": content}
    for number, (kind, slug, lvl0, lvl1, lvl2, content) in enumerate([
        ("lvl1", "install", "Guides", "Installation", None, None),
        ("content", "install", "Guides", "Installation", "With SwiftPM",
         "Add the package to your manifest and run swift build to install every dependency at once."),
        ("content", "install", "Guides", "Installation", "With Xcode",
         "Choose File, Add Packages, paste the address and pick the InstantSearch products to install."),
        ("lvl1", "widgets", "Reference", "Widgets", None, None),
        ("content", "widgets", "Reference", "Widgets", "Refinement list",
         "A refinement list shows the values of a facet, counts included, and filters on the ticked ones."),
    ])
]


def docsearch_modal(page, port, admin, search_key, pages_port, output):
    """DocSearch's own modal, typed into: its hits (with snippets and highlights) come from the server."""
    task = admin.set_settings("docs", {
        "searchableAttributes": ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content"],
        "attributesForFaceting": ["type"]})
    admin.wait_for_task("docs", task.task_id)
    admin.save_objects("docs", DOCS, wait_for_tasks=True)
    page.navigate(f"http://127.0.0.1:{pages_port}/docsearch.html?port={port}&appId=CONFORMANCE"
                  f"&apiKey={search_key}&index=docs")
    deadline = time.monotonic() + 20
    while not page.evaluate("!!document.querySelector('.DocSearch-Button')"):
        check(time.monotonic() < deadline, "DocSearch renders its button")
        time.sleep(0.05)
    page.click(".DocSearch-Button")
    while not page.evaluate("!!document.querySelector('.DocSearch-Input')"):
        check(time.monotonic() < deadline, "DocSearch opens its modal")
        time.sleep(0.05)
    page.click(".DocSearch-Input")
    for character in "install":
        page.type_text(character)
    def shows_install(titles):
        # The section hit shows its title; content hits show their content's snippet, cut by our ellipsis.
        contents = [title for title in titles if title != "Installation"]
        return (len(titles) == 3 and "Installation" in titles and all("install" in title for title in contents)
                and any(title.startswith("…") for title in contents))

    # DocSearch renders every keystroke's answer as it arrives ("in" also matches "included"), so the modal
    # is read until it shows the answer to the whole word, or the deadline passes with the last thing it showed.
    # The answer to "instal" shows the same titles with "instal" marked: the marks tell the two apart.
    titles, marked = [], []
    while time.monotonic() < deadline:
        titles = page.evaluate(
            "[...document.querySelectorAll('.DocSearch-Hit-title')].map(e => e.textContent)") or []
        marked = page.evaluate(
            "[...document.querySelectorAll('.DocSearch-Hit mark')].map(e => e.textContent.toLowerCase())") or []
        if shows_install(titles) and "install" in marked:
            break
        time.sleep(0.1)
    check(shows_install(titles), f"DocSearch shows the server's hits and snippets for \"install\" ({titles})")
    check("install" in marked, f"DocSearch shows the server's highlights (<mark>) ({marked})")
    shot = os.path.join(output, "docsearch.png")
    page.screenshot(shot)
    print(f"ok: screenshot in {shot}")


def main():
    port, key, search_key, binary, docsearch, output = sys.argv[1:7]
    port = int(port)
    admin = seed(port, key)
    work = tempfile.mkdtemp(prefix="browser-conformance-")
    try:
        for name in ("index.html", "page.js", "docsearch.html"):
            shutil.copy(os.path.join(HERE, "browser", name), work)
        shutil.copy(docsearch, os.path.join(work, "docsearch.js"))
        stylesheet = docsearch[:-2] + "css"
        if os.path.exists(stylesheet):
            shutil.copy(stylesheet, os.path.join(work, "docsearch.css"))
        with open(os.path.join(work, "session.json"), "w") as handle:
            json.dump(SESSION, handle)
        expected = swift_session(binary, port, search_key, work)
        check(len(expected) == len(SESSION["steps"]), "instantsearch session plays every step")
        pages = serve_page(work)
        url = (f"http://127.0.0.1:{pages.server_address[1]}/index.html?port={port}&appId=CONFORMANCE"
               f"&apiKey={search_key}&index={INDEX}&script=session.json")
        with Browser(work) as page:
            page.navigate(url)
            wait_idle(page, "the page's first search")
            for number, step in enumerate(SESSION["steps"]):
                play(page, step)
                shown = wait_idle(page, f"step {number}")
                swift = expected[number]
                swift.pop("step")
                if shown != swift:
                    print(f"browser: {json.dumps(shown, sort_keys=True)}\nswift:   {json.dumps(swift, sort_keys=True)}",
                          file=sys.stderr)
                check(shown == swift, f"step {number} {json.dumps(step)}: the browser page and HitsSearcher show "
                                      f"the same ({shown['nbHits']} hits)")
            os.makedirs(output, exist_ok=True)
            screenshot = os.path.join(output, "browser-session.png")
            page.screenshot(screenshot)
            print(f"ok: screenshot in {screenshot}")
            client_checks(page, admin, search_key)
            docsearch_modal(page, port, admin, search_key, pages.server_address[1], output)
        pages.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
