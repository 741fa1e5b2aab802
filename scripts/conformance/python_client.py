#!/usr/bin/env python3
"""Drives `instantsearch serve` with Algolia's official Python client (algoliasearch v4), unchanged but for its
hosts: writes and waits for their tasks, settings, searches, multi-search, facet value search, records.
Exits non-zero with the failing check on the first difference.

Usage: python_client.py PORT ADMIN_KEY SEARCH_KEY
"""
import sys
import time

from algoliasearch.http.exceptions import RequestException
from algoliasearch.http.hosts import Host, HostsCollection
from algoliasearch.search.client import SearchClientSync
from algoliasearch.search.config import SearchConfig
from python_insights import insights_and_analytics


def check(condition, what):
    if not condition:
        print(f"FAIL: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def client(port, key):
    config = SearchConfig("CONFORMANCE", key)
    config.hosts = HostsCollection([Host("127.0.0.1", scheme="http", port=port)])
    return SearchClientSync.create_with_config(config=config)


def main():
    port, key, search_key = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    search = client(port, key)
    index = "conformance_products"
    search.delete_index(index)

    task = search.set_settings(index, {
        "searchableAttributes": ["name", "brand"],
        "attributesForFaceting": ["searchable(brand)", "color", "price"],
        "customRanking": ["desc(popularity)"],
    })
    search.wait_for_task(index, task.task_id)
    records = [
        {"objectID": str(n), "name": f"{color} {kind}", "brand": brand, "color": color, "price": price,
         "popularity": n}
        for n, (color, kind, brand, price) in enumerate([
            ("red", "shirt", "Acme", 10), ("blue", "shirt", "Bolt", 20), ("red", "shoes", "Acme", 50),
            ("green", "hat", "Crest", 15), ("blue", "hat", "Bolt", 30),
        ])
    ]
    responses = search.save_objects(index, records, wait_for_tasks=True)
    check(len(responses) == 1 and len(responses[0].object_ids) == 5, "save_objects answers the five objectIDs")
    check(search.get_task(index, responses[0].task_id).status == "published", "get_task reports published")

    settings = search.get_settings(index)
    check(settings.custom_ranking == ["desc(popularity)"], "get_settings returns the settings set")

    result = search.search_single_index(index, {"query": "shirt", "facets": ["brand"]})
    check(result.nb_hits == 2, "search_single_index finds the two shirts")
    check([hit.object_id for hit in result.hits] == ["1", "0"], "hits ordered by the custom ranking")
    check(result.facets == {"brand": {"Acme": 1, "Bolt": 1}}, "facet counts")

    multi = search.search({"requests": [
        {"indexName": index, "query": "hat", "filters": "price > 20"},
        {"indexName": index, "query": "", "facets": ["color"], "hitsPerPage": 0},
    ]})
    first, second = (r.actual_instance for r in multi.results)
    check(first.nb_hits == 1 and first.hits[0].object_id == "4", "multi-search: filters apply")
    check(second.facets["color"] == {"red": 2, "blue": 2, "green": 1}, "multi-search: facets of every record")
    check(list(second.facets["color"]) == ["blue", "red", "green"], "facet values by count, ties alphabetically")
    alpha = search.search_single_index(index, {"query": "", "facets": ["color"], "sortFacetValuesBy": "alpha"})
    check(list(alpha.facets["color"]) == ["blue", "green", "red"], "facet values alphabetically with alpha")

    mixed = search.search({"requests": [
        {"indexName": index, "type": "facet", "facet": "brand", "facetQuery": "bo"},
        {"indexName": index, "query": "shirt", "hitsPerPage": 1},
        {"indexName": index, "query": "hat"},
    ], "strategy": "stopIfEnoughMatches"})
    facet_result, first_hits, skipped = (r.actual_instance for r in mixed.results)
    check([hit.value for hit in facet_result.facet_hits] == ["Bolt"], "a facet query inside a multi-search")
    check(first_hits.nb_hits == 2 and skipped.nb_hits == 0, "stopIfEnoughMatches skips the queries after a full page")

    facets = search.search_for_facet_values(index, "brand", {"facetQuery": "ac"})
    check([hit.value for hit in facets.facet_hits] == ["Acme"], "search_for_facet_values")

    task = search.partial_update_object(index, "3", {"price": 99})
    search.wait_for_task(index, task.task_id)
    check(search.get_object(index, "3")["price"] == 99, "partial_update_object then get_object")

    task = search.partial_update_object(index, "3", {"popularity": {"_operation": "Increment", "value": 10}})
    search.wait_for_task(index, task.task_id)
    check(search.get_object(index, "3")["popularity"] == 13, "partial update with a built-in Increment")

    browsed = []
    search.browse_objects(index, lambda page: browsed.extend(hit.object_id for hit in page.hits),
                          {"hitsPerPage": 2})
    check(sorted(browsed) == ["0", "1", "2", "3", "4"], "browse_objects reads every record, page by page")

    task = search.operation_index(index, {"operation": "copy", "destination": index + "_copy"})
    search.wait_for_task(index, task.task_id)
    check(search.search_single_index(index + "_copy", {"query": ""}).nb_hits == 5, "copy an index")
    search.delete_index(index + "_copy")

    copy_scopes(search, index + "_scoped")

    task = search.delete_object(index, "0")
    search.wait_for_task(index, task.task_id)
    check(search.search_single_index(index, {"query": "red"}).nb_hits == 1, "delete_object")

    task = search.delete_by(index, {"filters": "color:green"})
    search.wait_for_task(index, task.task_id)
    check(search.search_single_index(index, {"query": "hat"}).nb_hits == 1, "delete_by filters")

    objects = search.get_objects({"requests": [
        {"indexName": index, "objectID": "1"}, {"indexName": index, "objectID": "0"}]})
    check(objects.results[0]["name"] == "blue shirt" and objects.results[1] is None, "get_objects")

    try:
        search.search_single_index(index, {"filters": "price >"})
        check(False, "an invalid filter is refused")
    except RequestException as error:
        check(error.status_code == 400, f"an invalid filter is a 400 ({error})")

    try:
        client(port, "wrong-key").search_single_index(index, {"query": ""})
        check(False, "a wrong key is refused")
    except RequestException as error:
        check(error.status_code == 403, "a wrong key is a 403")

    # Replicas: a standard one sorted by price, a virtual one (Relevant Sort).
    task = search.set_settings(index, {"replicas": [index + "_price_asc", f"virtual({index}_relevant)"]})
    search.wait_for_task(index, task.task_id)
    search.set_settings(index + "_price_asc", {
        "ranking": ["asc(price)", "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]})
    search.set_settings(index + "_relevant", {"customRanking": ["asc(price)"], "relevancyStrictness": 100})
    by_price = search.search_single_index(index + "_price_asc", {"query": ""})
    prices = [search.get_object(index, hit.object_id)["price"] for hit in by_price.hits]
    check(prices == sorted(prices) and len(prices) == by_price.nb_hits, "a standard replica sorts by price")
    relevant = search.search_single_index(index + "_relevant", {"query": "hat", "relevancyStrictness": 0})
    check(relevant.nb_sorted_hits == relevant.nb_hits and relevant.to_dict().get("appliedRelevancyStrictness") == 0,
          "a virtual replica reports nbSortedHits and appliedRelevancyStrictness")
    check(search.get_settings(index + "_price_asc").primary == index, "a replica's settings name its primary")

    # Helpers built on batch, operation and settings.
    other = index + "_replaced"
    search.set_settings(other, {"searchableAttributes": ["name"], "customRanking": ["asc(n)"]})
    search.save_objects(other, [{"objectID": str(n), "name": f"item {n}", "n": n} for n in range(5)],
                        wait_for_tasks=True)
    search.replace_all_objects(other, [{"objectID": "x", "name": "new item", "n": 1}])
    replaced = search.search_single_index(other, {"query": ""})
    check([hit.object_id for hit in replaced.hits] == ["x"], "replace_all_objects (copy settings, batch, move)")
    check(search.get_settings(other).custom_ranking == ["asc(n)"], "replace_all_objects keeps the settings")
    check(search.index_exists(other) and not search.index_exists(other + "_missing"), "index_exists")
    search.partial_update_objects(other, [{"objectID": "x", "n": 5}], wait_for_tasks=True)
    check(search.get_object(other, "x")["n"] == 5, "partial_update_objects")
    search.delete_objects(other, ["x"], wait_for_tasks=True)
    check(search.search_single_index(other, {"query": ""}).nb_hits == 0, "delete_objects")
    search.delete_index(other)

    # Secured API keys, generated by the client from the search key: their filters are forced, their
    # indices enforced, their expiry honoured.
    secured = search.generate_secured_api_key(search_key, {
        "filters": "brand:Acme", "restrictIndices": [index], "validUntil": int(time.time()) + 600})
    restricted = client(port, secured)
    hits = restricted.search_single_index(index, {"query": "", "filters": "price > 1"}).hits
    check(sorted(hit.object_id for hit in hits) == ["2"], "a secured key's filters are forced")
    try:
        restricted.search_single_index("another_index", {"query": ""})
        check(False, "a secured key's restrictIndices is enforced")
    except RequestException as error:
        check(error.status_code == 403, "a secured key cannot search another index")
    expired = search.generate_secured_api_key(search_key, {"validUntil": int(time.time()) - 10})
    try:
        client(port, expired).search_single_index(index, {"query": ""})
        check(False, "an expired secured key is refused")
    except RequestException as error:
        check(error.status_code == 403, "an expired secured key is a 403")
    try:
        client(port, search_key).save_object(index, {"objectID": "x"})
        check(False, "a search key cannot write")
    except RequestException as error:
        check(error.status_code == 403, "a search key cannot write")

    api_keys(port, search, index)
    rules(search, index)
    synonyms(search, index)
    writes_and_reads(search, index)
    tokenization(search, index)
    languages(search, index)
    dictionaries(search, index)
    custom_requests(search, index)
    sources(search)
    logs(search, index)
    insights_and_analytics(port, key, search, index, check)
    not_served(search)
    client_helpers(port, key, index)

    search.delete_index(index)
    check(all(item.name != index for item in search.list_indices().items), "delete_index")
    print("python client conformance: all checks passed")


def writes_and_reads(search, index):
    """The rest of the record methods: add_or_update_object, batch, multiple_batch, chunked_batch, browse with
    its cursor, browse_rules, browse_synonyms, clear_objects, application tasks and secured key validity."""
    scratch = index + "_surface"
    task = search.add_or_update_object(scratch, "a", {"name": "alpha", "n": 1})
    search.wait_for_task(scratch, task.task_id)
    check(search.get_object(scratch, "a")["name"] == "alpha", "add_or_update_object")
    answer = search.batch(scratch, {"requests": [
        {"action": "addObject", "body": {"objectID": "b", "name": "beta", "n": 2}},
        {"action": "updateObject", "body": {"objectID": "a", "name": "alpha two", "n": 1}},
        {"action": "partialUpdateObjectNoCreate", "body": {"objectID": "zz", "n": 9}},
        {"action": "deleteObject", "body": {"objectID": "missing"}}]})
    search.wait_for_task(scratch, answer.task_id)
    check(sorted(answer.object_ids) == ["a", "b", "missing", "zz"] and
          search.search_single_index(scratch, {"query": ""}).nb_hits == 2, "batch with four actions")
    multi = search.multiple_batch({"requests": [
        {"action": "addObject", "indexName": scratch, "body": {"objectID": "c", "name": "gamma", "n": 3}},
        {"action": "addObject", "indexName": scratch + "_other", "body": {"objectID": "x", "name": "other"}}]})
    for name, task_id in multi.task_id.items():
        search.wait_for_task(name, task_id)
    check(set(multi.task_id) == {scratch, scratch + "_other"} and multi.object_ids == ["c", "x"],
          "multiple_batch across two indices")
    chunks = search.chunked_batch(scratch, [{"objectID": f"k{n}", "name": f"chunk {n}", "n": n} for n in range(7)],
                                  wait_for_tasks=True, batch_size=3)
    check(len(chunks) == 3 and search.search_single_index(scratch, {"query": "chunk"}).nb_hits == 7,
          "chunked_batch in chunks of three")
    first = search.browse(scratch, {"hitsPerPage": 4})
    seen = [hit.object_id for hit in first.hits]
    check(first.cursor is not None and len(seen) == 4, "browse answers a page and a cursor")
    cursor, pages = first.cursor, 1
    while cursor is not None and pages < 10:
        page = search.browse(scratch, {"cursor": cursor})
        check(len(page.hits) <= 4, f"a page read with the cursor keeps the browse's hitsPerPage ({len(page.hits)})")
        seen += [hit.object_id for hit in page.hits]
        cursor, pages = page.cursor, pages + 1
    check(sorted(seen) == sorted(["a", "b", "c"] + [f"k{n}" for n in range(7)]) and pages == 3,
          "browse with the cursor reads the rest in pages of four; the last page has no cursor")
    search.save_rules(scratch, [{"objectID": f"r{n}", "conditions": [{"pattern": f"w{n}", "anchoring": "is"}],
                                 "consequence": {"params": {"filters": "n > 1"}}} for n in range(5)])
    rules_seen = []
    search.browse_rules(scratch, lambda page: rules_seen.extend(rule.object_id for rule in page.hits))
    check(sorted(rules_seen) == [f"r{n}" for n in range(5)], "browse_rules")
    task = search.save_synonyms(scratch, [
        {"objectID": f"s{n}", "type": "synonym", "synonyms": [f"a{n}", f"b{n}"]} for n in range(4)])
    search.wait_for_task(scratch, task.task_id)
    synonyms_seen = []
    search.browse_synonyms(scratch, lambda page: synonyms_seen.extend(entry.object_id for entry in page.hits))
    check(sorted(synonyms_seen) == [f"s{n}" for n in range(4)], "browse_synonyms")
    task = search.clear_objects(scratch)
    search.wait_for_task(scratch, task.task_id)
    check(search.search_single_index(scratch, {"query": ""}).nb_hits == 0 and
          search.search_rules(scratch, {"query": ""}).nb_hits == 5, "clear_objects keeps rules and settings")
    check(search.get_app_task(task.task_id).status == "published" and
          search.wait_for_app_task(task.task_id).status == "published", "get_app_task and wait_for_app_task")
    secured = search.generate_secured_api_key("parent", {"validUntil": int(time.time()) + 100})
    check(90 < search.get_secured_api_key_remaining_validity(secured) <= 100,
          "get_secured_api_key_remaining_validity")
    search.delete_index(scratch)
    search.delete_index(scratch + "_other")


def tokenization(search, index):
    """The tokenization settings through the client's typed IndexSettings: set, returned by get_settings in its
    model, and applied to the records already there (the index is built again) and to queries."""
    scratch = index + "_tokens"
    task = search.save_objects(scratch, [
        {"objectID": "cs", "name": "C# in depth", "sku": "iPhoneCase"},
        {"objectID": "c", "name": "The C programming language", "sku": "plain"},
        {"objectID": "cafe", "name": "Café Äpfel", "sku": "x"},
    ])
    search.wait_for_task(scratch, task[0].task_id)
    check(search.search_single_index(scratch, {"query": "c#", "queryType": "prefixNone"}).nb_hits == 2,
          "before separatorsToIndex: c# is c")
    task = search.set_settings(scratch, {
        "separatorsToIndex": "+#", "camelCaseAttributes": ["sku"], "keepDiacriticsOnCharacters": "é",
        "customNormalization": {"default": {"ä": "ae"}}})
    search.wait_for_task(scratch, task.task_id)
    settings = search.get_settings(scratch)
    check(settings.separators_to_index == "+#" and settings.camel_case_attributes == ["sku"] and
          settings.keep_diacritics_on_characters == "é" and settings.custom_normalization == {"default": {"ä": "ae"}},
          "get_settings returns the tokenization settings in the client's model")
    hits = search.search_single_index(scratch, {"query": "c#"}).hits
    check([hit.object_id for hit in hits] == ["cs"], "separatorsToIndex: c# finds only C#")
    check(search.search_single_index(scratch, {"query": "case"}).hits[0].object_id == "cs",
          "camelCaseAttributes: case finds iPhoneCase")
    exact = {"typoTolerance": False, "queryType": "prefixNone"}
    check(search.search_single_index(scratch, {"query": "aepfel", **exact}).nb_hits == 1 and
          search.search_single_index(scratch, {"query": "cafe", **exact}).nb_hits == 0,
          "customNormalization and keepDiacriticsOnCharacters apply to records and queries")
    try:
        search.set_settings(scratch, {"separatorsToIndex": "a"})
        check(False, "a letter in separatorsToIndex is refused")
    except RequestException as error:
        check(error.status_code == 400 and "separatorsToIndex" in str(error),
              "a letter in separatorsToIndex is a 400 naming the setting")
    search.delete_index(scratch)


def languages(search, index):
    """ignorePlurals and removeStopWords through the client's typed parameters and settings."""
    scratch = index + "_languages"
    task = search.save_objects(scratch, [
        {"objectID": "mouse", "name": "Mouse pad"}, {"objectID": "mice", "name": "Mice for gaming"},
        {"objectID": "coffee", "name": "Best coffee beans"},
    ])
    search.wait_for_task(scratch, task[0].task_id)
    exact = {"typoTolerance": False, "queryType": "prefixNone"}
    plural = search.search_single_index(scratch, {"query": "mice", "ignorePlurals": True, "queryLanguages": ["en"],
                                                  **exact})
    check(sorted(hit.object_id for hit in plural.hits) == ["mice", "mouse"], "ignorePlurals: mice finds mouse")
    listed = search.search_single_index(scratch, {"query": "mice", "ignorePlurals": ["fr"], **exact})
    check([hit.object_id for hit in listed.hits] == ["mice"], "ignorePlurals with a list of languages")
    stop = search.search_single_index(scratch, {"query": "the best of coffee", "removeStopWords": ["en"], **exact})
    check([hit.object_id for hit in stop.hits] == ["coffee"], "removeStopWords: the best of coffee finds best coffee")
    task = search.set_settings(scratch, {"indexLanguages": ["en"], "ignorePlurals": True, "removeStopWords": True})
    search.wait_for_task(scratch, task.task_id)
    settings = search.get_settings(scratch)
    check(settings.index_languages == ["en"], "get_settings returns indexLanguages in the client's model")
    defaults = search.search_single_index(scratch, {"query": "the mice", **exact})
    check(sorted(hit.object_id for hit in defaults.hits) == ["mice", "mouse"],
          "the settings' ignorePlurals and removeStopWords apply to every search, in indexLanguages")
    search.delete_index(scratch)


def dictionaries(search, index):
    """The Dictionaries API through the client's dictionary methods: a custom plural entry applies to searches,
    entries are found, the standard stop words turn off per language, the languages are listed."""
    scratch = index + "_dictionaries"
    task = search.save_objects(scratch, [{"objectID": "tap", "name": "Water tap"},
                                         {"objectID": "faucets", "name": "Faucets and sinks"}])
    search.wait_for_task(scratch, task[0].task_id)
    query = {"query": "tap", "ignorePlurals": ["en"], "queryType": "prefixNone", "typoTolerance": False}
    check(search.search_single_index(scratch, query).nb_hits == 1, "before a custom plural: tap alone")
    search.batch_dictionary_entries("plurals", {"clearExistingDictionaryEntries": False, "requests": [
        {"action": "addEntry", "body": {"objectID": "conformance-tap", "language": "en", "words": ["tap", "faucets"]}}]})
    check(search.search_single_index(scratch, query).nb_hits == 2, "batch_dictionary_entries: a custom plural applies")
    found = search.search_dictionary_entries("plurals", {"query": "fauc", "language": "en"})
    check(found.nb_hits == 1 and found.hits[0].object_id == "conformance-tap", "search_dictionary_entries")
    search.set_dictionary_settings({"disableStandardEntries": {"stopwords": {"fr": True}}})
    settings = search.get_dictionary_settings()
    check(settings.disable_standard_entries.stopwords == {"fr": True}, "set_dictionary_settings and get_dictionary_settings")
    languages = search.get_dictionary_languages()
    check(languages["en"].plurals.nb_custom_entries == 1 and languages["en"].compounds is None,
          "get_dictionary_languages: custom entries counted, no compounds")
    search.batch_dictionary_entries("plurals", {"clearExistingDictionaryEntries": True, "requests": []})
    search.set_dictionary_settings({"disableStandardEntries": {"stopwords": None}})
    check(search.search_single_index(scratch, query).nb_hits == 1, "clearExistingDictionaryEntries removes them")
    search.delete_index(scratch)
    compounds(search, index)


def compounds(search, index):
    """Decompounding through the client's models: decompoundedAttributes in set_settings, decompoundQuery in a
    search, and a custom entry of the compounds dictionary."""
    scratch = index + "_compounds"
    task = search.save_objects(scratch, [{"objectID": "compound", "name": "Bluetooth Kopfhörer"},
                                         {"objectID": "apart", "name": "Kopf Hörer Ständer"},
                                         {"objectID": "other", "name": "Blumpfzork"}])
    search.wait_for_task(scratch, task[0].task_id)
    task = search.set_settings(scratch, {"decompoundedAttributes": {"de": ["name"]}})
    search.wait_for_task(scratch, task.task_id)
    check(search.get_settings(scratch).decompounded_attributes == {"de": ["name"]},
          "get_settings returns decompoundedAttributes")
    exact = {"queryType": "prefixNone", "typoTolerance": False}
    part = search.search_single_index(scratch, {"query": "hörer", **exact})
    check(sorted(hit.object_id for hit in part.hits) == ["apart", "compound"], "decompoundedAttributes: hörer")
    whole = search.search_single_index(scratch, {"query": "kopfhörer", "decompoundQuery": False, **exact})
    check([hit.object_id for hit in whole.hits] == ["compound"], "decompoundQuery: false")
    search.batch_dictionary_entries("compounds", {"clearExistingDictionaryEntries": False, "requests": [
        {"action": "addEntry", "body": {"objectID": "conformance-zork", "language": "de", "word": "blumpfzork",
                                        "decomposition": ["blumpf", "zork"]}}]})
    custom = search.search_single_index(scratch, {"query": "zork", **exact})
    check([hit.object_id for hit in custom.hits] == ["other"], "batch_dictionary_entries: a custom compound applies")
    check(search.get_dictionary_languages()["de"].compounds.nb_custom_entries == 1,
          "get_dictionary_languages counts the custom compound")
    search.batch_dictionary_entries("compounds", {"clearExistingDictionaryEntries": True, "requests": []})
    search.delete_index(scratch)


def custom_requests(search, index):
    """custom_get/post/put/delete: the raw routes the typed methods take, answered in the same shapes."""
    listed = search.custom_get("1/indexes")
    check(any(item["name"] == index for item in listed["items"]), "custom_get 1/indexes")
    found = search.custom_post(f"1/indexes/{index}/query", body={"query": "shirt", "hitsPerPage": 1})
    check(found["hitsPerPage"] == 1 and found["nbHits"] >= 1, "custom_post a query")
    scratch = index + "_custom"
    task = search.custom_put(f"1/indexes/{scratch}/settings", body={"hitsPerPage": 7})
    search.wait_for_task(scratch, task["taskID"])
    check(search.get_settings(scratch).hits_per_page == 7, "custom_put settings")
    search.custom_delete(f"1/indexes/{scratch}")
    check(not search.index_exists(scratch), "custom_delete an index")
    try:
        search.custom_post(f"1/indexes/{index}/query", body={"query": "", "notAParameter": 1})
        check(False, "an unknown parameter is refused")
    except RequestException as error:
        check(error.status_code == 400 and "Unknown parameter: notAParameter" in str(error),
              "an unknown parameter is a 400 naming it, as Algolia answers")


def sources(search):
    """The allowed sources through the client: append, get, replace, delete; the server's own machine
    (loopback) keeps access while the list holds other ranges."""
    search.append_source({"source": "10.0.0.0/8", "description": "office"})
    listed = [(s.source, s.description) for s in search.get_sources()]
    check(listed == [("10.0.0.0/8", "office")], f"append_source and get_sources: {listed}")
    search.replace_sources([{"source": "192.168.1.0/24"}, {"source": "10.0.0.0/8", "description": "office"}])
    check([s.source for s in search.get_sources()] == ["192.168.1.0/24", "10.0.0.0/8"], "replace_sources")
    search.delete_source("192.168.1.0/24")
    check([s.source for s in search.get_sources()] == ["10.0.0.0/8"], "delete_source")
    check(search.list_indices().items is not None, "loopback passes while the list holds other ranges")
    search.replace_sources([])
    check(search.get_sources() == [], "replace_sources with an empty list admits every address again")
    try:
        search.append_source({"source": "not-an-address"})
        check(False, "append_source refuses what is not a range")
    except RequestException as error:
        check(error.status_code == 400, "append_source: a 400 for what is not a range")


def logs(search, index):
    """The server's request log through the client: newest first, with Algolia's fields, by type and index."""
    search.search_single_index(index, {"query": "logged"})
    entries = search.get_logs(offset=0, length=5).logs
    check(entries and entries[0].url == f"/1/indexes/{index}/query" and entries[0].answer_code == "200",
          "get_logs: the newest request first, with its URL and answer code")
    check(len(entries[0].sha1) == 40 and "***" in entries[0].query_headers, "get_logs: signed, keys obfuscated")
    queries = search.get_logs(length=20, index_name=index, type="query").logs
    check(queries and all(entry.index == index for entry in queries), "get_logs by index name and type")


def client_helpers(port, key, index):
    """The methods that change only the client: a new key, a user-agent segment, a temporary name, closing.
    (The *_with_transformation methods push to Algolia's Ingestion API, another service on another host:
    without transformation options the client refuses them itself, before any request.)"""
    other = client(port, "not-the-key")
    other.set_client_api_key(key)
    other.add_user_agent("conformance", "1.0")
    check(other.search_single_index(index, {"query": ""}).nb_hits > 0, "set_client_api_key and add_user_agent")
    check(other.create_temporary_name(index).startswith(index + "_tmp_"), "create_temporary_name")
    try:
        other.save_objects_with_transformation(index, [{"objectID": "t"}])
        check(False, "save_objects_with_transformation needs transformation options")
    except ValueError:
        pass
    other.close()


def not_served(search):
    """The families the server does not have (clusters and user IDs): each method
    gets an HTTP error the client reports as one, never an answer its response models choke on."""
    calls = {
        "list_clusters": lambda: search.list_clusters(),
        "list_user_ids": lambda: search.list_user_ids(),
        "get_top_user_ids": lambda: search.get_top_user_ids(),
        "get_user_id": lambda: search.get_user_id("someone"),
        "search_user_ids": lambda: search.search_user_ids({"query": "x"}),
        "has_pending_mappings": lambda: search.has_pending_mappings(),
        "assign_user_id": lambda: search.assign_user_id("someone", {"cluster": "c1"}),
        "batch_assign_user_ids": lambda: search.batch_assign_user_ids("someone", {"cluster": "c1", "users": ["a"]}),
        "remove_user_id": lambda: search.remove_user_id("someone"),
    }
    for name, call in calls.items():
        try:
            call()
            check(False, f"{name} is not served")
        except RequestException as error:
            check(error.status_code == 404, f"{name}: 404, reported by the client as an HTTP error")


def synonyms(search, index):
    """Synonyms through the client: save, get, search with them, batch replacing, search synonyms, delete."""
    task = search.save_synonym(index, "headwear", {
        "objectID": "headwear", "type": "synonym", "synonyms": ["hat", "cap", "beanie"]})
    search.wait_for_task(index, task.task_id)
    check(search.get_synonym(index, "headwear").object_id == "headwear", "save_synonym and get_synonym")
    hats = search.search_single_index(index, {"query": "hat"}).nb_hits
    check(hats > 0 and search.search_single_index(index, {"query": "beanie"}).nb_hits == hats,
          "a regular synonym matches what its word matches")
    task = search.save_synonyms(index, [
        {"objectID": "tee", "type": "onewaysynonym", "input": "tee", "synonyms": ["shirt"]}],
        replace_existing_synonyms=True)
    search.wait_for_task(index, task.task_id)
    check(search.search_single_index(index, {"query": "beanie"}).nb_hits == 0,
          "save_synonyms(replace_existing_synonyms) replaces them")
    shirts = search.search_single_index(index, {"query": "shirt"}).nb_hits
    check(shirts > 0 and search.search_single_index(index, {"query": "tee"}).nb_hits == shirts,
          "a one-way synonym matches")
    check(search.search_synonyms(index, {"query": "tee"}).nb_hits == 1, "search_synonyms")
    task = search.delete_synonym(index, "tee")
    search.wait_for_task(index, task.task_id)
    check(search.search_synonyms(index, {"query": ""}).nb_hits == 0, "delete_synonym")
    task = search.clear_synonyms(index)
    search.wait_for_task(index, task.task_id)


def copy_scopes(search, source):
    """operation_index copy with every scope: only the parts named reach the destination, which keeps its
    records and its other parts; without a scope, everything is copied."""
    task = search.save_objects(source, [{"objectID": "s1", "name": "source record"}])
    search.wait_for_task(source, task[0].task_id)
    for task in (search.set_settings(source, {"customRanking": ["desc(name)"]}),
                 search.save_synonym(source, "syn", {"objectID": "syn", "type": "synonym", "synonyms": ["a", "b"]}),
                 search.save_rule(source, "rule", {"objectID": "rule", "conditions": [
                     {"pattern": "source", "anchoring": "contains"}], "consequence": {"userData": {"x": 1}}})):
        search.wait_for_task(source, task.task_id)
    parts = ["settings", "synonyms", "rules"]
    scopes = [[part] for part in parts] + [[a, b] for i, a in enumerate(parts) for b in parts[i + 1:]] + [parts, None]
    for scope in scopes:
        destination = source + "_to"
        search.delete_index(destination)
        task = search.save_objects(destination, [{"objectID": "d1", "name": "destination record"}])
        search.wait_for_task(destination, task[0].task_id)
        body = {"operation": "copy", "destination": destination}
        if scope is not None:
            body["scope"] = scope
        task = search.operation_index(source, body)
        search.wait_for_task(source, task.task_id)
        named = parts if scope is None else scope
        records = sorted(hit.object_id for hit in search.search_single_index(destination, {"query": ""}).hits)
        got = {
            "settings": search.get_settings(destination).custom_ranking == ["desc(name)"],
            "synonyms": search.search_synonyms(destination, {"query": ""}).nb_hits == 1,
            "rules": search.search_rules(destination, {"query": ""}).nb_hits == 1,
        }
        check(got == {part: part in named for part in parts}
              and records == (["s1"] if scope is None else ["d1"]),
              f"operation_index copy, scope {scope}: {sorted(named)} copied, the rest kept")
        search.delete_index(destination)
    search.delete_index(source)


def rules(search, index):
    """Query rules through the client: save, get, search with their userData, batch, search rules, delete."""
    task = search.save_rule(index, "sale-banner", {
        "objectID": "sale-banner", "conditions": [{"pattern": "shirt", "anchoring": "contains"}],
        "consequence": {"userData": {"banner": "Shirts on sale"}, "promote": [{"objectID": "4", "position": 0}]}})
    search.wait_for_task(index, task.task_id)
    check(search.get_rule(index, "sale-banner").object_id == "sale-banner", "save_rule and get_rule")
    result = search.search_single_index(index, {"query": "shirt"})
    check(result.user_data == [{"banner": "Shirts on sale"}], "a rule's userData comes back with the results")
    check(result.hits[0].object_id == "4", "a rule promotes a record to the first position")
    task = search.save_rules(index, [
        {"objectID": "hats", "conditions": [{"pattern": "hat", "anchoring": "is"}],
         "consequence": {"params": {"filters": "price > 20"}}}], clear_existing_rules=True)
    search.wait_for_task(index, task.task_id)
    check([hit.object_id for hit in search.search_single_index(index, {"query": "hat"}).hits] == ["4"],
          "save_rules(clear_existing_rules): a rule's filters apply")
    check(search.search_rules(index, {"query": "hat"}).nb_hits == 1, "search_rules")
    task = search.set_settings(index, {"hitsPerPage": 20})
    search.wait_for_task(index, task.task_id)
    check(search.search_rules(index, {"query": ""}).nb_hits == 1, "set_settings keeps the rules")
    task = search.delete_rule(index, "hats")
    search.wait_for_task(index, task.task_id)
    check(search.search_rules(index, {"query": ""}).nb_hits == 0, "delete_rule")
    task = search.clear_rules(index)
    search.wait_for_task(index, task.task_id)


def api_keys(port, search, index):
    """/1/keys through the client: add, wait, get, list, update, delete, restore; the key works as made."""
    made = search.add_api_key({
        "acl": ["search"], "indexes": [index], "description": "conformance", "maxHitsPerQuery": 1,
        "queryParameters": "filters=brand%3AAcme"})
    search.wait_for_api_key(made.key, "add")
    fetched = search.get_api_key(made.key)
    check(fetched.acl == ["search"] and fetched.indexes == [index] and fetched.description == "conformance",
          "add_api_key, wait_for_api_key and get_api_key")
    check(any(key.value == made.key for key in search.list_api_keys().keys), "list_api_keys")
    keyed = client(port, made.key).search_single_index(index, {"query": "", "hitsPerPage": 10})
    check(keyed.hits_per_page == 1 and all(hit.brand == "Acme" for hit in keyed.hits),
          "a made key's queryParameters and maxHitsPerQuery apply")
    update = {"acl": ["search", "browse"], "indexes": [index], "description": "updated", "maxHitsPerQuery": 0,
              "queryParameters": "", "referers": [], "validity": 0, "maxQueriesPerIPPerHour": 0}
    search.update_api_key(made.key, update)
    search.wait_for_api_key(made.key, "update", update)
    check(search.get_api_key(made.key).description == "updated", "update_api_key, wait_for_api_key(update)")
    search.delete_api_key(made.key)
    search.wait_for_api_key(made.key, "delete")
    try:
        client(port, made.key).search_single_index(index, {"query": ""})
        check(False, "a deleted key is refused")
    except RequestException as error:
        check(error.status_code == 403, "delete_api_key, wait_for_api_key(delete): the key is refused")
    search.restore_api_key(made.key)
    search.wait_for_api_key(made.key, "add")
    check(client(port, made.key).search_single_index(index, {"query": ""}).nb_hits > 0, "restore_api_key")
    search.delete_api_key(made.key)


if __name__ == "__main__":
    main()
