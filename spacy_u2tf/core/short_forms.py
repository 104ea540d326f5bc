"""Written short forms that reach us as they were written: titles without a stop, "No." and "U.S." read as "us".

A normalizer expands "Mr." to "mister" but leaves British titles without a stop as they are ("Mr President",
"Dr Jones" are said "mr president", "dr jones"), reads "No. 5" as "no five", "Rt Hon." as "rt honorable" and
"U.S." as "us". Such a title is a capitalized word with no mark after it before the name it goes with ("MR,
President" and "DR. Jones" are what a tagger unsure of the word writes), and "us" after "the" is the country, not
the pronoun (and "the who" the World Health Organization): :func:`short_form_labels` changes the punctuation and
case labels so. "no" before a number is "No." after a noun that numbers motions and amendments or a verb of the
charts ("amendment no twelve", "peaked at no five"), and "honorable" after "rt" is "Hon.":
:func:`written_short_forms` finds them.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from .number_spans import CARDINAL, KINDS, number_phrases

# Titles written without a stop in British English, as said when no normalizer expanded them.
_TITLES = frozenset("mr mrs ms dr messrs rt hon".split())
# Words a title comes before that stay in lowercase ("Mr and Mrs Smith").
_LOWER_AFTER = frozenset("and or of the a an to in on at for with by from is was".split())
# Words after which "the who" is a speaker starting again, not the World Health Organization.
_NOT_AFTER_WHO = frozenset("that this the a an who which what i you we they he she it and or but so uh um".split())


def short_form_labels(words: Sequence[str], punct: Sequence[str], case: Sequence[str],
                      itn: Sequence[str]) -> Tuple[List[str], List[str], List[str]]:
    """``punct``, ``case`` and ``itn`` (BIO) with each title said as its short form ("mr", "dr", "rt hon")
    capitalized, outside any span to convert ("MR"), with no mark after it and a capital on the name after it ("mr
    president" is "Mr President"; not before a function word, "she has ms and", but "mr and mrs smith"), "the us"
    and "the who" written "the US", "the WHO", and each word of :func:`written_short_forms` outside any span, with
    no mark around it, the number after "No." in a span of its own."""
    out_punct, out_case, out_itn = list(punct), list(case), list(itn)
    lowered = [w.lower() for w in words]
    phrases = dict(number_phrases(lowered))
    for i, _ in written_short_forms(words):  # written as said: "No." and "Hon."
        _out_of_span(out_itn, i)
        out_punct[i] = "O"
        if out_punct[i - 1] == "COMMA":
            out_punct[i - 1] = "O"  # "Amendment, No. 12"
        end = phrases.get(i + 1, i + 1)
        if lowered[i] == "no" and all(label == "O" for label in out_itn[i + 1:end]):
            out_itn[i + 1:end] = ["B"] + ["I"] * (end - i - 2)  # "reached no one": the number the tagger missed
    for i, word in enumerate(lowered):
        after = lowered[i + 1] if i + 1 < len(words) else ""
        if word in _TITLES and after.isalpha() and (after not in _LOWER_AFTER or (
                after == "and" and i + 2 < len(words) and lowered[i + 2] in _TITLES)):
            out_case[i] = "CAPITAL"
            out_punct[i] = "O"
            _out_of_span(out_itn, i)
            if after not in _LOWER_AFTER and out_case[i + 1] == "LOWER":
                out_case[i + 1] = "CAPITAL"
        elif word == "us" and i and lowered[i - 1] == "the":  # "the US": no pronoun
            out_case[i] = "ACRONYM"
        elif word == "who" and i and lowered[i - 1] == "the" and after.isalpha() and after not in _NOT_AFTER_WHO:
            out_case[i] = "ACRONYM"  # "the WHO estimates", not a speaker's restart "the, who that"
    return out_punct, out_case, out_itn


def _out_of_span(itn: List[str], i: int) -> None:
    """Take word ``i`` out of its BIO span in place; the word after it starts what is left."""
    if itn[i] != "O":
        itn[i] = "O"
        if i + 1 < len(itn) and itn[i + 1] == "I":
            itn[i + 1] = "B"


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


def written_short_forms(words: Sequence[str]) -> List[Tuple[int, str]]:
    """``(position, written)`` of each word said for a short form written with a stop: "No." of
    :func:`number_signs`, and "Hon." after "rt" (a normalizer reads "Rt Hon." as "rt honorable")."""
    lowered = [w.lower() for w in words]
    found = [(i, "No.") for i in number_signs(words)]
    found += [(i, "Hon.") for i in range(1, len(lowered))
              if lowered[i] in ("honorable", "honourable") and lowered[i - 1] == "rt"]
    return sorted(found)
