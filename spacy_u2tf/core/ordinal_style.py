"""How ordinals are written: "first" to "ninth" in words in running text, digits in military unit names.

English spells the small ordinals out ("for the second time", "their third album"), but writes the number of a
division, regiment, battalion, brigade or squadron as a digit ordinal ("2nd Battalion", "82nd Airborne Division",
"5th Marines"). :func:`unit_ordinals` finds an ordinal said right before such a name. Armies, corps and fleets are
left alone there ("Eighth Army", "I Corps" and "Seventh Fleet" are written otherwise), and so is a bare "division",
which is also a league's or a vote's ("the second division"), unless letters said before it name the army ("the n
k ninth division"). :func:`spelled_small_ordinal` gives a lone small ordinal that stage 2 wrote in digits back its
word, unless a unit word follows it ("the 6th Division"); :func:`day_of_month` keeps the digits of a day of the
month said alone ("on Friday the 9th").
"""
from __future__ import annotations

import re
from typing import List, NamedTuple, Optional, Sequence

from .guards import spoken_digits
from .number_spans import KINDS

# Words that say which arm a unit belongs to ("infantry", "airborne") and words that name the unit itself.
BRANCH_WORDS = frozenset("infantry cavalry armored armoured airborne marine mountain panzer motorized motorised "
                         "mechanized mechanised artillery engineer rifle ranger tank guards parachute commando".split())
UNIT_WORDS = frozenset("division divisions regiment regiments battalion battalions brigade brigades squadron "
                       "squadrons marines infantry cavalry".split())
_NOT_ALONE = frozenset({"division", "divisions"})


def _is_ordinal(word: str) -> bool:
    """Whether a spoken word is an ordinal ("second", "twelfth", "sixtieth")."""
    return (KINDS.get(word.lower()) or "").endswith("o")


class UnitOrdinal(NamedTuple):
    """An ordinal said before a unit name: ``words[start:end]`` is the ordinal, ``words[end:name_end]`` the name."""

    start: int
    end: int
    name_end: int
    written: str  # "2nd"


def ordinal_suffix(n: int) -> str:
    """The suffix of ``n`` written as an ordinal: "st", "nd", "rd" or "th" (11th-13th, 111th)."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _name_end(lowered: Sequence[str], start: int, army_named: bool = False) -> int:
    """End of the unit name that starts at ``start`` ("infantry division"), or ``start`` where none does: branch
    words, then the unit word (a branch word may be the unit itself, "9th Infantry"); "division" only after a
    branch word, or where the army is named before the ordinal (``army_named``)."""
    j = start
    while j < len(lowered) and lowered[j] in BRANCH_WORDS:
        j += 1
    if j < len(lowered) and lowered[j] in UNIT_WORDS and (j > start or army_named or lowered[j] not in _NOT_ALONE):
        return j + 1
    if j > start and lowered[j - 1] in UNIT_WORDS:
        return j
    return start


def unit_ordinals(words: Sequence[str]) -> List[UnitOrdinal]:
    """Each spoken ordinal ("second", "eighty second") that stands right before a unit name, with its digits."""
    lowered = [w.lower() for w in words]
    found: List[UnitOrdinal] = []
    for i, word in enumerate(lowered):
        if not _is_ordinal(word):
            continue
        start = i - 1 if i and KINDS.get(lowered[i - 1]) == "D" and KINDS[word] == "Uo" else i
        if start and (lowered[start - 1] in KINDS or lowered[start - 1] in ("and", "point")):
            continue  # a longer number's end ("one hundred and first") or a pair ("first and second"): the tagger's
        army_named = start >= 2 and all(len(w) == 1 and w.isalpha() for w in lowered[start - 2:start])  # "n k"
        name_end = _name_end(lowered, i + 1, army_named)
        digits = spoken_digits(lowered[start:i + 1])
        if name_end > i + 1 and digits:
            found.append(UnitOrdinal(start, i + 1, name_end, f"{digits}{ordinal_suffix(int(digits))}"))
    return found


# Words after which a small ordinal keeps its digits: a unit's name or its parts ("6th Division", "5th Fleet"; not an
# army, "Eighth Army").
_DIGITS_BEFORE = BRANCH_WORDS | UNIT_WORDS | frozenset("fleet fleets regimental wing".split())
_SMALL_ORDINAL = re.compile(r"[1-9](st|nd|rd|th)")


def spelled_small_ordinal(written: str, spoken: Sequence[str], after: str) -> Optional[str]:
    """The spoken word for a conversion that is a lone small ordinal in digits ("second" → "2nd" → "second"), or
    ``None`` where the digits stay: any other conversion, or a unit word after it ("sixth division" → "6th")."""
    if len(spoken) != 1 or not _SMALL_ORDINAL.fullmatch(written.strip()):
        return None
    word = spoken[0]
    if not _is_ordinal(word):
        return None
    following = after.lower()
    following = following[:-2] if following.endswith("'s") else following
    return None if following in _DIGITS_BEFORE else word.lower()


_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
# Words before "the" and a day of the month said alone ("on the third"), and words after it where no noun it counts
# follows ("on the third and again on the fourth"; not "on the third floor").
_DATED_BEFORE = frozenset("on by until till from since before after".split())
_AFTER_A_DAY = frozenset("and or at but so then to till until please instead which when i we you is if because as "
                         "for in".split())


def day_of_month(written: str, spoken: Sequence[str], words: Sequence[str], start: int) -> Optional[str]:
    """A day of the month said as an ordinal alone after "the", written in digits as dates are ("on Friday the 9th",
    "paid on the 3rd and again on the 4th"), where stage 2 or :func:`spelled_small_ordinal` would spell it: after a
    weekday and "the", or after "on", "by", "until" ... and "the" where no noun follows it ("on the third floor"
    keeps its word). ``None`` elsewhere."""
    end = start + len(spoken)
    if start < 2 or words[start - 1].lower() != "the" or not spoken or not _is_ordinal(spoken[-1]):
        return None
    digits = spoken_digits(spoken)
    if not digits.isdigit() or not 1 <= int(digits) <= 31 or written.strip().lower() not in (
            " ".join(w.lower() for w in spoken), f"{digits}{ordinal_suffix(int(digits))}"):
        return None
    before = words[start - 2].lower()
    following = words[end].lower() if end < len(words) else ""
    then = words[end + 1] if end + 1 < len(words) else ""
    dated = before in _WEEKDAYS or (before in _DATED_BEFORE and (not following or (
        following in _AFTER_A_DAY and not (following == "and" and _is_ordinal(then)))))
    return f"{digits}{ordinal_suffix(int(digits))}" if dated else None
