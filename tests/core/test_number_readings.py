"""core/number_readings.py: what a converted number stands for in its context."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.number_readings import (age_compound, amount_in_thousands, clock_money, clock_number,
                                             clock_written_before, day_hour, decimal_thousands,
                                             degree_scale, digit_groups, era_writing, game_clock, grouped_thousands,
                                             hour_and_minutes, hundred_clock_number, identifier_digit_run,
                                             label_digits, label_number,
                                             letter_and_number, lettered_code, listed_years, measure_writing,
                                             minutes_to_hour, misgrouped_digits, money_in_parts, month_names,
                                             month_year, noon_writing, paired_numbers, per_cent_words, percent_sign,
                                             plural_unit_apart, pounds_in_text, pounds_sterling, range_of_years,
                                             read_in_context,
                                             said_age, said_code, said_digit_groups, said_digit_string, sort_code,
                                             said_plain_decimal, said_prefixed_dollars, said_uk_phone_numbers,
                                             said_identifier_groups, said_letters,
                                             said_letter_number, said_measure, said_money, said_unit, scale_word_kept,
                                             set_scores, spelled_reference, teen_year, temperature_scale,
                                             timetable_clock, uk_phone_number, uncued_clock,
                                             unit_compound,
                                             unnamed_amount, world_war_numeral, yen_sign)
from spacy_u2tf.core.number_spans import KINDS, labels_a_number


@pytest.mark.parametrize("written,before,number", [
    ("4:04", "room", "404"), ("12:05", "gate", "1205"), ("3:18", "Flight", "318"), ("4:04", "No.", "404"),
    ("4:04", "exit", "404"), ("2:15", "extension", "215"),
    ("4:04", "at", None), ("4:04 pm", "room", None), ("404", "room", None), ("$4.04", "room", None), ("4:04", "", None),
    ("C-12", "seat", "C12"), ("B-52", "the", None),  # a letter and its number after a label noun
])
def test_a_clock_reading_after_a_label_noun_is_the_labels_number(written: str, before: str, number) -> None:
    assert label_number(written, before) == number
    assert labels_a_number("Room") and not labels_a_number("at")


@pytest.mark.parametrize("written,before,number", [
    ("7:47", "boeing", "747"), ("9:11", "Porsche", "911"),
    ("7:30", "monday", None), ("7:30", "Tuesday", None), ("10:45", "eve", None), ("7:30", "eastern", None),
    ("7:47 pm", "boeing", None), ("747", "boeing", None),
    ("15:00", "Fu's", None), ("15:00", "Boeing", None),  # whole hours are "N hundred"'s
    ("22:30", "at", None), ("10:15", "By", None),  # a time comes after these
])
def test_a_clock_reading_after_a_name_is_a_model_number(written: str, before: str, number) -> None:
    assert label_number(written, before, name_before=True) == number
    assert label_number(written, before) is None  # the same words after a word written in lowercase



@pytest.mark.parametrize("written,spoken,before,after,number", [
    ("15:00", "fifteen hundred", "nearly", "poems", "1,500"), ("15:00", "fifteen hundred", "Fu's", "extant", "1,500"),
    ("12:00", "twelve hundred", "", "men", "1,200"), ("15:00", "fifteen hundred", "in", "", "1500"),
    ("15:00", "fifteen hundred", "of", "the", "1500"), ("22:00", "twenty two hundred", "the", "tons", "2,200"),
    ("15:00", "fifteen hundred", "earns", "a", "1,500"),
    # a time: after a time word, with "hours" said, or not an "N hundred" reading
    ("15:00", "fifteen hundred", "at", "", None), ("18:00", "eighteen hundred", "until", "", None),
    ("18:00", "eighteen hundred", "the", "hours", None), ("15:00", "fifteen hundred hours", "the", "", None),
    ("3:30", "three thirty", "nearly", "poems", None), ("15:30", "fifteen thirty", "", "", None),
    ("10:00", "ten o'clock", "", "", None), ("1,500", "fifteen hundred", "", "", None), ("15:00", "", "", "", None),
])
def test_a_clock_reading_of_n_hundred_is_a_number_unless_something_makes_it_a_time(
        written: str, spoken: str, before: str, after: str, number) -> None:
    assert hundred_clock_number(written, spoken.split(), before, after) == number


@pytest.mark.parametrize("spoken,expected,unexpected", [
    ("he wrote nearly fifteen hundred poems", "1,500 poems", "15:00"),
    ("the attack began at fifteen hundred", "15:00", "1,500"),
])
def test_shipped_model_reads_n_hundred_as_a_time_only_where_one_is_said(
        shipped_model, spoken: str, expected: str, unexpected: str) -> None:
    text = shipped_model.format(spoken)
    assert expected in text and unexpected not in text, text


def test_every_noun_the_converter_learns_pair_readings_after_labels_a_number() -> None:
    """The converter is trained on "gate twenty three" pairs for these nouns; the pipeline must treat a clock-like
    reading after each of them as the label's number."""
    from spacy_u2tf.data.converter_pairs import NUMBERED

    assert [noun for noun in NUMBERED if not labels_a_number(noun)] == []


@pytest.mark.parametrize("written,spoken,after,number", [
    ("9:99", "nine ninety nine", "", "999"),  # minutes of 60 or more: no time
    ("4:95", "four ninety five", "dollars", "495"),
    ("2:50", "two fifty", "people", "250"),  # a count right after
    ("18:00", "eighteen hundred", "people", "1,800"),
    ("2:50", "two fifty", "we", None),  # may be a time
    ("7:30", "seven thirty", "", None),
    ("4:04", "four oh four", "", None),
    ("2:30", "half past two", "people", None),  # a time word of its own
    ("250", "two fifty", "people", None),  # no clock reading
])
def test_a_clock_reading_that_cannot_be_a_time_is_a_number(written: str, spoken: str, after: str, number) -> None:
    assert clock_number(written, spoken.split(), after) == number


def test_shipped_model_writes_impossible_times_as_numbers(shipped_model) -> None:
    assert shipped_model.format("it costs nine ninety nine") == "It costs 999."
    assert shipped_model.format("two fifty people came") == "250 people came."


@pytest.mark.parametrize("written,following,amount", [
    ("3:59", "a gallon", True), ("4:99", "per pound", True), ("2:50", "an hour", True),
    ("10:30", "a m", False), ("10:30", "a dot", False), ("10:30", "a", False), ("9:30", "each day", False),
    ("9:30", "", False),
    ("359", "a gallon", False), ("$3.59", "a gallon", False),
])
def test_a_clock_reading_before_a_rate_is_an_unnamed_amount(written: str, following: str, amount: bool) -> None:
    reason = unnamed_amount(written, following.split())
    assert (reason is not None) == amount, reason
    if amount:
        assert written in reason


@pytest.mark.parametrize("written,spoken,following,amount", [
    ("499", "four ninety nine", "a month", True), ("4999", "forty nine ninety nine", "a year", True),
    ("499", "four hundred ninety nine", "a month", False),  # one number said whole
    ("499", "four ninety nine", "people", False),  # no rate after it
])
def test_two_numbers_said_side_by_side_before_a_rate_are_an_unnamed_amount(written: str, spoken: str,
                                                                             following: str, amount: bool) -> None:
    reason = unnamed_amount(written, following.split(), spoken.split())
    assert (reason is not None) == amount, reason



@pytest.mark.parametrize("written,spoken,before,time", [
    ("20-8", "twenty to eight", "at", "7:40"),
    ("5-12", "five to twelve", "until", "11:55"),
    ("10-1", "ten to one", "since", "12:50"),
    ("5-10", "five to ten", "around", None),  # a range: "around five to ten people"
    ("20-8", "twenty to eight", "was", None),  # a score
    ("20-30", "twenty to thirty", "at", None),
    ("15-8", "fifteen to eight", "at", None),
    ("20-8", "twenty eight", "at", None),  # no "to" said
])
def test_minutes_to_an_hour_after_a_time_word_are_a_time(written: str, spoken: str, before: str, time) -> None:
    assert minutes_to_hour(written, spoken.split(), before) == time


