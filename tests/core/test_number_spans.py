from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest

from spacy_u2tf.core.labels import bio_spans
from spacy_u2tf.core.number_spans import (acronym_names_number, airline_code_start, code_letters,
                                          complete_number_spans, flight_code_start, identifier_before, leads_number,
                                          narrower_spans, number_pair,
                                          ordinals_after_letters, said_decimals, said_flight_number, said_months,
                                          years_then_numbers, number_phrases)

DATA = Path(__file__).parent / "data" / "number_phrases.txt"


def _parse(bracketed: str) -> Tuple[List[str], List[str]]:
    """``"a [six hundred] and"`` → words and BIO labels."""
    words: List[str] = []
    labels: List[str] = []
    inside = False
    for token in bracketed.split():
        opens, closes = token.startswith("["), token.endswith("]")
        words.append(token.strip("[]"))
        labels.append("B" if opens else "I" if inside else "O")
        inside = (inside or opens) and not closes
    return words, labels


def _bracket(words: List[str], labels: List[str]) -> str:
    out = list(words)
    for start, end in bio_spans(labels):
        out[start] = "[" + out[start]
        out[end - 1] += "]"
    return " ".join(out)


def _cases() -> List[Tuple[str, str]]:
    lines = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    return [tuple(line.split("~")) for line in lines]  # type: ignore[misc]


@pytest.mark.parametrize("before,after", _cases())
def test_complete_number_spans(before: str, after: str) -> None:
    words, labels = _parse(before)
    assert _bracket(words, labels) == before  # the case file itself is well formed
    assert _bracket(words, complete_number_spans(words, labels)) == after


def test_number_phrases() -> None:
    words = "he paid six hundred and sixty dollars in nineteen ninety five for twenty one cars".split()
    assert [" ".join(words[a:b]) for a, b in number_phrases(words)] == [
        "six hundred and sixty", "nineteen ninety five", "twenty one"]
    assert complete_number_spans([], []) == []


@pytest.mark.parametrize("spoken,phrases", [
    ("one thousand five hundred three thousand", ["one thousand five hundred", "three thousand"]),
    ("two thousand three thousand", ["two thousand", "three thousand"]),
    ("one thousand five hundred thousand", ["one thousand", "five hundred thousand"]),
    ("ten thousand and thirty thousand", ["ten thousand", "thirty thousand"]),
    ("one million two hundred thousand", ["one million two hundred thousand"]),
    ("one hundred and twenty thousand", ["one hundred and twenty thousand"]),
    ("two thousand and four", ["two thousand and four"]),
    ("three hundred and four hundred", ["three hundred", "four hundred"]),  # a hundred comes once between scales
    ("three hundred four hundred", ["three hundred", "four hundred"]),
    ("seven hundred and seventy seven hundred and seventy five", ["seven hundred and seventy",
                                                                  "seven hundred and seventy five"]),
    ("two hundred thousand three hundred", ["two hundred thousand three hundred"]),
    ("nineteen hundred", ["nineteen hundred"]), ("three hundred and four", ["three hundred and four"]),
    ("two thousand and twenty nineteen", ["two thousand", "twenty nineteen"]),  # a year after "and"
    ("two thousand and twenty five", ["two thousand and twenty five"]),
])
def test_a_scale_as_large_again_starts_another_number(spoken: str, phrases) -> None:
    words = spoken.split()
    assert [" ".join(words[a:b]) for a, b in number_phrases(words)] == phrases


@pytest.mark.parametrize("written,bad", [
    ("6 hundred", True), ("2 hundred years", True), ("$6 hundred and 60 dollars", True), ("60 five", True),
    ("twenty 5", True), ("$660", False), ("660 US dollars", False), ("12.3 million", False), ("5 thousand", False),
    ("5 one-dollar bills", False), ("room 4 oh 4", False), ("1 and 2", False), ("the 1990s", False),
])
def test_guard_rejects_half_converted_numbers(written: str, bad: bool) -> None:
    from spacy_u2tf.core.guards import number_words_beside_digits

    reason = number_words_beside_digits(written)
    assert (reason is not None) == bad
    assert reason is None or reason.startswith("number")  # so convert_checked retries it with digits imposed


