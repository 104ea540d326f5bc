"""Written forms a text normalizer reads out as nobody says them: "18th-century" as "eighteen th century", "24/7"
as "twenty four sevenths", "mid-2025" as "mid twenty twenty five".

Ordinals glued to a hyphenated word ("18th-century", "21st-century", "3rd-largest", "mid-19th century"): a
normalizer that meets "18th-century" reads the digits as a cardinal and leaves the suffix and the word after the
hyphen as they are: "eighteen th century", "twenty one st century", "mid nineteen th century" (NeMo's English
normalizer does; a plain "18th century" is read "eighteenth century"). Said that way, the words can only stand for
the hyphenated compound (after "mid", whose own hyphen splits the suffix off too, the word after may stand apart),
so :func:`glued_ordinals` finds them and gives the written form, and the pipeline writes it as said, without
stage 2 (which has never seen a suffix said as a word). Two numbers with a slash ("24/7", "50/50") are read as a
fraction, "twenty four sevenths", "fifty fiftieths"; a fraction that is not below one said so can only be such a
pair (:func:`slashed_pairs`). The hyphen of "mid-2025" is dropped (:func:`mid_joins` puts it back). "The 2000s"
is read "the two thousands" (:func:`thousands_decade`), and a directive's "2009/28/EC" "two thousand nine twenty
eight ec" (:func:`legislation_numbers`), and a race's "2:01:09" "two hours one minute and nine seconds"
(:func:`clock_durations`), and "25 m/s" "twenty five m per s" (:func:`per_second_units`), and "a 30-second
clip" "a thirty second clip" (:func:`second_compounds`).
"""
from __future__ import annotations

from typing import Collection, Iterator, List, NamedTuple, Optional, Sequence, Set, Tuple

from .guards import DIGIT_WORDS, MONTHS, spoken_digits
from .labels import JOIN, NO_NOUN_AFTER, SENTENCE_END, has_vowel
from .number_spans import COMPOUND_UNITS, KINDS, cardinal_word, number_phrases
from .ordinal_style import ordinal_suffix


class MisreadForm(NamedTuple):
    """``words[start:end]`` ("mid nineteen th century") are written ``written`` ("mid-19th-century")."""

    start: int
    end: int
    written: str


_SUFFIXES = frozenset("st nd rd th".split())
# Words a suffix said before them is not hyphenated to: the ordinal stood alone ("came 5th and").
_NOT_JOINED = frozenset("and or but nor of the a an to in on at for with by from as than that this is was are were "
                        "it he she they we i".split())


def _cardinal_digits(lowered: Sequence[str], start: int, end: int) -> Optional[str]:
    """The digits of ``lowered[start:end]`` where it says a cardinal in plain number words ("twenty one", "two
    hundred and five"; not "twenty first"), else ``None``."""
    said = [w for w in lowered[start:end] if w != "and"]
    if not said or not all(cardinal_word(w) for w in said):
        return None
    digits = spoken_digits(lowered[start:end])
    return digits if digits.isdigit() else None


def _cardinals_before(lowered: Sequence[str], markers: Collection[str],
                      phrases: Optional[Sequence[Tuple[int, int]]] = None) -> Iterator[Tuple[int, int, str]]:
    """``(start, end, digits)`` of each cardinal of plain number words ("twenty one", not "twenty first") said
    right before a word of ``markers``, which stands at ``end`` (``phrases``: :func:`number_phrases` of
    ``lowered``, where the caller has them)."""
    for start, end in number_phrases(lowered) if phrases is None else phrases:
        if end >= len(lowered) or lowered[end] not in markers:
            continue
        digits = _cardinal_digits(lowered, start, end)
        if digits is not None:
            yield start, end, digits