@pytest.mark.parametrize("written,before,joined", [
    ("2-year Old", "a", "2-year-old"), ("10 year old", "my", "10-year-old"), ("3 Month Old", "the", "3-month-old"),
    ("1-year-old", "is", "1 year old"),  # says an age
    ("50-years old", "was", "50 years old"), ("50-years Old", "", "50 years old"),
    ("10 years old", "is", None), ("2-year", "a", None), ("1,000-year-old", "a", None),
])
def test_an_age_before_a_noun_is_one_hyphenated_compound(written: str, before: str, joined) -> None:
    assert age_compound(written, before) == joined


@pytest.mark.parametrize("written,spoken,joined", [
    ("18 mi", "eighteen mile", "18-mile"), ("24 hr", "twenty four hour", "24-hour"), ("10 minute", "ten minute",
                                                                                     "10-minute"),
    ("15-2", "fifteen second", "15-second"), ("4.2 in", "four point two inch", "4.2-inch"),
    ("3-bedroom", "three bedroom", "three-bedroom"), ("9 month", "nine month", "nine-month"),  # one to nine: words
    ("6 ft", "six foot", "6-foot"), ("2 mi", "two mile", "2-mile"),  # sizes keep their digits
    ("1-year", "one year", "one-year"),  # stage 2 made the compound
    ("1 hour", "one hour", None),  # one hour is no compound
    ("24 hours", "twenty four hours", None), ("19 mi", "eighteen mile", None),  # another number
    ("1960 year", "nineteen sixty year", None),  # a year
])
def test_a_number_with_a_singular_noun_of_measure_is_one_compound(written: str, spoken: str, joined) -> None:
    assert unit_compound(written, spoken.split()) == joined


def test_a_size_said_after_is_is_no_compound() -> None:
    assert unit_compound("6 ft", "six foot".split(), "is") is None
    assert unit_compound("6 ft", "six foot".split(), "a") == "6-foot"


@pytest.mark.parametrize("written,time", [("19 o'clock", "19:00"), ("13 oclock", "13:00"), ("7 o'clock", "7:00"),
                                          ("19:00", None), ("25 o'clock", None), ("0 o'clock", None)])
def test_an_hour_past_noon_with_o_clock_is_a_24_hour_time(written: str, time) -> None:
    assert day_hour(written) == time


@pytest.mark.parametrize("written,words,start,numeral", [
    ("2", "after world war two", 3, "II"), ("1", "world war one", 2, "I"), ("2", "war two", 1, None),
    ("3", "world war three", 2, None),
])
def test_a_world_war_has_a_roman_numeral(written: str, words: str, start: int, numeral) -> None:
    assert world_war_numeral(written, words.split(), start) == numeral


@pytest.mark.parametrize("written,words,start,end,read", [
    ("4:04", "go to room four oh four", 3, 6, "404"), ("20-8", "we leave at twenty to eight", 3, 6, "7:40"),
    ("18 mi", "an eighteen mile race", 1, 3, "18-mile"), ("2nd", "for the second time", 2, 3, "second"),
    ("$12", "i paid twelve dollars", 2, 4, "$12"),  # no reading applies
])
def test_a_conversion_is_read_in_its_context(written: str, words: str, start: int, end: int, read: str) -> None:
    assert read_in_context(written, words.split(), start, end) == read


@pytest.mark.parametrize("written,spoken,after,read", [
    ("10 m", "ten meters", "per", "10 meters"), ("6 min", "six minutes", "per", "6 minutes"),
    ("2.5 km", "two point five kilometres", "per", "2.5 kilometres"),
    ("10 m", "ten meters", "long", None), ("10 meters", "ten meters", "per", None),  # no rate, or as said
    ("65 mph", "sixty five miles per hour", "on", None), ("$3", "three dollars", "per", None),
    # British spelling: the writer wrote the word
    ("330 m", "three hundred thirty metres", "tall", "330 metres"), ("2850 km", "two thousand eight hundred fifty "
     "kilometres", "from", "2,850 kilometres"), ("4 l", "four litres", "of", "4 litres"),
    ("12 km", "twelve kilometers", "long", None), ("330 m", "three hundred thirty m", "tall", None),
    # a unit of power before "hours": the energy's compound
    ("20 kW", "twenty kilowatt", "hours", "20 kilowatt"), ("5 MW", "five megawatt", "hour", "5 megawatt"),
    ("20 kW", "twenty kilowatt", "panels", None),
])
def test_a_unit_before_per_or_in_british_spelling_is_written_as_said(written: str, spoken: str, after: str,
                                                                      read) -> None:
    assert said_unit(written, spoken.split(), after) == read


@pytest.mark.parametrize("written,spoken,before,after,grouped", [
    ("1500", "one thousand five hundred", "about", "people", "1,500"),
    ("2000", "two thousand", "has", "employees", "2,000"), ("2000", "two thousand", "about", "years", "2,000"),
    ("1000", "one thousand", "is", "times", "1,000"),
    ("2000", "two thousand", "the", "elections", None), ("2005", "two thousand and five", "in", "", None),
    ("2000", "two thousand", "since", "years", None), ("2010", "twenty ten", "about", "people", None),
    ("2000", "two thousand", "seven", "gomes", None), ("2014", "two thousand and fourteen", "of", "towards", None),
    ("1360", "one thousand three hundred and sixty", "of", "officers", "1,360"),
    ("2000", "two thousand", "october", "people", None),
    ("1862", "one thousand eight hundred and sixty two", "by", "navies", None),  # a year read as a count
    ("3,000", "three thousand", "", "people", None), ("1999", "nineteen ninety nine", "", "people", None),
    ("7701", "seven thousand seven hundred and one", "section", "provides", None),
    ("1200", "one thousand two hundred", "about", "based", "1,200"),  # said with "hundred": a count
    ("2000", "two thousand", "about", "based", None),  # may be a year
    ("1000", "one thousand", "after", "charge", "1,000"), ("1000", "one thousand", "in", "the", None),
    ("2000", "two thousand", "of", "of", "2,000"),  # "in front of 2,000 of you"
])
def test_a_count_said_with_thousand_has_its_thousands_grouped(written: str, spoken: str, before: str, after: str,
                                                              grouped) -> None:
    assert grouped_thousands(written, spoken.split(), before, after) == grouped
    assert grouped_thousands(written, spoken.split(), before, after, name_before=True) is None  # "Raw 1000"


@pytest.mark.parametrize("spoken,before,after,then,before_that,grouped", [
    ("two thousand", "reach", "per", "week", "to", "2,000"),  # a rate
    ("two thousand", "about", "night", "shifts", "worked", "2,000"),  # a word and the noun counted
    ("one thousand", "in", "people", "", "one", "1,000"), ("one thousand", "in", "", "", "1", "1,000"),  # a ratio
    ("two thousand", "around", "when", "the", "was", None), ("two thousand", "in", "prices", "rose", "", None),
    ("two thousand", "about", "and", "costs", "was", None), ("two thousand", "by", "sales", "rose", "up", None),
    ("two thousand", "in", "people", "", "born", None),  # "in" without a number before it: a year
    ("two thousand six", "in", "the", "", "one", None),  # "the K1 in 2006": a year, no ratio
    ("two thousand six", "their", "peak", "that's", "from", None),  # a year said so; "that's" is no plural
    ("two thousand", "their", "peak", "that's", "from", None),
])
def test_a_rate_a_ratio_and_a_count_two_words_on_group_their_thousands(spoken: str, before: str, after: str,
                                                                         then: str, before_that: str,
                                                                         grouped) -> None:
    written = "1000" if spoken.startswith("one") else "2006" if spoken.endswith("six") else "2000"
    assert grouped_thousands(written, spoken.split(), before, after, then=then, before_that=before_that) == grouped