def test_guard_retries_half_converted_number_with_digits() -> None:
    from spacy_u2tf.core.guards import convert_checked

    class Converter:
        def convert(self, inputs, digits=None):
            return ["660" if digits else "6 hundred and 60" for _ in inputs]

    spoken = "six hundred and sixty".split()
    outputs, reasons, retries, alternatives = convert_checked(Converter(), ["<span> six hundred and sixty </span>"],
                                                              [spoken], [False])
    assert outputs == ["660"] and reasons == [None] and retries == 1 and alternatives == 0


E2E = [
    ("that makes a total of six hundred and sixty us dollars", "660"),
    ("it cost two hundred and fifty thousand euros", "250,000"),
    ("about six hundred and sixty people came in nineteen ninety five", "660"),
    ("he paid five hundred bucks for it", "500"),
]


@pytest.mark.parametrize("spoken,digits", E2E)
def test_shipped_model_converts_number_phrases_whole(shipped_model, spoken: str, digits: str) -> None:
    from spacy_u2tf.core.guards import number_words_beside_digits

    text = shipped_model.format(spoken)
    words = {w.strip(".,?").lower() for w in text.split()}
    assert digits in text, text
    assert not words & {"hundred", "sixty", "fifty", "thousand"}, text
    assert number_words_beside_digits(text) is None, text


@pytest.mark.parametrize("spoken,before,split", [
    ("three five", "aged", 1), ("six three", "a", 1), ("fifteen zero", "won", 1), ("three zero", "", 1),
    ("one hundred and thirty nine one hundred and sixty three", "pages", 5),  # after a label too
    ("three five", "room", None), ("three five", "pin", None),  # a label's or a code's digits
    ("nine one one", "", None), ("thirty five", "", None), ("nineteen ninety", "in", None),  # one number
    ("ten fifteen", "at", None), ("twenty thirty", "", None), ("three", "", None),
    ("zero seven", "", None), ("first second", "", None),
    ("forty five thirty seven", "", 2), ("fifty fifty", "a", 1), ("thirty forty", "", 1),
    ("twenty five ninety nine", "it's", None), ("twenty five ninety nine", "costs", None),  # a price
    ("twenty twenty one", "", None), ("twenty thirty", "", None), ("nineteen forty five", "", None),  # years
    ("twenty eight three", "scored", 2), ("ten seven", "was", 1),  # scores no number is said as
    ("nineteen five", "in", None), ("ten five", "at", None),  # a year, a time
    ("twenty seven nineteen", "to", 2), ("twenty one fourteen", "won", 2),  # no year starts with 21 to 99
    ("nineteen twenty seven", "in", None), ("twenty seven nineteen", "it's", None),  # a year, a price
    ("twenty four seventeen", "number", None),  # a label's digits
    ("twenty eight fifty seven", "number", None), ("forty five thirty seven", "room", None),  # "bus number 2857"
])
def test_number_pair_finds_two_numbers_said_for_a_range_or_score(spoken: str, before: str, split) -> None:
    assert number_pair(spoken.split(), before) == split


@pytest.mark.parametrize("spoken,after,split", [
    ("ten fifteen", "minutes", 1), ("five ten", "days", 1), ("twenty thirty", "percent", 1),
    ("twenty five thirty", "people", 2), ("eleven twelve", "years", 1),
    ("three forty five", "years", None), ("two fifty", "people", None),  # hundreds said short: 345, 250
    ("ten fifteen", "at", None), ("fifteen ten", "minutes", None), ("twenty twenty", "years", None),
    ("nineteen ninety", "minute", None),  # a singular noun: "a 1990 minute"? not counted
])
def test_two_rising_numbers_before_a_plural_count_are_a_range(spoken: str, after: str, split) -> None:
    assert number_pair(spoken.split(), "about", after) == split


@pytest.mark.parametrize("spoken,before,after,split", [
    ("seventeen ten", "were", "up", 1), ("twenty fourteen", "was", "down", 1),  # a side's score: 17-10 up
    ("seventeen ten", "in", "up", None), ("seventeen ten", "were", "in", None),  # a year
    ("forty two", "is", "up", None),  # one number: "our score is 42, up from 36"
])
def test_a_score_said_with_up_or_down(spoken: str, before: str, after: str, split) -> None:
    assert number_pair(spoken.split(), before, after) == split


