"""Cleaned written text → :class:`Example` (spoken words, labels, span pairs) with the project's own verbalizer."""
from __future__ import annotations

import random
from collections import Counter
from typing import Dict, List, Optional, Tuple

from ..core.labels import JOIN, MIXED_CLASS, case_label, split_hyphenated, split_trailing_punct
from .entities import Entity, find_entities
from .example import Example, SpanPair
from .verbalize import verbalize

# Probability that an acronym people may spell ("FBI") is said letter by letter rather than as one word.
SPELL_ACRONYM_P = 0.5


def _is_plain_word(word: str) -> bool:
    return bool(word) and all(ch.isalpha() or ch == "'" for ch in word) and any(ch.isalpha() for ch in word)


class ExampleBuilder:
    """Builds examples and counts why texts were rejected (``rejected``) and which span classes were made."""

    def __init__(self, spell_acronym_p: float = SPELL_ACRONYM_P) -> None:
        self.spell_acronym_p = spell_acronym_p
        self.rejected: Counter = Counter()
        self.span_classes: Counter = Counter()
        self._spoken: Dict[Tuple[int, int], List[str]] = {}

    def build(self, text: str, rng: random.Random, source: str = "", entities: Optional[List[Entity]] = None,
              spoken: Optional[Dict[Tuple[int, int], List[str]]] = None) -> Optional[Example]:
        """Turn one cleaned text into an Example; ``None`` (counted in ``rejected``) when it cannot be labeled.

        ``entities`` and their ``spoken`` words (keyed by character span) come from another verbalizer (NeMo);
        by default the own finder and verbalizer are used.
        """
        if entities is None:
            entities = find_entities(text)
        self._spoken = spoken or {}
        spoken: List[str] = []
        punct: List[str] = []
        case: List[str] = []
        itn: List[str] = []
        spans: List[SpanPair] = []
        pos = 0
        ent_i = 0
        length = len(text)
        while pos < length:
            if ent_i < len(entities) and entities[ent_i].start == pos:
                ent = entities[ent_i]
                ent_i += 1
                pos = self._add_entity(text, ent, rng, spoken, punct, case, itn, spans)
                if pos < 0:
                    return None
                continue
            end = text.find(" ", pos)
            end = length if end < 0 else end
            if ent_i < len(entities) and entities[ent_i].start < end:
                self.rejected["entity_inside_token"] += 1
                return None
            word, mark = split_trailing_punct(text[pos:end])
            parts = split_hyphenated(word)  # "well-known" is said "well known": HYPHEN joins them back
            if not all(_is_plain_word(part) for part in parts):
                self.rejected["uncovered_token"] += 1
                return None
            for k, part in enumerate(parts, 1):
                self._add_word(part, mark if k == len(parts) else JOIN, spoken, punct, case, itn, spans)
            pos = end + 1
        if not spoken:
            self.rejected["empty"] += 1
            return None
        return Example(text, spoken, punct, case, itn, spans, source)

    def _add_word(self, word: str, mark: str, spoken: List[str], punct: List[str], case: List[str],
                  itn: List[str], spans: List[SpanPair]) -> None:
        """Append one plain written word; a mixed-case word ("TVs", "iPhone") also gets its stage-2 span pair."""
        label = case_label(word)
        if label == "MIXED":
            spans.append(SpanPair(len(spoken), len(spoken) + 1, MIXED_CLASS, word))
            self.span_classes[MIXED_CLASS] += 1
        spoken.append(word.lower())
        punct.append(mark)
        case.append(label)
        itn.append("O")

    def _add_entity(
        self,
        text: str,
        ent: Entity,
        rng: random.Random,
        spoken: List[str],
        punct: List[str],
        case: List[str],
        itn: List[str],
        spans: List[SpanPair],
    ) -> int:
        """Append an entity's spoken words and labels; return the position after it (``-1`` on failure)."""
        written = text[ent.start:ent.end]
        token_end = text.find(" ", ent.end)
        token_end = len(text) if token_end < 0 else token_end
        mark = "O"
        if token_end != ent.end:
            _, mark = split_trailing_punct(text[ent.end - 1:token_end])
            if mark == "O" or token_end - ent.end != 1:
                self.rejected["entity_not_at_token_end"] += 1
                return -1
        words = self._spoken.get((ent.start, ent.end))
        if ent.cls == "acronym" and not self._spoken and rng.random() >= self.spell_acronym_p:
            if "." not in written:
                if _is_plain_word(written):
                    self._add_word(written, mark, spoken, punct, case, itn, spans)
                    return token_end + 1
            else:
                # "U.S." said as one word ("us", as NeMo's normalizer and many recognisers give it): case labels
                # cannot bring the dots back, so it stays a one-word span for stage 2.
                words = ["".join(verbalize(written, ent.cls, rng))]
        words = words or verbalize(written, ent.cls, rng)
        if not words or not all(_is_plain_word(w) for w in words):
            self.rejected["verbalizer_output"] += 1
            return -1
        start = len(spoken)
        spoken.extend(words)
        punct.extend(["O"] * (len(words) - 1) + [mark])
        case.extend(["CAPITAL" if written[:1].isupper() else "LOWER"] + ["LOWER"] * (len(words) - 1))
        itn.extend(["B"] + ["I"] * (len(words) - 1))
        spans.append(SpanPair(start, len(spoken), ent.cls, written))
        self.span_classes[ent.cls] += 1
        return token_end + 1


_DEFAULT_BUILDER = ExampleBuilder()


def make_example(text: str, rng: Optional[random.Random] = None, source: str = "") -> Optional[Example]:
    """Clean ``text`` (one document, turns separated by newlines) and build its Example with the own verbalizer.

    This is what evaluation uses to turn written references into spoken input: the same cleaning and
    verbalization as training. ``None`` when the text is empty after cleaning or cannot be labeled.
    """
    from .clean import clean_text

    cleaned = clean_text(text)
    if not cleaned:
        return None
    return _DEFAULT_BUILDER.build(cleaned, rng or random.Random(0), source)