@pytest.mark.parametrize("written,spoken,before,read", [
    ("35", "three five", "aged", "3-5"), ("63", "six three", "a", "6-3"), ("150", "fifteen zero", "won", "15-0"),
    ("139 163", "one hundred and thirty nine one hundred and sixty three", "pages", "139-163"),
    ("35", "three five", "room", None), ("911", "nine one one", "call", None), ("3:05", "three five", "at", None),
    ("4537", "forty five thirty seven", "was", "45-37"), ("5050", "fifty fifty", "a", "50-50"),
    ("247", "twenty four seven", "open", "24/7"),
])
def test_two_numbers_said_side_by_side_are_a_range_or_score(written: str, spoken: str, before: str, read) -> None:
    assert paired_numbers(written, spoken.split(), before) == read


@pytest.mark.parametrize("written,spoken,after,read", [
    ("10:15", "ten fifteen", "minutes", "10-15"), ("510", "five ten", "minutes", "5-10"),
    ("2030", "twenty thirty", "people", "20-30"), ("34%", "three four percent", "", "3-4%"),
    ("1520", "fifteen twenty", "Years", "15-20"),
    ("10:15", "ten fifteen", "tomorrow", None), ("10:15", "ten fifteen", "", None),  # a time
    ("15:10", "fifteen ten", "minutes", None),  # falling: not a range
    ("34%", "thirty four percent", "", None), ("1520", "fifteen twenty", "", None),
    ("52:48", "fifty two forty eight", "", "52-48"), ("30:50%", "thirty fifty percent", "", "30-50%"),
    ("10:48", "ten forty eight", "", None),  # a time that may be
    # a season: a year and the next year's last two digits
    ("201112", "twenty eleven twelve", "", "2011-12"), ("199798", "nineteen ninety seven ninety eight", "", "1997-98"),
    ("199900", "nineteen ninety nine zero zero", "", "1999-00"), ("201113", "twenty eleven thirteen", "", None),
])
def test_two_rising_numbers_before_a_counted_noun_are_a_range(written: str, spoken: str, after: str, read) -> None:
    assert paired_numbers(written, spoken.split(), "about", after) == read


@pytest.mark.parametrize("written,spoken,before,after,number", [
    ("2:35", "two thirty five", "uranium", "", "235"), ("4:04", "four oh four", "a", "error", "404"),
    ("11:53", "eleven fifty three", "in", "osbert", "1153"),
    # a word around it says a time
    ("7:30", "seven thirty", "at", "", None), ("7:30", "seven thirty", "it's", "already", None),
    ("7:30", "seven thirty", "meet", "tomorrow", None), ("11:30", "eleven thirty", "the", "train", None),
    ("7:30", "seven thirty", "monday", "", None), ("10:30", "ten thirty", "", "a", None),
    ("3:04", "three oh four", "of", "", None), ("3:42", "three forty two", "lasts", "", None),  # durations
    ("7:15", "seven fifteen", "do", "", None), ("7:15", "seven fifteen", "say", "", None),  # "let's do 7:15"
    ("7:30", "half past seven", "", "", None),  # a time word of its own
    ("235", "two thirty five", "uranium", "", None),
])
def test_number_words_in_pairs_are_a_time_only_where_a_word_says_one(written: str, spoken: str, before: str,
                                                                        after: str, number) -> None:
    assert uncued_clock(written, spoken.split(), before, after) == number


@pytest.mark.parametrize("written,spoken,before,after,earlier,number", [
    ("11:45", "eleven forty five", "", "well", "what time was it", None),  # the answer to "what time"
    ("8:40", "eight forty", "the", "showing", "two tickets for", None),
    ("9:30", "nine thirty", "", "", "which time suits you", None),
    ("11:54", "eleven fifty four", "in", "osbert", "when fitzherbert died suddenly", "1154"),  # "when" opens a clause
    ("2:35", "two thirty five", "uranium", "", "for a long time the reactor used", "235"),  # "time" that asks nothing
    ("2:35", "two thirty five", "uranium", "", "what time was it then and he told me the reactor uses", "235"),  # too far back
    ("4:04", "four oh four", "a", "error", "the page gave me", "404"),
    ("18:45", "eighteen forty five", "of", "to", "sharply during the great famine of", "1845"),  # a dated noun
    ("11:34", "eleven thirty four", "of", "when", "first mentioned in a document of", "1134"),
    ("3:04", "three oh four", "of", "", "she ran a time of", None),  # a duration
])
def test_a_time_asked_before_or_named_after_makes_pairs_a_time(written: str, spoken: str, before: str, after: str,
                                                                earlier: str, number) -> None:
    assert uncued_clock(written, spoken.split(), before, after, earlier.split()) == number


@pytest.mark.parametrize("written,spoken,read", [
    ("7260 Nautical miles", "seven thousand two hundred sixty nautical miles", "7,260 nautical miles"),
    ("8849 Metres", "eight thousand eight hundred forty nine metres", "8,849 metres"),
    ("1600 Milligrams", "one thousand six hundred milligrams", "1,600 milligrams"),
    ("8210 megawatts", "eight thousand two hundred ten megawatts", "8,210 megawatts"),
    ("1280 M", "one thousand two hundred eighty m", "1,280 m"), ("22,500 mw", "twenty two thousand five hundred mw",
                                                                  "22,500 MW"),
    ("4,000 Mah", "four thousand mah", "4,000 mAh"), ("64 kb", "sixty four kb", "64 KB"),
    ("50-gb", "fifty gb", "50 GB"), ("50-GB", "fifty gb", "50 GB"), ("5-km", "five kilometer", None),  # a compound said in full stays one
    ("1280 m", "twelve eighty m", None),  # no "thousand" said: the number stays as written
    ("350 Fifth Avenue", "three hundred fifty fifth avenue", None), ("5 km", "five kilometers", None),
    ("2009 World Series", "two thousand nine world series", None),
    ("2000 yuan", "two thousand yuan", "2,000 yuan"), ("500 Rupees", "five hundred rupees", "500 rupees"),
    ("1050 sq Miles", "one thousand fifty square miles", "1,050 square miles"),
    ("40 sq km", "forty sq km", None),  # said short: stays short
])
def test_a_measure_has_its_units_case_and_grouped_thousands(written: str, spoken: str, read) -> None:
    assert measure_writing(written, spoken.split()) == read


@pytest.mark.parametrize("written,spoken,read", [
    ("June 20, 19", "june twenty nineteen", "June 2019"), ("March 19, 90", "march nineteen ninety", "March 1990"),
    ("June 20, 1990", "june twentieth nineteen ninety", None), ("June 20, 19", "june twentieth nineteen", None),
    ("September 6, 30", "september six thirty", None),
])
def test_a_month_and_a_year_split_into_a_day_is_a_month_and_year(written: str, spoken: str, read) -> None:
    assert month_year(written, spoken.split()) == read


@pytest.mark.parametrize("written,apart", [
    ("90-days", "90 days"), ("50-years", "50 years"), ("3-miles", "3 miles"), ("1,000-pages", "1,000 pages"),
    ("3-points", "3 points"), ("90-day", None), ("50 years", None), ("3-steps", "3 steps"), ("3-wheelers", None),
    ("49-ers", None),
    ("5-Years", None),
])
def test_a_number_joined_to_a_plural_unit_is_written_apart(written: str, apart) -> None:
    assert plural_unit_apart(written) == apart


