"""NeMo's WFST normalizer as a verbalizer: spans come from its tagger, spoken words from its verbalizer.

``nemo_text_processing`` is imported lazily; grammars are compiled once and cached under
``$U2TF_CACHE/nemo_grammars`` (default ``~/.cache/u2tf/nemo_grammars``). NeMo runs ~26 sentences/s per core:
use it for evaluation input and realism, the own verbalizer for bulk data.
"""
from __future__ import annotations

import os
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from .entities import Entity
from .example import Example
from .examples import ExampleBuilder

NEMO_CLASSES = {"cardinal": "cardinal", "ordinal": "ordinal", "decimal": "decimal", "fraction": "fraction",
                "money": "money", "measure": "measure", "date": "date", "time": "time", "telephone": "telephone",
                "electronic": "electronic", "whitelist": "abbreviation", "range": "range", "roman": "cardinal",
                "address": "address", "serial": "alnum"}
PLAIN = ("name", "word")
_NOT_SPOKEN = re.compile(r"[^a-z' ]+")
_ABBREV = re.compile(r"(?:[A-Za-z]\.){2,}$|\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|[ap]\.m)\.$")

_NORMALIZER: Any = None
counters: Counter = Counter()


def cache_dir() -> Path:
    return Path(os.environ.get("U2TF_CACHE", Path.home() / ".cache" / "u2tf")) / "nemo_grammars"


def normalizer() -> Any:
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


def nemo_entities(text: str, norm: Any = None) -> Optional[Tuple[List[Entity], Dict[Tuple[int, int], List[str]]]]:
    """Entities (character spans of ``text``) from NeMo's tagger, with NeMo's spoken words for each."""
    norm = norm or normalizer()
    tokens = _tokens(norm, text)
    entities: List[Entity] = []
    spoken: Dict[Tuple[int, int], List[str]] = {}
    pos = 0
    pending: List[Tuple[str, str]] = []  # (class, spoken) of semiotic tokens not yet placed

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
        if stop <= start:
            return False
        words = [w for _, s in pending for w in _spoken_words(s)]
        entities.append(Entity(start, stop, NEMO_CLASSES.get(pending[0][0], "alnum")))
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
            if not pending and not text.startswith(value, start):
                # NeMo rewrote a plain-looking word ("Mr." → "mister"): that token is a span of its own.
                end = text.find(" ", start)
                end = len(text) if end < 0 else end
                if end > start + 1 and text[end - 1] in ",?" or (text[end - 1] == "." and not _ABBREV.search(text[start:end])):
                    end -= 1
                if end <= start:
                    counters["unaligned_name"] += 1
                    return None
                entities.append(Entity(start, end, "abbreviation" if text[end - 1] == "." else "alnum"))
                spoken[(start, end)] = _spoken_words(value)
                pos = end
                continue
            found = text.find(value, start)
            if found < 0:
                counters["unaligned_name"] += 1
                return None
            if not place(found):
                return None
            pos = found + len(value)
            continue
        verbal = _verbalize_token(norm, {"tokens": body})
        if verbal is None:
            counters["unverbalized"] += 1
            return None
        pending.append((cls, verbal))
    if not place(len(text)):
        return None
    return entities, spoken


_BUILDER = ExampleBuilder()


def make_example_nemo(text: str, *, norm: Any = None, source: str = "") -> Optional[Example]:
    """An Example for cleaned ``text`` verbalized by NeMo (``None``, counted in ``counters``, if unaligned)."""
    found = nemo_entities(text, norm)
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
