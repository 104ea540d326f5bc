"""Regnal numbers: "queen elizabeth the second" is Queen Elizabeth II, "louis the fourteenth" Louis XIV.

A speaker says a monarch's or pope's number as "the" and an ordinal; English writes it as a Roman numeral right
after the name, with no comma between ("Henry VIII", "John Paul II", "Charles II of Spain"). :func:`regnal_numbers`
finds such an ordinal after a name that monarchs and popes bear; an ordinal that counts something said after it
("charles the second son of james", "the second largest") stays as it was said. A transcript may also carry the
numeral itself ("charles iii", as NeMo's normalizer leaves it): it is written in capitals.
"""
from __future__ import annotations

import re
from typing import List, NamedTuple, Sequence

from .guards import spoken_digits
from .number_spans import KINDS

# Names that monarchs, popes and emperors are numbered by (the word said right before "the").
REGNAL_NAMES = frozenset("""
elizabeth henry edward george william charles james richard john paul louis philip philippe frederick frederik
ferdinand alexander nicholas peter catherine mary anne victoria wilhelm friedrich otto leopold joseph francis franz
rudolf maximilian carlos felipe alfonso juan pedro manuel afonso sancho ramiro fernando isabella isabel umberto
vittorio emmanuel napoleon pius leo benedict gregory innocent clement urban boniface sixtus julius adrian hadrian
celestine eugene martin honorius stephen sergius callixtus ramesses rameses thutmose amenhotep ptolemy
antiochus seleucus darius xerxes artaxerxes mehmed murad selim suleiman mahmud ivan vasily sigismund casimir
gustav gustavus christian haakon olav harald magnus eric erik valdemar malcolm david robert constantine justinian
theodosius basil michael baldwin conrad lothair rama kamehameha hussein faisal fuad abdullah
""".split())

# Words that make the ordinal count something ("the second son", "the third time", "the second largest").
_COUNTED_AFTER = frozenset("""
son sons daughter daughters child children wife wives husband husbands brother brothers sister sisters cousin
heir time times day days year years place half edition season round game part book volume chapter most least
""".split())


# Words an appositive after a monarch's name starts with ("Henry VIII, the king of England, ..."), before which
# the comma after the numeral stays; before any other word it goes ("Charles III, was proclaimed").
APPOSITIVE_STARTS = frozenset("""
who whom whose which the a an and but or his her their its king queen emperor empress pope duke prince princess
son daughter father mother brother sister wife husband
""".split())
# Titles said before a regnal name, with no comma between ("King Henry VIII", not "King, Henry VIII").
TITLES = frozenset("king queen emperor empress pope tsar czar sultan prince princess duke saint st".split())
_ROMAN_WORD = re.compile(r"(?:x{0,3})(?:ix|iv|v?i{0,3})")


class RegnalNumber(NamedTuple):
    """``words[start:end]`` ("the second") written as ``written`` ("II")."""

    start: int
    end: int
    written: str


_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman_numeral(n: int) -> str:
    """``n`` (1 to 3999) as a Roman numeral."""
    if not 1 <= n <= 3999:
        raise ValueError(f"no Roman numeral for {n}")
    out = []
    for value, letters in _ROMAN:
        count, n = divmod(n, value)
        out.append(letters * count)
    return "".join(out)


def _ordinal_end(lowered: Sequence[str], start: int) -> int:
    """End of the ordinal that starts at ``start`` ("second", "twenty third"; a possessive "eighth's" ends it), or
    ``start`` where none does."""
    first = lowered[start] if start < len(lowered) else ""
    if first.endswith("'s"):
        first = first[:-2]
    if (KINDS.get(first) or "").endswith("o"):
        return start + 1
    if KINDS.get(first) == "D" and start + 1 < len(lowered):
        second = lowered[start + 1][:-2] if lowered[start + 1].endswith("'s") else lowered[start + 1]
        if KINDS.get(second) == "Uo":
            return start + 2
    return start


def regnal_numbers(words: Sequence[str]) -> List[RegnalNumber]:
    """Each "the" + ordinal said right after a regnal name (:data:`REGNAL_NAMES`), with its Roman numeral (a
    possessive keeps its "'s": "henry the eighth's" is "Henry VIII's"), and each Roman numeral said as a word there
    ("charles iii", "alfonso xiii"; not "i", which is more often the pronoun), in capitals. Left alone: an ordinal
    with a noun it counts after it (:data:`_COUNTED_AFTER`, a superlative) and numbers past 39."""
    lowered = [w.lower() for w in words]
    found: List[RegnalNumber] = []
    for i in range(1, len(lowered)):
        if lowered[i - 1] not in REGNAL_NAMES:
            continue
        numeral = lowered[i][:-2] if lowered[i].endswith("'s") else lowered[i]
        if numeral not in ("", "i") and _ROMAN_WORD.fullmatch(numeral):  # "charles iii", not "john i think"
            found.append(RegnalNumber(i, i + 1, numeral.upper() + lowered[i][len(numeral):]))
            continue
        if lowered[i] != "the" or i == len(lowered) - 1:
            continue
        end = _ordinal_end(lowered, i + 1)
        if end == i + 1:
            continue
        said = lowered[i + 1:end]
        possessive = said[-1].endswith("'s")
        if possessive:
            said[-1] = said[-1][:-2]
        following = lowered[end] if end < len(lowered) else ""
        if not possessive and (following in _COUNTED_AFTER or following.endswith("est")):
            continue
        digits = spoken_digits(said)
        if not digits.isdigit() or not 1 <= int(digits) <= 39:
            continue
        found.append(RegnalNumber(i, end, roman_numeral(int(digits)) + ("'s" if possessive else "")))
    return found


def close_regnal_name(words: Sequence[str], punct: List[str], start: int, end: int) -> None:
    """Take the commas out of a monarch's name and number ``words[start:end]`` found by :func:`regnal_numbers`,
    changing ``punct`` (one label after each word): "King, Henry, the eighth, had" is "King Henry VIII had"; a
    comma after the numeral stays before an appositive ("Henry VIII, the king of England")."""
    name = start - 1
    if punct[name] == "COMMA":
        punct[name] = "O"
    if name and punct[name - 1] == "COMMA" and words[name - 1].lower() in TITLES:
        punct[name - 1] = "O"
    if end < len(words) and punct[end - 1] == "COMMA" and words[end].lower() not in APPOSITIVE_STARTS:
        punct[end - 1] = "O"