@pytest.mark.parametrize("spoken,said", [
    ("eighteen pounds seventy pence", "£18.70"), ("five dollars and two cents", "$5.02"),
    ("one thousand two hundred euros fifty cents", "€1,200.50"), ("one twenty five dollars", "$125"),
    ("two thousand five hundred euros", "€2,500"), ("twenty pounds", None), ("the dollars", None),
    ("thousand dollars", None),  # "several thousand dollars"
    ("eighteen pounds seventy", None), ("eighteen pounds seventy cents", None), ("pounds seventy pence", None),
    ("eighteen pounds one hundred and five pence", None),
    ("two point three six billion euros", "€2.36 billion"), ("twelve point three million dollars", "$12.3 million"),
    ("two point three six dollars", None), ("point five million dollars", None),
    ("two point thirty six billion euros", None),  # decimals are said digit by digit
])
def test_an_amount_with_its_hundredths_is_written_with_its_sign_when_stage_2_fails(spoken: str, said) -> None:
    assert said_money(spoken.split()) == said


@pytest.mark.parametrize("spoken,said", [
    ("nine point five eight seconds", "9.58 seconds"), ("zero point two two seconds", "0.22 seconds"),
    ("three point two square kilometres", "3.2 square kilometres"), ("four point five percent", "4.5%"),
    ("one thousand two hundred point five metres", "1,200.5 metres"), ("twelve point oh four miles", "12.04 miles"),
    ("nine point five eight", None), ("point five seconds", None), ("nine point fifty eight seconds", None),
    ("five seconds", None), ("nine point five eight million", None), ("nine point five eight tall", None),
    # a currency written as its word after the number, whole numbers too
    ("one hundred and forty nine point three yen", "149.3 yen"), ("forty four thousand seven hundred ninety yen",
                                                                  "44,790 yen"),
    ("five hundred rupees", "500 rupees"), ("yen", None), ("the yen", None), ("three won", None),
    ("forty nine thousand tonnes", "49,000 tonnes"), ("two hundred miles", "200 miles"), ("ninety miles", None),
    ("hundred years", None), ("thousand yen", None),
    # a scale word said before the unit stays a word
    ("two point five million kilometers", "2.5 million kilometers"), ("ninety three million miles", "93 million miles"),
    ("one hundred fifty million kilometres", "150 million kilometres"), ("three billion yen", "3 billion yen"),
    ("million kilometers", None), ("two thousand million miles", None), ("one hundred million tall", None),
])
def test_a_decimal_with_its_unit_is_said_in_digits_when_stage_2_fails(spoken: str, said) -> None:
    assert said_measure(spoken.split()) == said


@pytest.mark.parametrize("spoken,said", [
    ("seventeen year old", "17 year old"), ("eleven year olds", "11 year olds"), ("three months old", "3 months old"),
    ("one hundred and one year old", "101 year old"),
    ("seventeen year", None), ("the year old", None), ("first year old", None), ("seventeen tall old", None),
])
def test_an_age_is_said_in_digits_when_stage_2_fails(spoken: str, said) -> None:
    assert said_age(spoken.split()) == said


@pytest.mark.parametrize("spoken,leads,said", [
    ("a three eighty", True, "A380"), ("b twelve", True, "B12"), ("m twenty five", True, "M25"),
    ("a three eighty", False, None),  # the letter names nothing: an article ("a three hundred page book")
    ("f five d", True, None), ("b twelfth", True, None), ("b", True, None),
])
def test_a_letter_and_its_number_are_said_in_digits_when_stage_2_fails(spoken: str, leads: bool, said) -> None:
    assert said_letter_number(spoken.split(), leads) == said


@pytest.mark.parametrize("written,spoken,read", [
    ("100°C", "one hundred degrees celsius", "100 °C"), ("-40°F", "minus forty degrees fahrenheit", "-40 °F"),
    ("40 °C", "forty degrees celsius", None), ("98.6°F", "ninety eight point six degrees fahrenheit", "98.6 °F"),
    ("100", "one hundred", None), ("90° C", "ninety degrees celsius", "90 °C"),
    ("1064°C", "one thousand and sixty four degrees celsius", "1,064 °C"),
    ("1064°C", "ten sixty four degrees celsius", "1064 °C"),
])
def test_a_temperature_has_a_space_before_its_degree_sign(written: str, spoken: str, read) -> None:
    assert degree_scale(written, spoken.split()) == read


@pytest.mark.parametrize("written,read", [
    ("117ad", "117 AD"), ("500 bc", "500 BC"), ("44 BC", None), ("1066", None), ("300bce", "300 BCE"),
    ("ad", None),
])
def test_an_era_is_written_in_capitals_after_a_space(written: str, read) -> None:
    assert era_writing(written) == read


@pytest.mark.parametrize("written,spoken,before,read", [
    ("1020", "ten twenty", "at", "10:20"), ("1145", "eleven forty five", "until", "11:45"),
    ("1066", "ten sixty six", "in", None), ("1020", "ten twenty", "", None),  # a year, or nothing says a time
    ("1920", "nineteen twenty", "at", None), ("105", "one oh five", "at", "1:05"), ("1005", "ten five", "at", None),
    ("1005", "ten o five", "at", "10:05"), ("1900", "nineteen o o", "at", None),
])
def test_an_hour_and_minutes_after_at_are_a_time(written: str, spoken: str, before: str, read) -> None:
    assert hour_and_minutes(written, spoken.split(), before) == read


@pytest.mark.parametrize("earlier,read", [
    ("do you have an appointment yes", "10:40"), ("i booked a table", "10:40"),
    ("we waited", None),  # nothing booked: "for 1040 years" may be a count
])
def test_an_hour_and_minutes_after_for_something_booked_are_a_time(earlier: str, read) -> None:
    assert hour_and_minutes("1040", ["ten", "forty"], "for", earlier.split()) == read
    assert uncued_clock("10:40", ["ten", "forty"], "for", "", earlier.split()) == (None if read else "1040")


@pytest.mark.parametrize("written,spoken,read", [
    ("Jan.", "january", "January"), ("Jan. 5", "january fifth", "January 5"), ("Sept. 9", "september ninth",
                                                                                "September 9"),
    ("Jan. 5", "jan fifth", None), ("January 5", "january fifth", None), ("Dec.", "december", "December"),
])
def test_a_month_said_in_full_is_written_in_full(written: str, spoken: str, read) -> None:
    assert month_names(written, spoken.split()) == read


@pytest.mark.parametrize("written,spoken,read", [
    ("v.8", "v eight", "V8"), ("1080 p", "one thousand eighty p", "1080p"), ("4 k", "four k", "4K"),
    ("V8", "v eight", None), ("5 k", "five kilometers", None), ("a.5", "the five", None),
])
def test_a_letter_and_a_number_said_as_one_name_are_written_together(written: str, spoken: str, read) -> None:
    assert letter_and_number(written, spoken.split()) == read


@pytest.mark.parametrize("written,spoken,before,read", [
    ("195", "nineteen five", "in", "1905"), ("189", "eighteen nine", "since", "1809"),
    ("195", "nineteen five", "scored", None), ("105", "ten five", "in", None), ("1925", "nineteen twenty five", "in",
                                                                                None),
])
def test_a_century_and_a_digit_after_a_year_word_are_a_year(written: str, spoken: str, before: str, read) -> None:
    assert teen_year(written, spoken.split(), before) == read


def test_read_in_context_leaves_a_very_long_span_as_written() -> None:
    words = "five five five one two three four".split() * 300  # each way of cutting it in two is tried once
    assert read_in_context("5551234" * 300, words, 0, len(words)) == "5551234" * 300
    assert read_in_context("2011-12", "twenty eleven twelve".split(), 0, 3) == "2011-12"


def test_read_in_context_writes_a_month_in_full_before_its_other_readings() -> None:
    words = "between january and march".split()
    assert read_in_context("Jan.", words, 1, 2) == "January"


@pytest.mark.parametrize("written,spoken,read", [
    ("839-201", "eight three nine two zero one", "839201"), ("123-45-678", "one two three four five six seven eight",
                                                               "12345678"),
    ("555-1234", "five five five one two three four", None), ("212-555-0199", "two one two five five five oh one "
                                                              "nine nine", None),  # phone numbers
    ("3-5", "three five", None), ("3-15", "three one five", None),  # ranges and scores
    ("839-201", "eight thirty nine two oh one", None),  # not said one by one
])
def test_digits_said_one_by_one_get_no_invented_hyphens(written: str, spoken: str, read) -> None:
    assert digit_groups(written, spoken.split()) == read


