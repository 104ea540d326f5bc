"""I-WER as the Universal-2-TF paper measures it: over the reference words that needed ITN.

The ITN words of a reference are the words the verbalizer that made the spoken input changed: the reference's
words, lowercased and stripped of edge punctuation, are aligned with the spoken words, and every reference word
not reproduced there is an ITN word (numbers and symbols, but also hyphenated compounds the normalizer splits,
titles it expands, ``&``, ``/``). Consecutive ITN words form a region. Errors are the ITN words the hypothesis
substitutes or deletes, plus the hypothesis words inserted inside a region or right after it (``6 hundred`` for
``600``: one substitution and one insertion); I-WER = errors / ITN words, so it can exceed 1.

This does not depend on any system's own spans: the figure computed only inside a model's spans
(``metrics.Scorer``'s ``iwer_spans``) is a diagnostic.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import List, Sequence

from .align import align

# Stripped from both ends of a word before comparing: sentence marks, quotes, brackets. Symbols that carry meaning
# ("$", "%", "&", "/", "-", "#", "+") stay, and so do marks inside a word ("U.S", "3.5", "1,000").
EDGE_PUNCT = ".,;:!?\"'“”‘’«»()[]{}…–—"
# Where two sentences run together by a missing space ("days.Yes", "OK.Here"; not "Ph.D" or "L.A."): compared as
# two words, like the spoken input says them.
GLUED = re.compile(r"(?<=[a-z]{2}[.?!,;:])(?=[A-Z])|(?<=[A-Z]{2}[.?!,;:])(?=[A-Z][a-z])")


def normalize_word(word: str) -> str:
    """Case-insensitive, punctuation-stripped comparison form of a word (``"McDonald's,"`` → ``"mcdonald's"``)."""
    return word.lower().strip(EDGE_PUNCT)


def normalize_words(words: Sequence[str]) -> List[str]:
    """:func:`normalize_word` of each word, dropping words that were only punctuation (or a dash) and splitting
    sentences run together (:data:`GLUED`)."""
    return [n for word in words for n in map(normalize_word, GLUED.sub(" ", word).split()) if n.strip("-")]


def itn_word_flags(reference: Sequence[str], spoken: Sequence[str]) -> List[bool]:
    """Per normalized reference word: whether the (normalized) spoken input fails to reproduce it."""
    flags = [False] * len(reference)
    for r, s in align(reference, spoken):
        if r is not None and (s is None or spoken[s] != reference[r]):
            flags[r] = True
    return flags


ERROR_KINDS = ("substituted", "deleted", "inserted")


def itn_errors(reference: Sequence[str], spoken: Sequence[str], hypothesis: Sequence[str]) -> Counter:
    """Paper-protocol counts of one document: ``itn_words`` and the errors by kind (:data:`ERROR_KINDS`); all three
    arguments are word lists (written reference, spoken input, written hypothesis), normalized here. Counters of
    many documents add up with ``Counter.update``."""
    ref, hyp = normalize_words(reference), normalize_words(hypothesis)
    flags = itn_word_flags(ref, normalize_words(spoken))
    out = Counter(itn_words=sum(flags), substituted=0, deleted=0, inserted=0)
    after_itn = False  # the last reference word passed in the alignment is an ITN word
    for r, h in align(ref, hyp, late_insertions=True):
        if r is None:
            out["inserted"] += after_itn
            continue
        after_itn = flags[r]
        if after_itn and (h is None or hyp[h] != ref[r]):
            out["deleted" if h is None else "substituted"] += 1
    return out
