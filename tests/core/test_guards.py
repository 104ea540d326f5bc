from __future__ import annotations

import pytest

from spacy_u2tf.core.guards import (check_span, dropped_word, finish_initials, grams_apart, ordinal_dropped,
                                   split_decimal, split_said_word, spoken_digits, spoken_numbers)

OK = [
    ("twelve point three million dollars", "$12.3 million"),
    ("zero point zero zero zero four", "0.0004"), ("two point five zero euros", "€2.50"),
    ("oh one eight one nine four five", "0181 945"), ("zero seven", "07"), ("f zero five", "F05"),
    ("version two point one point three", "version 2.1.3"), ("one point fifteen", "1.15"),
    ("twelve square feet", "12 sq ft"),
    ("one eight hundred seven seven two one two one three", "1-800-772-1213"),
    ("five oh three five five five oh one four eight", "503-555-0148"),  # digits said one by one: any groups
    ("twenty seven nineteen", "27-19"),
    ("info at example dot com", "info@example.com"),
    ("march fifteenth two thousand twenty four", "March 15, 2024"),
    ("fifteen hundred", "1,500"),
    ("nineteen oh five", "1905"),
    ("three thirty p m", "3:30 p.m."),
    ("fifty cents", "$0.50"),
    ("double five", "55"),
    ("f b i", "FBI"),
    ("mister", "Mr."),
    ("ten o'clock", "10:00"),
    ("two and a half", "2 1/2"),
    # spoken words that vanish into symbols, numbers and abbreviations
    ("one hundred miles per hour", "100 mph"),
    ("four kilograms", "4 kg"),
    ("doctor", "Dr."),
    ("five main street", "5 Main St."),
    ("john dot smith at gmail dot com", "john.smith@gmail.com"),
    ("seven billion dollars", "$7,000,000,000"),
    ("twenty seven to thirty dollars", "$27-$30"),
    ("the fifteenth of march", "March 15"),
    ("et cetera", "etc."),
    # an ordinal said before a street word keeps its ending; a house number beside it need not have one
    ("forty second street", "42nd Street"),
    ("seven eighty six west forty second street", "786 West 42nd Street"),
    ("fifth avenue", "Fifth Avenue"),
    ("forty two street", "42 Street"),
    ("number two", "No. 2"),
    ("numbers three and four", "Nos. 3 and 4"),
    ("three triple twenty five millimeter", "three triple 25 mm"),
    # "and" is number glue after a scale or currency word and before a fraction; "plus" may be its symbol
    ("one hundred and five", "105"),
    ("two thousand and twenty four", "2024"),
    ("five dollars and fifty cents", "$5.50"),
    ("two and three quarters", "2 3/4"),
    ("a hundred and one", "101"),
    ("a hundred dollars", "$100"),
    ("one and two", "1 and 2"),
    ("one plus two", "1 + 2"),
    ("rock and roll", "rock & roll"),
    ("point five", "0.5"),
    ("oh five", "05"),
    ("a four", "A4"),
    ("one and a half million dollars", "$1.5 million"),
    ("two and a half", "2.5"),
    ("fourteenth", "14th"),
    ("one hundred and first", "101st"),
    ("a b c dash", "abc-"),
    ("one two seven dot zero dot zero dot one", "127.0.0.1"),
    ("five dollars and five cents", "$5.05"), ("ninety nine cents", "99 cents"), ("fifty pence", "50p"),
    ("one thousand two hundred and ninety nine dollars ninety nine cents", "$1,299.99"),
    ("twenty seven to thirty", "27-30"),
    ("five to ten percent", "5-10%"),
    ("from nine to five", "from 9 to 5"),
    ("washington d c", "Washington, D.C."),
    ("ten am", "10 a.m."),
    ("f b i", "F.B.I."),
    ("hundred and fifty dollars", "$150"),  # a scale word said alone counts one of it
    ("a hundred dollars and fifty cents", "$100.50"),
    ("five kilometers", "5km"),  # a unit's abbreviation may touch its number
    ("seventy seven point five million dollars", "$77.5million"),  # and a scale word, as transcripts write it
    ("two hundred gpus", "200 GPUs"),
    ("twelve oak street", "12 Oak Street"),
    ("one nine two dot one six eight dot one dot one", "192.168.1.1"),
    ("a slash b", "a/b"),
    ("five dash seven", "5-7"),
    ("twelve point double five", "12.55"),
    ("one o clock", "1 o'clock"),
    ("nine point oh three metres", "9.03 m"),
    ("sixty five miles per hour", "65 mph"), ("two hundred kilometres per hour", "200 km/h"),
    ("eighteen hundred hours", "18:00"), ("three hours", "3 hrs"),
    ("one and a half hours", "1 1/2 hours"), ("sixty miles", "60 mi"),
]
BAD = [
    ("twelve", "13", "number changed"),
    ("us dollars ninety nine", "$99.$", "sign without an amount"),  # a sign before no digits
    ("and one thousand dollars", "& $1,000", "a sign alone"), ("r and", "R&", "a sign alone"),
    ("dollars ninety nine cents", "$99", "sign without an amount"),  # cents said, written nowhere
    ("zero point zero zero zero four", "0.004", "number changed"),  # a zero after the point lost
    ("two point five zero", "2.5", "number changed"), ("seven pounds eight ounces", "7 lbs8 ounces", "glued"),
    ("oh one eight one nine hundred forty five", "181 945", "number changed"),  # the zero said first
    ("f zero five", "F005", "number changed"), ("f zero five", "F0:05", "number changed"),  # a code's digits
    ("zero point four four square", "0.44 sq square", "repeated word"),  # the word and its abbreviation
    ("twelve", "$12 bananas", "invented word"),
    ("four oh eight nine seven one", "40897", "number changed"),
    ("twelve", "", "empty"),
    ("one", "1" * 60, "too long"),
    ("forty second street", "42 Street", "ordinal dropped"),
    ("fifth road", "5-Road", "ordinal dropped"),
    ("one hundred eleventh avenue", "111 Avenue", "ordinal dropped"),
    ("one hundred eleventh avenue", "111Avenue", "glued to digits"),
    ("one and a half hours", "1 1/2", "dropped word: hours"),  # an hour vanishes only into a time or a rate
    ("ten kilowatt hours", "10 kw", "dropped word: hours"), ("eighty miles an hour", "80 mi", "dropped word: hour"),
    ("i ninety five", "IN95", "glued to digits"),
    ("one forty over ninety", "1:40 90", "dropped word: over"),  # "over" vanishes only into a fraction's slash
    ("forty first street", "41 F Street", "ordinal dropped"),
    ("seven eighty six west forty second street", "786 West 42 Street", "ordinal dropped"),
    ("three triple twenty five meters", "3205 55m", "number changed"),
    ("one twenty five dollars", "$12.5", "number changed"), ("one eighty nine dollars", "$18.09", "number changed"),
    ("three triple twenty five mm", "3205 55m", "dropped word: mm"),  # "m" is no "mm"
    ("nineteen ninety ai two one at ai two one dot labs dot com", "1990A 212 1s Dot Labs Dot Com", "dropped word: ai"),
    ("two", "No. 2", "invented word"),
    ("number two", "Nos. 2", "invented word"),
    ("three triple twenty five mm", "three triple 26 mm", "number changed"),
    ("three triple twenty five mm", "triple 25 mm", "number changed"),
    ("seven point three slash ten", "7.3 slash ten", "number changed"),
    # two numbers joined by "and" or "plus" stay two, with the word between them
    ("one and two", "1 2", "dropped word: and"),
    ("add five and five", "add 5 5", "dropped word: and"),
    ("one and two and three", "1 2 and 3", "dropped word: and"),
    ("six plus seven", "6.7", "dropped word: plus"),
    ("one plus one", "1 lbs 1", "invented unit: lbs"),
    ("a hundred and one and two", "12nd", "dropped word: and"),
    ("a hundred and one", "1", "number changed"),
    ("and twenty", "AND20", "glued to digits"),
    ("and sixty two", "ANd-62", "glued to digits"),
    ("thirty", ",030", "number changed: a zero nobody said"),
    ("one and a half million dollars", "$1 1/00000,000", "number changed: a zero nobody said"),
    ("two and a half", "3.5", "number changed"),
    ("fourteen", "14th", "ordinal added"),
    ("m", "m-", "dangling hyphen"),
    ("one oh one", "1:0", "number changed: malformed time"),
    ("ten fifteen", "10:150", "number changed: malformed time"),
    ("eleven eleven thirty", "1111:30", "number changed: malformed time"),
    ("plus", "+", "a sign alone: +"), ("minus", "-", "a sign alone: -"),  # no number beside it in the span
    ("twenty eight of thirty two", "2832", "dropped word: of"),  # two counts, not one number
    ("twenty two and twenty third", "22 23rd", "dropped word: and"),  # two ordinals, no fraction after "and"
    ("minus three", "minus.3", "number changed: a decimal point nobody said"),
    ("seven eight", "7.8", "number changed: a decimal point nobody said"),
    ("five to midnight", "5 midnight", "dropped word: to"),
    ("one hundred fifty two dash millimetre", "152Dash millimetre", "glued to digits"),
    ("d company", "D.C. company", "invented word: D.C."),  # "c" passes alone, as a unit
    ("x minus three", "X.M. minus 3", "invented word: X.M."),
    ("x minus three", "X.M minus 3", "invented word: X.M"),
    ("a thousand years", "1000 years", "unlicensed digits"),  # "a thousand" alone stays words
    ("hundred and fifty dollars", "$50", "number changed"),
    ("a hundred dollars and", "$100", "dropped word: and"),  # "and" is glue only with more said after it
    ("nine month", "9month", "glued to digits"),
    ("six figure", "6Figure", "glued to digits"),
    ("ten thousand square", "10,000square", "glued to digits"),
    ("three dot menu", "3.menu", "glued to digits"),
    ("per hour", "per,hour", "invented mark: per,hour"),
    ("the", "THe", "odd case: THe"),
    ("pounds", "POUNds", "odd case: POUNds"),
    ("hundreds", "HUNDREDs", "odd case: HUNDREDs"),
    # a word said for a mark vanishes only where the mark is written
    ("one nine two dot one six eight dot one dot one", "192-168-11", "dropped word: dot"),
    ("a slash b", "a b", "dropped word: slash"),
    ("five dash seven", "5 7", "dropped word: dash"),
    ("a quarter million dollars", "a quarter million.dollars", "invented dot: million.dollars"),
    ("eleven point", "11.00", "dropped word: point"),  # a decimal point needs digits said after it
    ("eleven o clock", "11 clock", "dropped word: o"),
    ("first hundred", "100", "number changed"),  # an ordinal is no count of hundreds
    ("three hundred pound", "300", "dropped word: pound"),  # a currency word needs its symbol
    ("the hundred", "100", "unlicensed digits"),  # a scale word counts one only where it opens the span
    ("a hundred dollar", "$100", "unlicensed digits"),  # the "a" of "a hundred dollar bill" is the bill's
    ("four one one one one one one one one one one one one one one one", "4111 1111 1111 11111", "number changed"),
    ("twenty five dollars", "dollars", "number dropped"),
    # stage 1 ran a date span into the next word and stage 2 wrote only the date: "ceo" must not vanish
    ("fifteenth march two thousand and twenty four ceo", "15 March 2024", "dropped word: ceo"),
    ("twelve dollars yesterday", "$12", "dropped word: yesterday"),
    ("info at example dot com please", "info@example.com", "dropped word: please"),
    ("twenty five dollars", "$25 million", "invented word"),
    ("info at example dot com", "info@sample.com", "invented word"),
    ("ninety seven billion dollars", "$97 Billiond", "invented word"),  # a substring of two words is no word
    ("90 percent", "%", "number dropped"),  # digits already in the input count as its numbers
    ("20 ab", "AB", "number dropped"),
    ("20 ab", "21 AB", "number changed"),
    ("12.3 million", "-million", "number dropped"),  # a scale word kept is no number kept
    # a unit written short needs a word of that unit said
    ("ten k four double oh seven", "10 kb-4007", "invented unit: kb"),
    ("ten k", "10 km", "invented unit: km"),
    ("three gigs", "3 MB", "invented unit: MB"),
]


