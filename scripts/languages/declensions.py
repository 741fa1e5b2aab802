"""The declension groups of `ignorePlurals` in the languages whose nouns have too many forms for a few
ending rules: for each noun, the forms it takes (number and case), from licensed tables that say which
words are nouns. Called by generate.py (see SOURCES.md beside it), which installs the packages.

- Russian: the OpenCorpora dictionary as pymorphy3-dicts-ru packs it, read through pymorphy3: the whole
  paradigm of each noun among wordfreq's most frequent Russian words.
- Polish: spacy-lookups-data's noun table (PoliMorf, BSD-2-Clause): every form of a noun one of whose
  forms is among wordfreq's most frequent Polish words.
- Irish: spacy-lookups-data's noun table (BuNaMo, Foras na Gaeilge, ODbL): every noun (wordfreq has no
  Irish list; the table is small).
- Greek, Persian: spacy-lookups-data's rule lemmatizer tables (its noun rules, noun index and noun
  exceptions): the frequent words a noun rule or exception leads to a known noun, grouped by that noun,
  with the noun itself. (Macedonian's table is left out: its noun rules are derivational as well,
  `столица` -> `стол`, and would join different nouns.)

Each group is written `prefix:ending,ending…` (the forms' common beginning, then each form's rest), groups
space-separated, sorted; only groups of two forms or more, of letters only.
"""
import gzip
import json
import os

# How many of wordfreq's most frequent words of a language are looked up as nouns.
FREQUENT_WORDS = 50_000
# Forms longer than this are left out (as the engine's query words are bounded).
LONGEST_FORM = 32


def _lookups(data, name):
    with gzip.open(os.path.join(data, name + ".json.gz"), "rt", encoding="utf-8") as f:
        return json.load(f)


def _is_word(form):
    return form.isalpha() and 2 <= len(form) <= LONGEST_FORM


def _frequent(language):
    from wordfreq import top_n_list

    return [w for w in top_n_list(language, FREQUENT_WORDS) if _is_word(w)]


def _entry(forms):
    forms = sorted(forms)
    prefix = os.path.commonprefix(forms)
    return prefix + ":" + ",".join(form[len(prefix):] for form in forms)


def _entries(groups):
    """`groups` (noun -> its forms) as sorted entries; forms only of letters, groups of two forms or more,
    and a group written once however many nouns share it."""
    written = set()
    for forms in groups.values():
        forms = frozenset(f.lower() for f in forms if _is_word(f))
        if len(forms) >= 2:
            written.add(forms)
    return sorted(_entry(forms) for forms in written)


def russian():
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang="ru")
    groups = {}
    for word in _frequent("ru"):
        for parse in morph.parse(word):
            if parse.tag.POS != "NOUN" or not parse.is_known:
                continue
            key = (parse.normal_form, str(parse.tag.gender), str(parse.tag.animacy))
            if key not in groups:
                groups[key] = {form.word for form in parse.lexeme if form.tag.POS == "NOUN"}
    return _entries(groups)


def _from_lookup(table, frequent=None):
    """Groups by lemma of a form -> lemma table; with `frequent`, only the lemmas one of whose forms is
    among those words."""
    groups = {}
    for form, lemma in table.items():
        lemmas = lemma if isinstance(lemma, list) else [lemma]
        for one in lemmas:
            groups.setdefault(one.lower(), set()).update([form, one])
    if frequent is not None:
        wanted = set(frequent)
        groups = {lemma: forms for lemma, forms in groups.items() if any(f.lower() in wanted for f in forms)}
    return _entries(groups)


def _from_rules(data, language, wordfreq_language):
    rules = _lookups(data, f"{language}_lemma_rules").get("noun", [])
    index = {w.lower() for w in _lookups(data, f"{language}_lemma_index").get("noun", [])}
    exceptions = _lookups(data, f"{language}_lemma_exc").get("noun", {})
    groups = {}
    for form, lemmas in exceptions.items():
        for lemma in lemmas:
            groups.setdefault(lemma.lower(), {lemma.lower()}).add(form.lower())
    for word in _frequent(wordfreq_language):
        if word in index:
            groups.setdefault(word, {word})
        for old, new in rules:
            if word.endswith(old) and len(word) > len(old):
                lemma = word[: len(word) - len(old)] + new
                if lemma != word and lemma in index:
                    groups.setdefault(lemma, {lemma}).add(word)
    return _entries(groups)


def declensions(data):
    """The groups of each language, by ISO 639-1 code; `data` is spacy-lookups-data's data folder."""
    return {
        "el": _from_rules(data, "el", "el"),
        "fa": _from_rules(data, "fa", "fa"),
        "ga": _from_lookup(_lookups(data, "ga_lemma_lookup_noun")),
        "pl": _from_lookup(_lookups(data, "pl_lemma_lookup_noun"), _frequent("pl")),
        "ru": russian(),
    }