@pytest.mark.parametrize("written,spoken,start,read", [
    ("4,821", "it ends in four thousand eight hundred and twenty one", 3, "4821"),
    ("# 45,821", "order hash forty five thousand eight hundred and twenty one", 1, "#45821"),
    ("45,821", "order number forty five thousand eight hundred and twenty one", 2, "45821"),
    ("4,821", "about four thousand eight hundred and twenty one", 1, None),  # an amount
    ("4821", "it ends in four thousand eight hundred and twenty one", 3, None),
    ("3,390", "back to the card ending three thousand three hundred ninety", 5, "3390"),
    ("6,071", "the last four digits of the card six thousand seventy one", 7, "6071"),
    ("55,000", "can seat fifty five thousand", 2, None), ("12,000", "to train twelve thousand", 2, None),  # verbs
    # an identifier's groups, read out by a normalizer as amounts and years, after a few words between
    ("4,482 1937-06", "account number please yes it's four thousand four hundred eighty two nineteen thirty seven "
                      "zero six", 5, "4482 1937 06"),
    ("1937-06", "account number it's four thousand four hundred eighty two nineteen thirty seven zero six",
     8, "1937 06"),  # a later group of the same number
    ("4,471", "security number it's four thousand four hundred seventy one", 3, "4471"),
    ("555-0199", "phone number is five five five zero one nine nine", 3, None),  # no amount's comma: as written
    ("4,482 1937", "they sold four thousand four hundred eighty two nineteen thirty seven", 2, None),
    ("4,471", "the number we counted was four thousand four hundred seventy one", 5, None),  # other words between
])
def test_a_number_that_labels_has_no_thousands_commas(written: str, spoken: str, start: int, read) -> None:
    assert label_digits(written, spoken.split(), start) == read


@pytest.mark.parametrize("written,read", [
    ("aut 4,47109", "aut 447109"), ("12,34", "1234"), ("1,0000", "10000"),
    ("1,000", None), ("12,345,678", None), ("$1,234.56", None), ("3, 4", None), ("1234,567", "1234567"),
])
def test_commas_that_do_not_group_in_threes_are_taken_out(written: str, read) -> None:
    assert misgrouped_digits(written) == read


@pytest.mark.parametrize("written,digits", [
    ("$340 thousand", "$340,000"), ("£1.5 thousand", "£1,500"), ("€12.25 thousand", "€12,250"),
    ("$3 million", None), ("340 thousand", None), ("$340,000", None), ("$1,500 thousand", None),
])
def test_an_amount_in_thousands_is_written_in_digits(written: str, digits) -> None:
    assert amount_in_thousands(written) == digits


@pytest.mark.parametrize("words,written,money", [
    ("the rent is one thousand one hundred fifty pounds a month", "1,150 lbs", "£1,150"),
    ("the rent is one thousand one hundred fifty pounds a month", "1150 lbs", "£1,150"),
    ("how much is a haircut it's thirty eight pounds", "38 lbs", "£38"),
    ("the agency's fee is thirty five thousand pounds", "35,000 pounds", "£35,000"),
    ("bills will fall by three hundred pounds on average", "300 lbs", "£300"),
    # a weight is written with its unit as said
    ("they bought three hundred pounds of sugar", "300 lbs", "300 pounds"),  # "of": what is weighed
    ("the bridge can hold three hundred pounds", "300 lbs", "300 pounds"),  # "hold": weight
    # no word of weight near: money, as "pounds" mostly is ("your excess is £250", "the Merlot, £24")
    ("your excess is two hundred fifty pounds", "250 pounds", "£250"),
    ("that's the merlot twenty four pounds and a jug of water", "24 pounds", "£24"),
    ("the budget is sixty five thousand pounds of which we spent half", "65,000 pounds", "£65,000"),
    ("he is five foot ten and about one hundred sixty five pounds", "165 pounds", None),
    # words of money near win over words of weight or dollars further off
    ("mine was two kilos and it cost me about forty eight pounds to melbourne", "48 pounds", "£48"),
    ("two hundred sixty dollars which works out at about two hundred five pounds so there's import vat",
     "205 pounds", "£205"),
    ("he lost twenty pounds and saved money", "20 lbs", "20 pounds"),  # "lost": weight
    ("the parcel weighs two kilograms so it costs fifteen pounds", "15 lbs", "15 pounds"),  # cues of both: no £
    ("the shells weighed fifteen hundred pounds", "1,500 lbs", "1,500 pounds"),
    ("the shells weighed fifteen hundred pounds", "1,500 pounds", None),
    ("it costs fifteen pounds", "15 kg", None),
    ("four point three billion pounds was lost to fraud", "4.3 billion pounds", "£4.3 billion"),
    ("four billion pounds of plastic", "4 billion pounds", None),
    ("the cargo weighed four billion pounds", "4 billion lbs", "4 billion pounds"),
    # a text that counts in dollars weighs in pounds, and so does a £ amount stage 2 wrote beside words of weight
    ("a deposit of three hundred dollars for dogs under twenty five pounds", "25 lbs", "25 pounds"),
    ("a three hundred dollars deposit my dog is about eighteen pounds", "£18", "18 pounds"),
    ("my cat weighs eighteen pounds", "£18", "18 pounds"), ("the fee is eighteen pounds", "£18", None),
    ("the ship carried four point three million pounds of cargo", "£4.3 million", "4.3 million pounds"),
    ("they lost four point three million pounds", "£4.3 million", None),  # lost money
    # a text that counts money in pounds elsewhere: an amount with no word of weight near is money too
    ("it costs about six thousand five hundred pounds and some start at three thousand eight hundred pounds",
     "3,800 lbs", "£3,800"),
    ("standard is eleven pounds fifty and two drinks are twelve pounds", "12 pounds", "£12"),
    ("our quote would be one thousand two hundred forty pounds", "1240 pounds", "£1,240"),
    ("the fee is ten pounds and the bag weighs twenty pounds", "20 lbs", "20 pounds"),  # weight near
    ("the fee is three pounds for five pounds of apples", "£5", "5 pounds"),  # "of": what is weighed
    ("revenue was ninety six point four million pounds", "96.4 million Pounds", "£96.4 million"),  # stage 2's case
    # a thing that is weighed, but also paid for: a word of money near makes it money
    ("your current package is twenty nine pounds a month", "29 pounds", "£29"),
    ("with one cat there's an extra fifty pounds a month", "50 pounds", "£50"),
    ("my cat is about eighteen pounds", "18 pounds", None), ("the parcel is twelve pounds a month", "12 lbs",
                                                             "12 pounds"),
])
def test_pounds_spoken_of_money_are_sterling(words: str, written: str, money) -> None:
    said = words.split()
    end = max(i for i, w in enumerate(said) if w == "pounds") + 1
    start = end - 1  # the number words said before the last "pounds"
    while start and (KINDS.get(said[start - 1], "x")[0] in "UTDHS" or said[start - 1] in ("point", "and")):
        start -= 1
    assert pounds_sterling(written, said, start, end) == money
    assert pounds_sterling(written, said, start, end, pounds_in_text(said)) == money  # as the API passes it


@pytest.mark.parametrize("words,other_money,sterling_words,money_pounds", [
    ("it costs six thousand pounds to buy it and then the bag we carry weighs twenty pounds", False, False, {4}),
    ("eleven pounds fifty and a three hundred dollars deposit", True, False, {1}),
    ("five pounds of apples for two quid", False, True, set()),
    ("it will make up only twenty seven per cent", False, False, set()),  # "per cent" is no currency
    ("fifty cent coins and twenty per cent", True, False, set()),
    ("", False, False, set()),
])
def test_a_text_is_read_for_pounds_of_money_once(words: str, other_money: bool, sterling_words: bool,
                                                   money_pounds: set) -> None:
    facts = pounds_in_text(words.split())
    assert (facts.other_money, facts.sterling_words, set(facts.money_pounds)) == (other_money, sterling_words,
                                                                                 money_pounds)
    for unit in range(len(words.split())):
        assert facts.sterling_besides(unit) == (sterling_words or bool(money_pounds - {unit}))


