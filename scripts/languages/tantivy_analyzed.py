#!/usr/bin/env python3
"""The keystrokes of ../shared/bench/keystrokes.py on tantivy with a language's analyzer, for issue 39's
proofs on German and Chinese catalogs: German with tantivy's `split_compound` filter over the same table of
parts our engine decompounds with, Chinese with tantivy's usual CJK tokenizer (character 1- and 2-grams).
Each query word is cut by the same analyzer and every piece is a fuzzy term (typos as Algolia's defaults
allow, the last piece a prefix), all required — as keystrokes.py does for whitespace words.

Usage: tantivy_analyzed.py de|zh CATALOG.jsonl OUT.json   (KEYSTROKE_PHRASES as for keystrokes.py; run with
the side_by_side venv's Python, which has tantivy).
"""
import json
import os
import re
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../../shared/bench"))
import keystrokes  # noqa: E402
import tantivy  # noqa: E402
from tantivy import Filter, Occur, Query, TextAnalyzerBuilder, Tokenizer  # noqa: E402


def german_parts():
    """The German parts of our generated table (LanguageData+CompoundParts.swift)."""
    path = os.path.join(HERE, "../../Sources/InstantSearchEngine/Languages/Generated/LanguageData+CompoundParts.swift")
    text = open(path, encoding="utf-8").read()
    return re.search(r'"de":\s*"([^"]*)"', text).group(1).split(" ")


def analyzer(language):
    if language == "de":
        return (TextAnalyzerBuilder(Tokenizer.simple()).filter(Filter.lowercase())
                .filter(Filter.split_compound(german_parts())).build())
    return TextAnalyzerBuilder(Tokenizer.ngram(min_gram=1, max_gram=2, prefix_only=False)).filter(Filter.lowercase()).build()


def main(language, catalog, out):
    text_analyzer = analyzer(language)
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("objectID", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("name", stored=True, tokenizer_name="lang")
    sb.add_text_field("description", stored=False, tokenizer_name="lang")
    for field in ["brand", "color", "lvl0"]:
        sb.add_text_field(field, stored=(field == "brand"), fast=True, tokenizer_name="raw", index_option="basic")
    sb.add_integer_field("popularity", stored=True, indexed=True, fast=True)
    schema = sb.build()
    index = tantivy.Index(schema)
    index.register_tokenizer("lang", text_analyzer)
    writer = index.writer(heap_size=1024 * 1024 * 1024, num_threads=2)
    start = time.perf_counter()
    with open(catalog, encoding="utf-8") as lines:
        for line in lines:
            r = json.loads(line)
            writer.add_document(tantivy.Document(
                objectID=r["objectID"], name=r["name"], description=r["description"], brand=r["brand"],
                color=r["color"], lvl0=r["categories"]["lvl0"], popularity=int(r["popularity"])))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    load_s = time.perf_counter() - start
    searcher = index.searcher()
    aggs = {f: {"terms": {"field": f, "size": 10, "segment_size": 5000}} for f in ["brand", "color", "lvl0"]}

    def query(q):
        pieces = [p for word in q.split() for p in text_analyzer.analyze(word)]
        clauses = []
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1 and not q.endswith(" ")
            typos = keystrokes.typos(piece) if language == "de" else 0

            def make(field):
                return Query.fuzzy_term_query(schema, field, piece, distance=typos, transposition_cost_one=True,
                                              prefix=last)
            clauses.append((Occur.Must, Query.boolean_query([(Occur.Should, make("name")),
                                                            (Occur.Should, make("description"))])))
        return Query.boolean_query(clauses)

    results = {}
    for q in keystrokes.keystrokes():
        built = query(q)

        def respond():
            r = searcher.search(built, limit=20, count=True, order_by_field="popularity")
            [searcher.doc(address) for _, address in r.hits]
            searcher.aggregate(built, aggs)
            return r.count

        for _ in range(2):
            respond()
        times = []
        for _ in range(9):
            t = time.perf_counter()
            count = respond()
            times.append((time.perf_counter() - t) * 1000)
        results[q] = {"medianMs": statistics.median(times), "nbHits": count}
    json.dump({"loadS": load_s, "keystrokes": results}, open(out, "w"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
