"""NeMo's WFST normalizer as a verbalizer: spans come from its tagger, spoken words from its verbalizer.

``nemo_text_processing`` is imported lazily; grammars are compiled once and cached under
``$U2TF_CACHE/nemo_grammars`` (default ``~/.cache/u2tf/nemo_grammars``). NeMo is far slower per core than the own
verbalizer (docs/results.md has the figures): use it for evaluation input and realism, the own verbalizer for bulk
data.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Tuple

from ..core.guards import MONTH_ABBREVIATIONS, MONTHS
from ..core.io import cache_root
from .entities import Entity
from .example import Example
from .examples import ExampleBuilder

NEMO_CLASSES = {"cardinal": "cardinal", "ordinal": "ordinal", "decimal": "decimal", "fraction": "fraction",
                "money": "money", "measure": "measure", "date": "date", "time": "time", "telephone": "telephone",
                "electronic": "electronic", "whitelist": "abbreviation", "range": "range", "roman": "cardinal",
                "address": "address", "serial": "alnum"}
PLAIN = ("name", "word")
_REWRITTEN = "rewritten"  # a plain token NeMo changed
_NOT_SPOKEN = re.compile(r"[^a-z' ]+")
_ABBREV = re.compile(r"(?:[A-Za-z]\.){2,}$|\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|[ap]\.m)\.$")
_INITIAL = re.compile(r"[A-Za-z]\.$")

_NORMALIZER: Any = None
counters: Counter = Counter()


def cache_dir() -> Path:
    """Where compiled NeMo grammars are cached: ``$U2TF_CACHE/nemo_grammars`` or ``~/.cache/u2tf/nemo_grammars``."""
    return cache_root() / "nemo_grammars"


def get_normalizer() -> Any:
    """The process's NeMo English normalizer (built once; grammars cached on disk)."""
    global _NORMALIZER
    if _NORMALIZER is None:
        try:
            from nemo_text_processing.text_normalization.normalize import Normalizer
        except ImportError as err:
            raise ImportError("the NeMo verbalizer needs `pip install nemo_text_processing` "
                              "(extra: spacy-u2tf[nemo])") from err
        cache_dir().mkdir(parents=True, exist_ok=True)
        _NORMALIZER = Normalizer(input_case="cased", lang="en", cache_dir=str(cache_dir()))
    return _NORMALIZER


def _tokens(norm: Any, text: str) -> List[Dict[str, Any]]:
    import pynini

    tagged = norm.select_tag(norm.find_tags(pynini.escape(text)))
    norm.parser(tagged)
    return norm.parser.parse()


def _verbalize_token(norm: Any, token: Dict[str, Any]) -> Optional[str]:
    import pynini

    for option in norm.generate_permutations([token]):
        lattice = norm.find_verbalizer(pynini.escape(option))
        if lattice.num_states() != 0:
            return norm.post_process(norm.select_verbalizer(lattice))
    return None


def _spoken_words(text: str) -> List[str]:
    return _NOT_SPOKEN.sub(" ", text.lower().replace("-", " ")).split()


def _find_plain(text: str, value: str, start: int) -> int:
    """Where plain token ``value`` is in ``text`` from ``start`` on: at the start of a written token, or (a mark)
    at the end of one, never inside one (the ``.`` of ``$40.95.`` is the sentence mark, not the decimal point),
    nor a comma between a day and its year ("March 3, 2015, in": the date token holds the first comma)."""
    found = text.find(value, start)
    while found >= 0:
        end = found + len(value)
        if found == 0 or text[found - 1] == " ":
            return found
        if (not value[0].isalnum() and (end == len(text) or text[end] == " ")
                and not (value == "," and _MONTH_DAY.search(text, 0, found) and _YEAR.match(text, end))):
            return found
        found = text.find(value, found + 1)
    return -1


# A month and day ending right before a comma, and the year after it ("March 3" "," " 2015").
_MONTH_DAY = re.compile(r"\b(?:" + "|".join(m.capitalize() for m in MONTHS + MONTH_ABBREVIATIONS)
                        + r")\.? \d{1,2}(?:st|nd|rd|th)?$")
_YEAR = re.compile(r" \d{3,4}\b")


def _starts_token(text: str, value: str, start: int) -> bool:
    """Whether plain token ``value`` is written at ``start`` as it is (not as the prefix of a longer word)."""
    end = start + len(value)
    return text.startswith(value, start) and (end == len(text) or not text[end].isalnum())


def _entity_class(pending: List[Tuple[str, str]], written: str) -> str:
    semiotic = [cls for cls, _ in pending if cls != _REWRITTEN]
    if semiotic:
        return NEMO_CLASSES.get(semiotic[0], "alnum")
    return "abbreviation" if "." in written.rstrip(",.?") or _ABBREV.search(written) else "alnum"


