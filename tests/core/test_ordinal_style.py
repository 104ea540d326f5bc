from __future__ import annotations

import pytest

from spacy_u2tf.core.ordinal_style import day_of_month, ordinal_suffix, spelled_small_ordinal, unit_ordinals

# spoken words~the ordinals found, as "ORDINAL WORDS → WRITTEN | NAME" ("" where none is)
CASES = [
    ("the second infantry division attacked", "second → 2nd | infantry division"),
    ("he joined the first cavalry division", "first → 1st | cavalry division"),
    ("the ninth infantry regiment", "ninth → 9th | infantry regiment"),
    ("the twenty fourth infantry regiment held", "twenty fourth → 24th | infantry regiment"),
    ("the eighty second airborne division", "eighty second → 82nd | airborne division"),
    ("the eleventh armored division", "eleventh → 11th | armored division"),
    ("the second battalion of the fifth marines",
     "second → 2nd | battalion; fifth → 5th | marines"),
    ("the first infantry", "first → 1st | infantry"),
    ("the Third Brigade", "Third → 3rd | Brigade"),
    ("the n k ninth division crossed", "ninth → 9th | division"),  # letters before it name the army
    # not a unit's name: an army, a corps, a fleet, a bare division, a branch word alone, other nouns
    ("the eighth army retreated", ""),
    ("the seventh fleet", ""),
    ("the second division of the league", ""),
    ("the first marine to land", ""),
    ("at first light", ""),
    ("for the second time", ""),
    # the end of a longer number, and ordinals joined by "and", are left as the tagger decides
    ("the one hundred and first airborne division", ""),
    ("the first and second battalions", ""),
]


def _show(words, found) -> str:
    return "; ".join(f"{' '.join(words[u.start:u.end])} → {u.written} | {' '.join(words[u.end:u.name_end])}"
                     for u in found)


@pytest.mark.parametrize("spoken,expected", CASES)
def test_unit_ordinals(spoken: str, expected: str) -> None:
    words = spoken.split()
    assert _show(words, unit_ordinals(words)) == expected, spoken


@pytest.mark.parametrize("n,suffix", [(1, "st"), (2, "nd"), (3, "rd"), (4, "th"), (11, "th"), (12, "th"), (13, "th"),
                                      (21, "st"), (82, "nd"), (101, "st"), (111, "th"), (112, "th")])
def test_ordinal_suffix(n: int, suffix: str) -> None:
    assert ordinal_suffix(n) == suffix


def test_unit_ordinals_follow_the_itn_and_truecase_switches(shipped_model) -> None:
    from spacy_u2tf import U2TF

    spoken = "the second infantry division attacked the hill"
    no_ordinals = U2TF(shipped_model.tagger, shipped_model.converter, itn=["cardinal"])
    assert "2nd" not in no_ordinals.format(spoken)
    lower = U2TF(shipped_model.tagger, shipped_model.converter, truecase=False)
    assert "2nd infantry division" in lower.format(spoken)


@pytest.mark.parametrize("written,spoken,after,expected", [
    ("2nd", "second", "time", "second"), ("3rd", "Third", "studio", "third"), ("1st", "first", "", "first"),
    ("8th", "eighth", "army", "eighth"), ("4th", "fourth", "person", "fourth"),
    # digits stay: a unit word after it, a longer ordinal, a date, not an ordinal said alone
    ("6th", "sixth", "division", None), ("9th", "ninth", "infantry's", None), ("5th", "fifth", "fleet", None),
    ("22nd", "twenty second", "place", None), ("March 2nd", "march second", "", None),
    ("2", "second", "time", None), ("2nd", "two", "", None), ("10th", "tenth", "time", None),
])
def test_a_lone_small_ordinal_in_digits_gets_its_word_back(written: str, spoken: str, after: str, expected) -> None:
    assert spelled_small_ordinal(written, spoken.split(), after) == expected


@pytest.mark.parametrize("spoken,expected", [
    # a military unit's number in digits, the name capitalized
    ("the second infantry division attacked the hill", "The 2nd Infantry Division attacked"),
    ("the second battalion of the fifth marines moved", "2nd Battalion of the 5th Marines"),
    ("the eighty second airborne division", "82nd Airborne Division"),
    # "first" to "ninth" in words elsewhere
    ("for the second time", "the second time"),
    ("second we need to talk", "Second"),
    ("the nk sixth division attacked", "6th"),
])
def test_shipped_model_writes_ordinals_in_house_style(shipped_model, spoken: str, expected: str) -> None:
    text = shipped_model.format(spoken)
    assert expected in text, text


@pytest.mark.parametrize("said,start,written,expected", [
    ("come in on friday the ninth at ten", 5, "ninth", "9th"),
    ("it was on saturday the third", 5, "3rd", "3rd"),
    ("paid on the third and again on the fourth", 3, "third", "3rd"),
    ("paid on the third and again on the fourth", 8, "fourth", "4th"),
    ("see you on the twenty first", 4, "21st", "21st"),
    ("we live on the third floor", 4, "third", None),  # a noun it counts follows
    ("on the third and fourth floors", 2, "third", None),
    ("for the second time", 2, "second", None),
    ("on friday the ninth", 3, "9", None),  # stage 2 wrote another number
])
def test_a_day_of_the_month_keeps_its_digits(said: str, start: int, written: str, expected) -> None:
    words = said.split()
    end = start + (2 if words[start] == "twenty" else 1)
    assert day_of_month(written, words[start:end], words, start) == expected