def glued_ordinals(words: Sequence[str]) -> List[MisreadForm]:
    """Each cardinal said right before its own ordinal suffix said as a word and a word after that ("eighteen th
    century", "three rd largest"), with "mid" before it where said, written as one hyphenated compound; before a
    function word or at the end the ordinal stands alone ("came five th and" is "came 5th and"), and so does one
    with "mid" after "the", which is a noun ("since the mid-19th century"). A suffix that does not fit the number
    ("five st") and a number word that is an ordinal already are left alone."""
    lowered = [w.lower() for w in words]
    found: List[MisreadForm] = []
    for start, end, digits in _cardinals_before(lowered, _SUFFIXES):
        if int(digits) == 0 or ordinal_suffix(int(digits)) != lowered[end]:
            continue
        first = start - 1 if start and lowered[start - 1] == "mid" else start
        written = ("mid-" if first < start else "") + digits + lowered[end]
        after = lowered[end + 1] if end + 1 < len(lowered) else ""
        # "mid-" alone splits the suffix off too: "the mid-19th century" is a noun, "a mid-19th-century house" not
        noun = 0 < first < start and lowered[first - 1] == "the"
        if after.isalpha() and after not in _NOT_JOINED and not noun:
            found.append(MisreadForm(first, end + 2, f"{written}-{after}"))
        else:
            found.append(MisreadForm(first, end + 1, written))  # "came five th and": 5th
    return found


# Plural ordinals a normalizer reads the number after a slash as ("sevenths" in "twenty four sevenths").
_PLURAL_ORDINALS = {w + "s": w for w in KINDS if KINDS[w] in ("Uo", "To", "Do") and w not in ("first", "second")}


# Nouns of European legislation whose numbers a normalizer reads without their slashes ("Directive 2009/28/EC" is
# "directive two thousand nine twenty eight ec").
_LEGISLATION = frozenset("directive directives regulation regulations decision decisions".split())
_LEGISLATION_SERIES = {"ec": "EC", "eu": "EU", "eec": "EEC", "euratom": "Euratom", "ce": "CE", "jha": "JHA",
                       "cfsp": "CFSP", "ecsc": "ECSC"}


def slashed_pairs(words: Sequence[str]) -> List[MisreadForm]:
    """Each cardinal said before a plural ordinal no smaller than it ("twenty four sevenths", "fifty fiftieths"),
    written as the two numbers with a slash ("24/7", "50/50"). A fraction below one ("two thirds") is left alone,
    and so is "halves" and "quarters", which are not ordinals. The ordinal may be a tens word and a plural unit
    ordinal: "one hundred sixty two ninety eighths" is 162/98, as a normalizer reads a blood pressure; with
    "seconds" (also a duration: "ninety seconds") only where a blood pressure was spoken of just before. A number
    of two words or more before the plural unit ordinal is the whole denominator, after the number said before it
    ("two thousand eighteen six hundred forty fourths" is 2018/644, a regulation's number; "regulation no one two
    thousand fifth" 1/2005)."""
    lowered = [w.lower() for w in words]
    phrases = number_phrases(lowered)
    found, compound_ends = _compound_slashed_pairs(lowered, phrases)
    for start, end, numerator in _cardinals_before(lowered, _PLURAL_ORDINALS, phrases):
        denominator = spoken_digits([_PLURAL_ORDINALS[lowered[end]]])
        if denominator.isdigit() and int(numerator) >= int(denominator) and end not in compound_ends:
            found.append(MisreadForm(start, end + 1, f"{numerator}/{denominator}"))
    return sorted(found)


# The plural unit ordinals a tens word may come before in a denominator ("ninety eighths"), "seconds" too.
_UNIT_PLURALS = {w: o for w, o in _PLURAL_ORDINALS.items() if KINDS[o] == "Uo"} | {"seconds": "second"}
# The plural teen ordinals a hundreds word may come before in a denominator ("one thousand one hundred fifteenths").
_TEEN_PLURALS = {w: o for w, o in _PLURAL_ORDINALS.items() if KINDS[o] == "To"}
_PRESSURE_CUES = frozenset("pressure bp".split())