@pytest.mark.parametrize("spoken,written", OK)
def test_accepts_faithful_conversions(spoken: str, written: str) -> None:
    assert check_span(spoken.split(), written) is None


def test_a_scale_ordinal_vanishes_only_into_an_ordinal() -> None:
    assert dropped_word("two hundredth".split(), "200th") is None
    assert dropped_word("one thousandth".split(), "1000th") is None
    assert dropped_word("two hundredth".split(), "200") == "hundredth"


def test_an_ordinal_kept_as_a_word_is_not_dropped() -> None:
    """The street's ordinal may stay a word beside a house number in digits; it may not vanish."""
    assert ordinal_dropped("one twenty three third street".split(), "123 Third Street") is None
    assert ordinal_dropped("one twenty three third street".split(), "123 3 Street") is not None
    assert ordinal_dropped("one twenty three main street".split(), "123 Main Street") is None


@pytest.mark.parametrize("spoken,written,reason", BAD)
def test_rejects_with_reason(spoken: str, written: str, reason: str) -> None:
    got = check_span(spoken.split(), written)
    assert got is not None and got.startswith(reason), got


def test_mixed_case_must_keep_letters() -> None:
    assert check_span(["mcdonald's"], "McDonald's", "mixed") is None
    assert check_span(["mcdonald's"], "McDonalds", "mixed") is not None


