"""What a converted number stands for where it stands: readings of stage 2's output that its context corrects.

The converter reads spoken numbers the way its training text wrote them; the words around a span say more. A
clock-like reading is a number after a noun that labels by number ("room 404") or a name ("Boeing 747"), for "N
hundred" without a time word ("nearly 1,500 poems") and where it cannot be a time ("999", "250 people"); before a
rate it is a price whose currency went unsaid and stays in words ("three fifty nine a gallon"). A count said with
"thousand" has its thousands grouped ("1,500 people"), a year not ("in 2005"), two numbers said side by side are a
range or a score ("aged 3-5"), and number words read in pairs are a time only where a word around them says one ("at
7:30", but "uranium 235"). Minutes to an hour after "at" are a time ("at 7:40", not "at 20-8"), a number with a
singular noun of measure is one compound ("a 24-hour service", "a 2-year-old child"), a unit before "per" is written
as said ("10 meters per second"), "11 o'clock" is 11:00, "$340 thousand" is $340,000, "pounds" spoken of money are
£, "6.5 percent" is 6.5% and a world war's number is Roman. Each function returns the corrected writing (or the
reason to keep the words) and ``None`` where it does not apply; the numbers it writes are the conversion's own,
which the guards have checked against the spoken ones, or follow from them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate
from typing import AbstractSet, FrozenSet, List, Optional, Sequence, Tuple

from .guards import DIGIT_WORDS, MONTH_ABBREVIATIONS, MONTHS, digit_string, spoken_digits, spoken_numbers
from .number_spans import (CARDINAL, COMPOUND_UNITS, FUNCTION_WORDS, IDENTIFIER_GLUE, KINDS, TIME_ONLY_BEFORE,
                           cardinal_word, counted_range, identifier_at, identifier_before, labels_a_number,
                           list_goes_on, number_pair, number_phrases, temperature_letter)
from .ordinal_style import day_of_month, spelled_small_ordinal

_CLOCK = re.compile(r"(\d{1,2}):(\d\d)")


def paired_numbers(written: str, spoken: Sequence[str], before: str, after: str = "") -> Optional[str]:
    """Two numbers said side by side that the conversion wrote as one plain number ("three five" as 35, "fifteen
    zero" as 150, "ten fifteen" before "minutes" as 10:15, "fifty two forty eight" as the impossible time 52:48) or
    left apart ("139 163"), written as the range or score they are: "3-5", "15-0", "10-15", "52-48", "139-163";
    "three four percent" as 34% is 3-4%, and a season "twenty eleven twelve" as 201112 is 2011-12
    (:func:`.number_spans.number_pair`); "twenty four seven" is 24/7. ``None`` where that does not apply; the
    digits are the spoken ones."""
    digits = re.sub(r"[\s,]", "", written)
    percent = digits.endswith("%") and digits[:-1].replace(":", "").isdigit()
    if percent and [w.lower() for w in spoken[-1:]] == ["percent"]:
        split = counted_range(spoken[:-1], "percent")  # "three four percent" read as 34%
        return None if split is None else f"{spoken_digits(spoken[:split])}-{spoken_digits(spoken[split:-1])}%"
    clock = _CLOCK.fullmatch(written.strip())
    if clock and int(clock.group(1)) > 24:
        split = number_pair(spoken, before, after)  # "fifty two forty eight" read as 52:48
    elif clock:
        split = counted_range(spoken, after)  # "ten fifteen" | "minutes" read as 10:15
    elif not digits.isdigit():
        return None
    elif digits == "247" and [w.lower() for w in spoken] == ["twenty", "four", "seven"]:
        return "24/7"  # round the clock
    elif season := _season(spoken):
        return season
    else:
        split = number_pair(spoken, before, after)
    return None if split is None else f"{spoken_digits(spoken[:split])}-{spoken_digits(spoken[split:])}"


def _season(spoken: Sequence[str]) -> Optional[str]:
    """A season said as a year and the next year's last two digits ("twenty eleven twelve", "nineteen ninety seven
    ninety eight"), written "2011-12", "1997-98", in at most :data:`_SEASON_WORDS` words; ``None`` for other
    words."""
    if len(spoken) > _SEASON_WORDS:
        return None
    for split in range(2, len(spoken)):
        year, rest = spoken_digits(spoken[:split]), spoken_digits(spoken[split:])
        if (len(year) == 4 and year.isdigit() and 1800 <= int(year) < 2100 and len(rest) == 2 and rest.isdigit()
                and int(rest) == (int(year) + 1) % 100):
            return f"{year}-{rest}"
    return None


_SEASON_WORDS = 7  # "two thousand and eleven twelve", "nineteen ninety seven ninety eight"

# Names said before a time of day ("monday seven thirty", "christmas eve ten forty five"), not before a model number.
_TIME_NAMES = frozenset("monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays "
                        "thursdays fridays saturdays sundays january february march april may june july august "
                        "september october november december christmas eve easter noon midnight gmt utc bst est "
                        "edt cst cdt mst mdt pst pdt eastern central mountain pacific".split())


_LETTER_HYPHEN_NUMBER = re.compile(r"([A-Z])-(\d{1,4})")


def label_number(written: str, before: str, name_before: bool = False) -> Optional[str]:
    """The number a clock-like conversion stands for after a noun that labels by number or a name: "room four oh
    four" is read in pairs like a time, but after "room" it is room 404, not 4:04 (and a letter with its number
    after such a noun has no hyphen: "gate b fourteen" is gate B14, not B-14), and "boeing seven forty seven"
    a Boeing 747 (``name_before``: the word before is a name written capitalized mid-sentence, no mark between;
    not a possessive, a day, a month, a time zone or a word a time comes after, and not for whole hours, which
    :func:`hundred_clock_number` reads). ``None`` where that does not apply. The digits are the conversion's own,
    which the guards have checked against the spoken ones."""
    lettered = _LETTER_HYPHEN_NUMBER.fullmatch(written.strip())
    if lettered is not None and labels_a_number(before):
        return lettered.group(1) + lettered.group(2)  # "gate B-14" is gate B14
    match = _CLOCK.fullmatch(written.strip())
    if match is None:
        return None
    model = (name_before and match.group(2) != "00" and not before.endswith("'s")
             and before.lower() not in _TIME_NAMES and before.lower() not in _CLOCK_BEFORE)
    return match.group(1) + match.group(2) if labels_a_number(before) or model else None


# Words after which "fifteen hundred" is a time of day ("at fifteen hundred", "until eighteen hundred"); anywhere
# else a clock reading of "N hundred" is a number ("nearly fifteen hundred poems").
_CLOCK_BEFORE = frozenset("at by until till til from before after around about past between to and or "
                          "approximately roughly since".split())
_CLOCK_WORDS = frozenset("hours hour o'clock am pm a.m. p.m. zulu".split())  # not "a": "fifteen hundred a year"
_YEAR_BEFORE = frozenset("in of year circa c.".split())


def hundred_clock_number(written: str, spoken: Sequence[str], before: str, after: str) -> Optional[str]:
    """The number that a clock-like conversion of "N hundred" stands for where nothing makes it a time: "fifteen
    hundred" read as 15:00 is 1,500 in "nearly fifteen hundred poems" (1500 after "in" or "of", a year), but stays
    a time after "at", "until" and the like or with "hours" said ("eighteen hundred hours"). ``None`` where that
    does not apply; the digits are the conversion's own, which the guards have checked against the spoken ones."""
    match = _CLOCK.fullmatch(written.strip())
    words = [w.lower() for w in spoken]
    before = before.lower()
    if (match is None or match.group(2) != "00" or not words or words[-1] != "hundred"
            or not all(KINDS.get(w.lower()) in ("U", "T", "D") for w in words[:-1])
            or before in _CLOCK_BEFORE or after.lower() in _CLOCK_WORDS):
        return None
    value = int(match.group(1)) * 100
    return str(value) if before in _YEAR_BEFORE else f"{value:,}"


def _said_in_digits(spoken: Sequence[str], kinds: Tuple[str, ...]) -> bool:
    """Whether ``spoken`` is number words of ``kinds`` (:data:`.number_spans.KINDS`) and "oh"s only, as a clock
    reading's words are ("seven thirty", "four oh four"; no "half", "past" or "o'clock")."""
    return bool(spoken) and all(KINDS.get(w.lower()) in kinds or w.lower() in ("oh", "o") for w in spoken)


# Nouns counted in people or things that a clock reading never comes right before ("two fifty people").
_COUNTED = frozenset("people persons men women children kids passengers soldiers troops shares copies units items "
                     "votes seats students members employees workers".split())


def clock_number(written: str, spoken: Sequence[str], after: str) -> Optional[str]:
    """The number a clock-like conversion of plain number words stands for where it cannot be a time: minutes of
    60 or more ("nine ninety nine" read as 9:99 is 999) or a count of people or things right after ("two fifty
    people" is 250 people, not 2:50; "eighteen hundred people" 1,800). ``None`` where that does not apply, or
    where the span said a time word of its own ("half", "past", "o'clock"); the digits are the conversion's own,
    which the guards have checked."""
    match = _CLOCK.fullmatch(written.strip())
    if match is None or not _said_in_digits(spoken, ("U", "T", "D", "H", "Z")):
        return None
    hours, minutes = match.groups()
    if int(minutes) < 60 and after.lower() not in _COUNTED:
        return None
    return f"{int(hours + minutes):,}"


# What makes plain number words said in pairs a time of day or a duration: a word before them ("at", "until",
# "it's", "of", a day, a verb of a timetable) or after them ("a m", "o'clock", "tonight", a timetabled thing: "the
# eleven thirty train").
_TIME_BEFORE = _CLOCK_BEFORE | _TIME_NAMES | frozenset("""
it's its is was are were be of today tonight tomorrow yesterday morning evening night afternoon opens closes starts
begins ends leaves arrives departs lands lasts lasted lasting clocked timed do say
""".split())
_TIME_AFTER = _CLOCK_WORDS | frozenset("""
a in on this tonight today tomorrow sharp train flight bus show meeting appointment class news shift slot
showing screening performance departure ferry shuttle service session kickoff deadline sailing trains flights buses
shows meetings appointments classes shifts slots showings screenings performances departures ferries shuttles
sessions sailings
""".split()) | _TIME_NAMES
# "what time" or "which time" a few words before a clock reading, a sentence end between or not, asks for it
# ("what time was it? eleven forty five"); not "when", which also opens clauses ("when he died in eleven fifty
# four"), nor "time" alone ("a long time ago").
_TIME_ASKED_BEFORE = frozenset("what which".split())
_ASKED_WINDOW = 8  # words before the reading


def _time_asked(earlier: Sequence[str]) -> bool:
    lowered = [w.lower() for w in earlier[-_ASKED_WINDOW - 1:]]  # one more: the word before a first "time"
    return any(lowered[k] == "time" and k and lowered[k - 1] in _TIME_ASKED_BEFORE
               for k in range(max(0, len(lowered) - _ASKED_WINDOW), len(lowered)))


_MONTH_DAY_YEAR = re.compile(r"([A-Z][a-z]+)\.? (\d{1,2}), (\d\d)")