def _compound_slashed_pairs(lowered: Sequence[str], phrases: Sequence[Tuple[int, int]]
                            ) -> Tuple[List[MisreadForm], Set[int]]:
    """The pairs of :func:`slashed_pairs` whose denominator is a tens word and a plural unit ordinal, and where
    each plural ordinal said so stands (a number before it or not: "twenty ninety eighths" is no 90/8); ``phrases``
    are :func:`number_phrases` of ``lowered``."""
    found: List[MisreadForm] = []
    ends: Set[int] = set()
    starts = {end: start for start, end in phrases}
    for start, end in phrases:
        numerator_start = starts.get(start)
        if (numerator_start is not None and lowered[numerator_start:start] == ["one"] and end - start > 2
                and KINDS.get(lowered[end - 1]) == "Uo" and numerator_start
                and lowered[numerator_start - 1] in _LEGISLATION | {"no", "number"}):
            # a regulation's number one over a number said as its ordinal ("no one two thousand fifth" is 1/2005)
            tens, unit = spoken_digits(lowered[start:end - 1]), spoken_digits(lowered[end - 1:end])
            if tens.isdigit() and unit.isdigit() and int(tens) % 10 == 0:
                found.append(MisreadForm(numerator_start, end, f"1/{int(tens) + int(unit)}"))
            continue
        plural = (_UNIT_PLURALS.get(lowered[end]) or _TEEN_PLURALS.get(lowered[end])) if end < len(lowered) else None
        if plural and lowered[end] != "seconds" and end - start > 1 and numerator_start is not None:
            # a number of its own of two words or more before the ordinal ("two thousand eighteen" | "six hundred
            # forty fourths" is 2018/644, "eight hundred eighty three" | "two thousand fourths" 883/2004,
            # "two thousand twenty three" | "one thousand one hundred fifteenths" 2023/1115, as a normalizer reads
            # a regulation's number)
            ends.add(end)
            numerator = spoken_digits(lowered[numerator_start:start])
            tens = spoken_digits(lowered[start:end])
            unit = spoken_digits([plural])
            step = 10 if lowered[end] in _UNIT_PLURALS else 100  # a unit follows tens, a teen hundreds
            if numerator.isdigit() and tens.isdigit() and int(tens) % step == 0:
                found.append(MisreadForm(numerator_start, end + 1, f"{numerator}/{int(tens) + int(unit)}"))
            continue
        if end >= len(lowered) or lowered[end] not in _UNIT_PLURALS or KINDS.get(lowered[end - 1]) != "D":
            continue
        tens = end - 1  # the denominator's tens word ends the phrase; the numerator is said before it
        first = start if tens > start else starts.get(start)
        if first is None:
            continue
        ends.add(end)
        numerator = _cardinal_digits(lowered, first, tens)
        if numerator is None:
            continue
        if lowered[end] == "seconds" and _PRESSURE_CUES.isdisjoint(lowered[max(0, first - 6):first]):
            continue
        denominator = int(spoken_digits([lowered[tens]])) + int(spoken_digits([_UNIT_PLURALS[lowered[end]]]))
        if int(numerator) >= denominator:
            found.append(MisreadForm(first, end + 1, f"{numerator}/{denominator}"))
    return found, ends


def legislation_numbers(words: Sequence[str]) -> List[MisreadForm]:
    """Each number of a directive, regulation or decision said as two numbers, then its series where said
    ("directive two thousand nine twenty eight ec" is 2009/28/EC, "ninety five forty six ec" 95/46/EC), written
    with its slashes: two number phrases right after the noun (or after its "no"), the first a year from 1950 to
    2099 where no series follows."""
    lowered = [w.lower() for w in words]
    phrases = dict(number_phrases(lowered))
    found: List[MisreadForm] = []
    for i, word in enumerate(lowered[:-2]):
        if word not in _LEGISLATION:
            continue
        first = i + 2 if lowered[i + 1] in ("no", "number") else i + 1
        second = phrases.get(first)
        end = phrases.get(second) if second is not None else None
        if end is None or any(KINDS.get(w, "").endswith("o") for w in lowered[first:end]):
            continue
        year, number = spoken_digits(lowered[first:second]), spoken_digits(lowered[second:end])
        series = _LEGISLATION_SERIES.get(lowered[end]) if end < len(lowered) else None
        if not (year.isdigit() and number.isdigit()) or (series is None and not 1950 <= int(year) <= 2099):
            continue
        written = f"{year}/{number}" + (f"/{series}" if series else "")
        found.append(MisreadForm(first, end + (series is not None), written))
    return found


