"""Forms of address in debates and meetings: "mister speaker" is "Mr. Speaker", "madam chair" "Madam Chair".

The office a speaker addresses is capitalized after its title ("Madam Speaker", "Mr. Deputy Speaker"), and the
sentence the vocative opens goes on in lowercase after its comma ("Mr. Speaker, the average rent...", not "...,
The average rent"); :func:`address_case` changes the case labels so.
"""
from __future__ import annotations

from typing import List, Sequence

_TITLES = frozenset("mister mr mr. madam madame mrs mrs. ms ms. miss".split())
_OFFICES = frozenset("speaker chair chairman chairwoman chairperson president".split())
_DEPUTY = frozenset("deputy vice acting".split())
# Words that go on a sentence in lowercase, unlike a name or "I", which keep their capital after the comma.
_GOES_ON = frozenset("""
the a an this that these those there it its we our us they their he she his her you your when what why how where
will would can could should shall may must is are was were do does did let in on at as for to if so but and
""".split())


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