def month_year(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A month and a year said in pairs that the conversion split into a day and a two-digit year ("june twenty
    nineteen" written "June 20, 19" is June 2019). ``None`` where that does not apply; the digits are the spoken
    ones."""
    match = _MONTH_DAY_YEAR.fullmatch(written.strip())
    if (match is None or len(spoken) < 3 or spoken[0].lower() not in _TIME_NAMES
            or KINDS.get(spoken[1].lower()) not in ("T", "D")  # a year said in pairs: "twenty nineteen"
            or not all(KINDS.get(w.lower()) in ("U", "T", "D") for w in spoken[1:])  # "june twentieth" is a day
            or spoken_digits(spoken[1:]) != match.group(2) + match.group(3)):
        return None
    return f"{match.group(1)} {match.group(2)}{match.group(3)}"


# Nouns whose "of" comes before a year, never a time of day ("the famine of 1845", "a document of 1134").
_DATED_BY_YEAR = frozenset("""
famine war wars document documents charter treaty act acts statute constitution summer spring autumn winter election
elections census flood floods revolution rebellion rising uprising riots crisis class earthquake plague reform reforms
expedition campaign
""".split())


def uncued_clock(written: str, spoken: Sequence[str], before: str, after: str,
                 earlier: Sequence[str] = ()) -> Optional[str]:
    """The number that a clock-like conversion of plain number words stands for where no word around it says a
    time (:data:`_TIME_BEFORE`, :data:`_TIME_AFTER`, or "what time" among the ``earlier`` words, those said
    shortly before it, or "for" after something booked): "uranium two thirty five" is uranium 235, "in eleven
    fifty three" the year 1153, "a four oh four error" a 404 error, but "what time was it? eleven forty five" 11:45
    and "an appointment? yes, for ten forty" 10:40; "of" says a time ("a time of 3:04") but after a noun of
    :data:`_DATED_BY_YEAR` ("the famine of eighteen forty five" is 1845). ``None`` where that does not apply;
    the digits are the conversion's own, which the guards have checked."""
    match = _CLOCK.fullmatch(written.strip())
    year_of = before.lower() == "of" and len(earlier) > 1 and earlier[-2].lower() in _DATED_BY_YEAR
    if (match is None or (before.lower() in _TIME_BEFORE and not year_of) or after.lower() in _TIME_AFTER
            or _time_asked(earlier) or _booked_for(before, earlier)
            or not _said_in_digits(spoken, ("U", "T", "D", "Z"))):
        return None
    return match.group(1) + match.group(2)


_MONTH_SHORT = re.compile(r"\b(" + "|".join(MONTH_ABBREVIATIONS) + r")\.", re.IGNORECASE)


def month_names(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A month said in full and written short, written in full: "between january and" is not "between Jan. and",
    nor "january fifth" "Jan. 5". ``None`` where that does not apply."""
    said = {w.lower() for w in spoken}

    def full(match: "re.Match[str]") -> str:
        name = next((m for m in MONTHS if m.startswith(match.group(1).lower())), "")
        return name.capitalize() if name in said else match.group(0)

    out = _MONTH_SHORT.sub(full, written)
    return out if out != written else None


_LETTER_DOT_NUMBER = re.compile(r"([A-Za-z])\.(\d+)")
_NUMBER_SPACE_LETTER = re.compile(r"(\d+) ([pPkK])")


# Roads, airliners, galaxies and paper sizes named by a letter and a number, written without a hyphen: the A38, the
# M42, the N22, an A350, M87, A4 (not the B-52 bomber, but the B3306 road).
_ROAD_NUMBER = re.compile(r"[AMNR]-\d{1,4}|B-\d{3,4}")
# An interstate highway, written with a hyphen: I-95, I-405 (not the processors i5, i7 and i9, one digit).
_INTERSTATE = re.compile(r"[Ii]-?(\d{2,3})")


def letter_and_number(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A letter and a number said together as one name, written together: "v eight" is V8 (not "v.8"), "one
    thousand eighty p" 1080p, "four k" 4K, "the a thirty eight" the A38 (:data:`_ROAD_NUMBER`); an interstate
    with its hyphen, "i ninety five" I-95 (:data:`_INTERSTATE`). ``None`` where that does not apply."""
    lowered = [w.lower() for w in spoken]
    match = _LETTER_DOT_NUMBER.fullmatch(written.strip())
    if match and len(lowered) > 1 and lowered[0] == match.group(1).lower():
        return match.group(1).upper() + match.group(2)
    match = _NUMBER_SPACE_LETTER.fullmatch(written.strip())
    if match and lowered[-1:] == [match.group(2).lower()]:
        return match.group(1) + ("p" if match.group(2).lower() == "p" else "K")
    match = _ROAD_NUMBER.fullmatch(written.strip())
    if match and lowered[0] == written.strip()[0].lower():
        return written.strip().replace("-", "")
    match = _INTERSTATE.fullmatch(written.strip())
    if match and lowered[0] == "i":
        return f"I-{match.group(1)}"
    return None


def teen_year(written: str, spoken: Sequence[str], before: str) -> Optional[str]:
    """A year said as a century and a digit after a word a year comes after: "in nineteen five" is 1905, not 195.
    ``None`` where that does not apply."""
    lowered = [w.lower() for w in spoken]
    if (len(lowered) != 2 or before.lower() not in _YEAR_CUES or KINDS.get(lowered[0]) != "T"
            or KINDS.get(lowered[1]) != "U" or lowered[0] == "ten" or not written.strip().isdigit()):
        return None
    return f"{spoken_digits(lowered[:1])}0{spoken_digits(lowered[1:])}"


# How digit strings are grouped with hyphens: phone numbers (555-1234, 212-555-0199, 1-800-555-0199), social
# security numbers, card numbers, ZIP+4.
_DIGIT_GROUPS = frozenset({(3, 4), (3, 3, 4), (1, 3, 3, 4), (3, 2, 4), (4, 4, 4, 4), (5, 4)})
_GROUPED = re.compile(r"\d+(?:-\d+)+")


def digit_groups(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A string of digits said one by one, written without the hyphens stage 2 put in where no phone, card or
    social security number has them: "eight three nine two zero one" is 839201, not 839-201 (555-1234 keeps
    its hyphen). ``None`` where that does not apply."""
    if not _GROUPED.fullmatch(written.strip()) or not spoken:
        return None
    if not all(KINDS.get(w.lower()) in ("U", "Z") or w.lower() == "oh" for w in spoken):
        return None
    groups = tuple(len(g) for g in written.strip().split("-"))
    if groups in _DIGIT_GROUPS or min(groups) < 2 or sum(groups) < 5:
        return None  # a phone number, or a range or score of digits ("three five" is 3-5)
    return written.strip().replace("-", "")


# A number whose commas do not group its digits in threes ("4,47109"): a comma between digits, and not three
# digits after it before the next comma or the number's end.
_BADLY_GROUPED = re.compile(r"\d+(?:,\d+)+")


def misgrouped_digits(written: str) -> Optional[str]:
    """``written`` with the commas taken out of a number they do not group in threes: "aut 4,47109" is "aut
    447109" (the digits are the spoken ones; the guards checked them). ``None`` where every comma groups."""
    def fix(match: "re.Match[str]") -> str:
        groups = match.group(0).split(",")
        if all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3:
            return match.group(0)
        return "".join(groups)

    out = _BADLY_GROUPED.sub(fix, written)
    return out if out != written else None


_GROUPED_LABEL = re.compile(r"(#\s?)?\d{1,3}(?:,\d{3})+")
_DIGIT_GROUPS_WRITTEN = re.compile(r"\d[\d,]*(?:[ -]\d[\d,]*)+")


def label_digits(written: str, words: Sequence[str], start: int) -> Optional[str]:
    """The digits of a number that identifies, without the thousands commas of an amount: after a noun of
    :data:`.number_spans.IDENTIFIERS` (:func:`.number_spans.identifier_before`: "order number 45821", "# 45,821"
    is #45821; "account number? it's 4,482 1937-06", the groups a normalizer reads out as amounts and years, is
    4482 1937 06) and a card's last digits ("ends in 4,821", "the card ending 3,390", "the last four digits of the
    card 6,071"); "can seat 55,000" keeps its comma. ``None`` where that does not apply."""
    text = written.strip()
    later_group = start > 0 and words[start - 1].lower() in KINDS  # a group after the identifier's first
    grouped = _DIGIT_GROUPS_WRITTEN.fullmatch(text) and ("," in text or later_group)
    if not (_GROUPED_LABEL.fullmatch(text) or grouped):
        return None
    before = words[start - 1].lower() if start else ""
    ends_in = (before == "in" and start > 1 and words[start - 2].lower() in ("ends", "ending", "end")
               or before == "ending" or "digits" in (w.lower() for w in words[max(0, start - 6):start]))
    if grouped:
        return text.replace(",", "").replace("-", " ") if identifier_before(words, start) else None
    if not (text.startswith("#") or ends_in or identifier_before(words, start)):
        return None
    return text.replace(",", "").replace(" ", "")


def said_identifier_groups(spoken: Sequence[str], words: Sequence[str], start: int) -> Optional[str]:
    """The groups of an identifier said as numbers after a noun that identifies (:func:`.number_spans.
    identifier_before`), each number's digits with a space between ("account number? it's ... nine thousand eight
    hundred seventy two fifteen" is 9872 15), for a span whose conversion the guards rejected. ``None`` unless all
    the words are cardinal number words."""
    lowered = [w.lower() for w in spoken]
    if (not lowered or not all(w == "oh" or cardinal_word(w) for w in lowered)
            or not identifier_before(words, start)):
        return None
    groups: List[str] = []
    for a, b in number_phrases(lowered):
        digits = spoken_digits(lowered[a:b])
        if groups and b - a == 1 and len(digits) == 1 and DIGIT_WORDS.get(lowered[a - 1]) is not None:
            groups[-1] += digits  # digits said one by one are one group: "eight eight four" is 884
        else:
            groups.append(digits)
    return " ".join(groups) if groups and all(g.isdigit() for g in groups) else None


_LETTERS_GROUPED = re.compile(r"([A-Z]{1,3})(\d{1,3}(?:,\d{3})+)")


def lettered_code(written: str) -> Optional[str]:
    """A code of letters and a number that the conversion wrote as letters glued to an amount ("g ninety nine
    thousand four hundred one" as "G99,401", as NeMo's normalizer reads "G-99401"), with its digits whole after a
    hyphen: G-99401. ``None`` elsewhere."""
    match = _LETTERS_GROUPED.fullmatch(written.strip())
    return f"{match.group(1)}-{match.group(2).replace(',', '')}" if match else None


# A tennis set's scores, winner's first or loser's: 6-0 to 6-4, 7-5, 7-6; the last set said may also be one being
# played, at any score up to 6-6 ("7-6, 4-6, 6-6"), or a final set played on without a tiebreak, won by two games
# ("6-4, 6-7, 9-7").
_SET_SCORES = frozenset({(6, n) for n in range(5)} | {(7, 5), (7, 6)})
_SET_SCORES_EITHER_WAY = _SET_SCORES | {(b, a) for a, b in _SET_SCORES}
_LAST_SET = (_SET_SCORES_EITHER_WAY | {(a, b) for a in range(7) for b in range(7)}
             | {(8, 6), (9, 7), (6, 8), (7, 9)})
# Words near a match's scores.
_MATCH_WORDS = frozenset("""
victory victories win wins won winning beat beats beating defeat defeats defeated lost lose loses losing title final
finals semifinal semifinals quarterfinal quarterfinals match matches set sets score scores scored triumph champion
serve serving serves tiebreak tiebreaker championship
""".split())


def set_scores(written: str, spoken: Sequence[str], earlier: Sequence[str], after: str = "") -> Optional[str]:
    """Tennis set scores said digit by digit that the conversion ran together ("a six two six two seven six
    victory" written "626276"), one score a set: 6-2, 6-2, 7-6. Only where every pair is a set's score (the last
    may be the set in play: "7-6, 4-6, 6-6") and a word of a match is among the ``earlier`` words or ``after``
    ("victory", "won", "title", "serving"). ``None`` elsewhere."""
    kinds = [KINDS.get(w.lower()) for w in spoken]
    if not 4 <= len(spoken) <= 10 or len(spoken) % 2 or any(k not in ("U", "Z") for k in kinds):
        return None
    digits = spoken_digits(spoken)
    if written.replace(",", "").replace("-", "").replace(" ", "") != digits:
        return None
    numbers = [int(d) for d in digits]
    pairs = list(zip(numbers[::2], numbers[1::2]))
    if not _SET_SCORES_EITHER_WAY.issuperset(pairs[:-1]) or pairs[-1] not in _LAST_SET:
        return None
    if _MATCH_WORDS.isdisjoint([w.lower() for w in earlier] + [after.lower()]):
        return None
    return ", ".join(f"{a}-{b}" for a, b in pairs)


_NUMBER_LETTER = re.compile(r"(-?\d[\d,]*(?:\.\d+)?) ?(?:[cCfF]|ft)")


def temperature_scale(written: str, words: Sequence[str], end: int) -> Optional[str]:
    """A temperature said with its scale as a letter ("seventy two f", "twenty three c"; NeMo's normalizer reads
    "72F" and "23C" so) that the conversion wrote apart or as feet ("72 f", "58ft"), as weather reports write it:
    72F, 23C (:func:`.number_spans.temperature_letter`). ``None`` elsewhere."""
    match = _NUMBER_LETTER.fullmatch(written.strip())
    if match is None or not temperature_letter(words, end - 1):
        return None
    return match.group(1) + words[end - 1].upper()


_AT_TIME = TIME_ONLY_BEFORE - {"since"}  # "since 1020" is a year


def hour_and_minutes(written: str, spoken: Sequence[str], before: str, earlier: Sequence[str] = ()) -> Optional[str]:
    """The time of day a conversion wrote as a plain number or year after "at" or "until", or after "for" where
    something booked was spoken of shortly before (``earlier``: "an appointment? yes, for ten forty"): "at ten
    twenty" is at 10:20, not 1020, and "at ten o five" at 10:05, not 1005 (an hour from one to twelve said before
    its minutes, ten to fifty-nine, or "o" or "oh" and one to nine). ``None`` where that does not apply; the
    digits are the spoken ones."""
    if not (before.lower() in _AT_TIME or _booked_for(before, earlier)) or not written.strip().isdigit():
        return None
    return _said_clock(spoken)


# Words after a game clock's reading ("two forty five left", "just one forty seven into the extra period").
_CLOCK_AFTER = frozenset("left remaining into mark".split())
# Words after "left" that make it a verb with its object ("left the plant", "left her keys").
_LEFT_OBJECTS = frozenset("the a an his her their our its my your this that these those them him us me it".split())


def game_clock(written: str, spoken: Sequence[str], after: str, following: str = "") -> Optional[str]:
    """A game clock a conversion wrote as a plain number or a time, before "left", "remaining", "into" or "mark":
    "with two forty five left" is 2:45 left, "the nine twelve mark" the 9:12 mark (read as
    :func:`hour_and_minutes` reads a time); not where ``following``, the word after ``after``, makes "left" a verb
    ("two thirty five left the plant"). ``None`` elsewhere."""
    if (after.lower() not in _CLOCK_AFTER or (after.lower() == "left" and following.lower() in _LEFT_OBJECTS)
            or not re.fullmatch(r"\d{3,4}|\d{1,2}:\d\d", written.strip())):
        return None
    return _said_clock(spoken)


def range_of_years(written: str, words: Sequence[str], start: int, end: int) -> Optional[str]:
    """The year a conversion wrote as a time of day where it is one side of a range ("from" ... "to", "between" ...
    "and") whose other side is said as no time can be, with no word of the clock after the range: "from nine
    seventy eight to ten thirteen" is from 978 to 1013, "between fourteen hundred and seventeen hundred" between
    1400 and 1700 (not "14:00"); "from nine fifteen to ten thirty" stays a time. ``None`` elsewhere; the digits
    are the conversion's own."""
    match = _CLOCK.fullmatch(written.strip())
    if match is None or not start:
        return None
    said_before = words[start - 1].lower()
    if said_before in ("to", "and", "till", "until"):  # the range's second side: its first ends at start - 1
        other_end = start - 1
        other_start = other_end
        while other_start and cardinal_word(words[other_start - 1]):
            other_start -= 1
        opener = words[other_start - 1].lower() if other_start else ""
        last = end
    elif said_before in ("from", "between") and end < len(words) and words[end].lower() in ("to", "and"):
        other_start = other_end = end + 1
        while other_end < len(words) and cardinal_word(words[other_end]):
            other_end += 1
        opener, last = said_before, other_end
    else:
        return None
    other = words[other_start:other_end]
    if (opener not in ("from", "between") or not 3 <= len(spoken_digits(other)) <= 4
            or _said_clock(other, 23) is not None
            or (last < len(words) and words[last].lower() in _CLOCK_WORDS)):
        return None
    return match.group(1) + match.group(2)


def _said_clock(spoken: Sequence[str], last_hour: int = 12) -> Optional[str]:
    """"H:MM" of an hour from one to ``last_hour`` said before its minutes ("ten twenty", "ten o five"; "fourteen
    oh five" with ``last_hour=23``); ``None`` for other words."""
    lowered = [w.lower() for w in spoken]
    if len(lowered) not in (2, 3):
        return None
    said_minutes = lowered[1:]
    if len(said_minutes) == 2 and said_minutes[0] in ("o", "oh") and KINDS.get(said_minutes[1]) == "U":
        said_minutes = ["zero", said_minutes[1]]  # "ten o five" is 10:05
    if KINDS.get(lowered[0]) not in ("U", "T") or not all(KINDS.get(w) in ("T", "D", "U", "Z") for w in said_minutes):
        return None
    hour, minutes = spoken_digits(lowered[:1]), spoken_digits(said_minutes)
    if not (hour.isdigit() and minutes.isdigit() and 1 <= int(hour) <= last_hour and len(minutes) == 2
            and (10 <= int(minutes) <= 59 or said_minutes[0] == "zero")):
        return None
    return f"{hour}:{minutes}"


# Things that leave or start at a time of day ("the fourteen oh five departure", "the eleven forty train").
_TIMETABLED = frozenset("""
train flight bus show meeting appointment class shift slot showing screening performance departure arrival ferry
shuttle service session kickoff sailing tram coach
""".split())
_PLAIN_CLOCK = re.compile(r"\d{3,4}")


def timetable_clock(written: str, spoken: Sequence[str], after: str, then: str = "", before: str = "") -> Optional[str]:
    """The time of day a conversion wrote as a plain number before a timetabled thing, or before a word and one
    (``then``: the word after ``after``) ("the 1405 departure" said "fourteen oh five" is the 14:05 departure, "the
    1140 train" the 11:40 train, "a 730 delivery slot" a 7:30 delivery slot; a 24-hour clock too; a time stage 2
    wrote stays one), and a service named by its time after "the" (``before``) and before "from" ("I was on the
    17:32 from Brighton"). ``None`` elsewhere; the digits are the spoken ones."""
    timetabled = (after.lower() in _TIMETABLED or (after.isalpha() and then.lower() in _TIMETABLED)
                  or (before.lower() == "the" and after.lower() == "from"))
    if not timetabled or not _PLAIN_CLOCK.fullmatch(written.strip().replace(":", "")):
        return None
    return _said_clock(spoken, last_hour=23)  # also where stage 2 wrote the time: no later reading unmakes it


def clock_written_before(written: str, spoken: Sequence[str], after: str, clocks: AbstractSet[str]) -> Optional[str]:
    """The time of day a conversion wrote as a plain number that the same text wrote as a time before ("trains at
    7:25, 11:40 and 5:15. the eleven forty, please" is the 11:40; ``clocks``: the times written so far), and a
    time it wrote before stays one where nothing else around it says a time; not before a count of people or things
    ("ten thirty people"). ``None`` elsewhere."""
    if (not clocks or after.lower() in _COUNTED
            or (not _PLAIN_CLOCK.fullmatch(written.strip()) and written.strip() not in clocks)):
        return None
    clock = _said_clock(spoken, last_hour=23)
    return clock if clock in clocks else None


# Things booked for a time of day: "for ten forty" after one of them is a time.
_BOOKED = frozenset("appointment appointments booking booked reservation reserved table slot".split())


def _booked_for(before: str, earlier: Sequence[str]) -> bool:
    """Whether a reading comes after "for" with something booked spoken of shortly before (``earlier``)."""
    return before.lower() == "for" and not _BOOKED.isdisjoint(w.lower() for w in earlier[-_ASKED_WINDOW:])


_PLAIN_THOUSANDS = re.compile(r"[1-9]\d{3}")
# Words after which "two thousand and five" is a year ("in two thousand and five", "the two thousand elections").
_YEAR_CUES = frozenset("in since the by until till from circa year".split())
# Plural nouns that a count comes before ("1,500 people", "2,000 years"); a normalizer reads many years out as
# counts ("by one thousand eight hundred and sixty two navies..."), so only these make one.
# Currencies written as their word after the number, whole or not ("149.3 yen", "44,790 rupees"); not "won", which
# a number may come before as a verb's subject.
_WORD_CURRENCIES = frozenset("""
yen yuan renminbi rupee rupees peso pesos franc francs krona kronor krone kroner rand ringgit baht dirham dirhams
rouble roubles ruble rubles lira naira shilling shillings
""".split())
_COUNT_NOUNS = _COUNTED | frozenset("""
residents inhabitants citizens voters casualties deaths prisoners refugees fans spectators
customers users visitors cases species words pages times years months weeks days hours minutes seconds miles
kilometers kilometres meters metres feet acres hectares tons tonnes dollars pounds euros
""".split()) | _WORD_CURRENCIES
# Words that end in "s" and are no plural of a noun.
_NOT_PLURALS = frozenset("""
towards always perhaps sometimes besides whereas afterwards upwards downwards backwards forwards nevertheless
unless across various does goes thus hers ours yours theirs
""".split())


def grouped_thousands(written: str, spoken: Sequence[str], before: str, after: str,
                      name_before: bool = False, then: str = "", before_that: str = "") -> Optional[str]:
    """A count said with "thousand" that the conversion wrote as a year's four plain digits, with its thousands
    grouped as counts are written ("one thousand five hundred people" is 1,500 people, "about two thousand
    employees" 2,000 employees): said with "hundred" too (a year is said "twelve hundred", so "about one thousand
    two hundred" is 1,200), said "one thousand", before "of" ("2,000 of you") or "per" ("2,000 per week"), before a
    noun of what is counted (a plural, :data:`_COUNT_NOUNS`) or, for round thousands, a word and such a noun
    (``then``: "2,000 night shifts"); not after "in", "since", "the" and the like, a day's number or a month
    ("October 27, 2000 ..."), unless "in" makes a ratio of round thousands (``before_that``: "one in 1,000"), nor
    after a noun that labels by number ("Section 7701") or a name (``name_before``: "Raw 1000", the episode).
    ``None`` where that does not apply; the digits are the conversion's own."""
    grouped = _thousands_grouped(written.strip(), spoken)
    if grouped is None or labels_a_number(before) or name_before:
        return None
    before, after = before.lower(), after.lower()
    said = [w.lower() for w in spoken]
    round_thousands = said[-1] == "thousand"  # a year is said "two thousand six", not a count "two thousand"
    ratio = round_thousands and before == "in" and (before_that.lower() == "one" or before_that.isdigit())
    if not ratio and (before in _YEAR_CUES or before in KINDS or before in _TIME_NAMES or before == "ending"):
        return None  # "in", "the", a day's number or a month before it: a year; a card's "ending 1006": its digits
    # "one thousand two hundred" is a count wherever it stands: a year is said "twelve hundred"; so is "one
    # thousand", a year only in history, after "in" and its like; and a number with "of" after it ("2,000 of you")
    counted = ("hundred" in said or said[:2] == ["one", "thousand"] or ratio or after in ("of", "per")
               or _counted(after) or (round_thousands and after.isalpha() and after not in FUNCTION_WORDS
                                      and after not in KINDS and then.isalpha() and _counted(then.lower())))
    return grouped if counted else None


def _thousands_grouped(number: str, spoken: Sequence[str]) -> Optional[str]:
    """``number``, four plain digits of a number said with "thousand", with its thousands grouped ("1500" of "one
    thousand five hundred" is 1,500); ``None`` for anything else ("1500" of "fifteen hundred" may be a year)."""
    if not _PLAIN_THOUSANDS.fullmatch(number) or "thousand" not in (w.lower() for w in spoken):
        return None
    return f"{int(number):,}"


# Units as written after a number: abbreviations in their own case, words in lowercase.
_UNIT_FORMS = {form.lower(): form for form in """
m km cm mm kg g mg lb lbs oz ft mi mph km/h kWh kW MW GW W V mAh Hz kHz MHz GHz KB MB GB TB ml mL L
""".split()}
_UNIT_WORDS = frozenset("""
metre metres meter meters kilometre kilometres kilometer kilometers centimetres centimeters millimetres
millimeters mile miles nautical foot feet inch inches yard yards square cubic tonne tonnes ton tons kilogram
kilograms gram grams pound pounds ounce ounces litre litres liter liters gallon gallons acre acres hectare
hectares degree degrees percent million billion trillion milligram milligrams microgram micrograms milliliter
milliliters millilitre millilitres centimetre centimeter millimetre millimeter kilowatt kilowatts megawatt megawatts
watt watts calorie calories
""".split())
# Words a measure's number comes before, written in lowercase: its units and currencies ("2000 Yuan" said "two
# thousand yuan" is 2,000 yuan).
_MEASURE_WORDS = _UNIT_WORDS | _WORD_CURRENCIES
_NUMBER_AND_REST = re.compile(r"(\d[\d,.]*)((?: [^\s\d]+)+)")
_NUMBER_DASH_UNIT = re.compile(r"(\d[\d,.]*)-([A-Za-z]+)")


def plural_unit_apart(written: str) -> Optional[str]:
    """A number joined by a hyphen to a plural unit, written apart: a compound takes the singular ("a 90-day
    notice"), so "90-days notice" is "90 days notice" and "50-years old" "50 years old". ``None`` elsewhere."""
    match = _NUMBER_DASH_UNIT.fullmatch(written.strip())
    unit = match.group(2) if match else ""
    if not (unit.islower() and unit.endswith("s") and unit[:-1] in COMPOUND_UNITS):
        return None
    return f"{match.group(1)} {unit}"


def measure_writing(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A number with its unit as measures are written: the unit's words in lowercase and its abbreviations in
    their own case ("8849 Metres" is 8,849 metres, "1280 M" 1,280 m, "22,500 mw" 22,500 MW, "50-gb" said "fifty
    gb" 50 GB, "1050 sq Miles" said "... square miles" 1,050 square miles), a currency written as its word in
    lowercase ("500 Rupees" is 500 rupees), the thousands of a number said with "thousand" grouped. ``None`` where
    that does not apply or nothing changes; the digits are the conversion's own."""
    text = written.strip()
    glued = _NUMBER_DASH_UNIT.fullmatch(text)
    if glued and spoken and spoken[-1].lower() == glued.group(2).lower() in _UNIT_FORMS:
        text = f"{glued.group(1)} {glued.group(2)}"  # "50-gb" said "fifty gb" is 50 GB, no compound
    match = _NUMBER_AND_REST.fullmatch(text)
    if match is None:
        return None
    number, words = match.group(1), match.group(2).split()
    fixed = [_UNIT_FORMS.get(w.lower(), w.lower() if w.lower() in _MEASURE_WORDS else w) for w in words]
    if fixed[0].lower() == "sq" and fixed[1:2] and fixed[1] in _UNIT_WORDS and "square" in (w.lower() for w in spoken):
        fixed[0] = "square"  # "sq Miles" said "square miles": the unit is written in full, so is "square"
    if fixed[0] == words[0] and fixed[0] not in _UNIT_FORMS.values() and fixed[0] not in _MEASURE_WORDS:
        return None  # no unit after the number
    out = " ".join([_thousands_grouped(number, spoken) or number, *fixed])
    return out if out != written.strip() else None


def _counted(word: str) -> bool:
    """Whether ``word`` names what a number before it counts: a noun of :data:`_COUNT_NOUNS` or another plural
    ("officers", "tons"; not "towards", "always", "famous")."""
    return word in _COUNT_NOUNS or (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
                                    and word not in _NOT_PLURALS)


_RANGE = re.compile(r"(\d{1,2})\s*[-–]\s*(\d{1,2})")


_DEGREES = re.compile(r"(-?\d[\d,.]*)\s*°\s*([CF])")


def degree_scale(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A temperature with its scale as measures are written, a space before the degree sign and the thousands of
    a number said with "thousand" grouped: "100°C" is "100 °C", "1064°C" of "one thousand and sixty four" "1,064
    °C". ``None`` where that does not apply or nothing changes."""
    match = _DEGREES.fullmatch(written.strip())
    if match is None:
        return None
    out = f"{_thousands_grouped(match.group(1), spoken) or match.group(1)} °{match.group(2)}"
    return out if out != written.strip() else None


_ERA = re.compile(r"(\d[\d,]*)\s*(ad|bc|bce|ce)", re.IGNORECASE)


def era_writing(written: str) -> Optional[str]:
    """A year with its era in capitals after a space: "117ad" is "117 AD", "500 bc" "500 BC". ``None`` where that
    does not apply or nothing changes."""
    match = _ERA.fullmatch(written.strip())
    out = f"{match.group(1)} {match.group(2).upper()}" if match else None
    return out if out != written.strip() else None


def minutes_to_hour(written: str, spoken: Sequence[str], before: str) -> Optional[str]:
    """The time a conversion wrote as a range where the words said minutes to an hour after "at", "until" or
    "since": "at twenty to eight" is 7:40, not "20-8". ``None`` where that does not apply; the digits are the
    conversion's own, which the guards have checked against the spoken ones."""
    match = _RANGE.fullmatch(written.strip())
    if match is None or before.lower() not in TIME_ONLY_BEFORE or "to" not in [w.lower() for w in spoken]:
        return None
    minutes, hour = int(match.group(1)), int(match.group(2))
    if minutes not in (5, 10, 20, 25) or not 1 <= hour <= 12:
        return None
    return f"{hour - 1 or 12}:{60 - minutes:02d}"


_AGE = re.compile(r"(\d[\d,]*)[ -](year|month|week|day)[ -]old(s?)\b", re.IGNORECASE)
_AGE_PLURAL = re.compile(r"(\d[\d,]*)[ -](years|months|weeks|days)[ -]old\b", re.IGNORECASE)
# Words after which "N year old" says what someone is, not what kind ("the baby is one year old").
_PREDICATE_BEFORE = frozenset("is was are were be been being am turned turns turning became become".split())


def age_compound(written: str, before: str) -> Optional[str]:
    """An age said as the hyphenated compound English writes before a noun or as one ("a two year old child" is
    "a 2-year-old child", "my ten year old" "my 10-year-old"), whatever spacing or case the conversion gave it
    ("2-year Old"); after "is", "was" or "turned" it says an age ("is 1 year old"), and "years old" is never
    hyphenated ("50-years old" is "50 years old"). ``None`` where nothing changes."""
    glue = " " if before.lower() in _PREDICATE_BEFORE else "-"
    joined = _AGE.sub(lambda m: f"{m.group(1)}{glue}{m.group(2).lower()}{glue}old{m.group(3)}", written)
    joined = _AGE_PLURAL.sub(lambda m: f"{m.group(1)} {m.group(2).lower()} old", joined)
    return joined if joined != written else None


_AGE_UNITS = frozenset("year years month months week weeks day days".split())


def said_letter_number(spoken: Sequence[str], letter_leads: bool) -> Optional[str]:
    """A letter and the number words after it, as the name they make (``letter_leads``: the letter names the number,
    :func:`.number_spans.leads_number`), for a span whose conversion the guards rejected: "a three eighty" written
    "1/80" is A380, the number's digits as said; a letter and digits said one by one from a zero are a code whatever
    the letter names ("f zero five" is F05). ``None`` for any other words."""
    lowered = [w.lower() for w in spoken]
    if (not letter_leads and len(lowered) > 2 and len(lowered[0]) == 1 and lowered[0].isalpha()
            and lowered[0] not in ("a", "i") and lowered[1] in ("zero", "oh")
            and all(w in DIGIT_WORDS for w in lowered[1:])):
        return lowered[0].upper() + "".join(DIGIT_WORDS[w] for w in lowered[1:])  # an error code: "f zero five"
    if not letter_leads or len(lowered) < 2 or not all(map(cardinal_word, lowered[1:])):
        return None
    digits = spoken_digits(lowered[1:])
    return lowered[0].upper() + digits if digits.isdigit() else None


# Words said before a number that are no code's letters ("a five hundred", "it's five five").
_NO_CODE_LETTERS = frozenset("a an i the no at on in to is it or of by for per up and its was are".split())


def said_letters(spoken: Sequence[str]) -> Optional[str]:
    """Letters said one by one as the capitals they spell ("x x x" is XXX), for a span whose conversion the guards
    rejected. ``None`` for any other words, and for a single letter."""
    if len(spoken) < 2 or not all(len(w) == 1 and w.isascii() and w.isalpha() for w in spoken):
        return None
    return "".join(spoken).upper()


def said_code(spoken: Sequence[str]) -> Optional[str]:
    """Letters and the number said right after them as a reference code, the letters in capitals before a hyphen
    and the number's digits as said ("inc zero zero four eight eight two three" is INC-0048823, "e thirty thousand
    five hundred eighty one" E-30581, "q f two zero nine three" QF-2093), for a span whose conversion the guards
    rejected: one word of one to four letters that is no function word and no number word, or two to four letters
    said one by one, then at least three digits. ``None`` for any other words."""
    lowered = [w.lower() for w in spoken]
    letters = 0
    while letters < min(4, len(lowered)) and len(lowered[letters]) == 1 and lowered[letters].isalpha():
        letters += 1
    if letters < 2:
        letters = 1
        if (not (lowered[0].isalpha() and lowered[0].isascii() and len(lowered[0]) <= 4)
                or lowered[0] in _NO_CODE_LETTERS or lowered[0] in KINDS or lowered[0] == "oh"):
            return None
    if len(lowered) <= letters or not all(map(cardinal_word, lowered[letters:])):
        return None
    digits = spoken_digits(lowered[letters:])
    code = "".join(lowered[:letters]).upper()
    return f"{code}-{digits}" if code.isascii() and digits.isdigit() and len(digits) >= 3 else None


_CLEAN_CODE = re.compile(r"[A-Z]{1,4}-?\d{2,}")  # a code stage 2 wrote as codes are written: "FT-558201"


def spelled_reference(spoken: Sequence[str], words: Sequence[str], start: int) -> Optional[str]:
    """A reference spelled out after a noun that identifies (:func:`.number_spans.identifier_before`), letters
    one or two at a time and digits one by one, run together in capitals ("booking reference? it's k seven p two
    xm" is K7P2XM, "membership number fl seven seven zero four three two" FL770432). ``None`` unless letters and
    two digits or more are said, and for any other words."""
    lowered = [w.lower() for w in spoken]
    written: List[str] = []
    digits = 0
    for k, word in enumerate(lowered):
        if word in DIGIT_WORDS:
            written.append(DIGIT_WORDS[word])
            digits += 1
        elif word.isascii() and word.isalpha() and len(word) <= 2 and not (k == 0 and word in _NO_CODE_LETTERS):
            written.append(word.upper())
        else:
            return None
    if (digits < 2 or digits == len(lowered) or "o" in lowered or lowered[-1] in ("am", "pm")
            or lowered[-2:] in (["a", "m"], ["p", "m"]) or not identifier_before(words, start)):
        return None  # "seven o two p m" is a time
    return "".join(written)


_CURRENCY_SIGNS = {"pound": "£", "pounds": "£", "dollar": "$", "dollars": "$", "euro": "€", "euros": "€"}
_SUBUNITS = {"£": ("pence", "p"), "$": ("cents", "cent"), "€": ("cents", "cent")}


def said_money(spoken: Sequence[str], bare_hundredths: bool = False) -> Optional[str]:
    """An amount said in a currency and its hundredths ("eighteen pounds seventy pence", "five dollars and two
    cents") or in dollars or euros alone ("one twenty five dollars", "two point three six billion euros") with its
    sign and digits ("£18.70", "$5.02", "$125", "€2.36 billion"), for a span whose conversion the guards rejected.
    ``bare_hundredths``: also hundredths said without "pence" or "cents" ("one pound thirty five" is £1.35), where
    the words are known to speak of money (:func:`money_in_parts`). ``None`` for any other words."""
    lowered = [w.lower() for w in spoken]
    unit = next((i for i, w in enumerate(lowered) if w in _CURRENCY_SIGNS), None)
    if unit is None or unit == 0:
        return None
    sign = _CURRENCY_SIGNS[lowered[unit]]
    if unit == len(lowered) - 1 and sign != "£":  # "pounds" alone may weigh
        scaled = _decimal_with_scale(lowered[:unit])  # "two point three six billion euros" is €2.36 billion
        if scaled is not None:
            return sign + scaled
        # a count, not a scale alone ("several thousand dollars")
        counted = all(map(cardinal_word, lowered[:unit])) and KINDS[lowered[0]] not in ("H", "S")
        whole = spoken_digits(lowered[:unit]) if counted else ""
        return f"{sign}{int(whole):,}" if whole.isdigit() else None
    if len(lowered) < unit + (2 if bare_hundredths else 3):
        return None
    rest = lowered[unit + 1:]
    rest = rest[1:] if rest[0] == "and" else rest
    if rest and rest[-1] in _SUBUNITS[sign]:
        rest = rest[:-1]
    elif not bare_hundredths:
        return None
    if not rest or len(rest) > 2 or not all(map(cardinal_word, lowered[:unit] + rest)):
        return None
    whole, hundredths = spoken_digits(lowered[:unit]), spoken_digits(rest)
    if not (whole.isdigit() and hundredths.isdigit() and int(hundredths) < 100):
        return None
    return f"{sign}{int(whole):,}.{int(hundredths):02d}"


def _said_decimal(whole_words: Sequence[str], fraction_words: Sequence[str]) -> Optional[Tuple[int, str]]:
    """The whole number said in ``whole_words`` (number words and "and") and its writing in digits, with the
    decimals said digit by digit in ``fraction_words`` after its point ("two", "three six" is (2, "2.36"); "one
    thousand two hundred" is (1200, "1,200")); ``None`` for any other words."""
    if not all(cardinal_word(w) or w == "and" for w in whole_words) or not all(
            w in DIGIT_WORDS for w in fraction_words):
        return None
    whole = spoken_digits(whole_words)
    if not whole.isdigit():
        return None
    fraction = "".join(DIGIT_WORDS[w] for w in fraction_words)
    return int(whole), f"{int(whole):,}" + (f".{fraction}" if fraction else "")


def said_plain_decimal(spoken: Sequence[str]) -> Optional[str]:
    """A number said with "point" and its decimals digit by digit, and nothing else, in digits ("zero point zero
    one one two three five nine" is 0.0112359), for a span whose conversion the guards rejected. ``None`` for any
    other words."""
    lowered = [w.lower() for w in spoken]
    if "point" not in lowered[1:-1]:
        return None
    point = lowered.index("point")
    said = _said_decimal(lowered[:point], lowered[point + 1:]) if "and" not in lowered else None
    return None if said is None else said[1]


# The letters before "$" of the dollars that are not the US's, as a normalizer reads "A$350" ("a dollar three
# hundred fifty"), "NZ$412 million", "HK$40", "CA$45", "S$12".
_DOLLAR_PREFIXES = frozenset("a au ca c nz hk s sg".split())


def said_prefixed_dollars(words: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each amount of Australian, Canadian, New Zealand, Hong Kong or Singapore dollars
    said as a normalizer reads it, its letters and "dollar" before the number (:data:`_DOLLAR_PREFIXES`): "a dollar
    three hundred fifty" is A$350, "nz dollar four hundred twelve million" NZ$412 million, "hk dollar forty" HK$40.
    After "a" only an amount from 100 up, or with a point or a scale ("a dollar fifty" is $1.50)."""
    found: List[Tuple[int, int, str]] = []
    for i in range(1, len(words) - 1):
        prefix = words[i - 1].lower()
        if words[i].lower() != "dollar" or prefix not in _DOLLAR_PREFIXES:
            continue
        end = i + 1
        while end < len(words) and (cardinal_word(words[end]) or words[end].lower() in ("and", "point")):
            end += 1
            if words[end - 1].lower() in _BIG_SCALES:
                break  # "four hundred twelve million" | "and one point nine million": the amount ends at its scale
        while end > i + 1 and words[end - 1].lower() in ("and", "point"):
            end -= 1
        lowered = [w.lower() for w in words[i + 1:end]]
        scale = lowered[-1] if lowered and lowered[-1] in _BIG_SCALES and len(lowered) > 1 else ""
        number = lowered[:-1] if scale else lowered
        point = number.index("point") if "point" in number else len(number)
        said = _said_decimal(number[:point], number[point + 1:]) if number[:point] else None
        if said is None or (prefix == "a" and said[0] < 100 and not scale and point == len(number)):
            continue
        found.append((i - 1, end, f"{prefix.upper()}${said[1]}" + (f" {scale}" if scale else "")))
    return found


def _decimal_with_scale(lowered: Sequence[str]) -> Optional[str]:
    """A number said with "point", its decimals digit by digit, and "million", "billion" or "trillion" ("two point
    three six billion" is "2.36 billion"); ``None`` for any other words."""
    if len(lowered) < 4 or lowered[-1] not in _BIG_SCALES or "point" not in lowered:
        return None
    point = lowered.index("point")
    whole, decimals = lowered[:point], lowered[point + 1:-1]
    said = _said_decimal(whole, decimals) if whole and decimals and "and" not in whole else None
    return None if said is None else f"{said[1]} {lowered[-1]}"


_TIME_UNITS = _AGE_UNITS | frozenset("second seconds minute minutes hour hours".split())
_MEASURED = (_UNIT_WORDS | _TIME_UNITS) - {"million", "billion", "trillion", "square", "cubic", "nautical"}
_UNIT_PREFIXES = frozenset({"square", "cubic", "nautical"})
_BIG_SCALES = {"million": 6, "billion": 9, "trillion": 12}
_FRACTION_SAID = frozenset({"point", "half", "quarter", "quarters"})  # "two and a half million"
_GROUPED_BIG = re.compile(r"([^\d\s]*)(\d{1,3}(?:,\d{3}){2,}|\d{7,})(\b.*)")


def scale_word_kept(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A number said with "million", "billion" or "trillion" as its last number word, which the conversion wrote
    in full, written with its scale word as text writes such numbers: "150,000,000 kilometers" said "one hundred
    fifty million kilometers" is "150 million kilometers", "$2,500,000" said "two point five million dollars"
    "$2.5 million". ``None`` where that does not apply; the digits are the conversion's own."""
    match = _GROUPED_BIG.fullmatch(written.strip())
    lowered = [w.lower() for w in spoken]
    said_scales = [i for i, w in enumerate(lowered) if w in _BIG_SCALES]
    if match is None or not said_scales or any(cardinal_word(w) for w in lowered[said_scales[-1] + 1:]):
        return None  # "one million two hundred thousand" is 1,200,000
    if any(KINDS.get(w) == "S" for w in lowered[:said_scales[-1]]):
        return None  # a lower scale before it: "two thousand million" is no text's writing
    scale = lowered[said_scales[-1]]
    value = int(match.group(2).replace(",", ""))
    whole, rest = divmod(value, 10 ** _BIG_SCALES[scale])
    if not 1 <= whole < 1000:
        return None
    fraction = f"{rest:0{_BIG_SCALES[scale]}d}".rstrip("0")
    if fraction and (len(fraction) > 3 or not _FRACTION_SAID & set(lowered)):
        return None  # said as a whole number of millions and more: written in full
    number = f"{whole}.{fraction}" if fraction else str(whole)
    return f"{match.group(1)}{number} {scale}{match.group(3)}"


def said_measure(spoken: Sequence[str]) -> Optional[str]:
    """A number said with its unit and a decimal point ("nine point five eight seconds", "three point two square
    kilometres", "four point five percent") or from 100 up ("forty nine thousand tonnes"), or any number with a
    currency written as its word ("forty four thousand seven hundred ninety yen"), with the number in digits and
    the unit as said ("9.58 seconds", "3.2 square kilometres", "4.5%", "49,000 tonnes", "44,790 yen"), for a span
    whose conversion the guards rejected. ``None`` for any other words, and for other whole numbers under 100,
    which references write in more ways than one ("five feet" may stay words)."""
    lowered = [w.lower() for w in spoken]
    if len(lowered) < 2:
        return None
    unit_start = len(lowered) - 1 - (len(lowered) > 2 and lowered[-2] in _UNIT_PREFIXES)
    unit = lowered[unit_start:]
    scale = unit_start > 1 and lowered[unit_start - 1] in _BIG_SCALES  # "two point five million kilometers"
    number_end = unit_start - scale
    point = lowered.index("point") if "point" in lowered[:number_end] else number_end
    currency = len(unit) == 1 and unit[0] in _WORD_CURRENCIES
    decimal = point < number_end - 1
    if point == 0 or not (currency or unit[-1] in _MEASURED):
        return None
    whole_words, fraction_words = lowered[:point], lowered[point + 1:number_end]
    said = _said_decimal(whole_words, fraction_words)
    if said is None:
        return None
    whole, number = said
    if (not (currency or decimal or scale or whole >= 100) or KINDS[whole_words[0]] in ("H", "S")
            or (scale and whole >= 1000)):
        return None  # a scale alone is no count ("the hundred years war")
    number += f" {lowered[number_end]}" if scale else ""
    return f"{number}%" if unit == ["percent"] else " ".join([number, *unit])


def said_age(spoken: Sequence[str]) -> Optional[str]:
    """An age said with its unit, number words and all ("seventeen year old", "three months old", "ten year
    olds"), with the number in digits ("17 year old"), for a span whose conversion the guards rejected;
    :func:`age_compound` then writes it as a compound or not. ``None`` for any other words."""
    lowered = [w.lower() for w in spoken]
    if (len(lowered) < 3 or lowered[-1] not in ("old", "olds") or lowered[-2] not in _AGE_UNITS
            or not all(cardinal_word(w) or w == "and" for w in lowered[:-2])):
        return None
    digits = spoken_digits(lowered[:-2])
    return f"{digits} {lowered[-2]} {lowered[-1]}" if digits.isdigit() else None


_LEADING_NUMBER = re.compile(r"\d(?:[\d,.]*\d)?")
# Units of size, whose compounds keep their digits however small ("a 6-foot wall"); with the others one to nine
# are words, as references write them ("a two-year contract", "a six-month review", "a three-bedroom flat").
_DIMENSION_UNITS = COMPOUND_UNITS - frozenset(
    "second minute hour day week month year decade storey story page point bedroom room seat man member person hole "
    "lap goal stroke star step piece part track episode night course player word letter digit character".split())


_YEAR_PAIR = re.compile(r"(1[5-9]\d\d|20\d\d)-(1[5-9]\d\d|20\d\d)")  # not "1030-1220", times said "ten thirty"


def listed_years(written: str, words: Sequence[str], end: int) -> Optional[str]:
    """Two years from 1500 to 2099 written as a range ("1988-1989") where "and" or "or" and another number are said
    right after them as items of one list: "in nineteen eighty eight nineteen eighty nine and nineteen ninety nine"
    is 1988, 1989 and 1999 (a normalizer reads the range and the list the same). ``None`` elsewhere."""
    match = _YEAR_PAIR.fullmatch(written.strip())
    return f"{match.group(1)}, {match.group(2)}" if match and list_goes_on(words, end) else None


def unit_compound(written: str, spoken: Sequence[str], before: str = "") -> Optional[str]:
    """A number said with a singular noun of measure as the hyphenated compound English writes ("twenty four
    hour" is "24-hour", "four point two inch" "4.2-inch", "two year" "two-year": :data:`_DIMENSION_UNITS`),
    whatever abbreviation or spacing the conversion gave it ("18 mi", "10 minute"); ``None`` where that does not
    apply, after "is", "was" and the like, where it says a size ("he is six foot tall"), and for "one" unless
    stage 2 made the compound ("one day" may be no compound). The number is the conversion's own, checked here
    against the spoken one."""
    words = [w.lower() for w in spoken]
    if before.lower() in _PREDICATE_BEFORE or len(words) < 2 or words[-1] not in COMPOUND_UNITS or not all(
            KINDS.get(w) in CARDINAL or w in ("point", "and") for w in words[:-1]):
        return None
    if KINDS.get(words[0]) == "T" and len(words) > 2 and KINDS.get(words[1]) in ("T", "D"):
        return None  # a year ("the nineteen sixty season")
    number = _LEADING_NUMBER.match(written.strip())
    digits = spoken_digits(words[:-1])
    if number is None or digit_string(number.group(0)) != digits:
        return None
    if digits == "1" and written.strip() != f"1-{words[-1]}":
        return None  # "one day" is a compound only where stage 2 wrote one
    spelled = len(digits) == 1 and digits != "0" and words[-1] not in _DIMENSION_UNITS
    joined = f"{words[0] if spelled else number.group(0)}-{words[-1]}"
    return joined if joined != written.strip() else None


_NUMBER_AND_WORD = re.compile(r"(\d(?:[\d,.]*\d)?) ([A-Za-z]+)")


# Units in British spelling: no verbalizer reads an abbreviation so ("km" is read "kilometers"), so where one is
# said the writer wrote the word.
_BRITISH_UNIT_ENDINGS = ("metre", "metres", "litre", "litres")


def said_unit(written: str, spoken: Sequence[str], after: str) -> Optional[str]:
    """A unit written as it was said where its abbreviation would read wrong: before "per", beside the words of a
    rate ("ten meters per second" is "10 meters per second", not "10 m per second"; the rates stage 2 writes whole,
    "65 mph", take their "per" into the span), before the hours of a unit of energy ("twenty kilowatt" | "hours" is
    "20 kilowatt", a compound with them, not "20 kW-hours"), and in British spelling ("three hundred metres tall"
    is "300 metres tall", not "300 m"). ``None`` where that does not apply; the number is the conversion's own."""
    match = _NUMBER_AND_WORD.fullmatch(written.strip())
    unit = spoken[-1].lower() if spoken else ""
    if (match is None or not unit.isalpha() or match.group(2).lower() == unit
            or not unit.startswith(match.group(2)[0].lower())):
        return None
    energy = unit.endswith("watt") and after.lower() in ("hour", "hours")  # "20 kW" | "hours": 20 kilowatt-hours
    if after.lower() != "per" and not unit.endswith(_BRITISH_UNIT_ENDINGS) and not energy:
        return None
    said = f"{match.group(1)} {unit}"
    return measure_writing(said, spoken) or said  # "2850 kilometres" is 2,850 kilometres


_AMOUNT_THOUSAND = re.compile(r"([$£€¥])(\d{1,3}(?:\.\d{1,3})?) thousand")


def amount_in_thousands(written: str) -> Optional[str]:
    """An amount of money written with "thousand" as its digits ("$340 thousand" is $340,000, "$1.5 thousand"
    $1,500): money keeps a scale word only from "million" up. ``None`` elsewhere."""
    match = _AMOUNT_THOUSAND.fullmatch(written.strip())
    if match is None:
        return None
    whole, _, fraction = match.group(2).partition(".")
    return f"{match.group(1)}{int(whole + fraction.ljust(3, '0')):,}"


# Stage 2 may write the unit "Pounds".
_POUNDS_WRITTEN = re.compile(r"(\d[\d,]*(?:\.\d+)?)( (?:million|billion|trillion))? ?(?:lbs?|[Pp]ounds?)")
_STERLING_WRITTEN = re.compile(r"£(\d[\d,]*(?:\.\d+)?)( (?:million|billion|trillion))?")
_MONEY_CUES = frozenset("""
cost costs costing price prices priced pay pays paid paying spend spends spent spending worth budget budgets fee fees
fare fares fine fines fined rent rents salary salaries wage wages income earn earns earned earning tax taxes taxed
bill bills charge charges charged saving savings save saves saved grant grants fund funds funding funded invest
invests invested investment loan loans debt debts deposit deposits allowance benefit benefits pension pensions
donation donations donated raise raised raising sell sells sold buy buys bought refund refunds prize bonus profit
profits revenue money cash ticket tickets subscription afford affordable cheaper expensive discount owe owes owed
payment payments invoice invoices invoiced quote quotes quoted insurance premium premiums mortgage tuition jackpot
vat retail wholesale freight pricier pricey cheap cheapest deal deals sale sales purchase purchased purchases
valued valuation reward rewards change tenner fiver
""".split())
_WEIGHT_CUES = frozenset("""
weigh weighs weighed weighing weight weights heavy heavier heaviest lighter lose loses lost losing gain gains gained
gaining kilos kilo kilograms kilogram kg ounces ounce stone stones tons tonnes ton shell shells bomb bombs warhead
payload thrust load loads pressure lb lbs carry carried carrying lift lifted lifting overweight underweight capacity
luggage baggage suitcase parcel
""".split())
# Things that are weighed, but also bought, insured and paid for by the month: a word of money said near the amount
# makes it money ("the package is 29 pounds a month", "an extra 50 pounds a month for the cat").
_WEIGHED_THINGS = frozenset("""
baby born fish dog dogs cat cats puppy puppies pet pets animal animals horse horses bag bags package
""".split())
_WEIGHT_WORDS = _WEIGHT_CUES | _WEIGHED_THINGS
# Words of weight only just before an amount ("five foot ten, about 165 pounds", "can hold 300 pounds"): "in height"
# or "hold" further off says nothing of it.
_WEIGHT_CUES_BEFORE = frozenset("tall height foot feet inch inches hold holds holding".split())
# Words of a currency that is not the pound: a text that counts money in them weighs in pounds.
_OTHER_MONEY = frozenset("dollar dollars cent cents bucks".split())
_WEIGHED = frozenset("weigh weighs weighed weighing weight weights tons tonnes".split())
_PAID_PER = frozenset("week weeks month months year years hour hour's night day person head annum".split())


def pounds_sterling(written: str, words: Sequence[str], start: int, end: int,
                    money: Optional[PoundsInText] = None) -> Optional[str]:
    """An amount said in "pounds" that the conversion wrote as a weight ("1,150 lbs", "15 pounds") as money
    ("£1,150", "your excess is £250"), as "pounds" mostly are, where no word just around it speaks of weight
    ("weighs", "lost", "kilograms"; "foot" or "hold" just before it; a thing weighed, "dog", "package", unless a
    word of money is as near: "the package is £29 a month") and no "of" follows ("bought 300 pounds of
    sugar"; "£65,000, of which" is money); a word of weight further off, or dollars or cents elsewhere in the text
    (``words``), leave it money only where words around it speak of money ("a fee of", "a month", "how much", "it
    cost me about"): "a $300 deposit for dogs under 25 pounds" weighs. "Pound" before a noun ("a 180 pound
    freshman") is money only where the words around it speak of money or the text counts money in pounds
    elsewhere (:class:`PoundsInText`); with "million" or "billion" it is money unless "of" follows or a word of
    weighing is near ("£4.3 billion was lost"). ``None`` elsewhere. The
    other way, a plain amount stage 2 wrote in £ is a weight in pounds where nothing around it speaks of money and
    a word of weight does, "of" follows or the text counts in dollars ("my dog is about 18 pounds"). A weight is
    written with its unit as said ("25 pounds", not "25 lbs"). The number is the conversion's own.
    ``money``: :func:`pounds_in_text` of ``words``, made once per text by a caller with many amounts in it."""
    if words[end - 1].lower() not in ("pound", "pounds"):
        return None
    match = _POUNDS_WRITTEN.fullmatch(written.strip())
    sterling = _STERLING_WRITTEN.fullmatch(written.strip())
    if match is None and sterling is None:
        return None
    before, after = _pounds_context(words, start, end)
    around = {*before, *after}
    facts = money if money is not None else pounds_in_text(words)
    other_money = facts.other_money
    # "pounds" with no word of weight near is money; a word of weight further off, or dollars in the text, only
    # where something speaks of money ("it cost me about £48"); "pound" before a noun ("a 180 pound freshman")
    # only where something speaks of money
    money_cue = _spoken_of_money(before, after)
    near = {*before[-4:], *after[:3]}
    weight_near = bool(near & _WEIGHT_CUES or set(before[-4:]) & _WEIGHT_CUES_BEFORE
                       or (near & _WEIGHED_THINGS and not _spoken_of_money(before[-4:], after[:3])))
    money_here = (not weight_near and (money_cue or not (around & _WEIGHT_WORDS or other_money))
                  and (words[end - 1].lower() == "pounds" or money_cue or facts.sterling_besides(end - 1)))
    amount = match or sterling
    weight = f"{amount.group(1)}{amount.group(2) or ''} {words[end - 1].lower()}"  # as said: "25 pounds", not "25 lbs"
    if sterling is not None:  # stage 2 wrote money: a weight where nothing speaks of money and something of weight
        weighs = _pounds_of(after) or bool(around & (_WEIGHED if sterling.group(2) else _WEIGHT_WORDS)) or (
            not sterling.group(2) and other_money)
        if (weighs and not money_here) or (_pounds_of(after) and not sterling.group(2)):  # "5 pounds of apples"
            return weight
        return None
    weight = weight if weight != written.strip() else None
    if _pounds_of(after):
        return weight
    if match.group(2):  # "4.3 billion pounds" weighs nothing said without "of" but money
        return weight if around & _WEIGHED else f"£{match.group(1)}{match.group(2)}"
    if not money_here:
        return weight
    number = match.group(1)
    return f"£{int(number):,}" if number.isdigit() else f"£{number}"  # "£1,150", as amounts are written


def _pounds_context(words: Sequence[str], start: int, end: int) -> Tuple[List[str], List[str]]:
    """The words said before (ten) and after (six) an amount of pounds, lowercased."""
    return [w.lower() for w in words[max(0, start - 10):start]], [w.lower() for w in words[end:end + 6]]


def _pounds_of(after: Sequence[str]) -> bool:
    """Whether "of" and what is weighed follow an amount of pounds ("300 pounds of sugar"; not "£65,000, of
    which")."""
    return after[:1] == ["of"] and after[1:2] not in (["which"], ["whom"])


def _spoken_of_money(before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether the words around an amount speak of money: a word of money, a rate ("a month") or "how much"."""
    paid_per = any(a in ("a", "an", "per", "each") and b in _PAID_PER for a, b in zip(after[:3], after[1:3]))
    how_much = any(a == "how" and b == "much" for a, b in zip(before, before[1:]))
    return bool({*before, *after} & _MONEY_CUES) or paid_per or how_much


@dataclass(frozen=True)
class PoundsInText:
    """What a whole text says of money, for its amounts of pounds (:func:`pounds_sterling`): whether it counts in
    another currency (``other_money``: dollars, cents, bucks), whether it says "pence", "quid" or "sterling"
    (``sterling_words``), and where it says "pounds" of money (``money_pounds``: the word's indices)."""

    other_money: bool
    sterling_words: bool
    money_pounds: FrozenSet[int]

    def sterling_besides(self, unit: int) -> bool:
        """Whether the text counts money in pounds elsewhere than at word ``unit``."""
        return self.sterling_words or len(self.money_pounds) > (unit in self.money_pounds)


def pounds_in_text(words: Sequence[str]) -> PoundsInText:
    """:class:`PoundsInText` of ``words``, in one pass: a "pounds" is money with its pence said after it ("eleven
    pounds fifty") or with words around it that speak of money and none of weight, and no "of" after it ("costs
    about six thousand five hundred pounds ... some start at three thousand eight hundred pounds")."""
    lowered = [w.lower() for w in words]
    money_pounds = set()
    for k, word in enumerate(lowered):
        if word in ("pound", "pounds"):
            before, after = _pounds_context(lowered, k, k + 1)
            pence = bool(after) and KINDS.get(after[0]) in CARDINAL
            if ((pence or _spoken_of_money(before, after)) and not ({*before, *after} & _WEIGHT_WORDS)
                    and not _pounds_of(after)):
                money_pounds.add(k)
    other_money = any(word in _OTHER_MONEY and not (word == "cent" and k and lowered[k - 1] == "per")
                      for k, word in enumerate(lowered))  # "twenty seven per cent" counts in no currency
    return PoundsInText(other_money=other_money,
                        sterling_words=not _STERLING_WORDS.isdisjoint(lowered), money_pounds=frozenset(money_pounds))


_STERLING_WORDS = frozenset("pence quid sterling".split())
_NUMBER_PERCENT = re.compile(r"(-?\d[\d,]*(?:\.\d+)?) percent")


_YEN_AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)((?: (?:thousand|million|billion|trillion))?) [Yy]en")
_RATE_WORDS = frozenset("to per against".split())  # "149.3 yen to the dollar", "yen per dollar"


def yen_sign(written: str, spoken: Sequence[str], after: str) -> Optional[str]:
    """An amount said in yen written with the yen sign, as amounts in dollars, pounds and euros are written with
    theirs ("twenty eight thousand yen a night" is ¥28,000 a night, "thirty one point six eight billion yen"
    ¥31.68 billion), as encyclopaedias write them; an exchange rate keeps the word ("149.3 yen to the dollar").
    ``None`` where that does not apply."""
    match = _YEN_AMOUNT.fullmatch(written.strip())
    if match is None or not spoken or spoken[-1].lower() != "yen" or after.lower() in _RATE_WORDS:
        return None
    return f"¥{match.group(1)}{match.group(2)}"


def percent_sign(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A number with "percent" written out as stage 2 sometimes leaves it ("6.5 percent") with the sign it writes
    elsewhere ("6.5%"), as the references of every dev set mostly do. ``None`` elsewhere."""
    match = _NUMBER_PERCENT.fullmatch(written.strip())
    if match is None or not spoken or spoken[-1].lower() != "percent":
        return None
    return f"{match.group(1)}%"


def per_cent_words(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A number with "per cent" said as two words, which a normalizer leaves as the reference wrote them ("25 per
    cent", as British and parliamentary texts write it; "25%" is read "twenty five percent"), written so, not
    "25%". ``None`` elsewhere."""
    if [w.lower() for w in spoken[-2:]] != ["per", "cent"] or not written.rstrip().endswith("%"):
        return None
    return written.rstrip()[:-1].rstrip() + " per cent"


_NOON = re.compile(r"(12)[- ]?noon", re.IGNORECASE)


def noon_writing(written: str) -> Optional[str]:
    """"12 noon" as it is written, where stage 2 joined or capitalized it ("12-Noon"). ``None`` elsewhere."""
    match = _NOON.fullmatch(written.strip())
    return f"{match.group(1)} noon" if match else None


_OCLOCK = re.compile(r"(\d{1,2}) ?o['’ ]?clock", re.IGNORECASE)


def day_hour(written: str) -> Optional[str]:
    """An hour said with "o'clock" as references write it in digits ("eleven o'clock" is 11:00, as DialogSum and
    the Schema-Guided Dialogue corpus write it most of the time; "nineteen o'clock" 19:00); ``None`` elsewhere."""
    match = _OCLOCK.fullmatch(written.strip())
    if match is None or not 1 <= int(match.group(1)) <= 24:
        return None
    return f"{match.group(1)}:00"


def world_war_numeral(written: str, words: Sequence[str], start: int) -> Optional[str]:
    """The Roman numeral of a world war ("world war two" is World War II, not World War 2); ``None`` elsewhere."""
    if [w.lower() for w in words[max(start - 2, 0):start]] != ["world", "war"]:
        return None
    return {"1": "I", "2": "II"}.get(written.strip())


# What a price is said per ("forty nine ninety nine a year").
_RATE_UNITS = frozenset("""
month year week day night hour minute gallon litre liter pound kilo kilogram ounce piece person head ticket seat
share unit item bottle glass pack box dozen user license licence month's
""".split())


def unnamed_amount(written: str, following: Sequence[str], spoken: Sequence[str] = ()) -> Optional[str]:
    """``"unnamed amount: 3:59"`` where a clock-like conversion, or digits of two numbers said side by side
    (``spoken``: "four ninety nine" written "499"), come before a rate ("three fifty nine a gallon", "four ninety
    nine per pound", "forty nine ninety nine a year"): a price whose currency went unsaid, neither a time nor the
    number its digits make, so its words stay; ``None`` elsewhere ("ten thirty a m", "ten thirty a dot m", "at nine
    thirty", "four hundred ninety nine a month")."""
    text = written.strip()
    first = following[0].lower() if following else ""
    second = following[1].lower() if len(following) > 1 else ""
    pair = (text.isdigit() and first in ("a", "an", "per") and second in _RATE_UNITS
            and len(number_phrases([w.lower() for w in spoken])) == 2
            and not any((KINDS.get(w.lower()) or "")[:1] in ("H", "S") for w in spoken))
    if (_CLOCK.fullmatch(text) is None and not pair) or not following:
        return None
    if first == "per" or (first in ("a", "an") and second and second not in ("m", "dot")):  # "a dot m": a.m.
        return f"unnamed amount: {text}"
    return None


# Nouns of a number that is no telephone's ("account number", "student number"): its digits said one by one are
# written as one run. "Number" alone, "phone number" and a card's number keep their groups.
_RUN_IDENTIFIERS = frozenset("""
account reference ref order ticket id invoice policy confirmation case claim tracking serial student customer member
membership employee booking reservation passport licence license registration patient staff transaction
application voucher incident
""".split())
_GROUPED_RUN = re.compile(r"\d+(?:[ -]\d+)+")
_PHONE_WORDS = frozenset("phone telephone mobile cell contact fax landline callback".split())


def identifier_digit_run(written: str, spoken: Sequence[str], words: Sequence[str], start: int) -> Optional[str]:
    """The digits of an account, reference or student number said one by one, which stage 2 wrote in a telephone
    number's groups, as one run ("account number, it's six zero zero two four eight one one seven" is 600248117, not
    "600-24-8117"; :data:`_RUN_IDENTIFIERS`). ``None`` elsewhere."""
    text = written.strip()
    if not _GROUPED_RUN.fullmatch(text) or not all(w.lower() in DIGIT_WORDS for w in spoken):
        return None
    noun = identifier_at(words, start)
    if noun is None or any(w.lower() in _PHONE_WORDS for w in words[max(0, noun - 4):noun]):
        return None  # "the phone number on the account? it's 614-555-0183"
    named = words[noun].lower()
    if named in ("number", "no") and noun:
        named = words[noun - 1].lower()  # "account number": the noun before "number" names it
    digits = "".join(DIGIT_WORDS[w.lower()] for w in spoken)
    return digits if named in _RUN_IDENTIFIERS and digit_string(text) == digits else None


def said_digit_groups(written: str, spoken: Sequence[str]) -> Optional[str]:
    """Digit groups joined by hyphens whose hyphens cut a number said among them, regrouped as said: the digits said
    one by one together, each number said whole on its own ("zero eight zero zero five hundred fifty five one hundred
    eleven" written "080-055-5111" is 0800 555 111; the list "four eleven nineteen twenty seven thirty three" written
    "411-192-733" is 4 11 19 27 33). ``None`` where the hyphens fall between said numbers ("555-0147") or the
    digits differ."""
    said = spoken_numbers(spoken)
    text = written.strip()
    if len(said) < 2 or not _GROUPED.fullmatch(text) or text.replace("-", "") != "".join(said):
        return None
    ends = set(accumulate(map(len, said)))  # where each said number ends among the digits
    if ends.issuperset(accumulate(map(len, text.split("-")[:-1]))):  # the hyphens fall there
        return None
    return _groups_as_said(said)


_PHONE_DIGITS = re.compile(r"\d[\d -]*\d")
# The groups of a UK telephone number of 11 digits by how it opens (the regulator's national format): London and
# the other 02 areas 3-4-4 ("020 7946 0018"), 011x, 01x1, 03 and 08 numbers 4-3-4 ("0161 496 0732"), other
# geographic numbers and mobiles 5-6 ("01632 960284", "07700 900418"). 010 is no UK number (Korean mobiles are).
_UK_PHONE_GROUPS = ((re.compile(r"02"), (3, 4, 4)), (re.compile(r"01(?:1\d|[2-9]1)|0[38]"), (4, 3, 4)),
                    (re.compile(r"01[2-9]|07"), (5, 6)))


def uk_phone_number(written: str, spoken: Sequence[str]) -> Optional[str]:
    """A number of 11 digits that opens as a UK telephone number does (01, 02, 03, 07, 08), said in number words
    only and written by stage 2 run together or in other groups ("07700900418", "029-2018 4473"), in the groups the
    UK writes it in (:data:`_UK_PHONE_GROUPS`: "07700 900418", "029 2018 4473"); ``None`` elsewhere."""
    text = written.strip()
    digits = text.replace(" ", "").replace("-", "")
    if (not _PHONE_DIGITS.fullmatch(text) or len(digits) != 11 or digits != spoken_digits(spoken)
            or any(KINDS.get(w.lower()) is None for w in spoken)):
        return None
    grouped = _uk_groups(digits)
    return grouped if grouped != text else None


def _uk_groups(digits: str) -> Optional[str]:
    """Eleven digits in the groups of the UK telephone number they open as (:data:`_UK_PHONE_GROUPS`), or ``None``."""
    for opening, sizes in _UK_PHONE_GROUPS:
        if opening.match(digits):
            cuts = [0, *accumulate(sizes)]
            return " ".join(digits[a:b] for a, b in zip(cuts, cuts[1:]))
    return None


def said_uk_phone_numbers(words: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each UK telephone number said in number words alone, from its "zero" or "oh" to
    its eleventh digit, in the UK's groups: a normalizer reads its groups out as amounts ("zero one nine one three
    hundred eighty six eight thousand two hundred fourteen" is 0191 386 8214), which stage 2 may not write whole."""
    found: List[Tuple[int, int, str]] = []
    i = 0
    while i < len(words):
        if words[i].lower() not in ("zero", "oh") or (i and (cardinal_word(words[i - 1])
                                                            or words[i - 1].lower() in ("oh", "point"))):
            i += 1  # the number opens here, not inside another ("two zero two four ...", "one point zero eight")
            continue
        end = i + 1
        while end < len(words) and (cardinal_word(words[end]) or words[end].lower() == "oh"):
            end += 1
        if any(w.lower() in _BIG_SCALES for w in words[i:end]):
            i = end  # "zero eight billion" is no telephone number
            continue
        digits = spoken_digits(["zero" if w.lower() == "oh" else w.lower() for w in words[i:end]])
        grouped = _uk_groups(digits) if len(digits) == 11 and digits.isdigit() else None
        if grouped is not None:
            found.append((i, end, grouped))
        i = end
    return found


def sort_code(written: str, spoken: Sequence[str], earlier: Sequence[str]) -> Optional[str]:
    """A UK bank sort code, six digits said after "sort code" (``earlier``: the words said just before, "is", "it's"
    and the like between), in its three pairs ("twenty forty five seventy seven" is 20-45-77, not "2045-77").
    ``None`` elsewhere; the digits are the spoken ones."""
    lowered = [w.lower() for w in earlier[-5:]]
    cue = next((k for k in range(len(lowered) - 1) if lowered[k:k + 2] == ["sort", "code"]), None)
    if cue is None or any(KINDS.get(w) is None and w not in IDENTIFIER_GLUE for w in lowered[cue + 2:]):
        return None
    digits = spoken_digits(spoken)
    if (len(digits) != 6 or digit_string(written) != digits or any(KINDS.get(w.lower()) is None for w in spoken)):
        return None
    return f"{digits[:2]}-{digits[2:4]}-{digits[4:]}"


def _groups_as_said(said: Sequence[str]) -> str:
    """Numbers said in a row as digit groups: the digits said one by one together, each number said whole on its
    own ("0", "8", "0", "0", "555" is "0800 555")."""
    groups: List[List[str]] = []
    for number in said:
        if len(number) == 1 and groups and len(groups[-1][-1]) == 1:
            groups[-1].append(number)  # a digit said after digits said one by one: the same group
        else:
            groups.append([number])
    return " ".join("".join(group) for group in groups)


def said_digit_string(spoken: Sequence[str]) -> Optional[str]:
    """A number of 7 to 19 digits that opens with three digits said one by one, stage 2's writing of which the
    guards rejected, in digit groups as said ("zero one six one four hundred ninety six zero seven three two" is
    0161 496 0732): a phone, card or account number. ``None`` for other spans, where a word is not a number, and
    for longer runs of digits, which no such number has."""
    kinds = [KINDS.get(w.lower()) for w in spoken]
    if (not 4 <= len(kinds) <= 19 or any(k not in _DIGIT_STRING_KINDS for k in kinds)
            or any(k not in "ZU" for k in kinds[:3])):
        return None
    said = spoken_numbers(spoken)
    if not 7 <= sum(map(len, said)) <= 19:
        return None
    return _groups_as_said(said)


_DIGIT_STRING_KINDS = frozenset("Z U T D H".split())


_CLOCK_MONEY = re.compile(r"[$£€]\d{1,2}:\d\d")


def money_in_parts(written: str, spoken: Sequence[str]) -> Optional[str]:
    """An amount said with its currency between the whole and the hundredths that stage 2 wrote as money but ran
    together ("one pound thirty five" written "£135" is £1.35; :func:`said_money`), or as a measure ("nineteen
    pounds eighty five pence" written "19 Pounds-85" is £19.85); ``None`` elsewhere."""
    said = said_money(spoken, bare_hundredths=True)
    text = written.strip()
    if said is None or "." not in said or said == text or not (
            text.startswith(said[0]) or re.search(r"pound|dollar|euro", text, re.IGNORECASE)):
        return None
    return said if digit_string(written) == digit_string(said) else None


def clock_money(written: str, spoken: Sequence[str]) -> Optional[str]:
    """An amount stage 2 wrote as a clock ("one thirty five dollars" as "$1:35") with its digits as said
    (:func:`said_money`: "$135"); ``None`` elsewhere."""
    return said_money(spoken) if _CLOCK_MONEY.fullmatch(written.strip()) else None


_READ_WORDS = 40  # the longest span the readings look at


_DECIMAL_THOUSANDS = re.compile(r"(?<![\d,.])(\d{4,})(?=\.\d)")


def decimal_thousands(written: str, spoken: Sequence[str]) -> str:
    """A decimal said with "thousand" with its thousands grouped, as amounts are written ("2528.7 km" is 2,528.7
    km; no year or code is said with "thousand" and "point")."""
    said = {w.lower() for w in spoken}
    if "thousand" not in said or "point" not in said:
        return written
    return _DECIMAL_THOUSANDS.sub(lambda m: f"{int(m.group(1)):,}", written)


def read_in_context(written: str, words: Sequence[str], start: int, end: int, name_before: bool = False,
                    money: Optional[PoundsInText] = None, clocks: AbstractSet[str] = frozenset()) -> str:
    """``written``, stage 2's accepted writing of ``words[start:end]``, as its context reads it: the first of this
    module's readings that applies (and :func:`.ordinal_style.spelled_small_ordinal`), else ``written`` itself;
    a month said in full is written in full first (:func:`month_names`), and the result has a decimal's thousands
    grouped (:func:`decimal_thousands`). A span of more than :data:`_READ_WORDS` words is left as written: some
    readings try each way of cutting a span in two.
    ``name_before``: the word before the span is written capitalized with no mark after it ("Boeing"); ``money``:
    :func:`pounds_in_text` of ``words``, for a caller that reads many spans of one text; ``clocks``: the times of
    day ("11:40") written before the span in the same text."""
    if end - start > _READ_WORDS:
        return written  # no number, date or amount is said in so many words: stage 2's writing, as the guards let it
    before = words[start - 1] if start else ""
    after = words[end] if end < len(words) else ""
    then = words[end + 1] if end + 1 < len(words) else ""  # the word after ``after``
    said = words[start:end]
    earlier = words[max(0, start - _ASKED_WINDOW - 1):start]  # what was said shortly before: a time asked, a booking
    written = month_names(written, said) or written  # "Jan." said "january" is January, whatever else applies
    code = None if _CLEAN_CODE.fullmatch(written) else spelled_reference(said, words, start)  # K7P2XM
    return decimal_thousands(code
            or letter_and_number(written, said)  # "v.8" is V8, "1080 p" 1080p
            or clock_money(written, said)  # "$1:35" said "one thirty five dollars" is $135
            or money_in_parts(written, said)  # "£135" said "one pound thirty five" is £1.35
            or uk_phone_number(written, said)  # "07700900418" is 07700 900418
            or sort_code(written, said, earlier)  # "2045-77" after "sort code" is 20-45-77
            or identifier_digit_run(written, said, words, start)  # "account number 600-24-8117" is 600248117
            or said_digit_groups(written, said)  # "080-055-5111" said "zero eight zero zero five hundred ..."
            or game_clock(written, said, after, then)  # 4:12 left
            or label_number(written, before, name_before)  # "room 4:04" is room 404, "Boeing 7:47" a Boeing 747
            or timetable_clock(written, said, after, then, before)  # "the 1405 departure" is the 14:05 departure
            or clock_written_before(written, said, after, clocks)  # "at 11:40 am ... the 1140, please" is the 11:40
            or paired_numbers(written, said, before, after)  # "aged 35" is aged 3-5
            or hundred_clock_number(written, said, before, after)  # "nearly 15:00 poems" is 1,500
            or clock_number(written, said, after)  # "9:99" is 999
            or range_of_years(written, words, start, end)  # "from 978 to 10:13" is from 978 to 1013
            or uncued_clock(written, said, before, after, earlier)  # "uranium 2:35" is uranium 235
            or hour_and_minutes(written, said, before, earlier)  # "at 1020" is at 10:20
            or teen_year(written, said, before)  # "in 195" said "nineteen five" is 1905
            or set_scores(written, said, words[max(0, start - _ASKED_WINDOW):start], after)  # 6-2, 6-2, 7-6
            or listed_years(written, words, end)  # "1988-1989 and 1999" is 1988, 1989 and 1999
            or digit_groups(written, said)  # "839-201" said digit by digit is 839201
            or label_digits(written, words, start)  # "ends in 4,821" is 4821
            or lettered_code(written)  # "G99,401" is G-99401
            or misgrouped_digits(written)  # "4,47109" is 447109
            or grouped_thousands(written, said, before, after, name_before, then,  # "1500 people" is 1,500 people
                                 words[start - 2] if start > 1 else "")
            or month_year(written, said)  # "June 20, 19" is June 2019
            or minutes_to_hour(written, said, before)  # "at 20-8" is 7:40
            or day_of_month(written, said, words, start)  # "on Friday the ninth" is on Friday the 9th
            or spelled_small_ordinal(written, said, after)  # "the 2nd time" is the second time
            or age_compound(written, before)  # "2-year Old" is 2-year-old
            or plural_unit_apart(written)  # "90-days notice" is 90 days notice
            or unit_compound(written, said, before)  # "18 mi race" is an 18-mile race
            or amount_in_thousands(written)  # "$340 thousand" is $340,000
            or pounds_sterling(written, words, start, end, money)  # "the rent is 520 lbs a month" is £520
            or scale_word_kept(written, said)  # "150,000,000 kilometers" is 150 million kilometers
            or temperature_scale(written, words, end)  # "58ft" said "fifty eight f" near "cold" is 58F
            or per_cent_words(written, said)  # "twenty five per cent" is 25 per cent, "percent" 25%
            or percent_sign(written, said)  # "6.5 percent" is 6.5%
            or yen_sign(written, said, after)  # "28,000 yen" is ¥28,000
            or said_unit(written, said, after)  # "10 m per second" is 10 meters per second, "300 m" 300 metres
            or measure_writing(written, said)  # "8849 Metres" is 8,849 metres
            or degree_scale(written, said)  # "100°C" is 100 °C
            or era_writing(written)  # "117ad" is 117 AD
            or day_hour(written)  # "11 o'clock" is 11:00
            or noon_writing(written)  # "12-Noon" is 12 noon
            or world_war_numeral(written, words, start)  # World War II
            or written, said)