def thousands_decade(words: Sequence[str]) -> List[MisreadForm]:
    """Each "two thousands" said as the decade a normalizer reads "the 2000s" as ("for most of the two
    thousands"), written 2000s: after "the", and not before "of" ("the two thousands of people")."""
    lowered = [w.lower() for w in words]
    return [MisreadForm(i, i + 2, "2000s") for i in range(1, len(lowered) - 1)
            if lowered[i - 1] == "the" and lowered[i:i + 2] == ["two", "thousands"]
            and (i + 2 == len(lowered) or lowered[i + 2] != "of")]


_CLOCK_UNITS = (("hour", "hours"), ("minute", "minutes"), ("second", "seconds"))
_LONGER_UNITS = frozenset("day days week weeks month months year years".split())


def clock_durations(words: Sequence[str]) -> List[MisreadForm]:
    """Each time said as hours, minutes "and" seconds, the reading a normalizer gives a race's or a record's
    "2:01:09" ("two hours one minute and nine seconds"), written so: each part a plain cardinal, minutes and
    seconds below 60. Said without its "and" ("two hours fifteen minutes"), or after days ("seventy one days
    fourteen hours eighteen minutes and thirty three seconds"), it stays."""
    lowered = [w.lower() for w in words]
    if not {"second", "seconds"} & set(lowered):
        return []  # most texts: no number phrases to read
    phrases = dict(number_phrases(lowered))
    found: List[MisreadForm] = []
    for start in phrases:
        parts, at = [], start
        for k, units in enumerate(_CLOCK_UNITS):
            end = phrases.get(at)
            if end is None or end >= len(lowered) or lowered[end] not in units:
                break
            value = _cardinal_digits(lowered, at, end)
            if value is None:
                break
            parts.append(int(value))
            at = end + 1
            if k == 1:  # "and" before the seconds, as the normalizer says it
                if at >= len(lowered) or lowered[at] != "and":
                    break
                at += 1
        after_days = start > 0 and lowered[start - 1] in _LONGER_UNITS
        if len(parts) == 3 and 0 < parts[0] < 100 and parts[1] < 60 and parts[2] < 60 and not after_days:
            found.append(MisreadForm(start, at, f"{parts[0]}:{parts[1]:02d}:{parts[2]:02d}"))
    return found


# Words of motor racing a lap time follows ("his last lap was a one twenty nine point eight seven two").
_LAP_WORDS = frozenset("lap laps qualifying pole".split())
_UNIT_WORDS = {w: int(d) for w, d in DIGIT_WORDS.items() if w != "oh"}  # "zero" to "nine"


def lap_times(words: Sequence[str]) -> List[MisreadForm]:
    """Each lap time a normalizer reads as minutes, seconds and their decimals ("1:29.872" is "one twenty nine
    point eight seven two"), written so where a lap, qualifying or pole was spoken of in the eight words before:
    one to nine minutes, then seconds from 10 to 59 in words, "point" and one to three digits said one by one.
    Elsewhere "one twenty nine point eight" may be 129.8, and stays the converter's."""
    lowered = [w.lower() for w in words]
    if "point" not in lowered or _LAP_WORDS.isdisjoint(lowered):
        return []
    found: List[MisreadForm] = []
    for point in range(2, len(lowered) - 1):
        if lowered[point] != "point":
            continue
        seconds_start = point - 2 if KINDS.get(lowered[point - 2]) == "D" and KINDS.get(lowered[point - 1]) == "U" \
            else point - 1
        minutes = seconds_start - 1
        seconds = _cardinal_digits(lowered, seconds_start, point)
        if minutes < 0 or lowered[minutes] not in _UNIT_WORDS or seconds is None or not 10 <= int(seconds) < 60:
            continue
        if KINDS.get(lowered[seconds_start]) not in ("D", "T"):
            continue
        end = point + 1
        while end < len(lowered) and end - point <= 3 and lowered[end] in _UNIT_WORDS:
            end += 1
        if end == point + 1 or _LAP_WORDS.isdisjoint(lowered[max(0, minutes - 8):minutes]):
            continue
        decimals = "".join(str(_UNIT_WORDS[w]) for w in lowered[point + 1:end])
        found.append(MisreadForm(minutes, end, f"{_UNIT_WORDS[lowered[minutes]]}:{int(seconds):02d}.{decimals}"))
    return found


