"""Written short forms that reach us as they were written: titles without a stop, "No." and "U.S." read as "us".

A normalizer expands "Mr." to "mister" but leaves British titles without a stop as they are ("Mr President",
"Dr Jones" are said "mr president", "dr jones"), reads "No. 5" as "no five", "Rt Hon." as "rt honorable" and
"U.S." as "us". Such a title is a capitalized word with no mark after it before the name it goes with ("MR,
President" and "DR. Jones" are what a tagger unsure of the word writes), and "us" after "the" is the country, not
the pronoun (and "the who" the World Health Organization): :func:`short_form_labels` changes the punctuation and
case labels so. "no" before a number is "No." after a noun that numbers motions and amendments or a verb of the
charts ("amendment no twelve", "peaked at no five"), "honorable" after "rt" is "Hon.", a few initialisms are
written with an ampersand ("r and d" is R&D), quarters and fiscal years as business writes them ("Q2",
"FY25") and the world wars with their numerals: :func:`written_short_forms` finds them. Generational suffixes after
a name ("Jr.": :func:`name_suffixes`), titles said short before one ("Sen.": :func:`short_titles`) and words
said with "slash" between them (:func:`slashed_words`) need the tagger's case labels.
"""
from __future__ import annotations

from typing import List, Mapping, Optional, Sequence, Tuple

from .guards import spoken_digits
from .labels import SENTENCE_END, apply_case, bio_spans, out_of_span
from .number_spans import CARDINAL, KINDS, number_phrases

# Titles written without a stop in British English, as said when no normalizer expanded them.
_TITLES = frozenset("mr mrs ms dr messrs rt hon".split())
# Words a title comes before that stay in lowercase ("Mr and Mrs Smith").
_LOWER_AFTER = frozenset("and or of the a an to in on at for with by from is was".split())
# Prefixes of ships' names, said as words by a normalizer that reads them ("hms belfast" is HMS Belfast).
_SHIP_PREFIXES = frozenset("hms hmas hmcs hmnzs hmhs uss usns rms".split())
# Money "us" is said before: the country's ("68 US cents", "US dollars"), not the pronoun.
_US_CURRENCIES = frozenset("dollar dollars cent cents".split())
# Words after which "the who" is a speaker starting again, not the World Health Organization.
_NOT_AFTER_WHO = frozenset("that this the a an who which what i you we they he she it and or but so uh um".split())


def short_form_labels(words: Sequence[str], punct: Sequence[str], case: Sequence[str], itn: Sequence[str],
                      forms: Optional[Sequence[Tuple[int, int, str]]] = None
                      ) -> Tuple[List[str], List[str], List[str]]:
    """``punct``, ``case`` and ``itn`` (BIO) with each title said as its short form ("mr", "dr", "rt hon")
    capitalized, outside any span to convert ("MR"), with no mark after it and a capital on the name after it ("mr
    president" is "Mr President"; not before a function word, "she has ms and", but "mr and mrs smith"), the
    prefix of a ship's name in capitals before its name ("HMS Belfast", "USS Enterprise"), "the us", "us cents"
    and "the who" written "the US", "US cents", "the WHO", and each word of :func:`written_short_forms` outside any
    span, with no mark around it, the number after "No." in a span of its own (``forms``: that function's result,
    where the caller has it already)."""
    out_punct, out_case, out_itn = list(punct), list(case), list(itn)
    lowered = [w.lower() for w in words]
    phrases = dict(number_phrases(lowered))
    for start, stop, _ in written_short_forms(words) if forms is None else forms:  # "No.", "Hon.", "R&D"
        for i in range(start, stop):
            out_of_span(out_itn, i)
            out_punct[i] = "O" if i < stop - 1 or lowered[i] == "no" else out_punct[i]
        if lowered[stop - 2:stop] == list(_QUESTION_MARK):
            out_punct[stop - 1] = "QUESTION"  # "a dot m question mark" is "a.m.?"
            starts = {end: first for first, end in phrases.items()}
            time = starts.get(start)
            if time is not None and lowered[start] in ("a", "p"):  # "seven ten a.m.?": the time, a span of its own
                time = starts.get(time, time)  # the hour before the minutes
                out_itn[time:start] = ["B"] + ["I"] * (start - time - 1)
        if start and lowered[start] == "no" and out_punct[start - 1] == "COMMA":
            out_punct[start - 1] = "O"  # "Amendment, No. 12"
        end = phrases.get(stop, stop)
        if lowered[start] == "no" and all(label == "O" for label in out_itn[stop:end]):
            out_itn[stop:end] = ["B"] + ["I"] * (end - stop - 1)  # "reached no one": the number the tagger missed
    for i, word in enumerate(lowered):
        after = lowered[i + 1] if i + 1 < len(words) else ""
        if word in _TITLES and after.isalpha() and (after not in _LOWER_AFTER or (
                after == "and" and i + 2 < len(words) and lowered[i + 2] in _TITLES)):
            out_case[i] = "CAPITAL"
            out_punct[i] = "O"
            out_of_span(out_itn, i)
            if after not in _LOWER_AFTER and out_case[i + 1] == "LOWER":
                out_case[i + 1] = "CAPITAL"
        elif word in _SHIP_PREFIXES and after.isalpha() and after not in _LOWER_AFTER:
            out_case[i] = "ACRONYM"  # "HMS Belfast", never "Hms"
            if out_case[i + 1] == "LOWER":
                out_case[i + 1] = "CAPITAL"
        elif word == "us" and ((i and lowered[i - 1] == "the") or after in _US_CURRENCIES):  # "the US", "US cents"
            out_case[i] = "ACRONYM"  # no pronoun
        elif word == "who" and i and lowered[i - 1] == "the" and after.isalpha() and after not in _NOT_AFTER_WHO:
            out_case[i] = "ACRONYM"  # "the WHO estimates", not a speaker's restart "the, who that"
    return out_punct, out_case, out_itn


