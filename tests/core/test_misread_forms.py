"""core/misread_forms.py: a normalizer's "eighteen th century" and "twenty four sevenths" written back."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.misread_forms import (MisreadForm, clock_durations, counted_compounds, glued_ordinals, lap_times,
                                           legislation_numbers,
                                           measured_fraction_joins, measured_fractions, mid_joins, per_second_units,
                                           second_compounds, slashed_pairs, thousands_decade)


@pytest.mark.parametrize("spoken,found", [
    ("an eighteen th century church", [MisreadForm(1, 4, "18th-century")]),
    ("the twenty one st century", [MisreadForm(1, 5, "21st-century")]),
    ("a mid nineteen th century house", [MisreadForm(1, 5, "mid-19th-century")]),
    ("since the mid nineteen th century", [MisreadForm(2, 5, "mid-19th")]),
    ("the three rd largest city", [MisreadForm(1, 4, "3rd-largest")]),
    ("the eleven th hour", [MisreadForm(1, 4, "11th-hour")]),
    ("he came five th and i was twelve th", [MisreadForm(2, 4, "5th"), MisreadForm(7, 9, "12th")]),
    ("a five st item", []),  # the suffix does not fit the number
    ("the eighteenth century", []), ("th th century", []),
])
def test_glued_ordinals(spoken: str, found) -> None:
    assert glued_ordinals(spoken.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("open twenty four sevenths a week", [MisreadForm(1, 4, "24/7")]),
    ("a fifty fiftieths chance", [MisreadForm(1, 3, "50/50")]),
    ("two thirds of them", []), ("eleven fifteenths", []),  # below one: a fraction, or a date we cannot tell
    ("three quarters", []), ("five halves", []),  # not ordinals
    ("the first sevenths", []),
    ("pressure is one hundred sixty two ninety eighths", [MisreadForm(2, 8, "162/98")]),  # a blood pressure
    ("around one hundred twenty four seventy eighths", [MisreadForm(1, 7, "124/78")]),
    ("blood pressure today is one hundred forty eight ninety seconds", [MisreadForm(4, 10, "148/92")]),
    ("it took one hundred twenty ninety seconds", []),  # "seconds" is a duration but after a blood pressure
    ("twenty ninety eighths", []),  # below one
    # a regulation's number: the whole number before the plural ordinal is the denominator
    ("regulation two thousand eighteen six hundred forty fourths was", [MisreadForm(1, 8, "2018/644")]),
    ("regulation two thousand twenty three one thousand one hundred fifteenths on",
     [MisreadForm(1, 10, "2023/1115")]),  # a teen ordinal after hundreds
    ("regulation eight hundred eighty three two thousand fourths on", [MisreadForm(1, 8, "883/2004")]),
    ("it took one hundred twenty six hundred seconds", []),  # a duration
    ("regulation no one two thousand fifth on", [MisreadForm(2, 6, "1/2005")]),  # one over an ordinal
    ("one two thousand first", []),  # no regulation's number
])
def test_slashed_pairs(spoken: str, found) -> None:
    assert slashed_pairs(spoken.split()) == found


@pytest.mark.parametrize("spoken,punct,case,itn,out_punct,out_case,out_itn", [
    ("the mid twenty twenty five period", "O O O O O O", "LOWER ACRONYM LOWER LOWER LOWER LOWER", "O O B I I O",
     "O HYPHEN O O O O", "LOWER LOWER LOWER LOWER LOWER LOWER", "O O B I I O"),
    ("in the mid nineteen nineties", "O O O O O", "LOWER LOWER LOWER LOWER LOWER", "O O B I I",
     "O O HYPHEN O O", "LOWER LOWER LOWER LOWER LOWER", "O O O B I"),  # "mid" leaves the span
    ("mid twenty twenty four we", "O O O COMMA O", "CAPITAL LOWER LOWER LOWER LOWER", "O O O O O",
     "HYPHEN O O COMMA O", "CAPITAL LOWER LOWER LOWER LOWER", "O B I I O"),  # the number the tagger missed
    ("the mid two thousands", "O O O O", "LOWER LOWER LOWER LOWER", "O O B O",
     "O O O O", "LOWER LOWER LOWER LOWER", "O O B O"),  # not a year: left alone
    ("a mid size car", "O O O O", "LOWER LOWER LOWER LOWER", "O O O O", "O O O O", "LOWER LOWER LOWER LOWER",
     "O O O O"),
    ("by mid october we", "O O COMMA O", "LOWER CAPITAL LOWER LOWER", "O O O O",
     "O HYPHEN COMMA O", "LOWER LOWER CAPITAL LOWER", "O O O O"),  # a month: mid-October
    ("mid may", "O PERIOD", "LOWER LOWER", "O O", "HYPHEN PERIOD", "CAPITAL CAPITAL", "O O"),
    ("to mid september what", "O O O O", "LOWER LOWER LOWER LOWER", "O B I O",
     "O HYPHEN O O", "LOWER LOWER CAPITAL LOWER", "O O O O"),  # the span of "mid" and a month: none
    ("by mid september twenty twenty", "O O O O O", "LOWER LOWER LOWER LOWER LOWER", "O B I I I",
     "O HYPHEN O O O", "LOWER LOWER CAPITAL LOWER LOWER", "O O B I I"),  # the month and year stay one
])
def test_mid_joins(spoken: str, punct: str, case: str, itn: str, out_punct: str, out_case: str, out_itn: str) -> None:
    assert mid_joins(spoken.split(), punct.split(), case.split(), itn.split()) == (
        out_punct.split(), out_case.split(), out_itn.split())


@pytest.mark.parametrize("spoken,found", [
    ("for most of the two thousands finnish", [MisreadForm(4, 6, "2000s")]),
    ("since the two thousands", [MisreadForm(2, 4, "2000s")]),
    ("the two thousands of people", []), ("two thousands", []), ("the two thousand people", []),
])
def test_the_two_thousands_are_the_decade(spoken: str, found) -> None:
    assert thousands_decade(spoken.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("directive two thousand nine twenty eight ec set", [MisreadForm(1, 7, "2009/28/EC")]),
    ("directive ninety five forty six ec was", [MisreadForm(1, 6, "95/46/EC")]),
    ("directive two thousand six one hundred twenty three ec", [MisreadForm(1, 9, "2006/123/EC")]),
    ("directive two thousand nine seventy one euratom", [MisreadForm(1, 7, "2009/71/Euratom")]),
    ("the decision two thousand fourteen forty was", [MisreadForm(2, 6, "2014/40")]),  # a year: no series needed
    ("the regulation twenty five member states", []), ("directive five six", []),  # one number; no year
    ("the directive twenty fifth forty", []),  # an ordinal
])
def test_legislation_numbers_said_without_their_slashes(spoken: str, found) -> None:
    assert legislation_numbers(spoken.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("a record of two hours one minute and nine seconds set", [MisreadForm(3, 10, "2:01:09")]),
    ("in two hours fifteen minutes and twenty five seconds", [MisreadForm(1, 9, "2:15:25")]),
    ("one hour five minutes and nine seconds", [MisreadForm(0, 7, "1:05:09")]),
    ("two hours fifteen minutes", []), ("two hours fifteen minutes twenty seconds", []),  # no seconds; no "and"
    ("two hours seventy minutes and five seconds", []), ("a hundred hours two minutes and one second", []),
    ("two hours fifth minute and one second", []),  # an ordinal
    ("in seventy one days fourteen hours eighteen minutes and thirty three seconds", []),  # after days
])
def test_hours_minutes_and_seconds_are_a_clock_duration(spoken: str, found) -> None:
    assert clock_durations(spoken.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("at twenty five m per s it", [MisreadForm(3, 6, "m/s")]),
    ("thirty thousand kg m per s", [MisreadForm(3, 6, "m/s")]),  # after a unit of its own
    ("about seven point six six kilometres per s", [MisreadForm(5, 8, "km/s")]),
    ("at 25 m per s", [MisreadForm(2, 5, "m/s")]),  # typed digits
    ("his s per s", []), ("the m per s", []),  # no number before the unit
    ("twenty five m per second", []),  # said in full: written as said
])
def test_units_per_s_are_written_with_their_slash(spoken: str, found) -> None:
    assert per_second_units(spoken.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("ask for a thirty second version", [MisreadForm(3, 5, "30-second")]),
    ("a sixty second ad and an eighty second spot", [MisreadForm(1, 3, "60-second"), MisreadForm(6, 8, "80-second")]),
    ("the thirty second floor", []), ("a thirty second note", []),  # an ordinal after "the", a note of music
    ("wait a thirty second", []), ("a thirty second and", []),  # no noun after it
    ("a forty five second clip", []),  # no ordinal to misread
])
def test_second_compounds(spoken: str, found) -> None:
    assert second_compounds(spoken.split()) == found


@pytest.mark.parametrize("said,forms", [
    ("add one half teaspoon of paprika", [(1, 3, "1/2")]),
    ("one third cup of butter and three quarters cup of sugar", [(0, 2, "1/3"), (6, 8, "3/4")]),
    ("add one and one quarter cups of flour", [(1, 5, "1 1/4")]),
    ("about three quarters inch thick", [(1, 3, "3/4")]),
    ("two thirds cup of milk", [(0, 2, "2/3")]),
    ("three quarters of the money", []),  # no unit after it
    ("one and a half cups of rice", []),  # "a half" is said as people say it
    ("three quarter inch pipe", []),  # a numerator above one takes the plural
    ("one thirds cup", []),
    ("five quarters cup", []),  # no fraction below one
    ("seven sixteenths inch", [(0, 2, "7/16")]),
])
def test_a_fraction_before_a_measure_is_written_in_figures(said: str, forms) -> None:
    assert [tuple(form) for form in measured_fractions(said.split())] == forms


@pytest.mark.parametrize("said,punct,joined", [
    ("one half cup of butter", "O HYPHEN O O", "O O O O"),  # no compound before "of"
    ("two thirds cups", "O HYPHEN O", "O O O"),  # nor with a plural unit
    ("a three quarters inch pipe", "O O HYPHEN O O", "O O HYPHEN O O"),  # "a 3/4-inch pipe"
    ("one half of it", "O HYPHEN O O", "O HYPHEN O O"),  # no measure
])
def test_a_measured_fraction_joins_its_unit_only_in_a_compound(said: str, punct: str, joined: str) -> None:
    assert measured_fraction_joins(said.split(), punct.split()) == joined.split()


@pytest.mark.parametrize("said,forms", [
    ("his last lap was a one twenty nine point eight seven two and", [(5, 12, "1:29.872")]),
    ("on lap twelve he set a one thirty point five", [(6, 10, "1:30.5")]),
    ("pole position with a one twenty eight point nine nine", [(4, 10, "1:28.99")]),
    ("the lap record is one nineteen point two", [(4, 8, "1:19.2")]),
    ("revenue was one twenty nine point eight million", []),  # no lap spoken of
    ("a one twenty nine point eight seven two lap", []),  # the lap after it
    ("the lap count is twenty nine point five", []),  # no minutes
    ("a lap of one sixty five point two", []),  # no 65 seconds
])
def test_a_lap_time_is_written_in_minutes_and_seconds(said: str, forms) -> None:
    assert [tuple(form) for form in lap_times(said.split())] == forms


@pytest.mark.parametrize("spoken,found", [
    ("a ninety eight gun ship", [MisreadForm(1, 4, "98-gun")]),
    ("we piloted a nineteen item questionnaire", [MisreadForm(3, 5, "19-item")]),
    ("she is a three time champion", [MisreadForm(3, 5, "three-time")]),
    ("a one hundred four gun ship", [MisreadForm(1, 5, "104-gun")]),
    ("a two way street", [MisreadForm(1, 3, "two-way")]),
    ("a ten minute walk", []),  # a unit stage 2 writes
    ("a one way street", []), ("a hundred year old oak", []),  # "one"; the article is the number's
    ("the forty two line bible", []), ("a boeing seven four seven jet", []),  # no "a" right before
    ("a twenty four seven service", []),  # two numbers
    ("a six nil win", []), ("a ten percent rise", []), ("a twenty dollar bill", []),  # score, amount, currency
    ("i got a two great job", []), ("it was a nine really", []),  # a grade, then an adjective or adverb
    ("a three bed", []), ("a three beds house", []),  # no noun after; a plural
    ("a twenty nineteen drama film", []), ("a nineteen eighty eight law", []),  # years
    ("on the a nine between perth", []), ("seven c four a nineteen thank you", []),  # "a" a letter
    ("a one hundred fifty kilowatt system", []), ("a two hundred megapixel camera", []),  # units of measure
    ("a nine last night", []), ("a ten square foot patch", []),
])
def test_counted_compounds(spoken: str, found) -> None:
    assert counted_compounds(spoken.split()) == found