@pytest.mark.parametrize("written,words,start,end,read", [
    ("10:13", "from nine seventy eight to ten thirteen he ruled", 5, 7, "1013"),  # the second side
    ("14:00", "between fourteen hundred and seventeen hundred", 1, 3, "1400"),  # the first side
    ("12:20", "between twelve twenty and twelve sixty", 1, 3, "1220"),
    ("10:30", "from nine fifteen to ten thirty", 4, 6, None),  # both sides may be times
    ("17:00", "from fourteen hundred to seventeen hundred hours", 4, 6, None),  # a word of the clock
    ("10:13", "by ten thirteen he ruled", 1, 3, None), ("1013", "from nine seventy eight to ten thirteen", 5, 7, None),
])
def test_a_time_that_closes_or_opens_a_range_of_years_is_a_year(written: str, words: str, start: int, end: int,
                                                                read) -> None:
    assert range_of_years(written, words.split(), start, end) == read


@pytest.mark.parametrize("written,spoken,read", [
    ("A-38", "a thirty eight", "A38"), ("M-42", "m forty two", "M42"), ("B-3306", "b three three zero six", "B3306"),
    ("B-52", "b fifty two", None), ("F-16", "f sixteen", None), ("A-38", "eh thirty eight", None),
    # an interstate keeps its hyphen, or takes it
    ("I95", "i ninety five", "I-95"), ("I-405", "i four oh five", "I-405"), ("i7", "i seven", None),
])
def test_a_road_is_written_without_a_hyphen(written: str, spoken: str, read) -> None:
    assert letter_and_number(written, spoken.split()) == read


@pytest.mark.parametrize("written,spoken,signed", [
    ("6.5 percent", "six point five percent", "6.5%"), ("-2 percent", "minus two percent", "-2%"),
    ("1,200 percent", "one thousand two hundred percent", "1,200%"),
    ("6.5%", "six point five percent", None), ("6.5 percent", "six point five per cent", None),
    ("percent", "percent", None),
])
def test_a_percentage_takes_its_sign(written: str, spoken: str, signed) -> None:
    assert percent_sign(written, spoken.split()) == signed


@pytest.mark.parametrize("written,spoken,earlier,after,scores", [
    ("626276", "six two six two seven six", "retained his title with a", "victory", "6-2, 6-2, 7-6"),
    ("643675", "six four three six seven five", "she won the final", "", "6-4, 3-6, 7-5"),
    ("626276", "six two six two seven six", "my pin is", "", None),  # no match spoken of
    ("6282", "six two eight two", "she won", "", None),  # 8-2 is no set's score
    ("62", "six two", "she won", "", None),  # one set: a score of its own kind
    ("764666", "seven six four six six six", "the set score is", "", "7-6, 4-6, 6-6"),  # the set in play at 6-6
    ("6654", "six six five four", "the set score is", "", None),  # 6-6 ends no set
    ("6354", "six three five four", "swiatek serving at", "", "6-3, 5-4"),
    ("646-467-6797", "six four six four six seven six seven nine seven", "nadal won", "",
     "6-4, 6-4, 6-7, 6-7, 9-7"),  # a final set without a tiebreak
    ("9764", "nine seven six four", "she won", "", None),  # 9-7 only as the last set
    ("646354", "six four six three five four", "to serve for the championship leading", "", "6-4, 6-3, 5-4"),
])
def test_set_scores_run_together_are_written_apart(written: str, spoken: str, earlier: str, after: str,
                                                   scores) -> None:
    assert set_scores(written, spoken.split(), earlier.split(), after) == scores


@pytest.mark.parametrize("written,words,scale", [
    ("72 f", "highs of seventy two f today", "72F"), ("58ft", "it was cold about fifty eight f", "58F"),
    ("1.5 c", "temperatures rose one point five c", "1.5C"),
    ("50 c", "that costs fifty c each", None),  # no word of temperature: cents, maybe
    ("72", "highs of seventy two f today", None),  # not written with the letter
])
def test_a_temperature_said_with_its_scale_letter_takes_it(written: str, words: str, scale) -> None:
    said = words.split()
    end = max(i for i, w in enumerate(said) if w in ("c", "f")) + 1
    assert temperature_scale(written, said, end) == scale


@pytest.mark.parametrize("written,code", [
    ("G99,401", "G-99401"), ("NL20,417", "NL-20417"), ("G99", None), ("99,401", None), ("G-99401", None),
])
def test_letters_glued_to_an_amount_are_a_code(written: str, code) -> None:
    assert lettered_code(written) == code


@pytest.mark.parametrize("spoken,digits", [
    ("zero one six one four hundred ninety six zero seven three two", "0161 496 0732"),
    ("zero eight zero zero five hundred fifty five one hundred eleven", "0800 555 111"),
    ("four four seven nine one one five five", "44791155"),
    ("one two three", None),  # too short for a phone number
    ("twenty five thirty", None),  # not digits said one by one
    ("one two three four five six seven point five", None),  # a word that is not a number
    (" ".join(["five"] * 20), None),  # longer than any phone, card or account number
])
def test_a_long_digit_string_is_written_in_groups_as_said(spoken: str, digits) -> None:
    assert said_digit_string(spoken.split()) == digits


@pytest.mark.parametrize("written,spoken,money", [
    ("$1:35", "one thirty five dollars", "$135"), ("€2:50", "two fifty euros", "€250"),
    ("$135", "one thirty five dollars", None), ("1:35", "one thirty five", None),
])
def test_an_amount_written_as_a_clock_is_written_as_said(written: str, spoken: str, money) -> None:
    assert clock_money(written, spoken.split()) == money


@pytest.mark.parametrize("written,spoken,groups", [
    ("411-192-733", "four eleven nineteen twenty seven thirty three", "4 11 19 27 33"),  # a list, no phone number
    ("080-055-5111", "zero eight zero zero five hundred fifty five one hundred eleven", "0800 555 111"),
    ("555-0147", "five five five zero one four seven", None),  # digits said one by one: any groups
    ("27-19", "twenty seven nineteen", None), ("412-555", "four one two five five six", None),  # other digits
])
def test_digit_groups_that_cut_a_said_number_are_grouped_as_said(written: str, spoken: str, groups) -> None:
    assert said_digit_groups(written, spoken.split()) == groups



@pytest.mark.parametrize("written,spoken,read", [
    ("150,000,000 kilometers", "one hundred fifty million kilometers", "150 million kilometers"),
    ("225000000 km", "two hundred twenty five million km", "225 million km"),
    ("$2,500,000", "two point five million dollars", "$2.5 million"),
    ("2,500,000 people", "two and a half million people", "2.5 million people"),
    ("7,000,000,000", "seven billion", "7 billion"),
    ("1,200,000", "one million two hundred thousand", None),  # said in full
    ("2,500,000", "two million five hundred thousand", None),
    ("150,000,000", "one hundred fifty thousand thousand", None),  # no big scale said
    ("1,000,000,000", "one thousand million", None),
    ("150 million kilometers", "one hundred fifty million kilometers", None),  # already so
    ("2,000,001", "two million and one", None),
])
def test_a_number_said_with_a_big_scale_keeps_the_scale_word(written: str, spoken: str, read) -> None:
    assert scale_word_kept(written, spoken.split()) == read