@pytest.mark.parametrize("spoken,before,split", [
    ("twenty eighteen", "lead", 1), ("zero zero", "finishes", 1), ("twenty one eighteen", "led", 2),
    ("twenty eighteen", "in", None), ("twenty eighteen", "", None),  # a year
    ("two thousand eighteen", "lead", None),  # a scale: one number
])
def test_two_numbers_after_a_verb_of_the_score_are_a_score(spoken: str, before: str, split) -> None:
    assert number_pair(spoken.split(), before) == split


@pytest.mark.parametrize("spoken,before,split", [
    ("fourteen twenty one", "aged", 1), ("eighteen twenty five", "ages", 1),  # ages, not the years 1421, 1825
    ("twenty one", "aged", None),  # one number
    ("fourteen twenty one", "in", None),  # a year
])
def test_two_rising_numbers_after_aged_are_a_range_of_ages(spoken: str, before: str, split) -> None:
    assert number_pair(spoken.split(), before, "he") == split


def test_two_numbers_of_tens_before_a_rate_are_no_score() -> None:
    assert number_pair("forty nine ninety nine".split(), "or", "a") is None  # "forty nine ninety nine a year"
    assert number_pair("forty nine ninety nine".split(), "or", "") == 2


@pytest.mark.parametrize("spoken,case,punct,i,leads", [
    ("vitamin b twelve", "LOWER ACRONYM LOWER", "O O PERIOD", 1, True),
    ("gate b twelve", "CAPITAL CAPITAL LOWER", "O COMMA PERIOD", 1, True),  # a comma between goes
    ("the airbus a three eighty", "CAPITAL CAPITAL CAPITAL LOWER LOWER", "O O O O PERIOD", 2, True),
    ("it was a three hundred page book", "CAPITAL LOWER LOWER LOWER LOWER LOWER LOWER", "O O O O O O PERIOD", 2, False),
    ("the u s two thousand census", "CAPITAL ACRONYM ACRONYM LOWER LOWER LOWER", "O O O O O PERIOD", 2, False),
    ("i ninety five", "CAPITAL LOWER LOWER", "O O PERIOD", 0, False),
    ("plan b. two days", "CAPITAL ACRONYM LOWER LOWER", "O PERIOD O PERIOD", 1, False),
    ("so b two", "CAPITAL CAPITAL LOWER", "PERIOD O PERIOD", 1, False),  # starts a sentence
    ("vitamin b twelfth", "LOWER ACRONYM LOWER", "O O PERIOD", 1, False),
])
def test_leads_number(spoken: str, case: str, punct: str, i: int, leads: bool) -> None:
    assert leads_number(spoken.replace(".", "").split(), i, case.split(), punct.split()) is leads



@pytest.mark.parametrize("spoken,case,i,end,names", [
    ("the leg of hs two to the east", "LOWER LOWER LOWER ACRONYM LOWER LOWER LOWER LOWER", 3, 5, True),
    ("our cet one ratio stands", "CAPITAL ACRONYM LOWER LOWER LOWER", 1, 3, True),
    ("potent than co two over", "LOWER LOWER ACRONYM LOWER LOWER", 2, 4, True),
    ("registration ld sixty eight wkp", "CAPITAL ACRONYM LOWER LOWER ACRONYM", 1, 4, True),
    ("our ceo two years ago", "CAPITAL ACRONYM LOWER LOWER LOWER", 1, 3, False),  # counts years
    ("the gdp three percent target", "CAPITAL ACRONYM LOWER LOWER LOWER", 1, 3, False),  # a unit after it
    ("the nhs one one one", "CAPITAL ACRONYM LOWER LOWER LOWER", 1, 3, False),  # a number word after it
    ("the uk ten", "CAPITAL ACRONYM LOWER", 1, 3, False),  # qualifies, names nothing
    ("the hs two", "CAPITAL CAPITAL LOWER", 1, 3, False),  # no acronym
    ("the hs twelfth", "CAPITAL ACRONYM LOWER", 1, 3, False),  # no cardinal
    ("the h two", "CAPITAL ACRONYM LOWER", 1, 3, False),  # one letter: leads_number's
    ("the hs two hundred ten", "CAPITAL ACRONYM LOWER LOWER LOWER", 1, 5, False),  # three words said
])
def test_acronym_names_number(spoken: str, case: str, i: int, end: int, names: bool) -> None:
    words = spoken.split()
    assert acronym_names_number(words, i, end, case.split(), ["O"] * len(words)) is names
    punct = ["O"] * len(words)
    punct[i] = "COMMA"
    assert not acronym_names_number(words, i, end, case.split(), punct)  # "CO, 2": a mark between


