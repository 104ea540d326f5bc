"""core/short_forms.py: titles without a stop ("Mr President"), "No." before a number and "the US"."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.short_forms import (counted_acronyms, counts_before, courtesy_titles, name_suffixes,
                                         nameless_title, number_signs, short_form_labels, short_titles, slashed_words,
                                         written_short_forms)


@pytest.mark.parametrize("spoken,punct,case,itn,out_punct,out_case,out_itn", [
    ("mr president i", "COMMA COMMA O", "ACRONYM CAPITAL CAPITAL", "B O O",
     "O COMMA O", "CAPITAL CAPITAL CAPITAL", "O O O"),  # "MR, President," is "Mr President,"
    ("dr jones came", "PERIOD O O", "ACRONYM CAPITAL LOWER", "O O O",
     "O O O", "CAPITAL CAPITAL LOWER", "O O O"),
    ("to dr patel", "O O O", "LOWER LOWER LOWER", "O B I",
     "O O O", "LOWER CAPITAL CAPITAL", "O O B"),  # the title leaves the span, its name starts what is left
    ("mr and mrs smith", "O O O O", "LOWER LOWER LOWER LOWER", "O O O O",
     "O O O O", "CAPITAL LOWER CAPITAL CAPITAL", "O O O O"),
    ("she has ms and", "O O COMMA O", "CAPITAL LOWER ACRONYM LOWER", "O O O O",
     "O O COMMA O", "CAPITAL LOWER ACRONYM LOWER", "O O O O"),  # a function word after it: not a title
    ("the us has", "O O O", "CAPITAL CAPITAL LOWER", "O O O",
     "O O O", "CAPITAL ACRONYM LOWER", "O O O"),
    ("told us that", "O O O", "LOWER LOWER LOWER", "O O O", "O O O", "LOWER LOWER LOWER", "O O O"),
    ("sixty eight us cents", "O O O O", "LOWER LOWER LOWER LOWER", "B I I I",
     "O O O O", "LOWER LOWER ACRONYM LOWER", "B I I I"),  # money: "68 US cents"
    ("the who estimates", "O O O", "LOWER LOWER LOWER", "O O O", "O O O", "LOWER ACRONYM LOWER", "O O O"),
    ("who the", "O O", "CAPITAL LOWER", "O O", "O O", "CAPITAL LOWER", "O O"),
    ("that the who that", "O O O O", "LOWER LOWER LOWER LOWER", "O O O O", "O O O O",
     "LOWER LOWER LOWER LOWER", "O O O O"),  # a speaker starting again
    ("amendment no twelve", "COMMA O O", "CAPITAL CAPITAL LOWER", "O B I",
     "O O O", "CAPITAL CAPITAL LOWER", "O O B"),  # "Amendment No. 12": no comma, "no" out of the span
    ("reached no one in", "O O O O", "LOWER LOWER LOWER LOWER", "O O O O",
     "O O O O", "LOWER LOWER LOWER LOWER", "O O B O"),  # the number the tagger missed gets a span
    ("the s and p five", "O COMMA O O O", "LOWER ACRONYM LOWER CAPITAL LOWER", "O B O B I",
     "O O O O O", "LOWER ACRONYM LOWER CAPITAL LOWER", "O O O O B"),  # "S&P" out of the spans, "500" its own
    ("hms belfast is", "O O O", "CAPITAL LOWER LOWER", "O O O",
     "O O O", "ACRONYM CAPITAL LOWER", "O O O"),  # a ship's prefix: "HMS Belfast"
    ("the uss enterprise", "O O O", "LOWER CAPITAL CAPITAL", "O O O", "O O O", "LOWER ACRONYM CAPITAL", "O O O"),
    ("an hms and", "O O O", "LOWER LOWER LOWER", "O O O", "O O O", "LOWER LOWER LOWER", "O O O"),
])
def test_short_form_labels(spoken: str, punct: str, case: str, itn: str, out_punct: str, out_case: str,
                           out_itn: str) -> None:
    assert short_form_labels(spoken.split(), punct.split(), case.split(), itn.split()) == (
        out_punct.split(), out_case.split(), out_itn.split())


@pytest.mark.parametrize("spoken,found", [
    ("amendment no twelve was rejected", [1]), ("it peaked at no five on the chart", [3]),
    ("the single reached no one in ten countries", [3]), ("climbed to no two", [2]),
    ("she was ranked world no one", [4]), ("beethoven's symphony no nine", [2]),
    ("no one knows", []), ("she looked at no one", []), ("there are no two ways", []),
    ("the amendment no longer applies", []), ("peaked at no", []),
])
def test_number_signs(spoken: str, found) -> None:
    assert number_signs(spoken.split()) == found


def test_written_short_forms() -> None:
    words = "the rt honorable member said amendment no four".split()
    assert written_short_forms(words) == [(2, 3, "Hon."), (6, 7, "No.")]
    assert written_short_forms("an honorable man".split()) == []
    assert written_short_forms("the s and p five hundred and at and t".split()) == [(1, 4, "S&P"), (7, 10, "AT&T")]
    assert written_short_forms("options a and b".split()) == []
    assert written_short_forms("research r and d".split()) == [(1, 4, "R&D")]  # at the end
    assert written_short_forms("our q two numbers and fy twenty five and fy twenty twenty four".split()) == [
        (1, 3, "Q2"), (5, 8, "FY25"), (9, 13, "FY2024")]
    assert written_short_forms("q twenty and q one hundred and fy three".split()) == []
    assert written_short_forms("paying r's five thousand and rs two".split()) == [(1, 2, "Rs"), (5, 6, "Rs")]
    assert written_short_forms("the r's and the rs".split()) == []  # no amount after
    assert written_short_forms("a budget of eur six billion".split()) == [(3, 4, "EUR")]
    assert written_short_forms("the eur zone".split()) == []  # no amount after


@pytest.mark.parametrize("said,found", [
    ("i thank the honorable member", [(3, 4, "hon.")]),
    ("my right honorable friend", [(2, 3, "hon.")]),
    ("all honorable members", [(1, 2, "hon.")]),
    ("the honorable and learned lady", [(1, 2, "hon.")]),
    ("the honourable member", []),  # said in the British spelling: no normalizer's reading
    ("the honorable john smith", []),  # before a name: the title in full
    ("honorable members will know", []),  # at the start, where its case is the sentence's
])
def test_hon_before_a_member_of_parliament(said: str, found) -> None:
    assert [f for f in written_short_forms(said.split()) if "hon" in f[2].lower()] == found


@pytest.mark.parametrize("spoken,found", [
    ("a pressure of twenty nine point nine two inhg", [(8, 9, "inHg")]),
    ("one twenty mmhg over eighty", [(2, 3, "mmHg")]),
    ("five hundred kwh at twelve cents per kwh", [(2, 3, "kWh"), (7, 8, "kWh")]),
    ("a ph of seven and ph levels and ph five", [(1, 2, "pH"), (5, 6, "pH"), (8, 9, "pH")]),
    ("the db server and the ph in his name", []),  # no number before, no measured noun after
    ("the kwh and mah and gbps", []),
    ("a two hundred kv line at four khz", [(3, 4, "kV"), (7, 8, "kHz")]),
    ("written one twenty eightieths mmhg", [(4, 5, "mmHg")]),  # a normalizer's "120/80 mmHg"
])
def test_unit_symbols(spoken: str, found) -> None:
    assert written_short_forms(spoken.split()) == found



@pytest.mark.parametrize("spoken,found", [
    ("you want it yeah at at", [(4, 6, "@ @")]), ("i think at at and then", [(2, 4, "@ @")]),
    ("now at at i mean", [(1, 3, "@ @")]),
    ("we looked at at the end", []), ("at at least it works", []),  # a preposition said twice
    ("look at it", []),
    ("i work at at and t", [(3, 6, "AT&T")]),  # "at" before the initialism is a preposition
])
def test_the_mark_of_an_unintelligible_stretch_is_written_as_transcripts_write_it(spoken: str, found) -> None:
    assert written_short_forms(spoken.split()) == found


def test_letters_read_out_with_dots_before_a_question_mark_are_written_with_them() -> None:
    words = "at nine a dot m question mark in the u dot s dot question mark".split()
    assert written_short_forms(words) == [(2, 7, "a.m."), (9, 15, "U.S.")]
    assert written_short_forms("j dot whitaker at gmail dot com".split()) == []  # no mark after
    assert written_short_forms("polka dot question mark".split()) == []
    punct, _, itn = short_form_labels(words, ["O"] * 15, ["LOWER"] * 15, ["O"] * 15)
    assert punct[6] == "QUESTION" and punct[14] == "QUESTION" and punct.count("QUESTION") == 2
    assert itn[1] == "B" and itn[2:7] == ["O"] * 5  # the time before "a.m." is a span
    _, _, itn = short_form_labels("seven ten p dot m question mark".split(), ["O"] * 7, ["LOWER"] * 7, ["O"] * 7)
    assert itn == ["B", "I"] + ["O"] * 5  # the hour and its minutes


def test_initialisms_said_as_one_word_take_their_ampersand() -> None:
    assert written_short_forms("a short qanda session with atandt".split()) == [(2, 3, "Q&A"), (5, 6, "AT&T")]
    assert written_short_forms("manda said".split()) == []  # a name


@pytest.mark.parametrize("words,case,punct,found", [
    ("daniel o'connor junior is", "C M L L", "O O O O", [(2, 3, "Jr.")]),
    ("ken griffey senior", "C C L", "O O PERIOD", [(2, 3, "Sr.")]),
    ("my junior year", "C L L", "O O O", []),  # no name before
    ("smith junior", "C L", "O O", []),  # one word may be anything capitalized
    ("lincoln park junior high", "C C C C", "O O O O", []),  # the name goes on
    ("luther king junior", "C C L", "O COMMA O", []),  # the tagger's own comma: stage 2 writes that one
])
def test_generational_suffixes_after_a_name_are_written_short(words: str, case: str, punct: str, found) -> None:
    labels = {"C": "CAPITAL", "M": "MIXED", "L": "LOWER"}
    assert name_suffixes(words.split(), [labels[c] for c in case.split()], punct.split()) == found


@pytest.mark.parametrize("words,case,found", [
    ("three ceo's resigned", "L A L", [(1, 2, "CEOs")]),
    ("several ceo's and the ceo's office", "L A L L A L", [(1, 2, "CEOs")]),  # after "the": a possessive
    ("one ceo's pay", "L A L", []), ("the third ceo's", "L L A", []),  # one, an ordinal
    ("two nasa's", "L C", []),  # not labelled an acronym
    ("believe in ufo's of any kind", "L L A L L L", [(2, 3, "UFOs")]),  # no possessive before "of"
    ("powerful gpu's and disks", "L A L L", [(1, 2, "GPUs")]), ("for sme's to borrow", "L A L L", [(1, 2, "SMEs")]),
    ("nasa's and esa's budgets", "A L A L", []),  # two possessives
    ("the cfo's deposition", "L A L", []), ("the cfo's", "L A", []),
])
def test_an_acronym_said_with_an_apostrophe_is_a_plural_where_no_possessive_fits(words: str, case: str, found) -> None:
    labels = {"A": "ACRONYM", "C": "CAPITAL", "L": "LOWER"}
    punct = ["O"] * len(words.split())
    assert counted_acronyms(words.split(), [labels[c] for c in case.split()], punct) == found


def test_an_acronym_said_with_an_apostrophe_before_a_sentence_end_is_a_plural() -> None:
    words = "do you believe in ufo's of course".split()
    case = ["CAPITAL", "LOWER", "LOWER", "LOWER", "ACRONYM", "CAPITAL", "LOWER"]
    assert counted_acronyms(words, case, ["O", "O", "O", "O", "QUESTION", "O", "PERIOD"]) == [(4, 5, "UFOs")]
    assert counted_acronyms(words, case, ["O", "O", "O", "O", "COMMA", "O", "PERIOD"]) == []


@pytest.mark.parametrize("words,punct,i,counted", [
    ("two kpi's", "O O", 1, True), ("twenty five kpi's", "O O O", 2, True), ("several ceo's", "O O", 1, True),
    ("in twenty fourteen esa's", "O O PERIOD O", 3, False),  # a mark between
    ("in twenty fourteen esa's", "O O O O", 3, False),  # the end of a year
    ("one ceo's", "O O", 1, False), ("the ceo's", "O O", 1, False), ("ceo's", "O", 0, False),
])
def test_a_word_counts_what_follows_it(words: str, punct: str, i: int, counted: bool) -> None:
    assert counts_before(words.split(), punct.split(), i) == counted


@pytest.mark.parametrize("words,case,punct,found", [
    ("colleague sen harold voss", "L C C C", "COMMA O O O", [(1, 2, "Sen.")]),
    ("prof li and rep o'neill", "C C L C M", "O O O O O", [(0, 1, "Prof."), (3, 4, "Rep.")]),
    ("gen z", "C C", "O O", []),  # a letter, not a name
    ("rev the engine", "L L L", "O O O", []),  # no name after
    ("the sen, Voss", "L C C", "O COMMA O", []),  # a mark between
    ("sen", "C", "O", []),
])
def test_titles_said_short_before_a_name_take_their_stop(words: str, case: str, punct: str, found) -> None:
    labels = {"C": "CAPITAL", "M": "MIXED", "L": "LOWER"}
    assert short_titles(words.split(), [labels[c] for c in case.split()], punct.split()) == found


@pytest.mark.parametrize("words,case,punct,found", [
    ("welcome miss garcia", "C C C", "COMMA O O", [(1, 2, "Ms.")]),
    ("thank you miss fairbanks", "C L C C", "O COMMA O O", [(2, 3, "Ms.")]),  # "thank you": not the verb
    ("miss lisa paul", "C C C", "O O O", [(0, 1, "Ms.")]),
    ("crowned miss america", "L C C", "O O O", [(1, 2, "Miss")]),  # a pageant keeps the word
    ("i miss mary", "C C C", "O O O", []), ("did you miss anna", "C L C C", "O COMMA O O", []),  # the verb
    ("we'll miss john", "C C C", "O O O", []), ("going to miss sarah", "L L C C", "O O O O", []),
    ("i miss mary", "C L C", "O O O", []),  # the tagger's lowercase "miss" is the verb
    ("hello miss", "C C", "COMMA O", []), ("miss, garcia", "C C", "COMMA O", []),  # no name right after
    ("miss x", "C C", "O O", []),  # a letter is no name
    ("the song miss me more", "L L C C C", "O O O O O", []),  # a pronoun is no name
])
def test_miss_said_before_a_name_is_written_ms(words: str, case: str, punct: str, found) -> None:
    labels = {"C": "CAPITAL", "M": "MIXED", "L": "LOWER"}
    assert courtesy_titles(words.split(), [labels[c] for c in case.split()], punct.split()) == found


@pytest.mark.parametrize("words,case,punct,itn,found", [
    ("burn slash chatroom slash citizenship in", "C L C L C L", "O O O O O O", "B I I I I O",
     [(0, 5, "Burn/Chatroom/Citizenship")]),
    ("a singer slash songwriter", "L L L L", "O O O O", "O O O O", [(1, 4, "singer/songwriter")]),
    ("bbc dot co dot uk slash news", "L L L L L L L", "O O O O O O O", "B I I I I I I", []),  # an address
    ("three slash four", "L L L", "O O O", "B I I", []),  # numbers: stage 2's
    ("this slash, that", "L L L", "O COMMA O", "O O O", []),  # a mark between
])
def test_words_said_with_slash_between_are_joined_by_it(words: str, case: str, punct: str, itn: str, found) -> None:
    labels = {"C": "CAPITAL", "L": "LOWER"}
    assert slashed_words(words.split(), [labels[c] for c in case.split()], punct.split(), itn.split()) == found


@pytest.mark.parametrize("spoken,found", [
    ("during world war one the", [(1, 4, "World War I")]), ("world war two", [(0, 3, "World War II")]),
    ("a world war three", []),
])
def test_the_world_wars_are_written_with_their_numerals(spoken: str, found) -> None:
    assert written_short_forms(spoken.split()) == found



@pytest.mark.parametrize("spoken,written,punct,after,case,rejected", [
    ("doctor", "Dr.", "PERIOD", "", None, True),  # "Thank you, Dr."
    ("doctor", "Dr.", "O", "", None, True),  # nothing after it
    ("doctor", "Dr.", "O", "i will", "CAPITAL", True), ("doctor", "Dr.", "O", "will see", "LOWER", True),
    ("doctor", "Dr.", "O", "patel", "CAPITAL", False), ("doctor", "Dr.", "COMMA", "alan", "CAPITAL", False),
    ("mister", "Mr.", "O", "and misses", "LOWER", False),  # Mr. and Mrs. Smith
    ("saint", "St.", "O", "louis", "CAPITAL", False),
    ("street", "St.", "PERIOD", "we", "CAPITAL", False),  # a street's abbreviation: no title
    ("doctor", "doctor", "PERIOD", "", None, False),  # not written short
])
def test_a_title_written_short_needs_a_name_after_it(spoken: str, written: str, punct: str, after: str, case,
                                                     rejected: bool) -> None:
    reason = nameless_title(spoken, written, punct, after.split(), case)
    assert (reason is not None) == rejected, reason