@pytest.mark.parametrize("spoken,said", [
    ("inc zero zero four eight eight two three", "INC-0048823"),
    ("e thirty thousand five hundred eighty one", "E-30581"), ("ft five five eight two zero one", "FT-558201"),
    ("hd five thousand ninety two", "HD-5092"),
    ("q f two zero nine three seven seven one", "QF-2093771"), ("t n eight eight four two zero one", "TN-884201"),
    ("a t l five five two seven", "ATL-5527"),  # letters said one by one may start with "a"
    ("e twelve", None),  # fewer than three digits
    ("a five hundred", None), ("it five five five", None),  # function words
    ("four hundred forty two", None), ("oh five five five", None),  # a number word is no letter
    ("abcde one two three", None), ("e five dollars", None), ("e", None), ("é one two three", None),
])
def test_letters_and_their_number_are_a_code_when_stage_2_fails(spoken: str, said) -> None:
    assert said_code(spoken.split()) == said


@pytest.mark.parametrize("written,after,listed", [
    ("1988-1989", "and nineteen ninety nine", "1988, 1989"), ("2020-2021", "or twenty twenty four", "2020, 2021"),
    ("1988-1989", "", None), ("1988-1989", "and then", None), ("1988-1989", "and", None),  # no list goes on
    ("6-3", "and seven five", None), ("139-163", "and two hundred", None),  # scores and pages stay ranges
    ("1030-1220", "and fifteen ten", None),  # times said "ten thirty twelve twenty", no years
])
def test_two_years_before_and_a_number_are_items_of_a_list(written: str, after: str, listed) -> None:
    words = "in nineteen eighty eight nineteen eighty nine".split() + after.split()
    assert listed_years(written, words, 7) == listed


@pytest.mark.parametrize("written,spoken,money", [
    ("£135", "one pound thirty five", "£1.35"), ("$520", "five dollars twenty", "$5.20"),
    ("£1,805", "eighteen pounds five", "£18.05"), ("€1050", "ten euros fifty", "€10.50"),
    ("£1.35", "one pound thirty five", None),  # already right
    ("135", "one pound thirty five", None), ("135 lbs", "one pound thirty five", None),  # not written as money
    ("£135", "one hundred thirty five pounds", None), ("$135", "one thirty five dollars", None),
    ("£1350", "one pound three hundred fifty", None),  # no hundredths
    ("19 Pounds-85", "nineteen pounds eighty five pence", "£19.85"),  # written as a measure
    ("19 pounds 86", "nineteen pounds eighty five pence", None),  # other digits
])
def test_an_amount_with_its_currency_in_the_middle_has_hundredths(written: str, spoken: str, money) -> None:
    assert money_in_parts(written, spoken.split()) == money


@pytest.mark.parametrize("written,spoken,after,following,clock", [
    ("412", "four twelve", "left", "", "4:12"), ("2:45", "two forty five", "remaining", "in", "2:45"),
    ("147", "one forty seven", "into", "the", "1:47"), ("912", "nine twelve", "mark", "of", "9:12"),
    ("235", "two thirty five", "left", "the", None),  # "left the plant": a verb
    ("245", "two hundred forty five", "left", "", None),  # a count said whole
    ("412", "four twelve", "people", "", None),
])
def test_a_game_clock_before_left_or_into_is_minutes_and_seconds(written: str, spoken: str, after: str,
                                                                  following: str, clock) -> None:
    assert game_clock(written, spoken.split(), after, following) == clock


@pytest.mark.parametrize("written,spoken,after,clock", [
    ("1405", "fourteen oh five", "departure", "14:05"), ("1140", "eleven forty", "train", "11:40"),
    ("730", "seven thirty", "flight", "7:30"),
    ("1405", "fourteen oh five", "people", None), ("1905", "nineteen oh five", "revolution", None),
    ("1405", "one thousand four hundred five", "departure", None),  # a number said whole
    ("2575", "twenty five seventy five", "train", None),  # no minutes past 59
])
def test_a_plain_number_before_a_timetabled_thing_is_a_time(written: str, spoken: str, after: str, clock) -> None:
    assert timetable_clock(written, spoken.split(), after) == clock


@pytest.mark.parametrize("written,spoken,after,then,clock", [
    ("730", "seven thirty", "delivery", "slot", "7:30"), ("1140", "eleven forty", "london", "train", "11:40"),
    ("730", "seven thirty", "delivery", "vans", None), ("730", "seven thirty", "2", "slot", None),
    ("7:30", "seven thirty", "delivery", "slot", "7:30"),  # stage 2's time stays one
])
def test_a_plain_number_a_word_before_a_timetabled_thing_is_a_time(written: str, spoken: str, after: str, then: str,
                                                                   clock) -> None:
    assert timetable_clock(written, spoken.split(), after, then) == clock


@pytest.mark.parametrize("written,spoken,before,after,clock", [
    ("1732", "seventeen thirty two", "the", "from", "17:32"), ("1140", "eleven forty", "the", "from", "11:40"),
    ("1732", "seventeen thirty two", "in", "from", None),  # "in 1732 from" is a year
    ("1990", "nineteen ninety", "the", "from", None),  # no minutes past 59
])
def test_a_service_named_by_its_time(written: str, spoken: str, before: str, after: str, clock) -> None:
    assert timetable_clock(written, spoken.split(), after, "", before) == clock


@pytest.mark.parametrize("written,spoken,after,clocks,clock", [
    ("1140", "eleven forty", "please", {"7:25", "11:40"}, "11:40"), ("810", "eight ten", "", {"8:10"}, "8:10"),
    ("11:40", "eleven forty", "", {"11:40"}, "11:40"),  # a time written before stays one
    ("1140", "eleven forty", "", {"11:45"}, None), ("1140", "eleven forty", "", set(), None),
    ("1030", "ten thirty", "people", {"10:30"}, None),  # a count
    ("11:45", "eleven forty five", "", {"11:40"}, None),
])
def test_a_time_the_text_wrote_before_is_written_the_same(written: str, spoken: str, after: str, clocks,
                                                          clock) -> None:
    assert clock_written_before(written, spoken.split(), after, clocks) == clock


@pytest.mark.parametrize("spoken,before,reference", [
    ("k seven p two xm", "booking reference it's", "K7P2XM"), ("fl seven seven zero four three two", "number", "FL770432"),
    ("zr four lm nine", "confirmation number it's", "ZR4LM9"), ("k seven qx two m", "code it's", "K7QX2M"),
    ("k seven p two xm", "she said", None),  # no noun that identifies
    ("seven o two p m", "order number it's", None), ("seven two five p m", "number", None),  # a time
    ("five five five", "number", None), ("is five five", "number", None),  # digits alone; a word
    ("a b seven", "number", None),  # one digit
])
def test_a_reference_spelled_out_is_written_run_together(spoken: str, before: str, reference) -> None:
    words = before.split() + spoken.split()
    assert spelled_reference(spoken.split(), words, len(before.split())) == reference


@pytest.mark.parametrize("before,spoken,groups", [
    ("account number it's", "three thousand forty four nine thousand eight hundred seventy two fifteen", "3044 9872 15"),
    ("order number it's ss", "forty thousand seven hundred eighteen twenty two", "40718 22"),
    ("order number it's", "one hundred twelve eight eight four zero two", "112 88402"),  # digits one by one: a group
    ("they counted", "three thousand forty four nine thousand", None),  # no noun that identifies
    ("account number it's", "three thousand and four", None), ("account number it's", "ninth", None),
])
def test_an_identifier_said_as_numbers_is_written_as_its_groups(before: str, spoken: str, groups) -> None:
    words = before.split() + spoken.split()
    assert said_identifier_groups(spoken.split(), words, len(before.split())) == groups


@pytest.mark.parametrize("written,spoken,read", [
    ("25%", "twenty five per cent", "25 per cent"), ("2.5%", "two point five per cent", "2.5 per cent"),
    ("25%", "twenty five percent", None), ("25", "twenty five per cent", None),
])
def test_per_cent_said_as_two_words_is_written_so(written: str, spoken: str, read) -> None:
    assert per_cent_words(written, spoken.split()) == read


