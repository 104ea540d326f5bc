"""Number phrases converted whole or not at all: ITN spans grown over the rest of a multi-word number.

The tagger sometimes stops a span inside a spoken number ("six hundred" | "and sixty") or leaves a currency
word after it. :func:`complete_number_spans` takes the words and their ITN BIO labels and returns labels whose
spans cover every number phrase they touch, merged where a phrase runs through ``hundred``/``thousand``/``and``
from one span into the next, plus a currency (or "percent", "o'clock") said after the number ("dollars", "us
dollars", "bucks") and the "old" of an age ("five year old"). A span is cut before an article that is not part
of its number: in "three dollars a gallon" the "a gallon" stays words ("$3 a gallon"), while "a hundred", "one
and a half" and "ten a m" keep theirs. Both numbers of a range said with "to" get a span, with the "to" left
between them ("3 to 2"). A letter said right before a number may be part of its name (:func:`leads_number`:
"vitamin B12"). What a converted number stands for in its context is :mod:`.number_readings`.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .guards import MONTHS, SUBUNIT_WORDS, spoken_digits
from .labels import SENTENCE_END, bio_spans, has_vowel

_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = "thousand million billion trillion".split()
_UNIT_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth".split()
_TEEN_ORDINALS = ("tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                  "nineteenth").split()

# word → kind: U unit 1-9, T ten-nineteen, D twenty-ninety, H hundred, S thousand and up, Z zero; a trailing
# "o" marks an ordinal ("sixtieth" is "Do"), which ends a phrase.
KINDS: Dict[str, str] = {
    **{w: "U" for w in _UNITS}, **{w: "T" for w in _TEENS}, **{w: "D" for w in _TENS}, "hundred": "H",
    **{w: "S" for w in _SCALES}, "zero": "Z",
    **{w: "Uo" for w in _UNIT_ORDINALS}, **{w: "To" for w in _TEEN_ORDINALS},
    **{w[:-1] + "ieth": "Do" for w in _TENS}, "hundredth": "Ho", **{w + "th": "So" for w in _SCALES},
}
# Which kind may follow which inside one cardinal ("six hundred", "twenty five", "thousand five", "hundred sixty").
_NEXT = {"U": "HS", "T": "HS", "D": "UHS", "H": "UTDS", "S": "UTD", "Z": ""}
# Year-style pairs, only as a phrase's first two words: nineteen ninety, nineteen eighteen, twenty twenty, twenty ten.
_YEAR_PAIRS = {("T", "D"), ("T", "T")}
# Units that join the span when said right after its number: currencies and percent (longest first). Yuan and rmb
# are not among them: the shipped converter writes "twenty yuan" as "20-yuan" and "rmb" as "Rmb" inside a span.
UNIT_PHRASES: Tuple[Tuple[str, ...], ...] = tuple(sorted((tuple(p.split()) for p in (
    "dollar", "dollars", "us dollars", "u s dollars", "euro", "euros", "pound", "pounds", "pounds sterling",
    "bucks", "cents", "pence", "percent", "o'clock", "o clock")), key=len, reverse=True))

# Nouns that name things by number ("room 5", "chapter 3", "No. 2"): a number after them is a label, written in
# digits however small (see ``U2TF``'s ``spell_numbers_below``).
NUMBER_LABELS = frozenset(
    "room rooms page pages chapter chapters number no numbers flight gate platform track channel level grade "
    "season episode volume part section article exhibit apartment suite bus route highway interstate step table "
    "figure question item act scene psalm verse version line lines floor terminal window counter booth seat row "
    "class form box unit ward lane block lot hall building extension exit locker office cabin train".split())


def labels_a_number(word: str) -> bool:
    """Whether a number said right after ``word`` labels something ("room five" → "room 5")."""
    return word.lower().rstrip(".") in NUMBER_LABELS


# Nouns a number said after identifies ("order number 45821", "account ... 4482 1937 06"; not "seat", "train", a
# verb as often as a label): written without the commas of an amount, its groups apart.
IDENTIFIERS = frozenset("""
number no hash code account order ticket reference ref id pin extension invoice policy confirmation case claim
tracking serial flight
""".split())
# Words between such a noun and the number it names ("account number, please? yes, it's ...").
IDENTIFIER_GLUE = frozenset("is it's its was it please yes yeah sure that's um uh".split())
_IDENTIFIER_WINDOW = 4
_IDENTIFIER_REACH = 32  # words looked back at in all: a long run of number words is no identifier's groups


def identifier_at(words: Sequence[str], start: int) -> Optional[int]:
    """Where the noun of :data:`IDENTIFIERS` stands that comes before ``words[start]``, with only a few words of
    :data:`IDENTIFIER_GLUE` between, and the number words and letters of the identifier's earlier groups; ``None``
    where there is none."""
    glue = 0
    for k in range(start - 1, max(-1, start - 1 - _IDENTIFIER_REACH), -1):
        word = words[k].lower()
        if word in IDENTIFIERS:
            return k
        if word in KINDS or word in ("oh", "o") or (len(word) <= 3 and word.isalpha() and not has_vowel(word)):
            continue  # the identifier's earlier groups, digits or letters ("ss forty thousand ...")
        glue += 1
        if word not in IDENTIFIER_GLUE or glue > _IDENTIFIER_WINDOW:
            return None
    return None


def identifier_before(words: Sequence[str], start: int) -> bool:
    """Whether a noun of :data:`IDENTIFIERS` comes before ``words[start]`` (:func:`identifier_at`)."""
    return identifier_at(words, start) is not None


# Words after which "N to H" is a time ("at twenty to eight"); after "around", "by" or "about" it may be a range.
TIME_ONLY_BEFORE = frozenset("at until till til since".split())
CARDINAL = frozenset("UTDHSZ")  # the kinds of a cardinal number word


def _kind(word: str) -> Optional[str]:
    return KINDS.get(word.lower())


def cardinal_word(word: str) -> bool:
    """Whether ``word`` is a cardinal number word ("seventy", "hundred"; not "seventieth")."""
    return _kind(word) in CARDINAL  # an ordinal's kind ends in "o"


_UNIT_LETTERS = frozenset("m g l".split())  # units a normalizer leaves as letters ("8,848.86 m" is "... six m")
_FRACTIONS = frozenset("half halves quarter quarters".split())
# Words that join two numbers into one reading ("one forty over ninety", "six by four", "five to ten").
_BETWEEN_NUMBERS = frozenset("over by to and or x times plus minus into point dash slash out of".split())


def narrower_spans(words: Sequence[str], start: int, end: int) -> List[Tuple[int, int]]:
    """Narrower spans to convert in place of ``words[start:end]`` when stage 2 could not write it whole: without its
    last word, then without its first, each where the word left out is a word and no number word (nor a fraction,
    "two fifths"), nor a word that joins two numbers ("one forty over ninety"), and a number word is left ("seven
    miles northwest" → "seven miles", "sixteen knots" → "sixteen"), or a bracketed label typed there ("(a)"). A
    single letter is left out only as a unit after a number ("point eight six m"); elsewhere it is part of a code or
    an acronym ("twenty thousand r m b")."""
    def number(i: int) -> bool:
        return 0 <= i < len(words) and words[i].lower() in KINDS

    def loose(i: int) -> bool:
        word = words[i].lower()
        if word[:1] in "([{" and word[-1:] in ")]}":
            return True  # a bracketed label typed after a number: "nineteen ninety nine (a)"
        if len(word) == 1:
            return word in _UNIT_LETTERS and i == end - 1 and number(i - 1)
        plural_ordinal = word.endswith("s") and word[:-1] in KINDS and word != "seconds"  # "fifths", not time's
        return (word.isalpha() and word not in KINDS and not plural_ordinal and word not in _FRACTIONS
                and not (word in _BETWEEN_NUMBERS and number(i - 1) and number(i + 1)))

    return [(s, e) for s, e, edge in ((start, end - 1, end - 1), (start + 1, end, start))
            if e - s > 0 and loose(edge) and any(w.lower() in KINDS for w in words[s:e])]


def _phrase_end(words: Sequence[str], kinds: Sequence[Optional[str]], start: int) -> int:
    """End (exclusive) of the number phrase that starts with the number word ``words[start]``: "six hundred and
    sixty", "nineteen ninety five", "two point five million"; an ordinal ends it ("twenty first")."""
    n = len(words)
    j = start + 1
    if kinds[start] is None or kinds[start].endswith("o"):
        return j
    and_at, scale_before_and = -1, 0  # where "and" continued a scale, and the largest scale before it
    smallest_scale, group_start = 0, start  # the last scale word's rank so far; where the words after it start
    hundred = start if kinds[start][0] == "H" else -1  # the last hundred said; one at most since the last scale
    while j < n:
        prev = kinds[j - 1] or ""
        nxt = kinds[j]
        word = words[j].lower()
        year_after = j + 2 < n and kinds[j + 1] == "D" and kinds[j + 2] in ("T", "D")  # "and twenty nineteen"
        if (word == "and" and prev in ("H", "S") and j + 1 < n and (kinds[j + 1] or "")[:1] in ("U", "T", "D")
                and not year_after):
            and_at, scale_before_and = j, max(_scale_rank(w) for w in words[start:j])
            j += 1  # "hundred and sixty": the next word is checked as a continuation of the scale
            nxt = kinds[j]
        elif word == "point" and prev[:1] in ("U", "T", "D", "Z") and j + 1 < n and kinds[j + 1] in ("U", "Z"):
            j += 2
            while j < n and kinds[j] in ("U", "Z"):  # digits after the point, one word each
                j += 1
            return j + 1 if j < n and kinds[j] == "S" else j  # "two point five million"
        if nxt is None:
            break
        base, ordinal = nxt[0], nxt.endswith("o")
        year = j == start + 1 and ((prev, base) in _YEAR_PAIRS
                                   or (words[start].lower() == "twenty" and base in ("D", "T")))
        if not (year or base in _NEXT.get(prev, "")):
            break
        if base == "S" and 0 < scale_before_and <= _scale_rank(words[j]):
            return and_at  # "ten thousand and thirty thousand": a scale as large again starts a second number
        if base == "S" and 0 < smallest_scale <= _scale_rank(words[j]) and group_start < j:
            # "one thousand five hundred three thousand": scales only fall within a number, so a second one
            # starts after the hundreds ("1,500" | "3,000"), or right after the scale ("2,000" | "3,000")
            return (hundred if group_start <= hundred < j - 1 else group_start - 1) + 1
        if base == "H" and hundred >= group_start:
            # "three hundred and four hundred": a hundred comes once between scales, so a second number starts
            return and_at if and_at == j - 2 else j - 1  # the unit before it starts it, or the "and" before that
        if base == "H":
            hundred = j
        if base == "S":
            smallest_scale, group_start = _scale_rank(words[j]), j + 1
        j += 1
        if ordinal:
            break
        if year:  # nineteen ninety [five]: only a unit may follow
            if j < n and kinds[j] in ("U", "Uo") and base == "D":
                j += 1
            break
    return j


def number_phrases(words: Sequence[str]) -> List[Tuple[int, int]]:
    """The maximal number phrases of ``words``, left to right, as ``[start, end)``."""
    kinds = [_kind(w) for w in words]
    out: List[Tuple[int, int]] = []
    i = 0
    while i < len(words):
        if kinds[i] is not None:
            end = _phrase_end(words, kinds, i)
            out.append((i, end))
            i = end
        else:
            i += 1
    return out


def ordinals_after_letters(words: Sequence[str], case: Sequence[str], start: int, end: int) -> List[int]:
    """Where a span ``words[start:end]`` is cut between letters and the ordinal said right after them ("u s |
    seventh fleet", "nk | ninth division"): the letters name something ("U.S.", "NK") and the ordinal is written on
    its own ("7th"), never run into them ("US7th"). Letters are single ones said in a row, or a word the tagger
    writes as an acronym."""
    cuts: List[int] = []
    for phrase_start, phrase_end in number_phrases(words[start:end]):
        k = start + phrase_start
        before = words[k - 1] if k > start else ""
        if ((KINDS.get(words[start + phrase_end - 1].lower()) or "").endswith("o") and before
                and ((len(before) == 1 and before.isalpha()) or case[k - 1] == "ACRONYM")):
            cuts.append(k)
    return cuts


_YEAR_WORDS = 4  # "two thousand and nine", "nineteen ninety nine"


# Words a year is said after that another number may follow with no mark between ("net zero by twenty forty five
# five years ahead").
_BEFORE_YEARS = frozenset("by in since until till before after".split())


def years_then_numbers(words: Sequence[str], start: int, end: int) -> List[int]:
    """Where a span ``words[start:end]`` is cut after a date's year that another number follows ("december two
    thousand nine | five years later", "june twenty seventeen | seventy two people": a normalizer that reads a
    whole text drops the sentence's end between them): the year is the longest run of words after the month that
    says a year from 1000 to 2099 and stops before a number. After a word of :data:`_BEFORE_YEARS` instead of a
    month, only where the number after the year counts a word said after it ("by twenty forty five | five years
    ahead"; not "in nineteen ninety nine five")."""
    cuts: List[int] = []
    for m in range(max(start - 1, 0), end):
        month = words[m].lower() in MONTHS
        if not month and (words[m].lower() not in _BEFORE_YEARS or m + 1 == end or _kind(words[m + 1]) is None):
            continue
        year = m + 1
        while year < end and (_kind(words[year]) or "").endswith("o"):
            year += 1  # the day said after the month: "june eighteenth nineteen forty two"
        for size in range(_YEAR_WORDS, 1, -1):
            cut = year + size
            if cut >= end or not all(_kind(w) in CARDINAL for w in words[year:cut]):
                continue
            digits = spoken_digits(words[year:cut])
            if (len(digits) == 4 and digits.isdigit() and 1000 <= int(digits) <= 2099
                    and _kind(words[cut]) in CARDINAL and words[cut].lower() != "and"
                    and len(spoken_digits(words[year:cut + 1])) > 4
                    and (month or _counts_a_word(words, cut))):
                cuts.append(cut)
                break
    return cuts


# Words after a number that it counts nothing before ("in 1934 37 with improvements" is the range 1934-37).
_NOT_COUNTED = frozenset("""
and or but nor point the a an with in on at of to for by from as that this these those it its their his her our my
your we they he she i you is was were are be been has had have will would can could so then than when while after
before since until into per
""".split())


def _counts_a_word(words: Sequence[str], start: int) -> bool:
    """Whether the number phrase at ``start`` is followed by a word that it counts ("five years"): no number, no
    function word."""
    after = start + number_phrases(words[start:start + _YEAR_WORDS * 4])[0][1]  # no number phrase is longer
    return (after < len(words) and _kind(words[after]) is None and words[after].isalpha()
            and words[after].lower() not in _NOT_COUNTED)


def said_months(words: Sequence[str], start: int, end: int) -> List[int]:
    """The positions of the months said in the span ``words[start:end]``, to capitalize where the span is written
    as said ("the fifth and sixth of September"); "may" and "march" only beside a number or "of", where they are
    no verb."""
    found = []
    for i in range(start, end):
        word = words[i].lower()
        if word not in MONTHS:
            continue
        beside = [words[j].lower() for j in (i - 1, i + 1) if start <= j < end]
        if word not in ("may", "march") or any(w == "of" or _kind(w) is not None for w in beside):
            found.append(i)
    return found


def _scale_rank(word: str) -> int:
    return _SCALES.index(word.lower()) + 1 if word.lower() in _SCALES else 0


# Currencies in the plural, which a price said in pairs comes before ("one eighty five dollars" is $185; "one twenty
# dollar bill" is one $20 bill).
_PRICED = frozenset("dollars euros pounds bucks".split())


def _price_pair(words: Sequence[str], left: Sequence[int], right: Sequence[int]) -> bool:
    """Whether two tagger spans side by side are a price said in pairs: one digit, then tens and a currency in the
    plural ("one" | "eighty five dollars" is $185)."""
    return (left[1] - left[0] == 1 and _kind(words[left[0]]) == "U" and left[1] == right[0]
            and _kind(words[right[0]]) == "D" and any(w.lower() in _PRICED for w in words[right[0]:right[1]]))


_MAJOR_CURRENCIES = _PRICED | frozenset("dollar euro pound".split())  # and their singulars


def _hundredths(words: Sequence[str], left: Sequence[int], right: Sequence[int]) -> bool:
    """Whether two tagger spans side by side are an amount and its hundredths: the left ends with its currency,
    the right is a number and "cents" or "pence", or a number with "cents" or "pence" right after it ("one hundred
    and forty two euros" | "sixty cents" is €142.60, "thirty four pounds" | "fifty" "pence" £34.50); the currency may
    be outside the left span ("one" "euro" | "sixty cents" is €1.60)."""
    end = right[1] + (right[1] < len(words) and words[right[1]].lower() in _SUBUNIT_ENDS)
    currency = right[0] - 1
    return (left[1] in (currency, right[0]) and words[currency].lower() in _MAJOR_CURRENCIES and end - right[0] > 1
            and words[end - 1].lower() in _SUBUNIT_ENDS
            and all(_kind(w) in CARDINAL for w in words[right[0]:end - 1]))


def _joins(words: Sequence[str], left: Tuple[int, int], right: Tuple[int, int]) -> bool:
    """Whether two tagger spans are one number split in two: a hundred, a scale or "and" at or between their
    facing ends ("six hundred" | "sixty", "six hundred" "and" "sixty"), or a smaller scale on the right than on
    the left ("... million seven hundred ninety" | "two thousand ...": a number's scales only fall); not two
    numbers side by side."""
    if any(_kind(w) in ("H", "S") or w.lower() == "and" for w in words[left[1] - 1:right[0] + 1]):
        return True
    left_scale = max((_scale_rank(w) for w in words[left[0]:left[1]]), default=0)
    right_scale = next((_scale_rank(w) for w in words[right[0]:right[1]] if _kind(w) == "S"), 0)
    return 0 < right_scale < left_scale


def _unit_end(words: Sequence[str], end: int) -> int:
    lowered = [w.lower() for w in words[end:end + 3]]
    for phrase in UNIT_PHRASES:
        if tuple(lowered[:len(phrase)]) == phrase:
            return end + len(phrase)
    return end


# What an article inside a span may come before and still be part of its number or its letters: a scale or a
# fraction ("a hundred", "one and a half", "a quarter past"), "a m", or a word or letter of the span's own
# sequence ("a one", "a b c").
_ARTICLE_PART_OF = frozenset("hundred thousand million billion trillion dozen half quarter quarters third thirds "
                             "m".split())


# Words that never follow an article: "a" before one of them is a letter ("eighteen a and ...").
FUNCTION_WORDS = frozenset("and or of the to in on at for with by from is was are were it that this as but so "
                            "they we he she you i".split())


def _article_cut(words: Sequence[str], start: int, end: int) -> int:
    """The end of the span ``[start, end)`` cut before its first article that no number or letter follows (the
    tagger's "three dollars a" before "gallon" ends at "dollars", "twenty five p a" before "liter" at "p"; after a
    letter, or after a number and before a word no article comes before, "a" is a letter: "l a", "page eighteen a
    and"), and
    before an "and" or "or" that ends it ("a hundred dollars and" before "up", "seven thirty or" before "eight
    fifteen"; not "and slash or"), and before a "point" that no number follows ("two thousand seven point" before
    "and click")."""
    for i in range(start + 1, end):
        pence = words[i - 1].lower() in ("p", "c") and i - 1 > start and _kind(words[i - 2]) in CARDINAL
        if words[i].lower() != "an" and (words[i].lower() != "a" or (len(words[i - 1]) == 1 and not pence)):
            continue  # after a letter, "a" is one too ("l a", "u s a"); not after pence ("twenty five p a liter")
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        if _kind(words[i - 1]) and nxt in FUNCTION_WORDS:
            continue  # a letter after a number: "page eighteen a and nineteen a" is 18a and 19a
        if nxt and not (nxt in _ARTICLE_PART_OF or _kind(nxt) or len(nxt) == 1
                        or any(ch.isdigit() for ch in nxt)):
            end = i
            break
    while end - start > 1 and ((words[end - 1].lower() in ("and", "or") and words[end - 2].lower() != "slash") or (
            words[end - 1].lower() == "point" and not (end < len(words) and _kind(words[end])))):
        end -= 1
    return end


def _clock_end(words: Sequence[str], end: int) -> int:
    """The end of a span that stops at the "o" of "o clock", moved past its "clock" ("eleven o" | "clock")."""
    if end < len(words) and words[end].lower() == "clock" and words[end - 1].lower() in ("o", "oh"):
        return end + 1
    return end


def _counted_start(words: Sequence[str], start: int) -> int:
    """The start of a span that begins at a scale word, moved back over the article that counts it: the
    tagger's "hundred and fifty dollars" after "a" starts at "a" ("$150", not "a $50")."""
    if start and words[start - 1].lower() in ("a", "an") and (_kind(words[start]) or "")[:1] in ("H", "S"):
        return start - 1
    return start


def _range_sides(words: Sequence[str], spans: List[List[int]], phrases: Sequence[Tuple[int, int]]
                 ) -> List[List[int]]:
    """``spans`` with both numbers of a range said with "to" converted, each in a span of its own with the "to"
    between them, as references write ranges: a number outside any span gets one ("3 to two" is "3 to 2") and a
    span over the "to" is cut there ("ten to" | "fifteen dollars" is "10 to $15"). Left alone after "at", "until"
    or "since", where "twenty to eight" is a time."""
    starts = dict(phrases)
    for a_start, a_end in phrases:
        if (a_end + 1 not in starts or words[a_end].lower() != "to"
                or (a_start and words[a_start - 1].lower() in TIME_ONLY_BEFORE)):
            continue
        b_start, b_end = a_end + 1, starts[a_end + 1]
        if not any(span[0] < b_end and span[1] > a_start for span in spans):
            continue
        kept: List[List[int]] = []
        for span in spans:
            if span[0] <= a_end < span[1]:  # over the "to": cut there
                kept += [[lo, hi, lo, hi] for lo, hi in ((span[0], a_end), (b_start, span[1])) if lo < hi]
            else:
                kept.append(span)
        for lo, hi in ((a_start, a_end), (b_start, b_end)):
            if not any(span[0] < hi and span[1] > lo for span in kept):
                kept.append([lo, hi, lo, hi])
        spans = sorted(kept)
    return spans


# Words that join two amounts without making them one number ("twenty nine dollars plus seventy nine cents", "28 of
# 32").
_CONJUNCTIONS = frozenset("or plus of".split())
# Words that end an amount: an "and" after them starts the next ("four dollars fifty cents and eighty seven dollars");
# not "p", which may be a letter said before "and".
_SUBUNIT_ENDS = SUBUNIT_WORDS - {"p"}


def _conjunction_cuts(words: Sequence[str], spans: List[List[int]],
                      phrases: Sequence[Tuple[int, int]]) -> List[List[int]]:
    """``spans`` cut at an "or", "plus" or "of" between a number (or its currency) and a number word: "seven fifteen
    or eight forty five", "$29.95 plus 79 cents" and "28 of 32" are two amounts, which stage 2 writes apart or drops
    a word of; and at an "and" between two number phrases (``phrases``, :func:`number_phrases`) that no number runs
    through ("the twenty second and twenty third" are two ordinals; a small ordinal alone before it stays in its
    span, "the fifth and sixth of september", which stage 2 writes whole or not at all), or after an amount's cents
    or currency before another amount: "between four hundred ten thousand and four hundred thirty thousand" is 410,000
    and 430,000, "four dollars fifty cents and eighty seven dollars" $4.50 and $87, "five thousand dollars and ten
    thousand dollars" $5,000 and $10,000; and between two phrases side by
    side that both have a scale ("one thousand five hundred" | "three thousand"); and between two amounts side by
    side, each with its currency ("three thousand dollars" | "five thousand dollars"; not "twelve dollars fifty
    cents"); and at a "to" between two amounts ("four dollars thirty five cents to four dollars fifty five cents")."""
    ends = {end for _, end in phrases}
    phrase_ends = dict(phrases)
    long_ends = {end for start, end in phrases if end - start > 1}  # "twenty second", not "fifth"
    unit_ends = {_unit_end(words, end) for end in ends} - ends  # where a number's unit said after it ends
    starts = {start for start, _ in phrases}
    scaled = [(start, end) for start, end in phrases if any(_kind(w) in ("S", "H") for w in words[start:end])]
    scaled_starts, scaled_ends = {start for start, _ in scaled}, {end for _, end in scaled}
    out: List[List[int]] = []
    for span in spans:
        lo = span[0]
        for k in range(span[0] + 1, span[1]):
            if k in scaled_starts and k in scaled_ends:  # "one thousand five hundred" | "three
                out.append([lo, k, lo, k])  # thousand": scales only fall within a number, so these are two
                lo = k
        for k in range(max(lo, span[0] + 1), span[1] - 1):
            between_amounts = k + 1 in starts and (  # "cents" | "four dollars", "dollars" | "ten dollars"
                words[k - 1].lower() in _SUBUNIT_ENDS
                or (k in unit_ends and _own_unit(words, k + 1, phrase_ends[k + 1])))
            between_numbers = between_amounts or (k + 1 in starts and k in ends and (
                _kind(words[k - 1]) in CARDINAL
                or ((_kind(words[k - 1]) or "").endswith("o") and k in long_ends)))  # "twenty second and third"
            if (words[k].lower() == "and" and between_numbers) or (words[k].lower() == "to" and between_amounts) or (
                    words[k].lower() in _CONJUNCTIONS and _kind(words[k + 1]) in CARDINAL
                    and (_kind(words[k - 1]) in CARDINAL or _unit_end(words, k - 1) == k)):
                out.append([lo, k, lo, k])
                lo = k + 1
            elif k > lo and k in unit_ends and k in starts and _own_unit(words, k, phrase_ends[k]):
                out.append([lo, k, lo, k])  # "three thousand dollars" | "five thousand dollars"
                lo = k
        out.append(span if lo == span[0] else [lo, span[1], lo, span[1]])
    return out


def _own_unit(words: Sequence[str], start: int, end: int) -> bool:
    """Whether the number phrase ``words[start:end]``, said after another number's unit, has a unit of its own
    after it: a second amount ("dollars" | "five thousand dollars"), not the cents of the first ("dollars" "fifty
    cents", "dollars and fifty cents")."""
    unit = words[end].lower() if end < len(words) else ""
    return _unit_end(words, end) > end and not (unit in SUBUNIT_WORDS and words[start - 1].lower() not in SUBUNIT_WORDS)


_AGE_UNITS = frozenset("year month week day".split())  # "five year old"; "five years old" says an age
# Singular nouns of measure that a number other than one said right before makes a compound modifier ("a twenty
# four hour service" is "a 24-hour service", "an eighteen mile race" "an 18-mile race").
COMPOUND_UNITS = frozenset(
    "second minute hour day week month year decade mile foot inch yard metre meter kilometre kilometer centimetre "
    "centimeter millimetre millimeter kilogram gram ton tonne gallon litre liter acre storey story page point "
    "bedroom room seat man member person hole lap goal stroke star step piece part track episode night "
    "course player word letter digit character ounce pint quart bit byte watt volt degree speed door game round "
    "string".split())  # not "lane": "four lane" may be an address
# A unit and the plural noun after it that make a noun of their own: the number counts that ("twelve member states"
# are 12 member states, not "12-member States"; "forty story points").
_UNIT_NOUNS = frozenset({("member", "states"), ("member", "countries"), ("member", "nations"),
                        ("member", "organisations"), ("member", "organizations"), ("story", "points")})


# Units of distance whose number and "per hour" said after them are one speed ("65 mph", "120 km/h"; NeMo's
# normalizer reads "km/h" as "kilometers per h").
_DISTANCE_UNITS = frozenset("mile miles kilometre kilometres kilometer kilometers km".split())
_PER_HOUR = (("per", "hour"), ("per", "h"))


def _speed_end(words: Sequence[str], end: int) -> int:
    """The end of a span that stops before a distance unit and "per hour" ("twelve" | "miles per hour"), at the
    unit ("sixty five miles" | "per hour") or at its "per" ("miles per" | "hour"), moved past the "hour": one
    speed, "65 mph" (not "65 mi per hour")."""
    for unit in (end, end - 1, end - 2):  # where the distance unit stands
        if (0 <= unit < len(words) and words[unit].lower() in _DISTANCE_UNITS
                and tuple(w.lower() for w in words[unit + 1:unit + 3]) in _PER_HOUR
                and (unit < end or (end and _kind(words[end - 1]) in CARDINAL))):
            return unit + 3
    return end


# Words that say a number is a temperature, a few words around a "c" or "f" said after it.
_TEMPERATURE_CUES = frozenset("""
temperature temperatures degree degrees hot hotter hottest cold colder coldest warm warmer warmest cool cooler heat
heatwave high highs low lows weather forecast freezing frost thermostat chilly mild celsius fahrenheit
oven ovens bake baked baking roast roasted roasting preheat preheated boil boiling simmer fridge freezer fever
thermometer incubate incubated incubator incubation
""".split())
_TEMPERATURE_WINDOW = 10


def temperature_letter(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]``, "c" or "f" said right after a number, is its scale, as weather reports write it
    ("highs of seventy two f" is 72F, "it will reach twenty three c" 23C): a word of temperature is said within
    ten words of it; "fifty c each" may be cents."""
    if not (0 < i < len(words) and words[i].lower() in ("c", "f") and _kind(words[i - 1]) in CARDINAL):
        return False
    window = words[max(0, i - _TEMPERATURE_WINDOW):i + _TEMPERATURE_WINDOW + 1]
    return not _TEMPERATURE_CUES.isdisjoint(w.lower() for w in window)


# Words a span may start with only after its number: the number said right before joins it ("sixty eight" | "percent"
# is 68%, never "sixty eight %").
_SAID_AFTER_NUMBER = _MAJOR_CURRENCIES | frozenset("percent cents pence yen degrees".split())


def complete_number_spans(words: Sequence[str], itn: Sequence[str]) -> List[str]:
    """ITN BIO labels whose spans cover the whole of every number phrase they touch (see the module doc).

    Spans are grown and merged (over the article of "a hundred", :func:`_counted_start`), cut only before an
    article that is not part of the number (:func:`_article_cut`) and at the "to" of a range, whose other
    number gets a span too (:func:`_range_sides`); a phrase that would join two spans that are two numbers side
    by side ("twenty" | "five") is cut at the tagger's boundary instead.
    """
    spans = [(start, _clock_end(words, _article_cut(words, start, end))) for start, end in bio_spans(itn)]
    if not spans:
        return list(itn)
    phrases = number_phrases(words)
    grown: List[List[int]] = []  # [start, end, original start, original end]
    for start, end in spans:
        lo, hi = start, end
        for p_start, p_end in phrases:
            if (p_start < end and p_end > start) or (p_end == start and words[start].lower() in _SAID_AFTER_NUMBER):
                lo, hi = min(lo, p_start), max(hi, p_end)
        grown.append([lo, hi, start, end])
    merged: List[List[int]] = []
    for span in grown:
        if merged and (_price_pair(words, merged[-1], span) or _hundredths(words, merged[-1], span)):
            merged[-1][1], merged[-1][3] = span[1], span[3]
            continue
        if merged and span[0] < merged[-1][1]:
            last = merged[-1]
            if _joins(words, (last[2], last[3]), (span[2], span[3])):
                last[1], last[3] = max(last[1], span[1]), span[3]
                continue
            last[1] = max(last[3], min(last[1], span[2]))  # give the next span back its own words
            span[0] = max(span[0], last[1])
        merged.append(span)
    merged = _range_sides(words, _conjunction_cuts(words, merged, phrases), phrases)
    out = ["O"] * len(words)
    k = 0
    while k < len(merged):
        lo, hi = merged[k][0], merged[k][1]
        if not (k and merged[k - 1][1] == lo):
            lo = _counted_start(words, lo)
        if hi - lo > 1 and words[lo].lower() == "the" and not any(w.lower() in MONTHS for w in words[lo:hi]):
            lo += 1  # "on the thirtieth" is on the 30th; a date may drop it ("the fifth of may" is May 5)
        if hi - lo > 1 and words[lo].lower() == "plus" and _kind(words[lo + 1]) in CARDINAL:
            lo += 1  # "plus" | "five dollars": what is added, not a sign ("$95 plus $120 an hour")
        if hi - lo > 1 and labels_a_number(words[lo]) and _kind(words[lo + 1]) in CARDINAL:
            lo += 1  # "order number" | "five five eight one two": the noun stays a word
        if _kind(words[hi - 1]) and not _kind(words[hi - 1]).endswith("o"):
            unit_end = _unit_end(words, hi)
            if k + 1 < len(merged) and hi <= merged[k + 1][0] < unit_end and merged[k + 1][1] == unit_end:
                k += 1  # the tagger gave the unit or its end a span of its own ("six hundred" | "us dollars"): one
            limit = merged[k + 1][0] if k + 1 < len(merged) else len(words)
            hi = unit_end if unit_end <= limit else hi
        free = not (k + 1 < len(merged) and merged[k + 1][0] == hi)  # no span starts right after this one
        if (free and hi < len(words) and words[hi].lower() in COMPOUND_UNITS and _kind(words[hi - 1]) in CARDINAL
                and [w.lower() for w in words[lo:hi]] != ["one"]
                and not (hi + 1 < len(words) and (words[hi + 1].lower() in FUNCTION_WORDS
                                                  or (words[hi].lower(), words[hi + 1].lower()) in _UNIT_NOUNS))):
            hi += 1  # "ten" | "minute walk": the compound is one span (not "seven" | "point and click")
        if free and hi < len(words) and words[hi].lower() == "old" and words[hi - 1].lower() in _AGE_UNITS:
            hi += 1  # "five year" | "old": the age is one span
        if free and hi < len(words) and temperature_letter(words, hi):
            hi += 1  # "seventy two" | "f": a temperature, 72F
        speed_end = _speed_end(words, hi)
        if not free and speed_end > hi and merged[k + 1][1] <= speed_end:
            k += 1  # the tagger gave "hour" or "per hour" a span of its own: one speed, "150 mph"
            free = not (k + 1 < len(merged) and merged[k + 1][0] == speed_end)
        if free:
            hi = speed_end
        while k + 1 < len(merged) and merged[k + 1][1] <= hi:
            k += 1  # a span of the tagger's inside what this one grew over ("miles per" "hour")
        if lo and words[lo - 1].lower() == "minus" and "degrees" in (w.lower() for w in words[lo:hi]) and (
                not k or merged[k - 1][1] < lo):
            lo -= 1  # "minus" | "forty degrees celsius": the sign is the temperature's
        out[lo:hi] = ["B"] + ["I"] * (hi - lo - 1)
        k += 1
    return out


def said_decimals(words: Sequence[str], itn: Sequence[str]) -> List[str]:
    """``itn`` with one span over every decimal said with "point" that no span touches or that spans inside it
    split ("two point five zero", "one point five"; "zero point zero" | "zero zero four"): no editor writes a
    decimal in words or in two pieces, where the tagger may leave one among fillers. "At one point" with a single
    digit after it stays words ("at one point two of them left")."""
    out = list(itn)
    for start, end in number_phrases(words):
        said = [w.lower() for w in words[start:end]]
        crossed = (itn[start] == "I" and start and itn[start - 1] != "O") or (end < len(itn) and itn[end] == "I")
        if "point" not in said[1:-1] or crossed:
            continue
        untouched = all(label == "O" for label in itn[start:end])  # else the tagger's pieces of it, made one
        if untouched and said == ["one", "point", said[-1]] and start and words[start - 1].lower() in ("at", "by"):
            continue
        out[start:end] = ["B"] + ["I"] * (end - start - 1)
    return out


def leads_number(words: Sequence[str], i: int, case: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether the letter ``words[i]`` starts the name of the number said right after it, as names of models,
    vitamins, roads and gates are written ("vitamin b twelve" is B12, "airbus a three eighty" A380): a letter
    the tagger writes in capitals, with no mark after it but a comma, that does not start a sentence nor end a
    spelled-out acronym ("u s" | "two thousand"); "a" only where the tagger capitalizes it mid-sentence, never
    "i"."""
    return (0 < i < len(words) - 1 and len(words[i]) == 1 and words[i].isalpha() and words[i].lower() != "i"
            and case[i] != "LOWER" and punct[i] in ("O", "COMMA") and len(words[i - 1]) > 1
            and punct[i - 1] not in SENTENCE_END and _kind(words[i + 1]) in CARDINAL)


# Acronyms that a number after them counts or qualifies rather than names ("the US 50 states", "NHS 111"), and
# currencies, standards and bills whose number is written after a space ("CHF 12", "IFRS 16", "SOC 2", "HR 5").
_QUALIFYING_ACRONYMS = frozenset("""
us uk eu un usa nhs bbc itv cnn chf usd eur gbp jpy aud cad nzd hkd sgd sek nok dkk inr cny zar ifrs iso iec soc hr
bs din astm ieee rfc
""".split())


def acronym_names_number(words: Sequence[str], i: int, end: int, case: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether the acronym ``words[i]`` (two to four letters) and the number said after it up to ``end`` are one
    name, written together as names of standards, railways, molecules and consoles are ("hs two" is HS2, "co two"
    CO2, "our cet one ratio" CET1, "the ps two" PS2): an acronym as the tagger writes it with no mark after it, a
    number said in one or two cardinal words with no mark inside, and after it no plural, unit or number word that
    it would count ("the CEO 2 years ago")."""
    if not (0 <= i and end - i - 1 in (1, 2) and end <= len(words) and 2 <= len(words[i]) <= 4
            and words[i].isascii() and words[i].isalpha() and case[i] == "ACRONYM"
            and words[i].lower() not in _QUALIFYING_ACRONYMS and all(p == "O" for p in punct[i:end - 1])
            and all(_kind(w) in CARDINAL for w in words[i + 1:end])):
        return False
    after = words[end].lower() if end < len(words) else ""
    plural = len(after) > 3 and after.endswith("s") and not after.endswith(("ss", "us", "is"))
    return not (plural or _kind(after) or after in COMPOUND_UNITS or after in _SAID_AFTER_NUMBER)


# Nouns that name a reference a caller reads out ("your case number is ra fifty five thousand one hundred seven").
_REFERENCE_NOUNS = frozenset("""
number no reference ref ticket case claim code id order booking confirmation account policy tracking invoice
membership serial incident file voucher locator request
""".split())
# Words between such a noun and the code's letters.
_REFERENCE_GLUE = frozenset("is it's its was will be under number id".split())


def code_letters(words: Sequence[str], i: int, case: Sequence[str], punct: Sequence[str]) -> bool:
    """Whether the letters ``words[i]`` (two to four) start a reference code with the number said right after
    them, as support calls read out case and ticket numbers ("your case number is ra fifty five thousand one
    hundred seven" is RA-55107, "ticket hd five thousand ninety two" HD-5092): a reference noun shortly before,
    only "is", "under" and their like between, and letters the tagger writes as an acronym or that have no
    vowel, so they are no word ("is", "the")."""
    if not (0 < i < len(words) - 1 and 2 <= len(words[i]) <= 4 and words[i].isalpha() and words[i].isascii()
            and punct[i] in ("O", "COMMA") and _kind(words[i + 1]) in CARDINAL):
        return False
    if case[i] != "ACRONYM" and has_vowel(words[i]):
        return False
    j = i - 1
    while j >= 0 and i - j <= 3 and words[j].lower() in _REFERENCE_GLUE and punct[j] == "O":
        j -= 1
    return j >= 0 and words[j].lower() in _REFERENCE_NOUNS and punct[j] == "O"


_FLIGHT_GLUE = frozenset("number is it's its was it".split())
_TWO_LETTER_WORDS = frozenset("am an as at be by do go he hi if in is it me my no of oh ok on or so to up us "
                              "we".split())


def airline_code_start(words: Sequence[str], start: int) -> Optional[int]:
    """Where the airline's code of a flight number begins, for a number said at ``words[start]`` after "flight"
    ("flight number", "the next flight is") and one or two letters said one by one, or a word of two letters, with
    nothing else between ("flight s w one thousand two hundred ninety" is SW 1290; "flight ba two one seven" BA
    217); ``None`` elsewhere."""
    i = start
    letters = 0
    while i > 0 and letters < 2 and len(words[i - 1]) == 1 and words[i - 1].isascii() and words[i - 1].isalpha():
        i, letters = i - 1, letters + 1
    if letters == 1 and words[i].lower() in ("a", "i"):
        return None  # "the flight a two hour delay": a word
    if (not letters and i > 0 and len(words[i - 1]) == 2 and words[i - 1].isascii() and words[i - 1].isalpha()
            and words[i - 1].lower() not in _TWO_LETTER_WORDS):
        i -= 1
    if i == start:
        return None
    j = i - 1
    while j >= 0 and i - j <= 2 and words[j].lower() in _FLIGHT_GLUE:
        j -= 1
    return i if j >= 0 and words[j].lower() == "flight" else None


def flight_code_start(words: Sequence[str], start: int, end: int) -> Optional[int]:
    """Where the airline's code begins of a flight number whose number is said in ``words[start:end]``, after
    letters inside the span or before it (:func:`airline_code_start`); ``None`` where it is no flight number."""
    number = next((i for i in range(start, end) if cardinal_word(words[i])), None)
    return None if number is None else airline_code_start(words, number)


def said_flight_number(words: Sequence[str], start: int, end: int) -> Optional[str]:
    """The flight number a span said whole, its airline's code and its number ("flight b a two thousand seven
    hundred one" is BA 2701, where stage 2 may drop a letter: "B 2701"; :func:`airline_code_start`), or ``None``."""
    number = next((i for i in range(start, end) if cardinal_word(words[i])), end)
    if number in (start, end) or airline_code_start(words, number) != start or not all(
            cardinal_word(w) or w.lower() == "and" for w in words[number:end]):  # "two hundred and nine"
        return None
    digits = spoken_digits([w.lower() for w in words[number:end]])
    return f"{''.join(words[start:number]).upper()} {digits}" if digits.isdigit() else None


# Words after which two digits said in a row are one code, not a range ("my pin is three five", "the card ending
# twenty two sixty").
_CODE_NOUNS = frozenset("code codes pin password passcode zip extension digits ending".split())
# Words after which a teen and a digit are a year or a time ("in nineteen five", "at ten five").
_YEAR_OR_TIME = frozenset("in since of from by until till circa year at around before after".split())
# Verbs a score is said after ("lead twenty eighteen" is 20-18, "finishes zero zero" 0-0).
_SCORE_VERBS = frozenset("lead leads led trail trails trailing leading finishes finished ends ended drew draw".split())
# A side's score said with "up" or "down" after a form of "be" ("we were seventeen ten up at half time").
_BE = frozenset("were was are is we're they're been being".split())
# Words after which two numbers of 20 to 99 are a price said without its currency ("it's twenty five ninety nine").
_PRICE_BEFORE = frozenset("it's its is costs cost for pay paid only just price priced sells sold at".split())
# Words after which two numbers are a price by the unit ("forty nine ninety nine a year"), not a range or score.
_PRICE_AFTER = frozenset("a an per each apiece".split())


# Plural nouns of count and measure before which two rising numbers under 100 are a range, never a time or a year
# ("ten fifteen minutes" is 10-15 minutes).
_COUNTED_NOUNS = frozenset("seconds minutes hours days weeks months years decades percent people times miles "
                           "kilometres kilometers metres meters feet inches yards kilos kilograms pounds pages "
                           "players games points".split())


def number_pair(words: Sequence[str], before: str = "", after: str = "") -> Optional[int]:
    """Where ``words``, all of them number words, are two numbers said side by side that English writes as a range
    or a score with a dash ("three five" is 3-5, "six three" 6-3, "fifteen zero" 15-0, "forty five thirty seven"
    45-37, "one hundred and thirty nine one hundred and sixty three" 139-163, "twenty eight three" 28-3, "ten
    seven" 10-7, "twenty seven nineteen" 27-19; a normalizer reads "3-5" out that way): the index the second
    number starts at. ``None`` for one number or a digit string ("nine one one"), for pairs that may be a year or
    a time ("nineteen ninety", "ten fifteen", "in nineteen five") unless a plural noun of count or measure comes
    ``after`` them and the second is the larger ("ten fifteen minutes"), for two digits after a noun that labels
    by number or a code ("room three five"), and for two numbers of 20 to 99 where a price may be said ("it's
    twenty five ninety nine", "forty nine ninety nine a year"). After a verb of the score (:data:`_SCORE_VERBS`)
    any two numbers without a scale are a score ("lead twenty eighteen" is 20-18, not the year), and so between a
    form of "be" and "up" or "down" ("we were seventeen ten up" is 17-10); after "aged" two rising numbers are a
    range of ages ("aged fourteen twenty one" is 14-21, not the year)."""
    rising = counted_range(words, "years" if before.lower() in ("aged", "ages") else after)  # "aged 14-21"
    if rising is not None:
        return rising
    phrases = number_phrases(words)
    score_verb = before.lower() in _SCORE_VERBS or (
        before.lower() in _BE and after.lower() in ("up", "down")  # not "is forty two up": one number
        and [_kind(w) for w in words] != ["D", "U"])
    if (score_verb and len(words) == 2 and len(phrases) == 1
            and all(_kind(w) in ("D", "T", "U", "Z") for w in words)):
        phrases = [(0, 1), (1, 2)]  # "lead twenty eighteen": two numbers, not the year 2018
    if len(phrases) != 2 or phrases[0][0] != 0 or phrases[0][1] != phrases[1][0] or phrases[1][1] != len(words):
        return None
    split = phrases[1][0]
    first, second = [_kind(w) or "" for w in words[:split]], [_kind(w) or "" for w in words[split:]]
    digits = (first == ["U"] and second == ["U"] and not labels_a_number(before)
              and before.lower() not in _CODE_NOUNS)
    hundreds = any(k[:1] in ("H", "S") for k in first) and any(k[:1] in ("H", "S") for k in second)
    tens = (_tens(first) and _tens(second) and before.lower() not in _PRICE_BEFORE  # "forty five thirty seven"
            and after.lower() not in _PRICE_AFTER and not labels_a_number(before)  # "bus number 2857"
            and before.lower() not in _CODE_NOUNS)
    # "twenty seven nineteen": no year starts with 21 to 99 (but "nineteen twenty seven" is one)
    teen = (first == ["D", "U"] and second == ["T"] and before.lower() not in _PRICE_BEFORE
            and not labels_a_number(before) and before.lower() not in _CODE_NOUNS)  # "log number 2417"
    to_nil = second == ["Z"] and first[-1][:1] in ("U", "T", "D") and not first[-1].endswith("o")
    # "twenty eight three", "ten seven": no number is said so, a score is (not a year, "in nineteen five")
    score = second == ["U"] and (first == ["D", "U"] or (first == ["T"] and before.lower() not in _YEAR_OR_TIME))
    # "ireland lead twenty eighteen", "it finishes zero zero": after a verb of the score, no year nor time is said
    scored = score_verb and not any(k[:1] in ("H", "S") for k in first + second)
    return split if digits or hundreds or tens or teen or to_nil or score or scored else None


def list_goes_on(words: Sequence[str], end: int) -> bool:
    """Whether "and" or "or" and a number are said right after ``words[:end]`` ("... and nineteen ninety nine")."""
    return (end + 1 < len(words) and words[end].lower() in ("and", "or")
            and _kind(words[end + 1]) in CARDINAL)


def counted_range(words: Sequence[str], after: str) -> Optional[int]:
    """Where ``words`` are two numbers from 1 to 99, the second the larger, that count the plural noun said
    ``after`` them (:data:`_COUNTED_NOUNS`; "ten fifteen" | "minutes"): the index the second starts at."""
    if after.lower() not in _COUNTED_NOUNS:
        return None
    for split in range(1, len(words)):
        low, high = _small_value(words[:split]), _small_value(words[split:])
        if low is not None and high is not None and low < high and not (low < 10 and high >= 20):
            return split  # not a digit before tens: "two fifty people" are 250
    return None


def _small_value(words: Sequence[str]) -> Optional[int]:
    """The value of a cardinal from 1 to 99 said in one or two words ("five", "fifteen", "forty five"), else
    ``None``."""
    lower = [w.lower() for w in words]
    kinds = [_kind(w) or "" for w in lower]
    if kinds == ["U"]:
        return _UNITS.index(lower[0]) + 1
    if kinds == ["T"]:
        return _TEENS.index(lower[0]) + 10
    if _tens(kinds):
        return 20 + 10 * _TENS.index(lower[0]) + (_UNITS.index(lower[1]) + 1 if len(lower) == 2 else 0)
    return None


def _tens(kinds: Sequence[str]) -> bool:
    """Whether number word kinds make a number from 20 to 99 ("forty", "forty five")."""
    return kinds[:1] == ["D"] and len(kinds) <= 2 and kinds[1:] in ([], ["U"])