def test_mixed_case_may_add_a_possessive_apostrophe() -> None:
    assert check_span(["mcdonalds"], "McDonald's", "mixed") is None
    assert check_span(["mcdonalds"], "McDonal's", "mixed") is not None
    assert check_span(["iphone"], "iPhone's", "mixed") is not None


def test_titles_the_normalizer_expands() -> None:
    assert check_span(["miss"], "Ms.") is None and check_span(["misses"], "Mrs.") is None
    assert check_span(["miss"], "Dr.") is not None


def test_a_zero_after_tens_is_a_digit_of_its_own() -> None:
    """"fifty zero" is no 50: a normalizer reads "350,000" as "three hundred fifty zero zero zero"."""
    assert spoken_numbers("three hundred fifty zero zero zero".split()) == ["350", "0", "0", "0"]
    assert spoken_digits("twenty oh one".split()) == "2001"
    assert spoken_digits("fifty five".split()) == "55"


def test_spoken_digits() -> None:
    assert spoken_digits("twenty twenty four".split()) == "2024"
    assert spoken_digits("one thousand five hundred".split()) == "1500"
    assert spoken_digits("triple seven".split()) == "777"
    assert spoken_digits("double oh seven".split()) == "007"
    assert spoken_digits("three triple twenty five".split()) == "325"


