"""Web and email addresses written from their spoken words where stage 2 misspells them.

A normalizer reads "minneapolismn.gov/recovery" as "minneapolismn dot gov slash recovery" and
"smallbiz@minneapolismn.gov" as "smallbiz at minneapolismn dot gov". Each part of such an address is one word said
as it is written, so the words and their marks give the address back letter for letter; a converter that writes
it letter by letter may drop one ("mineapolismn") and have the span rejected. :func:`said_address` writes it, and
:func:`said_ip_address` an IP address said as four numbers with "dot" between ("one nine two dot one six eight dot
one dot four seven" is 192.168.1.47), which stage 2 writes with a dash or a dropped "dot".
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from .guards import DIGIT_WORDS, TOP_LEVEL_DOMAINS, spoken_digits
from .number_spans import KINDS, cardinal_word

# Words said for the marks inside an address.
_MARKS = {"dot": ".", "slash": "/", "dash": "-", "hyphen": "-", "underscore": "_"}
# Top-level domains an address said in words ends its host with; one must follow a "dot".
_TOP_LEVEL = TOP_LEVEL_DOMAINS | frozenset("mil int io co uk us ca au nz ie in de fr eu app dev ai tv me ly gg fm"
                                           .split())
# Countries' top-level domains too, but not those that are English words ("at", "be", "is", "it", "no", "to"),
# which a sentence may say after "dot".
_ANY_TOP_LEVEL = _TOP_LEVEL | frozenset("""
pt nl pl ch se dk fi es gr cz hu ro sk si hr bg lt lv ee lu cy ru ua tr il ae sa qa eg za ng ke gh ma jp cn kr tw hk
sg th vn ph pk bd lk np br ar cl mx pe ve uy
""".split())
_PART = re.compile(r"[a-z0-9]+")


def said_address(spoken: List[str]) -> Optional[Tuple[int, str]]:
    """``(n, address)``: the address said by the first ``n`` of the ``spoken`` words, each part one word and each
    mark its word ("minneapolismn dot gov slash recovery" is minneapolismn.gov/recovery, "smallbiz at minneapolismn
    dot gov" smallbiz@minneapolismn.gov; number words after a part are its digits, "r dot hughes eight seven at
    btinternet dot com" is r.hughes87@btinternet.com), with "@" only before a host and a host that ends in a
    top-level domain after a "dot"; the words after it ("... recovery email") are not part of it. ``None`` where
    the words start no such address."""
    words = [w.lower() for w in spoken]
    if not words or not _PART.fullmatch(words[0]):
        return None
    first, n = _part(words, 0)
    out = [first]
    host_done = at_used = has_domain = False
    while n + 1 < len(words) and _PART.fullmatch(words[n + 1]):
        said = words[n]
        if said == "at" and not at_used and not has_domain and "dot" in words[n + 2:]:
            out.append("@")
            at_used = True
        elif said in _MARKS:
            if said == "slash":
                host_done = True
            elif (said == "dot" and not host_done and words[n + 1] in _ANY_TOP_LEVEL
                  and (at_used or words[n + 2:n + 3] != ["at"])):  # "claims dot uk at sixt dot com": a name's part
                has_domain = True
                out += [".", words[n + 1]]  # no digits after a top-level domain: "dot com thousand" ends at "com"
                n += 2
                continue
            out.append(_MARKS[said])
        else:
            break
        part, n = _part(words, n + 1)
        out.append(part)
    return (n, "".join(out)) if has_domain else None


def _part(words: List[str], start: int) -> Tuple[str, int]:
    """``(written, end)``: the part of an address said from ``words[start]``, a word and the number words said
    after it ("hughes eight seven" is hughes87), or number words alone ("two one" is 21)."""
    end = _digits_after(words, start)
    if end > start:
        return _said_digits(words[start:end]), end
    end = _digits_after(words, start + 1)
    return words[start] + _said_digits(words[start + 1:end]), end


def _digits_after(words: List[str], start: int) -> int:
    """The end of the number words said from ``start`` on, which belong to the part of the address before them
    ("hughes eight seven" is hughes87): ``start`` where none are, or where they say no digits."""
    end = start
    while end < len(words) and (words[end] == "oh" or cardinal_word(words[end])):
        end += 1  # "eight", "twenty"; not ordinals nor other words
    return end if end > start and _said_digits(words[start:end]).isdigit() else start


def _said_digits(words: List[str]) -> str:
    """The digits number words say, each digit said alone kept as said ("oh seven" is 07)."""
    return "".join(DIGIT_WORDS[w] for w in words) if all(w in DIGIT_WORDS for w in words) else spoken_digits(words)


def said_ip_address(spoken: List[str]) -> Optional[str]:
    """The IPv4 address said by all of ``spoken``: four numbers from 0 to 255 with "dot" between, each said digit by
    digit or whole ("ten dot zero dot zero dot one" is 10.0.0.1). ``None`` for any other words."""
    parts: List[List[str]] = [[]]
    for word in spoken:
        if word.lower() == "dot":
            parts.append([])
        else:
            parts[-1].append(word)
    if len(parts) != 4 or not all(parts):
        return None
    numbers = [spoken_digits(part) for part in parts]
    if not all(n.isdigit() and len(n) <= 3 and int(n) <= 255 and (n == "0" or not n.startswith("0"))
               for n in numbers):
        return None
    return ".".join(numbers)


# The areas UK postcodes start with ("LS" of "LS6 2QT").
_POSTCODE_AREAS = frozenset("""
ab al b ba bb bd bh bl bn br bs bt ca cb cf ch cm co cr ct cv cw da dd de dg dh dl dn dt dy e ec eh en ex fk fy g gl
gu ha hd hg hp hr hs hu hx ig ip iv ka kt kw ky l la ld le ll ln ls lu m me mk ml n ne ng nn np nr nw ol ox pa pe ph
pl po pr rg rh rm s sa se sg sk sl sm sn so sp sr ss st sw sy ta td tf tn tq tr ts tw ub w wa wc wd wf wn wr ws wv
yo ze
""".split())
_INWARD_LETTERS = frozenset("abdefghjlnpqrstuwxyz")  # the letters the last part of a postcode may have
# Words that are also areas or a last part's letters ("me", "at"): a postcode with one needs "postcode" said before.
_WORD_LETTERS = frozenset("me so ha la pa pe at as an be he we us up uh ah eh ye".split())
_POSTCODE_CUE = "postcode"
_CUE_WINDOW = 8


def _letters_at(words: Sequence[str], i: int, count: int) -> Tuple[str, int]:
    """``(letters, end)``: ``count`` letters said from ``words[i]``, as one word or one by one; ``("", i)`` where
    they are not."""
    if i < len(words) and len(words[i]) == count and words[i].isascii() and words[i].isalpha():
        return words[i], i + 1
    said = words[i:i + count]
    if len(said) == count and all(len(w) == 1 and w.isascii() and w.isalpha() for w in said):
        return "".join(said), i + count
    return "", i


def uk_postcodes(words: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each UK postcode said in words, as a normalizer reads "LS6 2QT" ("ls six two
    qt"; "m fourteen five rg" is M14 5RG): an area's letters, its district from 1 to 99, a digit and two letters
    that a postcode's last part may have; where the letters are also a word ("me", "at"), only after "postcode"."""
    lowered = [w.lower() for w in words]
    found: List[Tuple[int, int, str]] = []
    i = 0
    while i < len(lowered):
        if lowered[i] not in _POSTCODE_AREAS and len(lowered[i]) != 1:
            i += 1  # most words start no postcode: the area is one word or one or two letters
            continue
        area, j = _letters_at(lowered, i, 2)
        if not area or area not in _POSTCODE_AREAS:
            area, j = _letters_at(lowered, i, 1)
        match = None
        if area in _POSTCODE_AREAS:
            for district_end, lettered in ((j + 1, False), (j + 2, False), (j + 2, True), (j + 3, True)):
                # "fourteen", "twenty one", and a district's letter after them ("wc one v")
                numbers = lowered[j:district_end - lettered]
                district = spoken_digits(numbers)
                letter = lowered[district_end - 1] if lettered and district_end <= len(lowered) else ""
                digit = DIGIT_WORDS.get(lowered[district_end]) if district_end < len(lowered) else None
                inward, end = _letters_at(lowered, district_end + 1, 2)
                if (numbers and all(w in KINDS for w in numbers) and district.isdigit()
                        and 1 <= int(district) <= 99 and (not lettered or (len(letter) == 1 and letter.isalpha()))
                        and digit is not None and lowered[district_end] != "oh" and inward
                        and set(inward) <= _INWARD_LETTERS
                        and (_WORD_LETTERS.isdisjoint((area, inward))
                             or _POSTCODE_CUE in lowered[max(0, i - _CUE_WINDOW):i])):
                    match = (i, end, f"{area.upper()}{district}{letter.upper()} {digit}{inward.upper()}")
        if match:
            found.append(match)
            i = match[1]
        else:
            i += 1
    return found