@pytest.mark.parametrize("spoken,case,i,starts", [
    ("your case number is ra fifty", "CAPITAL LOWER LOWER LOWER ACRONYM LOWER", 4, True),
    ("under ticket hd five thousand", "LOWER LOWER ACRONYM LOWER LOWER", 2, True),  # no vowel: no word
    ("reference wc eight eight", "CAPITAL CAPITAL LOWER LOWER", 1, True),
    ("the order id it's ds twenty", "CAPITAL LOWER LOWER LOWER ACRONYM LOWER", 4, True),
    ("your case number is ra fifty", "CAPITAL LOWER LOWER LOWER LOWER LOWER", 4, False),  # a word, maybe
    ("the number is five", "CAPITAL LOWER LOWER LOWER", 2, False),  # "is" is glue, not letters
    ("my dog hd five", "CAPITAL LOWER ACRONYM LOWER", 2, False),  # no reference noun
    ("case number is the five", "CAPITAL LOWER LOWER LOWER LOWER", 3, False),
    ("case number was lost then hd five", "CAPITAL LOWER LOWER LOWER LOWER ACRONYM LOWER", 5, False),  # too far
    ("case number hdxyz five", "CAPITAL LOWER ACRONYM LOWER", 2, False),  # five letters
    ("case number hd fifth", "CAPITAL LOWER ACRONYM LOWER", 2, False),  # no cardinal after
])
def test_code_letters(spoken: str, case: str, i: int, starts: bool) -> None:
    words = spoken.split()
    assert code_letters(words, i, case.split(), ["O"] * len(words)) is starts


@pytest.mark.parametrize("spoken,case,cuts", [
    ("u s seventh fleet", "ACRONYM ACRONYM LOWER CAPITAL", [2]),
    ("the n k twenty ninth division", "LOWER ACRONYM ACRONYM LOWER LOWER CAPITAL", [3]),
    ("the nk ninth division", "LOWER ACRONYM LOWER CAPITAL", [2]),
    ("b fifty two bomber", "ACRONYM LOWER LOWER LOWER", []),  # a cardinal: the model's name, B52
    ("the nk ninth division", "LOWER CAPITAL LOWER CAPITAL", []),  # a word, not letters
    ("on the twenty first", "LOWER LOWER LOWER LOWER", []),
])
def test_a_span_is_cut_between_letters_and_an_ordinal(spoken: str, case: str, cuts) -> None:
    words = spoken.split()
    assert ordinals_after_letters(words, case.split(), 0, len(words)) == cuts


@pytest.mark.parametrize("spoken,start,identifies", [
    ("your order number is four five", 4, True), ("account number please yes it's four", 5, True),
    ("account number it's four hundred eighty five seven hundred", 7, True),  # a later group
    ("pages one hundred", 1, False), ("the number of people we counted was four", 7, False),
    ("order number please yes sure it's um uh four", 8, False),  # too many words between
])
def test_a_noun_that_identifies_comes_before_a_number(spoken: str, start: int, identifies: bool) -> None:
    assert identifier_before(spoken.split(), start) is identifies


@pytest.mark.parametrize("spoken,cuts", [
    ("the twenty eighth of december two thousand nine five", [8]), ("fourteen june twenty seventeen seventy two", [4]),
    ("the fifth of march twenty fourteen one", [6]),
    ("march twenty twenty five", []), ("december two thousand and nine", []), ("on june twenty seventeen", []),
    ("in nineteen ninety nine five", []),  # no month, and nothing counted after
    ("net zero by twenty forty five five years ahead", [6]), ("in nineteen ninety nine five people came", [4]),
    ("by twenty forty five", []), ("the twenty forty five five years", []),  # no word a year is said after
    ("on june eighteenth nineteen forty two he", []), ("january twentieth twenty twenty three one", [5]),  # a day
])
def test_a_span_is_cut_after_a_dates_year_that_a_number_follows(spoken: str, cuts) -> None:
    words = spoken.split()
    assert years_then_numbers(words, 0, len(words)) == cuts