# Readings the number guard must accept: times on the hour, cents, reordered numeric dates, decades, kept words.
LENIENT = [
    ("eighteen hundred", "18:00"),
    ("six oh three dollars and five cents", "$603.05"),
    ("two hundred eight dollars", "$208.00"),
    ("july twenty fourth twenty nineteen", "2019-07-24"),
    ("february sixth nineteen oh four", "1904-02-06"),
    ("the nineteen nineties", "the 1990s"),
    ("nineteen hundreds", "1900s"),
    ("double oh seven", "007"),
    ("one thousand ten million", "1,010 million"),
    ("underscore one", "_one"),
    ("w w w dot example dot com", "www.example.com"),
    ("john smith at gmail dot com", "johnsmith@gmail.com"),
    ("o'connell street", "O'Connell St."),
    ("90 percent", "90%"),
    ("1,034 dollars", "$1,034"),
    ("four one one one one one one one one one one one one one one one", "4111 1111 1111 1111"),
]


@pytest.mark.parametrize("spoken,written", LENIENT)
def test_accepts_ambiguous_readings(spoken: str, written: str) -> None:
    assert check_span(spoken.split(), written) is None


@pytest.mark.parametrize("spoken,written,ok", [("heisman", "HeIsman", False), ("koch", "KOCH", False),
                                               ("petoskey", "petoskey", False), ("mccoy", "McCoy", True),
                                               ("mcdonalds", "McDonald's", True), ("cds", "CDs", True),
                                               ("youtube", "YouTube", True), ("iphone", "iPhone", True)])
