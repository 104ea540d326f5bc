"""Hypothesis strategies for the fuzz suite and the properties every formatted document must have."""
from __future__ import annotations

import unicodedata
from typing import List, Sequence

from hypothesis import strategies as st

from spacy_u2tf.core.api import Result, to_words
from spacy_u2tf.core.guards import check_span, unlicensed_symbol

SPOKEN = ("so we met at five thirty on monday and paid twelve dollars twenty five percent of it john at gmail dot "
          "com email me double oh seven three quarters a half slash colon k c x y ten mountain computer asked "
          "info ai two one labs website reach out to us first second nineteen ninety mister doctor street").split()
OTHER_SCRIPTS = ["привет", "как", "дела", "谢谢", "你好", "مرحبا", "שלום", "नमस्ते", "γειά", "ありがとう", "안녕",
                 "ὅτι", "cafe\u0301", "Straße", "İstanbul"]
DIGITS = ["⓻", "፩", "➌", "٣", "५", "۴", "৭", "௫", "๓", "①", "²", "½", "Ⅻ", "⓻0", "፩4", "➌/F", "٣٤٥", "1️⃣"]
WRITTEN = ["Hello,", "World.", "I", "$5", "(quietly)", "(555)", "123-4567", "jane.doe@example.com.", "3/4", "NASA",
           "iPhone", "wow!", "e.g.", "U.S.", "10:30", "50%", "#tag", "a/b", "https://x.org", "😀", "👍🏽", "🇫🇷",
           "—", "…", "“quoted”", "¿qué?", "don't", "O'Keefe", "x@y", "at@", "::", "//"]
SEPARATORS = [" ", "  ", "\t", "\u00a0", "\u3000", "\u2009", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u200b",
              "\u200d", "\u00ad", "\ufeff"]

word = st.one_of(st.sampled_from(SPOKEN), st.sampled_from(OTHER_SCRIPTS), st.sampled_from(DIGITS),
                 st.sampled_from(WRITTEN), st.text(min_size=1, max_size=8))
any_char = st.one_of(st.characters(), st.characters(categories=["Cs", "Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me",
                                                                "Nd", "No", "Nl"]))


@st.composite
def documents(draw) -> str:
    """A document: words of every kind joined by separators of every kind, or raw Unicode, a very long token or a
    word said many times."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.text(alphabet=any_char, max_size=60))
    if kind == 1:
        return draw(st.text(alphabet=any_char, min_size=200, max_size=1200).filter(lambda t: " " not in t))
    if kind == 2:
        return " ".join([draw(word)] * draw(st.integers(2, 40)))
    words = draw(st.lists(word, min_size=0, max_size=25))
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(words), max_size=len(words)))
    return "".join(w + s for w, s in zip(words, seps))


def _key(text: str) -> str:
    """A word for comparison: case folded, NFKC, without the marks formatting may add or change around it."""
    return unicodedata.normalize("NFKC", text).casefold().strip(",.?!;:")


def check_result(text: str, result: Result) -> None:
    """Properties of one formatted document: one line; every input word outside a converted span is in the
    output (case and punctuation aside); every converted span passes the guards and writes no symbol or digit its
    spoken words do not license."""
    assert "\n" not in result.text and "\r" not in result.text
    words = to_words(text)
    assert len(result.spoken) == len(words), (words, result.spoken)
    assert result.text.split() == result.words
    sources: List[int] = sorted(s for g in result.groups for s in g.source)
    assert sources == list(range(len(words))), "a word is in no alignment group"
    by_start = {s.start: s for s in result.spans}
    for g in result.groups:
        span = by_start.get(g.source[0])
        converted = span is not None and span.written is not None and span.kind in ("itn", "mixed")
        if not converted:
            target = _key(" ".join(result.words[t] for t in g.target))
            for s in g.source:
                assert _key(words[s]) in target or _key(result.spoken[s]) in target, (words[s], target)
            continue
        spoken: Sequence[str] = result.spoken[span.start:span.end]
        if span.kind == "itn":
            assert check_span(spoken, span.written) is None, (spoken, span.written)
            assert unlicensed_symbol(spoken, span.written) is None, (spoken, span.written)
        else:
            assert span.written.casefold() == " ".join(spoken).casefold()