@pytest.mark.parametrize("written,read", [("12-Noon", "12 noon"), ("12 Noon", "12 noon"), ("12noon", "12 noon"),
                                          ("12:00", None), ("11-Noon", None)])
def test_noon_is_written_as_it_is(written: str, read) -> None:
    assert noon_writing(written) == read


@pytest.mark.parametrize("spoken,letters", [("x x x", "XXX"), ("n k", "NK"), ("x", None), ("x two", None),
                                            ("xx x", None)])
def test_letters_said_one_by_one_spell_capitals_when_stage_2_fails(spoken: str, letters) -> None:
    assert said_letters(spoken.split()) == letters


@pytest.mark.parametrize("spoken,written,expected", [
    ("zero seven seven zero zero nine zero zero four one eight", "07700900418", "07700 900418"),
    ("zero two nine twenty eighteen forty four seventy three", "029-2018 4473", "029 2018 4473"),
    ("zero one nine one three eight six eight two one four", "019-1386 8,214", None),  # not digits alone
    ("zero one nine one three eight six eight two one four", "01913868214", "0191 386 8214"),
    ("zero one six three two nine six zero two eight four", "01632960284", "01632 960284"),
    ("zero eight zero zero one two three four five six seven", "08001234567", "0800 123 4567"),
    ("zero one zero one two three four five six seven eight", "01012345678", None),  # no UK number opens 010
    ("zero nine zero one two three four five six seven eight", "09012345678", None),
    ("seven seven zero zero nine zero zero four one eight", "7700900418", None),  # 10 digits
    ("zero seven seven zero zero nine zero zero four one nine", "07700900418", None),  # other digits
    ("zero seven seven zero zero nine zero zero four one eight", "07700 900418", None),  # written so already
])
def test_uk_phone_numbers_in_their_groups(spoken: str, written: str, expected) -> None:
    assert uk_phone_number(written, spoken.split()) == expected


@pytest.mark.parametrize("earlier,spoken,written,expected", [
    ("and the sort code is", "twenty forty five seventy seven", "2045-77", "20-45-77"),
    ("yes sort code", "three zero nine two four four", "309244", "30-92-44"),
    ("the sort code and the amount is", "twenty forty five seventy seven", "2045-77", None),  # said of another
    ("the code is", "twenty forty five seventy seven", "2045-77", None),  # no "sort"
    ("sort code", "two forty five seventy seven", "24577", None),  # five digits
])
def test_sort_codes_in_their_pairs(earlier: str, spoken: str, written: str, expected) -> None:
    assert sort_code(written, spoken.split(), earlier.split()) == expected


@pytest.mark.parametrize("written,words,start,end,run", [
    ("600-24-8117", "your account reference it's six zero zero two four eight one one seven", 4, 13, "600248117"),
    ("241-0887", "my student number it's two four one zero eight eight seven", 4, 11, "2410887"),
    ("555-0147", "my phone number is five five five zero one four seven", 4, 11, None),  # a telephone's groups
    ("555-0147", "the number is five five five zero one four seven", 3, 10, None),
    ("600-24", "account number six hundred twenty four", 2, 6, None),  # not said digit by digit
    ("614-555-0183", "a phone number for the account it's six one four five five five zero one eight three", 7, 17,
     None),  # a telephone number after all
])
def test_an_account_number_said_digit_by_digit_is_one_run(written: str, words: str, start: int, end: int,
                                                          run) -> None:
    said = words.split()
    assert identifier_digit_run(written, said[start:end], said, start) == run


def test_a_cards_last_digits_have_no_thousands_comma() -> None:
    assert grouped_thousands("1006", "one thousand six".split(), "ending", "thank") is None
    assert grouped_thousands("1006", "one thousand six".split(), "about", "people") == "1,006"


def test_a_decimal_said_with_thousand_has_its_thousands_grouped() -> None:
    said = "two thousand five hundred twenty eight point seven kilometres".split()
    assert decimal_thousands("2528.7 kilometres", said) == "2,528.7 kilometres"
    assert decimal_thousands("2528.7", "twenty five twenty eight point seven".split()) == "2528.7"  # no thousand
    assert decimal_thousands("2,528.7", said) == "2,528.7"


@pytest.mark.parametrize("words,found", [
    ("call you on zero one nine one three hundred eighty six eight thousand two hundred fourteen with updates",
     [(3, 16, "0191 386 8214")]),
    ("it's oh one eight one nine hundred forty five eight thousand seven hundred nineteen thank you",
     [(1, 14, "0181 945 8719")]),
    ("my mobile is oh seven seven zero zero nine zero zero four one eight", [(3, 14, "07700 900418")]),
    ("zero two nine twenty eighteen four thousand four hundred seventy three", [(0, 11, "029 2018 4473")]),
    ("it was zero point five", []), ("call five five five zero one four seven", []),  # no UK number
    ("zero one two three four", []),  # too few digits
    ("card number two nine zero one eight zero zero four seven seven two one three", []),  # inside a number
    ("revenue of one point zero eight billion dollars", []),  # a decimal and its scale
])
def test_a_uk_telephone_number_said_in_number_words_is_written_in_its_groups(words: str, found) -> None:
    assert said_uk_phone_numbers(words.split()) == found


@pytest.mark.parametrize("spoken,written", [
    ("zero point zero one one two three five nine", "0.0112359"), ("two point five zero", "2.50"),
    ("one thousand two hundred point five", "1,200.5"), ("two point five million", None), ("point five", None),
])
def test_a_decimal_said_digit_by_digit_is_written_by_rule(spoken: str, written) -> None:
    assert said_plain_decimal(spoken.split()) == written


@pytest.mark.parametrize("words,found", [
    ("the fare is a dollar three hundred fifty return", [(3, 8, "A$350")]),
    ("it cost a dollar three eight hundred and ninety in total", [(2, 9, "A$3,890")]),  # "3,890" as NeMo reads it
    ("she got ca dollar three six hundred and seventy point five zero back", [(2, 12, "CA$3,670.50")]),
    ("it made nz dollar four hundred twelve million", [(2, 8, "NZ$412 million")]),
    ("nz dollar four hundred twelve million and one point nine million", [(0, 6, "NZ$412 million")]),
    ("it is hk dollar forty", [(2, 5, "HK$40")]),
    ("around a dollar three hundred fifty zero zero zero in lost revenue", [(1, 9, "A$350,000")]),  # NeMo's 350,000
    ("it costs a dollar fifty", []), ("a dollar and a dime", []),  # $1.50; no amount
])
def test_dollars_of_other_countries_are_written_with_their_letters(words: str, found) -> None:
    assert said_prefixed_dollars(words.split()) == found


@pytest.mark.parametrize("spoken,leads,written", [
    ("a three eighty", True, "A380"), ("f zero five", False, "F05"), ("e oh four", False, "E04"),
    ("a zero five", False, None), ("f five", False, None), ("f zero twenty", False, None),
])
def test_a_letter_and_its_number_are_one_name_when_the_guards_reject_them(spoken: str, leads: bool, written) -> None:
    assert said_letter_number(spoken.split(), leads) == written


@pytest.mark.parametrize("written,spoken,after,signed", [
    ("28,000 yen", "twenty eight thousand yen", "a", "¥28,000"),
    ("31.68 billion yen", "thirty one point six eight billion yen", "", "¥31.68 billion"),
    ("46,000 Yen", "forty six thousand yen", "", "¥46,000"),
    ("149.3 yen", "one hundred and forty nine point three yen", "to", None),  # an exchange rate
    ("150 yen", "one hundred fifty yen", "against", None),
    ("500 rupees", "five hundred rupees", "", None), ("28,000", "twenty eight thousand", "", None),
    ("28,000 yen", "twenty eight thousand yen each", "", None),  # the span ends in no "yen"
])
def test_an_amount_in_yen_takes_the_yen_sign(written: str, spoken: str, after: str, signed) -> None:
    assert yen_sign(written, spoken.split(), after) == signed