def test_mixed_conversions_must_have_a_mixed_case_shape(spoken: str, written: str, ok: bool) -> None:
    assert (check_span([spoken], written, "mixed") is None) is ok


class _RankedConverter:
    """A converter whose outputs for one span, likeliest first, are given (``nbest``); ``convert`` gives the first."""

    def __init__(self, ranked):
        self.ranked = ranked

    def convert(self, inputs, digits=None):
        return [self.ranked[0] for _ in inputs]

    def nbest(self, texts, width, max_len=None):
        bounds = max_len if max_len is not None else [None] * len(texts)
        return [[r for r in self.ranked[:width] if n is None or len(r) <= n] for n in bounds]


def test_a_rejected_span_takes_the_next_output_the_guards_accept() -> None:
    """"Mx." is an invented word and "MIss" only re-cases the spoken word: "Ms." is taken."""
    from spacy_u2tf.core.guards import convert_checked

    outputs, reasons, retries, alternatives = convert_checked(
        _RankedConverter(["Mrs.", "Mx.", "MIss", "Ms."]), ["<span> miss </span> smith"], [["miss"]], [False])
    assert (outputs, reasons, retries, alternatives) == (["Ms."], [None], 0, 1)


def test_without_an_acceptable_alternative_or_beam_the_span_falls_back() -> None:
    from spacy_u2tf.core.guards import convert_checked

    spoken = [["miss"]]
    outputs, reasons, _, alternatives = convert_checked(_RankedConverter(["Mrs.", "Mr."]), ["<span> miss </span>"],
                                                        spoken, [False])
    assert reasons[0] and reasons[0].startswith("invented word") and alternatives == 0

    class GreedyOnly:
        def convert(self, inputs, digits=None):
            return ["Mrs." for _ in inputs]

    _, reasons, _, alternatives = convert_checked(GreedyOnly(), ["<span> miss </span>"], spoken, [False])
    assert reasons[0] and alternatives == 0
    _, reasons, _, alternatives = convert_checked(_RankedConverter(["Mrs.", "Ms."]), ["<span> miss </span>"], spoken,
                                                  [False], width=1)
    assert reasons[0] and alternatives == 0  # width 1: the beam's best alone, already rejected


def test_words_run_together_only_inside_an_address_or_handle() -> None:
    assert check_span("a thousand dollars".split(), "Athousand.") is not None
    assert check_span("john smith at gmail dot com".split(), "johnsmith@gmail.com") is None


@pytest.mark.parametrize("written,split", [
    ("€2.3 6 billion", True), ("3.5 2.1", True), ("€2.36 billion", False), ("1.5 to 2", False), ("2.5 x", False),
    ("8,848 .86", True), ("8,848.86", False), ("at 5 . 6 more", False),
])
def test_a_decimal_cut_by_a_space_is_rejected(written: str, split: bool) -> None:
    assert (split_decimal(written) is not None) == split
    if split:
        assert "decimal split" in check_span("two point three six billion euros".split(), "€2.3 6 billion")