@pytest.mark.parametrize("span,narrower", [
    ("seven miles northwest", ["seven miles"]), ("sixteen knots", ["sixteen"]),
    ("seventeenth century", ["seventeenth"]), ("about forty", ["forty"]), ("forty eight seconds", ["forty eight"]),
    ("eight point eight six m", ["eight point eight six"]),  # a unit letter a normalizer leaves
    ("nineteen ninety nine (a)", ["nineteen ninety nine"]),  # a bracketed label typed after a number
    ("twenty thousand r m b", []), ("three b", []), ("m three", []),  # letters of a code
    ("queen street", []), ("february seconded", []),  # no number word is left
    ("second and eight", []), ("twenty five", []), ("five", []),
    ("seventy four one hundredths", []), ("two fifths", []), ("one and a half", []),  # a fraction is the number's
    ("one forty over", []),  # "over" joins it to the number said after the span
    ("twenty twenty aged", ["twenty twenty"]),  # "aged" joins no numbers ("aged ninety")
])
def test_narrower_spans_leave_out_a_loose_word_at_an_edge(span: str, narrower: List[str]) -> None:
    words = ["it", "was", *span.split(), "ninety" if span.endswith(("over", "aged")) else "then"]
    assert [" ".join(words[s:e]) for s, e in narrower_spans(words, 2, len(words) - 1)] == narrower


@pytest.mark.parametrize("spoken,start,end,months", [
    ("on the fifth and sixth of september", 2, 7, [6]),
    ("fifth of may", 0, 3, [2]), ("may fifth", 0, 2, [0]),
    ("we may go", 0, 3, []),  # the verb
    ("june and july", 0, 1, [0]),  # only inside the span
])
def test_months_of_a_span_written_as_said(spoken: str, start: int, end: int, months) -> None:
    assert said_months(spoken.split(), start, end) == months


@pytest.mark.parametrize("spoken,itn,marked", [
    ("the regular is two point five zero", "O O O O O O O", "O O O B I I I"),
    ("why not okay one point five", "O O O O O O", "O O O B I I"),
    ("at one point two of them left", "O O O O O O O", "O O O O O O O"),  # "at one point", a time
    ("at one point two five percent", "O O O O O O", "O B I I I O"),  # more digits: a decimal
    ("it is two point five", "O O B I I", "O O B I I"),  # the tagger's own span is kept
    ("it is zero point zero zero zero four", "O O B I I B I I", "O O B I I I I I"),  # its pieces made one
    ("one point five two point five", "B I I B I I", "B I I B I I"),  # a span across the phrase's end: kept
    ("the main point is clear", "O O O O O", "O O O O O"),
])
def test_a_decimal_said_with_point_gets_a_span(spoken: str, itn: str, marked: str) -> None:
    assert said_decimals(spoken.split(), itn.split()) == marked.split()


@pytest.mark.parametrize("spoken,start,code", [
    ("the next flight is s w one two", 6, 4), ("flight number u a nine", 4, 2), ("on flight ba two one seven", 3, 2),
    ("flight four five nine", 1, None), ("i took a b twelve", 4, None), ("the flight it was e k two", 6, 4),
    ("artemis one flight in twenty twenty two", 4, None), ("my flight at eight oh two", 3, None),  # words
    ("the flight a two hour delay", 3, None),
])
def test_an_airline_code_starts_a_flight_number(spoken: str, start: int, code) -> None:
    assert airline_code_start(spoken.split(), start) == code


@pytest.mark.parametrize("spoken,start,end,code,written", [
    ("then flight b a two thousand seven hundred one from", 2, 9, 2, "BA 2701"),  # the code inside the span
    ("then flight b a two thousand seven hundred one from", 3, 9, 2, None),  # a span without its "b"
    ("then flight b a two thousand seven hundred one from", 4, 9, 2, None),  # the number alone
    ("flight number two thousand seven hundred one", 2, 6, None, None),  # no code
    ("on flight bb two hundred and nine from", 2, 7, 2, "BB 209"),  # a code said as one word, "and" in its number
])
def test_a_flight_number_is_its_airlines_code_and_its_number(spoken: str, start: int, end: int, code,
                                                            written) -> None:
    words = spoken.split()
    assert flight_code_start(words, start, end) == code
    assert said_flight_number(words, start, end) == written