# Nouns that number what they name with "No." ("Amendment No. 12") and verbs of the charts ("peaked at No. 5").
_NUMBERED = frozenset("amendment amendments motion resolution directive regulation report item annex protocol "
                      "bill order rule symphony concerto sonata quartet".split())
_CHART_VERBS = frozenset("peaked peaking peak peaks debuted charted climbed rose reached reaching ranked topped "
                         "finished entered".split())


def number_signs(words: Sequence[str]) -> List[int]:
    """The positions of each "no" said for "No." before a number: after a noun of :data:`_NUMBERED` ("amendment no
    twelve") or a chart verb, with "at" or "to" between or not ("peaked at no five", "reached no one"); never "no
    one" elsewhere ("no one knows", "looked at no one")."""
    lowered = [w.lower() for w in words]
    found = []
    for i, word in enumerate(lowered):
        if word != "no" or i == 0 or i + 1 == len(lowered) or (KINDS.get(lowered[i + 1]) or "x") not in CARDINAL:
            continue
        before = lowered[i - 1]
        verb = lowered[i - 2] if before in ("at", "to", "world") and i > 1 else before  # "ranked world no one"
        if before in _NUMBERED or verb in _CHART_VERBS:
            found.append(i)
    return found


# Initialisms written with an ampersand, said letter by letter with "and" ("s and p" is S&P); a closed list, since
# letters in a list are said so too ("options a and b").
_AMPERSANDS = {tuple(form.lower().replace("&", " and ").split()): form for form in """
S&P R&D Q&A M&A P&L H&M B&B A&E B&Q M&S P&G AT&T
""".split()}  # not R&B: dialogues write the genre "R and B" as often
# The same said as one word, as NeMo's normalizer reads some of them ("Q&A" is "qanda", "AT&T" "atandt"); not
# "manda" nor "mands", which are names and words too.
_GLUED_AMPERSANDS = {"".join(said): form for said, form in _AMPERSANDS.items()
                     if "".join(said) not in ("manda", "mands")}


# What parliaments call "hon." ("the hon. Member", "my right hon. Friend", "the hon. and learned Lady"). A
# normalizer reads that "hon." in the American spelling, "honorable"; "honourable" said so stays a word.
_HONOURED = frozenset("""
member members friend friends gentleman gentlemen lady ladies minister ministers colleague colleagues senator
senators and
""".split())
# The words "hon." follows in the middle of a sentence ("the", "my right", "all"), where it is written in lowercase.
_HONOURED_AFTER = frozenset("the my right his her our their all other both every each several many".split())