@pytest.mark.parametrize("spoken,written,lost", [
    ("one forty two point one six zero point three eight", "142.160-38", True),
    ("one forty two point one six zero point three eight", "142.16, 0.38", False),
    ("one point two point three", "1.2.3", False), ("two point five", "2.5", False),
    ("point three one two", ".312", False),
])
def test_a_decimal_point_said_and_not_written_is_rejected(spoken: str, written: str, lost: bool) -> None:
    from spacy_u2tf.core.guards import lost_decimal_point

    assert (lost_decimal_point(spoken.split(), written) is not None) == lost
    if lost:
        assert check_span(spoken.split(), written).startswith("number changed")


@pytest.mark.parametrize("written,finished", [
    ("N.K", "N.K."), ("the N.K 9th", "the N.K. 9th"), ("U.S.A", "U.S.A."), ("N.K.", "N.K."), ("NK", "NK"),
    ("3.5", "3.5"), ("john.smith@gmail.com", "john.smith@gmail.com"), ("A.Smith", "A.Smith"), ("e.g", "e.g"),
])
def test_initials_with_points_get_the_last_point(written: str, finished: str) -> None:
    assert finish_initials(written) == finished


@pytest.mark.parametrize("spoken,written,repaired", [
    ("fourteen elm road", "14elm Road", "14 Elm Road"), ("fourteen elm", "14elm", "14 elm"),
    ("five km", "5km", "5km"), ("ten min", "10min", "10min"),  # a unit's abbreviation
    ("fourteen elm road", "14 Elm Road", "14 Elm Road"), ("five a m s", "5ams", "5ams"),  # not said so
])
def test_a_said_word_run_into_digits_gets_its_space(spoken: str, written: str, repaired: str) -> None:
    assert split_said_word(spoken.split(), written) == repaired


def test_a_letter_said_among_letters_is_no_article_that_may_vanish() -> None:
    assert check_span("b a seven one zero one".split(), "B7101") == "dropped word: a"
    assert check_span("b a seven one zero one".split(), "BA7101") is None
    assert check_span("a hundred dollars".split(), "$100") is None  # an article may


@pytest.mark.parametrize("spoken,written,repaired", [
    ("forty five miles", "45 mi", "45 miles"), ("five miles", "5mi", "5 miles"),
    ("a five mile walk", "a 5-mi walk", "a 5-mile walk"),
    ("three point three square miles", "3.3 sq mi", "3.3 square miles"),
    ("sixty miles per hour", "60 mph", "60 mph"), ("ten kilometers", "10 km", "10 km"),
    ("five mi", "5 mi", "5 mi"),  # said so
])
def test_miles_said_in_full_are_written_in_full(spoken: str, written: str, repaired: str) -> None:
    from spacy_u2tf.core.guards import miles_in_full

    assert miles_in_full(spoken.split(), written) == repaired


@pytest.mark.parametrize("spoken,written,dropped", [
    ("john sharp at gmail dot com", "john@gmail.com", "sharp"), ("x five dollars", "$5", "x"),
    ("slash question mark", "/", "question"), ("misses twelve dollars", "$12", "misses"),
    ("the thirty six km mark", "the 36 km", "mark"), ("x eighty six", "86", "x"),
    ("seventy three point two us cents", "73.2 US", "cents"), ("fifty cents", "$0.50", None),
    ("john at gmail👍 dot com", "john@gmail.com", "gmail👍"),  # a symbol typed into a word is written too
    ("twelve dollars through", "$12.00", "through"),
    ("c sharp", "C#", None), ("six hundred sixty us dollars", "$660", None),
    ("six hundred sixty us dollars", "660 US dollars", None), ("for example", "e.g.", None),
    ("twelve dollars fifty cents", "$12.50", None), ("twenty five per cent", "25%", None),
    ("misses smith", "Mrs. Smith", None), ("monday through friday", "Monday to Friday", None),
])
def test_a_word_for_a_symbol_vanishes_only_into_it(spoken: str, written: str, dropped) -> None:
    assert dropped_word(spoken.split(), written) == dropped