def nemo_entities(text: str, norm: Any = None) -> Optional[Tuple[List[Entity], Dict[Tuple[int, int], List[str]]]]:
    """Entities (character spans of ``text``) from NeMo's tagger, with NeMo's spoken words for each.

    Semiotic tokens, and plain tokens NeMo rewrote ("Mr." → "mister", "St. Louis" → "Saint Louis"), are held
    until the next plain token NeMo kept as written is found in ``text``: the written text in between is their
    entity. ``None`` (counted in ``counters``) when that cannot be done safely.
    """
    norm = get_normalizer() if norm is None else norm
    tokens = _tokens(norm, text)
    entities: List[Entity] = []
    spoken: Dict[Tuple[int, int], List[str]] = {}
    pos = 0
    pending: List[Tuple[str, str]] = []  # (NeMo class or _REWRITTEN, spoken text) of tokens not yet placed

    def place(end: int) -> bool:
        nonlocal pending
        if not pending:
            return True
        start = pos
        while start < end and text[start] == " ":
            start += 1
        stop = end
        while stop > start and text[stop - 1] == " ":
            stop -= 1
        words = [w for _, s in pending for w in _spoken_words(s)]
        if stop <= start or not words:
            counters["empty_entity"] += 1
            return False
        written = text[start:stop].split()
        if any(w[-1] == "?" or (w[-1] == "." and not (_ABBREV.search(w) or _INITIAL.match(w))) for w in written[:-1]):
            # NeMo's address grammar can run on past a sentence end ("2327 Polk Street. Unfortunately").
            counters["sentence_in_entity"] += 1
            return False
        if len(written) > len(words):
            # Each written token of an entity is said as at least one word: the next plain token was matched
            # too far on, past plain words NeMo kept as they are (or NeMo merged tokens: "U. S." → "US").
            counters["entity_too_wide"] += 1
            return False
        entities.append(Entity(start, stop, _entity_class(pending, text[start:stop])))
        spoken[(start, stop)] = words
        pending = []
        return True

    for token in tokens:
        body = token["tokens"]
        cls = next(iter(k for k in body if k != "preserve_order"))
        if cls in PLAIN:
            value = body[cls]
            start = pos
            while start < len(text) and text[start] == " ":
                start += 1
            if not pending and _starts_token(text, value, start):
                found = start
            else:
                found = _find_plain(text, value, start) if pending else -1
                if found < 0:
                    pending.append((_REWRITTEN, value))
                    continue
                if not place(found):
                    return None
            pos = found + len(value)
            continue
        verbal = _verbalize_token(norm, {"tokens": body})
        if verbal is None:
            counters["unverbalized"] += 1
            return None
        if cls == "measure" and body[cls].get("units") == "address":
            cls = "address"
        pending.append((cls, verbal))
    if not place(len(text)):
        return None
    return entities, spoken


_BUILDER = ExampleBuilder()


def make_example_nemo(text: str, *, normalizer: Any = None, source: str = "") -> Optional[Example]:
    """An Example for cleaned ``text`` verbalized by NeMo (``None``, counted in ``counters``, if unaligned).

    ``normalizer`` is a NeMo ``Normalizer`` (default: the process's own, see :func:`get_normalizer`).
    """
    found = nemo_entities(text, normalizer)
    if found is None:
        return None
    entities, spoken = found
    # A semiotic token must end at a token end (before the sentence mark), like the own finder's entities.
    fixed: List[Entity] = []
    fixed_spoken: Dict[Tuple[int, int], List[str]] = {}
    for e in entities:
        end = e.end
        at_token_end = end == len(text) or text[end] == " " or (
            text[end] in ",.?" and (end + 1 == len(text) or text[end + 1] == " "))
        if not at_token_end:
            counters["entity_inside_token"] += 1
            return None
        if text[end - 1] in ",?" or (text[end - 1] == "." and (end == len(text) or text[end] == " ")
                                     and not _ABBREV.search(text[e.start:end])):
            end -= 1
        fixed.append(Entity(e.start, end, e.cls))
        fixed_spoken[(e.start, end)] = spoken[(e.start, e.end)]
    ex = _BUILDER.build(text, random.Random(0), source, entities=fixed, spoken=fixed_spoken)
    if ex is None:
        counters.update(_BUILDER.rejected)
        _BUILDER.rejected.clear()
        return None
    if not ex.round_trips():
        counters["roundtrip"] += 1
        return None
    counters["ok"] += 1
    return ex


def _worker(text: str) -> Tuple[Optional[Example], Counter]:
    before = Counter(counters)
    ex = make_example_nemo(text)
    return ex, counters - before


def make_examples_nemo(texts: Iterable[str], processes: int = 1, chunksize: int = 16) -> List[Optional[Example]]:
    """:func:`make_example_nemo` over cleaned ``texts``, in order (``None`` where unaligned).

    With ``processes > 1`` a pool is used; each worker builds its own normalizer from the grammar cache
    and the workers' counts are added to ``counters``.
    """
    texts = list(texts)
    if processes <= 1:
        return [make_example_nemo(text) for text in texts]
    import multiprocessing

    out: List[Optional[Example]] = []
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        for ex, counts in pool.imap(_worker, texts, chunksize=chunksize):
            counters.update(counts)
            out.append(ex)
    return out