def written_short_forms(words: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each short form said in words and written otherwise: "No." of
    :func:`number_signs`, "Hon." after "rt" (a normalizer reads "Rt Hon." as "rt honorable") and "hon." before
    a member, friend, gentleman or lady of a parliament (:data:`_HONOURED`) after "the", "my right", "all" ...,
    the initialisms of
    :data:`_AMPERSANDS` ("r and d" is R&D, "at and t" AT&T, also said as one word: "qanda" is Q&A), quarters and
    fiscal years ("Q2", "FY25"), rupees before an amount ("r's five thousand" is Rs 5,000, as a normalizer reads
    "Rs") and "EUR" before one (as the European Parliament writes euros), unit symbols in mixed case
    (:func:`_unit_symbols`: "mmHg", "kWh"), letters with dots read out before a
    question mark (:func:`_dotted_letters`), and the mark meeting transcripts write for what nobody could make out,
    "@ @", read "at at" (only where no noun phrase follows)."""
    lowered = [w.lower() for w in words]
    found = [(i, i + 1, "No.") for i in number_signs(words)]
    found += [(i, i + 1, "Hon.") for i in range(1, len(lowered))
              if lowered[i] in ("honorable", "honourable") and lowered[i - 1] == "rt"]
    found += [(i, i + 1, "hon.") for i in range(1, len(lowered) - 1)
              if lowered[i] == "honorable" and lowered[i + 1] in _HONOURED and lowered[i - 1] in _HONOURED_AFTER]
    found += [(i, i + 3, _AMPERSANDS[tuple(lowered[i:i + 3])]) for i in range(len(lowered) - 2)
              if tuple(lowered[i:i + 3]) in _AMPERSANDS]
    found += [(i, i + 1, _GLUED_AMPERSANDS[word]) for i, word in enumerate(lowered) if word in _GLUED_AMPERSANDS]
    phrases = dict(number_phrases(lowered))
    found += _periods(lowered, phrases)
    found += _unit_symbols(lowered, phrases)
    found += _dotted_letters(lowered)
    found += [(i, i + 1, "Rs") for i, word in enumerate(lowered[:-1]) if word in ("rs", "r's") and i + 1 in phrases]
    found += [(i, i + 3, "World War " + _WORLD_WARS[lowered[i + 2]]) for i in range(len(lowered) - 2)
              if lowered[i:i + 2] == ["world", "war"] and lowered[i + 2] in _WORLD_WARS]
    found += [(i, i + 1, "EUR") for i, word in enumerate(lowered[:-1]) if word == "eur" and i + 1 in phrases]
    found += [(i, i + 2, "@ @") for i in range(len(lowered) - 1) if lowered[i:i + 2] == ["at", "at"]
              and (i + 2 == len(lowered) or lowered[i + 2] in _AFTER_UNINTELLIGIBLE)
              and tuple(lowered[i + 1:i + 4]) not in _AMPERSANDS]  # "work at at and t" is at AT&T
    return sorted(found)


# Words that follow the mark of an unintelligible stretch in meeting transcripts ("@ @", which a normalizer reads
# "at at") and hardly ever a preposition said twice ("at at the end", "at at least").
_AFTER_UNINTELLIGIBLE = frozenset("""
i and so it's that's right in well mm has is are like ok okay but with for yeah of anyway really whatever
""".split())


_QUESTION_MARK = ("question", "mark")
_LOWER_INITIALISMS = frozenset("a.m. p.m. e.g. i.e.".split())


def _dotted_letters(lowered: Sequence[str]) -> List[Tuple[int, int, str]]:
    """Letters with dots that NeMo's normalizer reads out, dots and all, when a question mark follows them ("9
    a.m.?" is said "nine a dot m question mark", "the U.S.?" "the u dot s question mark"): ``(start, end, written)``
    over the letters and the words of the mark, written "a.m." or "U.S." (the mark is the last word's
    punctuation, see :func:`short_form_labels`)."""
    found: List[Tuple[int, int, str]] = []
    i = 0
    while i < len(lowered) - 4:
        j = i
        while j + 2 < len(lowered) and len(lowered[j]) == 1 and lowered[j].isalpha() and lowered[j + 1] == "dot" \
                and len(lowered[j + 2]) == 1 and lowered[j + 2].isalpha():
            j += 2
        end = j + 1 + (j + 1 < len(lowered) and lowered[j + 1] == "dot")  # "u dot s dot question mark"
        if j > i and tuple(lowered[end:end + 2]) == _QUESTION_MARK:
            dotted = "".join(letter + "." for letter in lowered[i:j + 1:2])
            found.append((i, end + 2, dotted if dotted in _LOWER_INITIALISMS else dotted.upper()))
            i = end + 2
        else:
            i += 1
    return found


_WORLD_WARS = {"one": "I", "two": "II", "i": "I", "ii": "II"}
_SLASH = "slash"


def slashed_words(words: Sequence[str], case: Sequence[str], punct: Sequence[str],
                  itn: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of words said with "slash" between them, with no mark between and no address
    around them (a span to convert with "dot" or "at" in it, "dot co dot uk slash news"), joined by "/" in their
    own case (``case`` labels): "burn slash chatroom slash citizenship" is Burn/Chatroom/Citizenship, "singer
    slash songwriter" singer/songwriter (a normalizer reads "/" so; stage 2 misspells them)."""
    lowered = [w.lower() for w in words]
    in_address = [False] * len(words)
    for start, end in bio_spans(itn):
        if {"dot", "at"} & set(lowered[start:end]):
            in_address[start:end] = [True] * (end - start)
    found: List[Tuple[int, int, str]] = []
    i = 1
    while i < len(words) - 1:
        start = i - 1
        while (i < len(words) - 1 and lowered[i] == _SLASH and _slashable(lowered, in_address, i - 1)
               and _slashable(lowered, in_address, i + 1) and punct[i - 1] == punct[i] == "O"):
            i += 2
        if i - 1 > start:
            found.append((start, i, "/".join(apply_case(words[k], case[k]) for k in range(start, i, 2))))
        else:
            i += 1
    return found


def _slashable(lowered: Sequence[str], in_address: Sequence[bool], i: int) -> bool:
    return lowered[i].isalpha() and lowered[i] != _SLASH and not in_address[i] and lowered[i] not in KINDS


# Generational suffixes written short after a name ("Martin Luther King Jr."), as a normalizer reads them out.
_NAME_SUFFIXES = {"junior": "Jr.", "senior": "Sr."}
_NAMED = frozenset("CAPITAL MIXED".split())


def name_suffixes(words: Sequence[str], case: Sequence[str], punct: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of "junior" and "senior" said right after a name (a word whose ``case`` label is
    CAPITAL or MIXED, no mark between) and before no other capitalized word: "daniel o'connor junior" is Daniel
    O'Connor Jr.; not "my junior year", nor "Lincoln Junior High"."""
    found: List[Tuple[int, int, str]] = []
    for i, word in enumerate(words):
        suffix = _NAME_SUFFIXES.get(word.lower())
        if (suffix is None or i < 2 or case[i - 1] not in _NAMED or case[i - 2] not in _NAMED
                or punct[i - 1] != "O" or punct[i - 2] != "O"):
            continue
        if punct[i] == "O" and i + 1 < len(words) and case[i + 1] != "LOWER":
            continue  # a name goes on: "Junior High", "Senior Vice President"
        found.append((i, i + 1, suffix))
    return found


# Titles that a normalizer reads out as written, without their stop ("Sen. Voss" is said "sen voss", "Prof. Li"
# "prof li"), and the ones it expands where no normalizer ran (a transcript may say "gov smith").
_SHORT_TITLES = {title: title.capitalize() + "." for title in
                 "sen rep prof supt det fr adm gov gen sgt lt col capt rev insp cpl".split()}


def short_titles(words: Sequence[str], case: Sequence[str], punct: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each title said short right before a name (a word of two letters or more whose
    ``case`` label is CAPITAL or MIXED, no mark between), written with its stop: "colleague sen harold voss" is
    Sen. Harold Voss, "prof li" Prof. Li; not "gen Z", nor "rev the engine"."""
    found: List[Tuple[int, int, str]] = []
    for i, word in enumerate(words[:-1]):
        title = _SHORT_TITLES.get(word.lower())
        if title is not None and _name_after(words, case, punct, i):
            found.append((i, i + 1, title))
    return found


def _name_after(words: Sequence[str], case: Sequence[str], punct: Sequence[str], i: int) -> bool:
    """Whether a name comes right after ``words[i]``, no mark between: a word of two letters or more (an apostrophe
    aside) whose ``case`` label is CAPITAL or MIXED."""
    name = words[i + 1].replace("'", "")
    return punct[i] == "O" and case[i + 1] in _NAMED and len(name) > 1 and name.isalpha()


# Words that count what follows them: an acronym with "'s" after one is a plural ("several CEOs").
_COUNTING = frozenset("many several few multiple various both all some more fewer".split())


def counts_before(words: Sequence[str], punct: Sequence[str], i: int) -> bool:
    """Whether the word before ``words[i]``, with no mark between, counts it: a number other than "one" said in one
    word or as tens and a unit ("two", "fifty", "twenty five"; not the end of a year, "in twenty fourteen. ESA's") or
    a word of quantity ("several", "many")."""
    if not i or punct[i - 1] != "O":
        return False
    before = words[i - 1].lower()
    if before in _COUNTING:
        return True
    kind = KINDS.get(before, "o")
    first = KINDS.get(words[i - 2].lower()) if i > 1 else None
    return (not kind.endswith("o") and before != "one"
            and (first is None or (first == "D" and kind == "U") or words[i - 2].lower() in _COUNTING))


# Words that never follow a possessive: an acronym said with "'s" before one is a plural ("gpu's and" is GPUs and).
_AFTER_PLURAL = frozenset("of for to at in on with and or from by than are were have".split())


def said_as_plural(words: Sequence[str], punct: Sequence[str], i: int) -> bool:
    """Whether ``words[i]``, said with "'s", is a plural: right after a word that counts it (:func:`counts_before`;
    NeMo's normalizer reads "three CEOs" as "three ceo's"), at the end of a sentence, or right before a word no
    possessive comes before ("ufo's of", "sme's to", "gpu's and"; not "nasa's and esa's budgets")."""
    if counts_before(words, punct, i) or punct[i] in SENTENCE_END:
        return True  # a possessive hardly ends a sentence: "do you believe in ufo's?"
    after = [w.lower() for w in words[i + 1:i + 3]]
    return (punct[i] == "O" and bool(after) and after[0] in _AFTER_PLURAL
            and not (after[0] in ("and", "or") and len(after) > 1 and after[1].endswith("'s")))


def counted_acronyms(words: Sequence[str], case: Sequence[str], punct: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of each acronym (``case`` label ACRONYM) said with "'s" where it is a plural
    (:func:`said_as_plural`): "three ceo's" are CEOs, "gpu's and" GPUs and; "the ceo's office" stays CEO's. (An
    acronym the tagger labels MIXED is stage 2's: :func:`.labels.plural_acronym`.)"""
    return [(i, i + 1, word[:-2].upper() + "s") for i, word in enumerate(words)
            if case[i] == "ACRONYM" and word.lower().endswith("'s") and len(word) > 3 and word[:-2].isalpha()
            and said_as_plural(words, punct, i)]


_QUARTERS = {"one": "1", "two": "2", "three": "3", "four": "4"}
# Symbols of units written in mixed case, which a normalizer leaves as they are ("29.92 inHg" is said "twenty nine
# point nine two inhg"): written so after a number or "per" ("cents per kWh"). Not those that are words or
# initialisms too ("mA", "MW"), nor "mL", which is as often written "ml".
_UNIT_SYMBOLS = {form.lower(): form for form in
                 "mmHg inHg kWh MWh GWh TWh kW kV kVA kHz kbps Mbps Gbps mAh dB dBA kDa".split()}


def _periods(lowered: Sequence[str], phrases: Mapping[int, int]) -> List[Tuple[int, int, str]]:
    """Quarters and fiscal years as business writes them: "q two" is Q2, "fy twenty five" FY25, "fy twenty twenty
    four" FY2024 (two or four digits; anything else is left to the converter)."""
    found: List[Tuple[int, int, str]] = []
    for i, word in enumerate(lowered[:-1]):
        if word == "q" and lowered[i + 1] in _QUARTERS and phrases.get(i + 1) == i + 2:
            found.append((i, i + 2, "Q" + _QUARTERS[lowered[i + 1]]))
        elif word == "fy" and i + 1 in phrases:
            digits = spoken_digits(lowered[i + 1:phrases[i + 1]])
            if digits.isdigit() and len(digits) in (2, 4):
                found.append((i, phrases[i + 1], "FY" + digits))
    return found


_PH_NOUNS = frozenset("level levels value values scale balance reading readings meter meters test tests".split())


def _unit_symbols(lowered: Sequence[str], phrases: Mapping[int, int]) -> List[Tuple[int, int, str]]:
    """The unit symbols of :data:`_UNIT_SYMBOLS` after a number or "per" ("one twenty mmhg" is 120 mmHg), and "pH"
    before one or a noun it measures ("a ph of seven", "ph levels")."""
    ends = set(phrases.values())
    found = [(i, i + 1, _UNIT_SYMBOLS[word]) for i, word in enumerate(lowered) if word in _UNIT_SYMBOLS and i and (
        i in ends or lowered[i - 1] == "per" or lowered[i - 1].isdigit()
        or lowered[i - 1][:-1] in KINDS)]  # "one twenty eightieths mmhg", a normalizer's "120/80 mmHg"
    found += [(i, i + 1, "pH") for i, word in enumerate(lowered[:-1]) if word == "ph"
              and (i + 1 in phrases or lowered[i + 1] in _PH_NOUNS or (lowered[i + 1] == "of" and i + 2 in phrases))]
    return found


# Words after which "miss" is the verb ("i miss Mary", "you'll miss London", "going to miss Sarah").
_MISS_VERB_AFTER = frozenset("""
i we they he she it you will would shall should can could may might must do does did don't doesn't didn't won't
wouldn't can't couldn't shouldn't never not really still also always just to gonna i'll you'll we'll they'll he'll
she'll i'd you'd we'd they'd he'd she'd truly sorely greatly definitely certainly
""".split())
# Words a title never comes before: "Miss Me More" is a song, "miss you" the verb.
_PRONOUNS = frozenset("me you him her it us them myself yourself".split())
# Pageants named "Miss" with their place ("crowned Miss America"), which keep the word.
_PAGEANTS = frozenset("america universe world usa earth international teen congeniality".split())


def courtesy_titles(words: Sequence[str], case: Sequence[str], punct: Sequence[str]) -> List[Tuple[int, int, str]]:
    """``(start, end, written)`` of "miss" said as a title right before a name (its own ``case`` label CAPITAL, the
    name's CAPITAL or MIXED, no mark between): "Ms.", as a normalizer reads it out and as today's text writes a
    woman's title ("thank you miss fairbanks" is Thank you, Ms. Fairbanks); "Miss" before a pageant's place ("Miss
    America"); not before a pronoun (the song "Miss Me More"), nor the verb ("did you miss Anna", "we'll miss John":
    "miss" after a subject, an auxiliary or "to", but "thank you miss")."""
    lowered = [w.lower() for w in words]
    found: List[Tuple[int, int, str]] = []
    for i, word in enumerate(lowered[:-1]):
        if word != "miss" or case[i] != "CAPITAL" or not _name_after(words, case, punct, i):
            continue
        before = lowered[i - 1] if i and punct[i - 1] in ("O", "COMMA") else ""  # a sentence's end: a title
        if before in _MISS_VERB_AFTER and not (before == "you" and i > 1 and lowered[i - 2] == "thank"):
            continue
        if lowered[i + 1] not in _PRONOUNS:
            found.append((i, i + 1, "Miss" if lowered[i + 1] in _PAGEANTS else "Ms."))
    return found


# Titles written short only before a name ("Dr. Patel"; "thank you, doctor" keeps its word).
_NAMED_TITLES = frozenset("Dr. Mr. Mrs. Ms. Messrs. Prof. Sen. Rep. Gov. Gen. Col. Capt. Lt. Sgt. Rev. St. Mt.".split())
_SAID_TITLES = frozenset("mister mr misses missus mrs miss ms doctor dr professor prof".split())
_NO_NAME = frozenset("i i'm i'll i've i'd".split())
_TITLE_WORDS = _SAID_TITLES | frozenset("""
saint mount senator representative governor general colonel captain lieutenant sergeant reverend messieurs
""".split())


def nameless_title(spoken: str, written: str, punct_after: str, words_after: Sequence[str],
                   case_after: Optional[str]) -> Optional[str]:
    """``"title without a name: Dr."`` where a title said in full (``spoken``: "doctor", "saint"; not "street") is
    written short (``written``: "Dr.", "St.") and no name follows it: a sentence's end after it, nothing after it,
    "I" or a word the tagger writes in lowercase ("thank you doctor" is not "Thank you, Dr."), but "and" with another
    title ("mister and misses smith" is Mr. and Mrs. Smith); ``None`` elsewhere. ``punct_after`` is the label after
    the span's last word, ``words_after`` the words after the span, ``case_after`` the case label of the first of
    them (``None`` at the end)."""
    title = written.strip()
    if title not in _NAMED_TITLES or spoken.lower() not in _TITLE_WORDS:
        return None
    after = [w.lower() for w in words_after[:2]]
    if punct_after == "O" and len(after) == 2 and after[0] == "and" and after[1] in _SAID_TITLES:
        return None
    if punct_after in SENTENCE_END or not after or case_after == "LOWER" or after[0] in _NO_NAME:
        return f"title without a name: {title}"
    return None
