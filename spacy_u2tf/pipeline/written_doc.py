"""Mapping between whitespace words and spaCy tokens, and building the written Doc for ``replace`` mode."""
from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

from spacy.tokens import Doc

from ..core.api import to_words


def word_char_spans(text: str) -> List[Tuple[int, int]]:
    """Character spans of the whitespace-separated words of ``text``."""
    spans: List[Tuple[int, int]] = []
    pos = 0
    for word in text.split():
        start = text.index(word, pos)
        spans.append((start, start + len(word)))
        pos = start + len(word)
    return spans


def tokens_per_word(doc: Doc) -> List[List[int]]:
    """For each whitespace word of ``doc.text``, the indices of the tokens inside it."""
    spans = word_char_spans(doc.text)
    out: List[List[int]] = [[] for _ in spans]
    w = 0
    for tok in doc:
        if tok.is_space:
            continue
        while w < len(spans) - 1 and tok.idx >= spans[w][1]:
            w += 1
        if spans:
            out[w].append(tok.i)
    return out


def spoken_word_tokens(doc: Doc) -> List[List[int]]:
    """For each spoken word the model reads from ``doc.text`` (:func:`~spacy_u2tf.core.api.to_words`), its tokens.

    A whitespace word that cleaning splits into several words (NFKC can insert a space) gives its tokens to
    each of them (the same list object); a word cleaning drops (control/format characters only) is no content
    and gives its tokens to none.
    """
    out: List[List[int]] = []
    for word, toks in zip(doc.text.split(), tokens_per_word(doc)):
        out.extend([toks] * len(to_words(word)))
    return out


def build_written_doc(make_doc: Callable[[str], Doc], words: Sequence[str], groups: Sequence[Tuple[Sequence[int], Sequence[int], str]],
                      spoken_tokens: Sequence[Sequence[int]]) -> Tuple[Doc, List[List]]:
    """Tokenize the written text and translate word-level alignment groups to token level.

    Returns the written Doc and ``[[spoken token indices], [written token indices], cls]`` per group.
    """
    text = " ".join(words)
    doc = make_doc(text)
    written_tokens = tokens_per_word(doc)
    alignment = [
        [[t for s in src for t in spoken_tokens[s]], [t for w in tgt for t in written_tokens[w]], cls]
        for src, tgt, cls in groups
    ]
    return doc, alignment