@pytest.mark.parametrize("spoken,written,changed", [
    ("zero zero zero", "0000", True), ("zero zero zero zero", "00000", True), ("zero zero zero", "000", False),
    ("double oh seven", "007", False), ("oh oh seven", "007", False), ("nine one one", "911", False),
    ("five five five one two three four", "555-1234", False), ("twenty five", "25", False),
])
def test_digits_said_one_by_one_keep_their_zeros(spoken: str, written: str, changed: bool) -> None:
    from spacy_u2tf.core.guards import digits_said_one_by_one

    assert (digits_said_one_by_one(spoken.split(), written) is not None) == changed
    assert (check_span(spoken.split(), written) is not None) == changed


def test_us_run_into_a_year_is_rejected() -> None:
    assert check_span("twenty eleven us".split(), "2011us").startswith("glued to digits")
    assert check_span("twenty eleven us".split(), "2011 US") is None


@pytest.mark.parametrize("spoken,written,glued", [
    ("four thousand", "4thousand", True), ("billion one eight hundred", "Billion1800", True),
    ("info at example dot com thousand", "info.example.com1000", True),
    ("nine billion dollars", "$9billion", False), ("seventy seven point five million", "77.5million", False),
    ("nz dollar one hundred seventy three billion", "NZ dollar 173billion", False), ("five km", "5km", False),
])
def test_scale_words_and_domains_run_into_digits(spoken: str, written: str, glued: bool) -> None:
    from spacy_u2tf.core.guards import glued_to_digits

    assert (glued_to_digits(spoken.split(), written) is not None) == glued


@pytest.mark.parametrize("spoken,converted,repaired", [
    ("sixty eight us", "68 us", "68 US"),  # the country's money, never the pronoun
    ("four number four", "4 No.4", "4 No. 4"),  # "No." run into its number
])
def test_converter_slips_with_one_right_fix_are_repaired(spoken: str, converted: str, repaired: str) -> None:
    from spacy_u2tf.core.guards import convert_checked

    class Converter:
        def convert(self, inputs, digits=None):
            return [converted for _ in inputs]

    outputs, reasons, _, _ = convert_checked(Converter(), [f"<span> {spoken} </span>"], [spoken.split()], [False])
    assert outputs == [repaired] and reasons == [None]


@pytest.mark.parametrize("spoken,written,dropped", [
    ("nineteen ninety nine (a)", "1999", "(a)"),  # an item label typed in brackets is no article
    ("section four (b)", "section 4b", "(b)"),  # its brackets are written with it or it stays apart
    ("section four (b)", "section 4(b)", None),
    ("a hundred, thousand", "100,000", None),  # a word with a mark after it vanishes as the word would
])
def test_a_typed_token_in_brackets_is_written_whole(spoken: str, written: str, dropped) -> None:
    assert dropped_word(spoken.split(), written) == dropped


@pytest.mark.parametrize("spoken,written,repaired", [
    ("two hundred g", "200G", "200 g"),
    ("one thousand two hundred g", "1,200G", "1,200 g"),
    ("five g", "5G", "5G"),  # a network
    ("two hundred", "200G", "200G"),  # no gram said
])
def test_grams_glued_in_capitals_are_written_apart(spoken: str, written: str, repaired: str) -> None:
    assert grams_apart(spoken.split(), written) == repaired


@pytest.mark.parametrize("spoken,written", [
    ("five kilos", "5 kg"), ("five kilograms", "5 kg"), ("ten pounds", "10 lbs"), ("sixty miles per hour", "60 mph"),
    ("sixty miles an hour", "60 mph"), ("two gigs", "2 GB"), ("two gigabytes", "2 GB"), ("ten k g", "10 kg"),
    ("three point two gigahertz", "3.2 GHz"), ("four hours", "4 hrs"), ("five square feet", "5 sq ft"),
    ("two megs", "2 MB"), ("ten milliliters", "10 ml"),
])
def test_a_unit_written_short_for_its_spoken_word(spoken: str, written: str) -> None:
    assert check_span(spoken.split(), written) is None