# Units a normalizer reads before "per s" as it reads "m/s" ("twenty five m per s"), and how each is written.
_PER_SECOND_UNITS = {"m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m", "km": "km",
                     "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km", "cm": "cm",
                     "ft": "ft", "feet": "ft", "mi": "mi", "miles": "mi"}


def per_second_units(words: Sequence[str]) -> List[MisreadForm]:
    """Each unit of speed a normalizer reads with its slash as "per s" ("25 m/s" is "twenty five m per s", "7.9
    km/s" "... kilometres per s"), written with the slash: a unit of length, "per" and the letter, after a number
    (or after a unit of its own: "thirty thousand kg m per s"). Nobody says the letter "s" for a second."""
    lowered = [w.lower() for w in words]
    found: List[MisreadForm] = []
    for per in range(2, len(lowered) - 1):
        unit = _PER_SECOND_UNITS.get(lowered[per - 1]) if lowered[per:per + 2] == ["per", "s"] else None
        before = lowered[per - 2]
        if unit and (before in KINDS or before in ("kg", "kilograms", "kilogram") or spoken_digits([before]).isdigit()):
            found.append(MisreadForm(per - 1, per + 2, f"{unit}/s"))
    return found


# Words after a length of seconds that make it an ordinal after all: the "thirty-second note" of music.
_ORDINAL_NOTES = frozenset("note notes rest rests".split())


def second_compounds(words: Sequence[str]) -> List[MisreadForm]:
    """Each length of seconds said after "a" before the noun it describes ("a thirty second version" is a
    30-second version, not a "32nd version"): a normalizer reads both "30-second" and "32nd" as "thirty second",
    and after "a" and before a noun only the compound is said so (tens only: "a forty five second clip" is no
    ordinal to misread)."""
    lowered = [w.lower() for w in words]
    if "second" not in lowered:
        return []
    return [MisreadForm(i, i + 2, f"{spoken_digits([lowered[i]])}-second") for i in range(1, len(lowered) - 2)
            if lowered[i - 1] in ("a", "an") and KINDS.get(lowered[i]) == "D" and lowered[i + 1] == "second"
            and lowered[i + 2].isalpha() and lowered[i + 2] not in _NOT_JOINED and lowered[i + 2] not in KINDS
            and lowered[i + 2] not in _ORDINAL_NOTES]


# Words that are no noun a number counts in a compound, nor one it describes (:data:`.labels.NO_NOUN_AFTER`): words
# of function, amount, currency and score, and adjectives said after a number that is a mark or a grade ("I got a
# nine, good job").
_NOT_COUNTED = _NOT_JOINED | NO_NOUN_AFTER | frozenset("""
no whom what why how all any some every each other another such very even still just more most less least much many
few little enough ago tonight later earlier before after about around over under out off up down back away per plus
minus times into point dash slash percent dollar pound euro yen yuan rmb renminbi rupee rupiah buck quid franc peso
rand ruble rouble krona krone dinar dirham shekel baht ringgit lira naira nil love good great nice big small new old
best better worse worst bad large huge real sure right whole full free happy last next me him her us them my your
his our their between near towards toward through across along against beyond within without during until since via
past among despite inside outside onto upon square cubic
""".split())
# Units of measure, which stage 2 writes with their symbols ("150 kW", "700 MHz"): a prefix of the metric system
# or the unit itself.
_METRIC_PREFIXES = ("kilo", "mega", "giga", "tera", "milli", "micro", "centi", "nano")
_MEASURES = frozenset("""
ohm volt watt amp ampere hertz joule newton pascal kelvin lumen decibel knot gram litre liter metre meter mile yard
inch foot feet acre hectare gallon pint quart ounce pound ton tonne calorie degree
""".split())


