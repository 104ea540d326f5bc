"""Forms of address: "mister speaker" is "Mr. Speaker", "madam chair" "Madam Chair", "now madam" "now, madam?".

The office a speaker addresses is capitalized after its title ("Madam Speaker", "Mr. Deputy Speaker"), and the
sentence the vocative opens goes on in lowercase after its comma ("Mr. Speaker, the average rent...", not "...,
The average rent"); :func:`address_case` changes the case labels so. A form of address said after a question ends
that question ("Would you like to order now, madam?"); :func:`closing_vocatives` joins the two.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from .labels import SENTENCE_END

_TITLES = frozenset("mister mr mr. madam madame mrs mrs. ms ms. miss".split())
_OFFICES = frozenset("speaker chair chairman chairwoman chairperson president".split())
_DEPUTY = frozenset("deputy vice acting".split())
# Words that go on a sentence in lowercase, unlike a name or "I", which keep their capital after the comma.
_GOES_ON = frozenset("""
the a an this that these those there it its we our us they their he she his her you your when what why how where
will would can could should shall may must is are was were do does did let in on at as for to if so but and
""".split())


# Words that only address the listener: said alone after a question, they are its vocative, never an answer.
_ADDRESS_TERMS = frozenset("sir madam ma'am maam miss honey darling sweetheart sweetie".split())
_COURTESY = frozenset("mister mr mr. mrs mrs. misses missus ms ms. miss".split())


def address_case(words: Sequence[str], punct: Sequence[str], case: Sequence[str]) -> List[str]:
    """``case`` with the office of a form of address capitalized ("madam speaker" → "Madam Speaker") and a function
    word after its comma in lowercase ("Mr. Speaker, The" → "Mr. Speaker, the")."""
    out = list(case)
    lowered = [w.lower() for w in words]
    for i, word in enumerate(lowered):
        if word not in _OFFICES:
            continue
        j = i - 1
        while j >= 0 and lowered[j] in _DEPUTY:
            j -= 1
        if j < 0 or lowered[j] not in _TITLES or any(punct[k] != "O" for k in range(j, i)):
            continue
        for k in range(j + 1, i + 1):
            if out[k] == "LOWER":
                out[k] = "CAPITAL"
        if punct[i] == "COMMA" and i + 1 < len(words) and lowered[i + 1] in _GOES_ON and out[i + 1] == "CAPITAL":
            out[i + 1] = "LOWER"
    return out


def closing_vocatives(words: Sequence[str], punct: Sequence[str], case: Sequence[str]) -> Tuple[List[str], List[str]]:
    """``punct`` and ``case`` with a question and the form of address said after it made one sentence: the tagger's
    "order now? Madam?" is "order now, madam?", "what's the problem? Ms. Murphy?" "what's the problem, Ms. Murphy?".

    Only a term that never answers a question ("sir", "madam", "honey") or a courtesy title and a name qualify: a
    name alone after a question is as often its answer ("Who were you playing? Mike.").
    """
    out_punct, out_case = list(punct), list(case)
    lowered = [w.lower() for w in words]
    ends = [i for i, label in enumerate(punct) if label in SENTENCE_END]
    for before, end in zip(ends, ends[1:]):
        if punct[before] != "QUESTION" or punct[end] != "QUESTION":
            continue
        said = lowered[before + 1:end + 1]
        if len(said) == 1 and said[0] in _ADDRESS_TERMS:
            out_case[end] = "LOWER"
        elif not (1 < len(said) <= 3 and said[0] in _COURTESY and all(case[k] != "LOWER" for k in range(before + 2, end + 1))):
            continue
        out_punct[before] = "COMMA"
    return out_punct, out_case