def _counted_noun(word: str) -> bool:
    """Whether ``word`` may be a singular noun a number counts in a compound, or the noun after one: a word of
    three letters or more with a vowel, not plural, no adverb in "-ly", no number word and none of
    :data:`_NOT_COUNTED`."""
    return (len(word) >= 3 and word.isalpha() and has_vowel(word) and not word.endswith("ly")
            and (not word.endswith("s") or word.endswith("ss")) and word not in KINDS and word not in _NOT_COUNTED
            and word not in _MEASURES and not word.startswith(_METRIC_PREFIXES))


# Words after which "a" is a letter that names a road, a paper size or a code ("the a nine between Perth and ...",
# "seven c four a nineteen"): so are a letter and a number word before it.
_LETTER_A_AFTER = frozenset("the this that on off along via".split())


def counted_compounds(words: Sequence[str]) -> List[MisreadForm]:
    """Each number said after "a" with the singular noun it counts, before another noun, as the compound it is ("a
    ninety eight gun ship" is a 98-gun ship, "a nineteen item survey" a 19-item one, "a three bed house" a
    three-bed one: two to nine in words, as references write them): after "a" a number is said with a singular noun
    only in a compound. Not the units of :data:`.COMPOUND_UNITS` nor units of measure, which stage 2 writes, nor a
    number the article belongs to ("a hundred year old oak"), "one" or a year ("a 2019 film"), nor where "a" is a
    letter (:data:`_LETTER_A_AFTER`: "the A9 between")."""
    lowered = [w.lower() for w in words]
    found: List[MisreadForm] = []
    if not any(word in ("a", "an") and nxt in KINDS for word, nxt in zip(lowered, lowered[1:])):
        return found  # most texts: no number after "a"
    for start, end in number_phrases(lowered):
        if (start == 0 or lowered[start - 1] not in ("a", "an") or KINDS.get(lowered[start], "")[:1] in ("H", "S")
                or (start > 1 and (lowered[start - 2] in _LETTER_A_AFTER or len(lowered[start - 2]) == 1
                                   or lowered[start - 2] in KINDS))
                or end + 1 >= len(lowered) or lowered[end] in COMPOUND_UNITS or not _counted_noun(lowered[end])
                or not _counted_noun(lowered[end + 1])):
            continue
        digits = _cardinal_digits(lowered, start, end)
        if digits is None or not 2 <= int(digits) < 1000:  # no year: "a 2019 film"
            continue
        number = lowered[start] if int(digits) < 10 else digits
        found.append(MisreadForm(start, end + 1, f"{number}-{lowered[end]}"))
    return found


# Fractions of a measure as a normalizer reads them ("1/2 teaspoon" is "one half teaspoon", "1 1/4 cups" "one and
# one quarter cups"): a numerator of one to nine, a denominator in the singular after "one" and in the plural after
# more, right before a unit of a recipe or an imperial measure.
_NUMERATORS = {w: n for w, n in _UNIT_WORDS.items() if n}  # "one" to "nine"
_DENOMINATORS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "eighth": 8,
                 "sixteenth": 16}
_PLURAL_DENOMINATORS = {w + "s": n for w, n in _DENOMINATORS.items() if w != "half"}
_MEASURED_UNITS = frozenset("""
cup cups teaspoon teaspoons tablespoon tablespoons tsp tbsp inch inches pound pounds lb lbs ounce ounces oz
gallon gallons pint pints quart quarts mile miles
""".split())


def _fraction_at(lowered: Sequence[str], i: int) -> Optional[str]:
    """The fraction said at ``lowered[i:i + 2]`` ("three quarters" → "3/4"), or ``None``."""
    if i + 1 >= len(lowered) or lowered[i] not in _NUMERATORS:
        return None
    numerator, word = _NUMERATORS[lowered[i]], lowered[i + 1]
    denominator = _DENOMINATORS.get(word) if numerator == 1 else _PLURAL_DENOMINATORS.get(word)
    if denominator is None or numerator >= denominator:
        return None
    return f"{numerator}/{denominator}"


def measured_fractions(words: Sequence[str]) -> List[MisreadForm]:
    """Each fraction said right before a unit of a recipe or an imperial measure, written as recipes write it:
    "one half teaspoon" is "1/2 teaspoon", "three quarters inch" "3/4 inch", "one and one quarter cups" "1 1/4
    cups" (a whole number of one to nine before "and"). "Three quarters of the money" stays in words, as does "one
    and a half cups"."""
    lowered = [w.lower() for w in words]
    if _MEASURED_UNITS.isdisjoint(lowered):
        return []  # most texts: no measure to read a fraction before
    found: List[MisreadForm] = []
    for i in range(len(lowered) - 2):
        fraction = _fraction_at(lowered, i)
        if fraction is None or lowered[i + 2] not in _MEASURED_UNITS:
            continue
        if i >= 2 and lowered[i - 1] == "and" and lowered[i - 2] in _NUMERATORS:
            found.append(MisreadForm(i - 2, i + 2, f"{_NUMERATORS[lowered[i - 2]]} {fraction}"))
        else:
            found.append(MisreadForm(i, i + 2, fraction))
    return found


def measured_fraction_joins(words: Sequence[str], punct: Sequence[str]) -> List[str]:
    """``punct`` without a hyphen between a fraction of :func:`measured_fractions` and its unit where the unit is
    no compound's ("1/2 cup of butter", not "1/2-cup of butter"; "a 3/4-inch pipe" keeps it)."""
    out = list(punct)
    for form in measured_fractions(words):
        after = words[form.end + 1].lower() if form.end + 1 < len(words) else ""
        if out[form.end - 1] == JOIN and (after in ("", "of") or words[form.end].lower().endswith("s")):
            out[form.end - 1] = "O"
    return out


_DECADES = frozenset(w[:-1] + "ies" for w in KINDS if KINDS[w] == "D")  # "twenties" to "nineties"


def mid_joins(words: Sequence[str], punct: Sequence[str], case: Sequence[str], itn: Sequence[str]
              ) -> Tuple[List[str], List[str], List[str]]:
    """``punct``, ``case`` and ``itn`` (BIO) with each "mid" said right before a number or a month hyphenated to it,
    in lowercase and outside the number's span (a month alone is no span): a normalizer reads "mid-2025",
    "mid-1990s" and "mid-October" as "mid twenty twenty five", "mid nineteen nineties", "mid october", which a
    tagger writes "MID 2025" or "mid October" or a converter drops the "mid" of (or writes "Mid/October")."""
    out_punct, out_case, out_itn = list(punct), list(case), list(itn)
    phrases = dict(number_phrases([w.lower() for w in words]))
    for i in range(len(words) - 1):
        if words[i].lower() != "mid":
            continue
        if words[i + 1].lower() in MONTHS and out_punct[i] in ("O", JOIN):  # "mid october" is mid-October
            out_punct[i] = JOIN
            out_case[i] = "CAPITAL" if i == 0 or punct[i - 1] in SENTENCE_END else "LOWER"
            out_case[i + 1] = "CAPITAL"
            if out_itn[i] != "O" or out_itn[i + 1] == "I":  # "mid" out of a span; the month alone is a word
                out_itn[i] = "O"
                out_itn[i + 1] = "B" if i + 2 < len(words) and out_itn[i + 2] == "I" else "O"
            continue
        end = phrases.get(i + 1, i + 1)
        if i + 1 < end < len(words) and words[end].lower() in _DECADES:
            end += 1  # "nineteen" | "nineties"
        if (end - i < 3 or out_punct[i] not in ("O", JOIN)
                or (end < len(words) and words[end].lower() in ("hundreds", "thousands"))):
            continue  # a year or a decade is said in two words or more ("mid two thousands": not "mid-2")
        out_punct[i] = JOIN
        sentence_start = i == 0 or punct[i - 1] in SENTENCE_END
        out_case[i] = "CAPITAL" if sentence_start else "LOWER"
        if all(label == "O" for label in out_itn[i:end]):  # the tagger missed the number: its whole phrase
            out_itn[i + 1:end] = ["B"] + ["I"] * (end - i - 2)
        elif out_itn[i] != "O" or out_itn[i + 1] == "I":  # "mid" out of the span, the number starts it
            out_itn[i], out_itn[i + 1] = "O", "B"
    return out_punct, out_case, out_itn
