from __future__ import annotations

import pytest

from spacy_u2tf.core.assemble import SpanRewrite, assemble, sentence_starts
from spacy_u2tf.core.labels import (ContextThresholds, address_at_cut, apply_case, apply_label_thresholds, bio_spans,
                                    born_joins, joined_letters, combining_form_joins, ranked_superlative_joins,
                                    case_label, close_last_sentence, hold_name_joins, join_filler_phrases,
                                    loose_edge_joins, mark_repeated_reparanda, plural_acronym,
                                    rejected_mixed_case, repeated_first_copies, scale_names,
                                    split_context_thresholds, split_hyphenated, split_trailing_punct,
                                    superlative_joins, thresholded_labels, to_compound_joins, vessel_class_joins,
                                    whole_fraction_joins)


@pytest.mark.parametrize("written,label", [("hello", "LOWER"), ("Hello", "CAPITAL"), ("NASA", "ACRONYM"),
                                           ("NASA's", "ACRONYM"), ("McDonald's", "MIXED"), ("iPhone", "MIXED"),
                                           ("I", "CAPITAL"), ("I'm", "CAPITAL")])
def test_case_label_round_trips(written: str, label: str) -> None:
    assert case_label(written) == label
    if label != "MIXED":
        assert apply_case(written.lower(), label) == written


def test_split_trailing_punct() -> None:
    assert split_trailing_punct("word,") == ("word", "COMMA")
    assert split_trailing_punct("why?") == ("why", "QUESTION")
    assert split_trailing_punct("end.") == ("end", "PERIOD")
    assert split_trailing_punct(".") == (".", "O")


def test_bio_spans_keeps_adjacent_entities_apart() -> None:
    assert bio_spans(["O", "B", "I", "B", "O", "I", "I"]) == [(1, 3), (3, 4), (5, 7)]
    assert bio_spans([]) == []


def test_assemble_applies_labels_and_spans() -> None:
    spoken = "on march fifteenth ceo sarah said hi".split()
    out = assemble(spoken, ["O", "O", "COMMA", "O", "O", "O", "PERIOD"],
                   ["CAPITAL", "CAPITAL", "LOWER", "ACRONYM", "CAPITAL", "LOWER", "LOWER"],
                   [SpanRewrite(1, 3, "date", "March 15th")])
    assert out.text == "On March 15th, CEO Sarah said hi."
    assert [(g.source, g.target, g.cls) for g in out.groups] == [
        ((0,), (0,), "plain"), ((1, 2), (1, 2), "date"), ((3,), (3,), "plain"), ((4,), (4,), "plain"),
        ((5,), (5,), "plain"), ((6,), (6,), "plain")]


def test_assemble_capitalizes_span_at_sentence_start_and_no_double_period() -> None:
    out = assemble(["mister", "smith"], ["PERIOD", "PERIOD"], ["CAPITAL", "CAPITAL"],
                   [SpanRewrite(0, 1, "abbreviation", "Mr.")])
    assert out.text == "Mr. Smith."
    out = assemble(["dollars"], ["O"], ["CAPITAL"], [SpanRewrite(0, 1, "x", "e-mail")])
    assert out.text == "E-mail"


def test_assemble_adds_no_mark_after_a_word_ending_in_its_own() -> None:
    out = assemble(["wow", "it", "works!", "ok"], ["COMMA", "O", "PERIOD", "PERIOD"], ["CAPITAL", "LOWER", "LOWER",
                                                                                      "ACRONYM"], [])
    assert out.text == "Wow, it works! OK."
    assert assemble(["really?", "yes"], ["COMMA", "PERIOD"], ["CAPITAL", "CAPITAL"], []).text == "Really? Yes."


def test_assemble_keeps_verbatim_span_spelling_at_sentence_start() -> None:
    out = assemble(["iphone", "sales"], ["O", "PERIOD"], ["CAPITAL", "LOWER"],
                   [SpanRewrite(0, 1, "lexicon", "iPhone", verbatim=True)])
    assert out.text == "iPhone sales."


def test_assemble_capitalizes_an_address_only_at_a_sentences_start() -> None:
    spoken = ["yes", "bookings", "at", "acme", "dot", "com"]
    rewrite = [SpanRewrite(1, 6, "electronic", "bookings@acme.com")]
    punct, case = ["COMMA", "O", "O", "O", "O", "PERIOD"], ["CAPITAL"] * 6
    assert assemble(spoken, punct, case, rewrite).text == "Yes, bookings@acme.com."
    assert assemble(spoken, ["PERIOD"] + punct[1:], case, rewrite).text == "Yes. Bookings@acme.com."


def test_fallback_keeps_spoken_words_and_marks_groups() -> None:
    out = assemble(["twelve", "dollars"], ["O", "PERIOD"], ["LOWER", "LOWER"], [SpanRewrite(0, 2, "money", None)])
    assert out.text == "twelve dollars."
    assert all(g.fallback for g in out.groups) and len(out.groups) == 2


def test_assemble_rejects_bad_spans_and_lengths() -> None:
    with pytest.raises(ValueError):
        assemble(["a", "b"], ["O"], ["LOWER", "LOWER"])
    with pytest.raises(ValueError):
        assemble(["a", "b"], ["O", "O"], ["LOWER", "LOWER"], [SpanRewrite(0, 2, "x", "A"), SpanRewrite(1, 2, "x", "B")])


def test_sentence_starts() -> None:
    assert sentence_starts(["O", "PERIOD", "O", "QUESTION", "COMMA"]) == [True, False, True, False, True]


def test_label_thresholds_let_a_rare_label_win_below_argmax() -> None:
    names = ("LOWER", "CAPITAL", "ACRONYM", "MIXED")
    probs = [[0.1, 0.7, 0.0, 0.2],   # MIXED reaches 0.15: wins over the argmax CAPITAL
             [0.9, 0.0, 0.0, 0.1],   # below the threshold: argmax stands
             [0.0, 0.3, 0.35, 0.35]]  # two labels reach theirs: the likelier (ties: the later column) wins
    argmax = ["CAPITAL", "LOWER", "ACRONYM"]
    assert apply_label_thresholds(probs, names, argmax, {"MIXED": 0.15}) == ["MIXED", "LOWER", "MIXED"]
    assert apply_label_thresholds(probs, names, argmax, {"MIXED": 0.15, "ACRONYM": 0.3}) == ["MIXED", "LOWER",
                                                                                          "MIXED"]
    assert apply_label_thresholds(probs, names, argmax, {}) == argmax
    with pytest.raises(ValueError, match="MIXD"):
        apply_label_thresholds(probs, names, argmax, {"MIXD": 0.1})


@pytest.mark.parametrize("probs,label", [
    ([0.0, 0.0, 0.06, 0.94], "CAPITAL"),   # no other label reaches a threshold: a name, at least capitalized
    ([0.0, 0.1, 0.3, 0.6], "ACRONYM"),     # ACRONYM reaches its threshold: "ceo" -> "CEO"
    ([0.5, 0.1, 0.0, 0.4], "CAPITAL"),     # LOWER is likelier than CAPITAL, but the tagger took it for a name
    ([0.0, 0.6, 0.1, 0.3], "CAPITAL"),
])
def test_rejected_mixed_case_takes_the_next_likeliest_label(probs, label: str) -> None:
    names = ("LOWER", "CAPITAL", "ACRONYM", "MIXED")
    assert rejected_mixed_case(probs, names, {"MIXED": 0.25, "ACRONYM": 0.2}) == label
    assert rejected_mixed_case(probs, names, {}) in ("CAPITAL", "ACRONYM")
    # a plain word ("sprint") needs ACRONYM_PLAIN for its capitals
    plain = rejected_mixed_case(probs, names, {"MIXED": 0.25, "ACRONYM": 0.2}, plain_acronym=0.9)
    assert plain == "CAPITAL"
    assert rejected_mixed_case([0.0, 0.0, 0.95, 0.05], names, {"ACRONYM": 0.2}, plain_acronym=0.9) == "ACRONYM"


def test_hold_name_joins_needs_its_threshold_between_capitalized_words_only() -> None:
    """"du fu" (both capitalized) keeps its hyphen only at the names' threshold and otherwise takes the likeliest
    other label under the head's thresholds; "well known" (lowercase) and "New York-based" (one side lowercase)
    keep theirs."""
    names = ("O", "COMMA", "PERIOD", "QUESTION", "HYPHEN")
    punct = ["HYPHEN", "O", "HYPHEN", "O", "HYPHEN", "PERIOD"]
    case = ["CAPITAL", "CAPITAL", "LOWER", "LOWER", "CAPITAL", "LOWER"]
    probs = [[0.15, 0.1, 0.0, 0.0, 0.75], [1, 0, 0, 0, 0], [0.2, 0, 0, 0, 0.8], [1, 0, 0, 0, 0],
             [0.2, 0, 0, 0, 0.8], [0, 0, 1, 0, 0]]
    held = hold_name_joins(punct, probs, names, case, 0.9, {"COMMA": 0.1, "HYPHEN": 0.7})
    assert held == ["COMMA", "O", "HYPHEN", "O", "HYPHEN", "PERIOD"]
    assert hold_name_joins(punct, probs, names, case, 0.9, {"HYPHEN": 0.7})[0] == "O"
    assert hold_name_joins(punct, probs, names, case, 0.7, {}) == punct
    acronyms = ["ACRONYM", "MIXED", "LOWER", "LOWER", "CAPITAL", "LOWER"]
    assert hold_name_joins(punct, probs, names, acronyms, 0.9, {})[0] == "O"


@pytest.mark.parametrize("written,parts", [("well-known", ["well", "known"]), ("mother-in-law's", ["mother", "in", "law's"]),
                                           ("e-mail", ["e", "mail"]), ("COVID-19", ["COVID-19"]), ("-", ["-"]),
                                           ("a-", ["a-"]), ("plain", ["plain"])])
def test_split_hyphenated_only_splits_compounds_of_words(written: str, parts) -> None:
    assert split_hyphenated(written) == parts


def test_hyphen_is_not_a_trailing_mark() -> None:
    assert split_trailing_punct("well-") == ("well-", "O")


def test_hyphen_label_joins_words_into_one_written_word() -> None:
    spoken = "a well known firm sold a second hand car".split()
    punct = ["O", "HYPHEN", "O", "O", "O", "O", "HYPHEN", "O", "PERIOD"]
    out = assemble(spoken, punct, ["CAPITAL"] + ["LOWER"] * 8)
    assert out.text == "A well-known firm sold a second-hand car."
    assert [(g.source, g.target) for g in out.groups] == [
        ((0,), (0,)), ((1, 2), (1,)), ((3,), (2,)), ((4,), (3,)), ((5,), (4,)), ((6, 7), (5,)), ((8,), (6,))]


def test_hyphen_joins_into_a_converted_span_and_keeps_its_class() -> None:
    out = assemble(["covid", "nineteen", "cases"], ["HYPHEN", "O", "PERIOD"], ["ACRONYM", "LOWER", "LOWER"],
                   [SpanRewrite(1, 2, "cardinal", "19")])
    assert out.text == "COVID-19 cases."
    assert [(g.source, g.target, g.cls) for g in out.groups] == [((0, 1), (0,), "cardinal"), ((2,), (1,), "plain")]


def test_hyphen_on_the_last_word_writes_no_mark() -> None:
    out = assemble(["well", "known"], ["HYPHEN", "HYPHEN"], ["LOWER", "LOWER"])
    assert out.text == "well-known"
    assert [g.target for g in out.groups] == [(0,)]


def test_a_listed_label_below_its_threshold_gives_way_to_the_likeliest_unlisted_one() -> None:
    names = ["O", "COMMA", "HYPHEN"]
    probs = [[0.3, 0.1, 0.6], [0.1, 0.1, 0.8], [0.5, 0.45, 0.05], [0.2, 0.35, 0.45]]
    argmax = ["HYPHEN", "HYPHEN", "O", "HYPHEN"]
    assert apply_label_thresholds(probs, names, argmax, {"HYPHEN": 0.7}) == ["O", "HYPHEN", "O", "COMMA"]
    assert apply_label_thresholds(probs, names, argmax, {"HYPHEN": 0.7, "COMMA": 0.4}) == ["O", "HYPHEN", "COMMA",
                                                                                          "O"]


@pytest.mark.parametrize("punct,closed", [
    (["O", "COMMA"], ["O", "PERIOD"]), (["O", "HYPHEN"], ["O", "PERIOD"]), (["O", "O"], ["O", "PERIOD"]),
    (["O", "QUESTION"], ["O", "QUESTION"]), (["COMMA", "PERIOD"], ["COMMA", "PERIOD"]), ([], []),
])
def test_a_text_ends_a_sentence(punct, closed) -> None:
    assert close_last_sentence(punct) == closed


def test_hold_name_joins_given_words_holds_a_lowercase_word_before_a_capital_unless_a_prefix() -> None:
    """With the spoken words: "du fu" with "du" lowercase would write the mixed-case "du-Fu", so its hyphen needs the
    names' threshold too; "anti american" ("anti-American") and "tsukuba class" ("Tsukuba-class") keep theirs."""
    names = ("O", "COMMA", "PERIOD", "QUESTION", "HYPHEN")
    words = ["du", "fu", "anti", "american", "tsukuba", "class"]
    punct = ["HYPHEN", "O", "HYPHEN", "O", "HYPHEN", "PERIOD"]
    case = ["LOWER", "CAPITAL", "LOWER", "CAPITAL", "CAPITAL", "LOWER"]
    probs = [[0.2, 0, 0, 0, 0.8], [1, 0, 0, 0, 0], [0.2, 0, 0, 0, 0.8], [1, 0, 0, 0, 0], [0.2, 0, 0, 0, 0.8],
             [0, 0, 1, 0, 0]]
    assert hold_name_joins(punct, probs, names, case, 0.9, {}, words) == ["O", "O", "HYPHEN", "O", "HYPHEN", "PERIOD"]
    assert hold_name_joins(punct, probs, names, case, 0.9, {}) == punct
    assert hold_name_joins(punct, probs, names, case, 0.8, {}, words) == punct


def test_thresholded_labels_apply_the_tables_then_the_names_rule_on_the_thresholded_case() -> None:
    """``split_context_thresholds`` takes HYPHEN_NAMES out of the punctuation table; ``thresholded_labels`` applies
    each head's table, and the names' rule sees the case labels after their thresholds ("fu" is CAPITAL only at
    CAPITAL 0.3)."""
    tables, context = split_context_thresholds({"punct": {"HYPHEN": 0.5, "HYPHEN_NAMES": 0.9},
                                                "case": {"CAPITAL": 0.3}})
    assert tables == {"punct": {"HYPHEN": 0.5}, "case": {"CAPITAL": 0.3}}
    assert context == ContextThresholds(name_join=0.9)
    names = {"punct": ("O", "COMMA", "PERIOD", "QUESTION", "HYPHEN"), "case": ("LOWER", "CAPITAL")}
    pred = {"punct": ["HYPHEN", "PERIOD"], "punct_probs": [[0.4, 0, 0, 0, 0.6], [0, 0, 1, 0, 0]],
            "case": ["CAPITAL", "LOWER"], "case_probs": [[0.1, 0.9], [0.6, 0.4]]}
    assert thresholded_labels(pred, names, tables, context) == {"punct": ["O", "PERIOD"],
                                                                 "case": ["CAPITAL", "CAPITAL"]}
    assert thresholded_labels(pred, names, tables)["punct"] == ["HYPHEN", "PERIOD"]
    assert thresholded_labels(pred, names, {"punct": tables["punct"]}, context) == {"punct": ["HYPHEN", "PERIOD"]}


@pytest.mark.parametrize("spoken,fillers,first_copy", [
    ("i i think so", "", "i"),
    ("we should we should go", "", "we should"),
    ("we should uh we should go", "uh", "we should"),
    ("go to the um uh to the shop", "um uh", "to the"),
    ("the the the end", "", "the the"),
    ("i think that i think", "", ""),  # said again, but not right after
    ("we should go to the we should leave", "", ""),  # a restart, not a repetition
    ("um um well", "um um", ""),  # a filler is never a copy
    ("a b c d a b c d", "", ""),  # longer than three words
    ("", "", ""),
])
def test_repeated_first_copies(spoken: str, fillers: str, first_copy: str) -> None:
    words = spoken.split()
    skip = [w in fillers.split() for w in words]
    flags = repeated_first_copies(words, skip)
    assert len(flags) == len(words)
    assert " ".join(w for w, f in zip(words, flags) if f) == first_copy, spoken


def test_repeated_first_copies_is_linear_on_a_run_of_fillers() -> None:
    words = ["um"] * 20000 + ["go", "go"]
    flags = repeated_first_copies(words, [w == "um" for w in words])
    assert flags.sum() == 1 and flags[20000]


def test_mark_repeated_reparanda_lifts_only_words_labeled_o_that_repeat() -> None:
    """A repeated word labeled O becomes REPARANDUM once its probability reaches the threshold; a word that does not
    repeat, or a filler, keeps its label; the words labeled FILLER are skipped between the copies."""
    names = ("O", "FILLER", "REPARANDUM")
    words = "i i uh i think um so so".split()
    disfl = ["O", "O", "FILLER", "O", "O", "FILLER", "O", "O"]
    probs = [[0.6, 0, 0.4], [0.7, 0, 0.3], [0.1, 0.9, 0], [0.9, 0, 0.1], [0.5, 0, 0.5], [0, 1, 0], [0.8, 0, 0.2],
             [0.99, 0, 0.01]]
    assert mark_repeated_reparanda(disfl, probs, names, words, 0.3) == [
        "REPARANDUM", "REPARANDUM", "FILLER", "O", "O", "FILLER", "O", "O"]
    assert mark_repeated_reparanda(disfl, probs, names, words, 0.2) == [
        "REPARANDUM", "REPARANDUM", "FILLER", "O", "O", "FILLER", "REPARANDUM", "O"]
    assert mark_repeated_reparanda(disfl, probs, names, words, 0.5) == disfl


def test_thresholded_labels_mark_repeated_reparanda_after_the_disfluency_table() -> None:
    """REPARANDUM_REPEATED acts on the disfluency labels after their table, and only with the spoken words."""
    tables, context = split_context_thresholds({"disfl": {"REPARANDUM": 0.85, "REPARANDUM_REPEATED": 0.3}})
    assert tables == {"disfl": {"REPARANDUM": 0.85}} and context == ContextThresholds(repeated=0.3)
    names = {"disfl": ("O", "FILLER", "REPARANDUM")}
    pred = {"disfl": ["REPARANDUM", "O", "O"], "disfl_probs": [[0.4, 0, 0.6], [0.9, 0, 0.1], [0.9, 0, 0.1]]}
    words = ["i", "i", "think"]
    assert thresholded_labels(pred, names, tables, context, words)["disfl"] == ["REPARANDUM", "O", "O"]
    pred["disfl_probs"][0] = [0.2, 0, 0.8]
    assert thresholded_labels(pred, names, tables, ContextThresholds(), words)["disfl"] == ["O", "O", "O"]
    assert thresholded_labels(pred, names, tables, context)["disfl"] == ["O", "O", "O"]


def test_join_filler_phrases_gives_both_words_one_label() -> None:
    """A two-word filler half labeled FILLER becomes FILLER whole when the mean FILLER probability reaches 0.5, and
    loses the label whole otherwise; agreeing pairs and other words are left alone."""
    names = ("O", "FILLER", "REPARANDUM")
    words = "you know i mean we know you know".split()
    disfl = ["FILLER", "O", "O", "FILLER", "O", "O", "FILLER", "FILLER"]
    probs = [[0.1, 0.9, 0], [0.6, 0.4, 0], [0.8, 0.2, 0], [0.4, 0.6, 0], [1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 0]]
    assert join_filler_phrases(disfl, probs, names, words) == [
        "FILLER", "FILLER", "O", "O", "O", "O", "FILLER", "FILLER"]
    assert join_filler_phrases(["O", "FILLER"], [[0.9, 0.1, 0], [0.4, 0.6, 0]], names, ["we", "know"]) == [
        "O", "FILLER"]


@pytest.mark.parametrize("spoken,punct,joined", [
    ("one and a half hours", "O O HYPHEN O O", "O O O O O"),  # "one and a-half hours"
    ("two and a half cups", "HYPHEN O O O O", "O O O O O"),
    ("two and a half cups", "HYPHEN HYPHEN HYPHEN O O", "HYPHEN HYPHEN HYPHEN O O"),  # whole: stays
    ("a two and a half year old boy", "O O O HYPHEN HYPHEN HYPHEN HYPHEN O",
     "O HYPHEN HYPHEN HYPHEN HYPHEN HYPHEN HYPHEN O"),
    ("an hour and a half", "O O O O PERIOD", "O O O O PERIOD"),
    ("and a half", "O HYPHEN O", "O HYPHEN O"),  # no word before the chain
])
def test_whole_fraction_joins_hyphenates_and_a_half_whole_or_not_at_all(spoken: str, punct: str, joined: str) -> None:
    assert whole_fraction_joins(spoken.split(), punct.split()) == joined.split()


@pytest.mark.parametrize("spoken,punct,loosened", [
    ("weapons of war like this", "O HYPHEN O O O", "O O O O O"),  # "of-war"
    ("free of cost", "O HYPHEN O", "O O O"), ("an a level", "O HYPHEN O", "O HYPHEN O"),
    ("stand to day", "O HYPHEN O", "O HYPHEN O"), ("word by field telephone", "O HYPHEN O O", "O O O O"),
    ("state of the art design", "HYPHEN HYPHEN HYPHEN O O", "HYPHEN HYPHEN HYPHEN O O"),  # inside a compound
    ("a well known man", "O HYPHEN O O", "O HYPHEN O O"),
    ("the well known man", "HYPHEN HYPHEN O O", "O HYPHEN O O"),
    ("book of law cases", "HYPHEN HYPHEN O O", "HYPHEN HYPHEN O O"),
    ("war of", "HYPHEN O", "O O"),
    ("hand to hand combat", "O HYPHEN O O", "HYPHEN HYPHEN O O"),
    ("day to day", "HYPHEN O PERIOD", "HYPHEN HYPHEN PERIOD"),
    ("day to day", "COMMA HYPHEN PERIOD", "COMMA HYPHEN PERIOD"),
    ("one of one", "COMMA HYPHEN PERIOD", "COMMA O PERIOD"),
])
def test_loose_edge_joins_unjoins_function_words_at_a_compounds_edge(spoken: str, punct: str, loosened: str) -> None:
    assert loose_edge_joins(spoken.split(), punct.split()) == loosened.split()


@pytest.mark.parametrize("spoken,itn,cut", [
    ("portal at secure dot acme dot com", "O B I I I I I", "O O B I I I I"),
    ("jo at acme dot com", "B I I I I", "B I I I I"),  # an email: its name is in the span
    ("meet at five", "O B I", "O B I"), ("at the dot", "B I I", "B I I"),  # no address
    # after "email", the name the span left out is put in, whether the span has the "at" or not
    ("email jo at acme dot com", "O O B I I I", "O B I I I I"), ("email jo at acme dot com", "O O O B I I",
                                                                 "O B I I I I"),
    ("email us at acme dot com", "O O B I I I", "O O O B I I"),  # no name: an address after "at"
    ("yes bookings at acme dot com", "O O O B I I", "O B I I I I"),  # a shared mailbox's name
    ("the portal at acme dot com", "O O B I I I", "O O O B I I"),
    # an email or an address spoken of a few words before: the name is put in
    ("forward the email to phishing at acme dot com", "O O O O O O B I I", "O O O O B I I I I"),
    ("forward the email to phishing at acme dot com", "O O O O O B I I I", "O O O O B I I I I"),
    ("the address on your account operations at acme dot io", "O O O O O O O B I I", "O O O O O B I I I I"),
    ("we met at acme dot com", "O O O B I I", "O O O B I I"),  # no email spoken of
    ("email mister smith at info at acme dot com", "O O O O B I I I I", "O O O O B I I I I"),  # a name in the span
    ("we'll email you reactivate at any time at acme dot com slash account", "O O O O O O O O B I I I I",
     "O O O O O O O O B I I I I"),  # a web address, and "any time" is no name
])
def test_address_at_cut(spoken: str, itn: str, cut: str) -> None:
    assert address_at_cut(spoken.split(), itn.split()) == cut.split()


@pytest.mark.parametrize("spoken,punct,joined", [
    ("the best selling album", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("the highest grossing film", "O O O O", "O HYPHEN O O"), ("best known authors", "O O O", "HYPHEN O O"),
    ("she is best known for", "O O O O O", "O O O O O"),  # a function word after it
    ("the best thing ever", "O O O O", "O O O O"), ("the most exciting game", "O O O O", "O O O O"),
    ("the best selling", "O O O", "O O O"), ("the best selling, album", "O O COMMA O", "O O COMMA O"),
])
def test_superlative_joins(spoken: str, punct: str, joined: str) -> None:
    assert superlative_joins(spoken.split(), punct.split()) == joined.split()


@pytest.mark.parametrize("spoken,punct,joined", [
    ("uses end to end encryption", "O O O O PERIOD", "O HYPHEN HYPHEN O PERIOD"),
    ("a free to play game", "O O O O O", "O HYPHEN HYPHEN O O"),
    ("placed end to end", "O O O PERIOD", "O O O PERIOD"),  # nothing after it
    ("from day to day the way", "O O O O O O", "O O O O O O"),  # a function word after it
    ("end to end, encryption", "O O COMMA O", "O O COMMA O"),  # a mark before the noun
    ("end, to end encryption", "COMMA O O O", "COMMA O O O"),  # a mark inside
    ("to go to end encryption", "O O O O O", "O O O O O"),  # no such compound
])
def test_to_compound_joins(spoken: str, punct: str, joined: str) -> None:
    assert to_compound_joins(spoken.split(), punct.split()) == joined.split()


def test_scale_names_are_capitalized_and_never_converted() -> None:
    words = "one hundred degrees celsius or fahrenheit".split()
    case, itn = scale_names(words, ["LOWER", "LOWER", "LOWER", "MIXED", "LOWER", "LOWER"], ["B", "I", "O", "B", "O",
                                                                                          "B"])
    assert case == ["LOWER", "LOWER", "LOWER", "CAPITAL", "LOWER", "CAPITAL"]
    assert itn == ["B", "I", "O", "O", "O", "O"]


@pytest.mark.parametrize("spoken,punct,loosened", [
    ("안녕 하세요 1️⃣ rocket", "O HYPHEN O PERIOD", "O O O PERIOD"),  # no Latin letter on one side
    ("привет как дела", "HYPHEN O PERIOD", "O O PERIOD"),
    ("the fusō class", "O HYPHEN PERIOD", "O HYPHEN PERIOD"),  # Latin letters with their accents
    ("a 4g phone", "O HYPHEN PERIOD", "O HYPHEN PERIOD"),
])
def test_no_hyphen_beside_a_word_without_latin_letters(spoken: str, punct: str, loosened: str) -> None:
    assert loose_edge_joins(spoken.split(), punct.split()) == loosened.split()


@pytest.mark.parametrize("written,spoken,plural", [
    ("GUI's", "guis", "GUIs"), ("KPI’s", "kpis", "KPIs"), ("NASA's", "nasa's", None),  # said as a possessive
    ("McDonald's", "mcdonalds", None), ("GUIs", "guis", None), ("GUI's", "gui", None),
])
def test_an_acronym_said_without_an_apostrophe_is_a_plural(written: str, spoken: str, plural) -> None:
    assert plural_acronym(written, spoken) == plural


@pytest.mark.parametrize("written,spoken,counted,plural", [
    ("KPI's", "kpi's", True, "KPIs"),  # "two kpi's": NeMo's normalizer reads "two KPIs" so
    ("KPI's", "kpi's", False, None),  # "the kpi's target": a possessive
    ("McDonald's", "mcdonald's", True, None),  # not an acronym
])
def test_an_acronym_with_an_apostrophe_after_a_count_is_a_plural(written: str, spoken: str, counted: bool,
                                                                   plural) -> None:
    assert plural_acronym(written, spoken, counted) == plural



@pytest.mark.parametrize("spoken,case,joined,cased", [
    ("a town class light cruiser", "LOWER LOWER LOWER LOWER LOWER", "O HYPHEN O O O",
     "LOWER CAPITAL LOWER LOWER LOWER"),
    ("the ise class battleships", "LOWER CAPITAL CAPITAL LOWER", "O HYPHEN O O", "LOWER CAPITAL LOWER LOWER"),
    ("the ise class ships", "LOWER ACRONYM LOWER LOWER", "O HYPHEN O O", "LOWER CAPITAL LOWER LOWER"),  # a name
    ("the lst class ships", "LOWER ACRONYM LOWER LOWER", "O HYPHEN O O", "LOWER ACRONYM LOWER LOWER"),  # no vowel
    ("the iowa class was", "LOWER CAPITAL LOWER LOWER", "O O O O", "LOWER CAPITAL LOWER LOWER"),  # no vessel
    ("a first class ship", "LOWER LOWER LOWER LOWER", "O O O O", "LOWER LOWER LOWER LOWER"),  # a rank
    ("a town class of very light cruisers", "LOWER LOWER LOWER LOWER LOWER LOWER LOWER", "O O O O O O O",
     "LOWER LOWER LOWER LOWER LOWER LOWER LOWER"),  # too far
])
def test_vessel_class_joins(spoken: str, case: str, joined: str, cased: str) -> None:
    words = spoken.split()
    assert vessel_class_joins(words, ["O"] * len(words), case.split()) == (joined.split(), cased.split())


@pytest.mark.parametrize("spoken,punct,joined", [
    ("the second largest city", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("its third most populous", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("the second, oldest town", "O COMMA O PERIOD", "O HYPHEN O PERIOD"),  # after a determiner a comma is a slip
    ("first, second, largest", "COMMA COMMA PERIOD", "COMMA COMMA PERIOD"),  # a list
    ("the second. largest", "O PERIOD PERIOD", "O PERIOD PERIOD"),
    ("the first largest", "O O PERIOD", "O O PERIOD"),  # no rank
    ("the second time", "O O PERIOD", "O O PERIOD"),
])
def test_ranked_superlative_joins(spoken: str, punct: str, joined: str) -> None:
    assert ranked_superlative_joins(spoken.replace(",", "").replace(".", "").split(), punct.split()) == joined.split()


@pytest.mark.parametrize("spoken,case,punct,joined", [
    ("a scottish born physicist", "LOWER CAPITAL LOWER LOWER", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("a scottish born physicist", "LOWER CAPITAL CAPITAL LOWER", "O O O PERIOD", "O HYPHEN O PERIOD"),
    ("he was london born", "CAPITAL LOWER CAPITAL LOWER", "O O O PERIOD", "O O O PERIOD"),  # no noun after
    ("scottish born in glasgow", "CAPITAL LOWER LOWER CAPITAL", "O O O PERIOD", "O O O PERIOD"),
    ("a scottish born physicist", "LOWER LOWER LOWER LOWER", "O O O PERIOD", "O O O PERIOD"),  # not capitalized
    ("was anna born. then", "LOWER CAPITAL LOWER CAPITAL", "O O PERIOD PERIOD", "O O PERIOD PERIOD"),
])
def test_born_joins(spoken: str, case: str, punct: str, joined: str) -> None:
    words = spoken.replace(".", "").split()
    out_punct, out_case = born_joins(words, punct.split(), case.split())
    assert out_punct == joined.split()
    joined_at = [i for i, label in enumerate(out_punct) if label == "HYPHEN"]
    assert all(out_case[i + 1] == "LOWER" for i in joined_at)  # "Scottish-born", never "Scottish-Born"
    assert [c for k, c in enumerate(out_case) if k - 1 not in joined_at] == [
        c for k, c in enumerate(case.split()) if k - 1 not in joined_at]


@pytest.mark.parametrize("spoken,case,joined,cased", [
    ("the sino japanese war", "LOWER LOWER CAPITAL CAPITAL", "O HYPHEN O O", "LOWER CAPITAL CAPITAL CAPITAL"),
    ("an afro hairstyle", "LOWER CAPITAL LOWER", "O O O", "LOWER CAPITAL LOWER"),  # a word in lowercase after
    ("the anglo, saxon", "LOWER CAPITAL CAPITAL", "O COMMA O", "LOWER CAPITAL CAPITAL"),  # a mark stands
])
def test_combining_form_joins(spoken: str, case: str, joined: str, cased: str) -> None:
    words = spoken.replace(",", "").split()
    punct = ["COMMA" if w.endswith(",") else "O" for w in spoken.split()]
    assert combining_form_joins(words, punct, case.split()) == (joined.split(), cased.split())


@pytest.mark.parametrize("spoken,punct,case,joined,cased", [
    ("an all american end", "O HYPHEN O O", "LOWER LOWER CAPITAL LOWER", "O HYPHEN O O",
     "LOWER CAPITAL CAPITAL LOWER"),
    ("a consensus all american", "O O O O", "LOWER LOWER CAPITAL CAPITAL", "O O HYPHEN O",
     "LOWER LOWER CAPITAL CAPITAL"),
    ("an all star cast", "O HYPHEN O O", "LOWER LOWER LOWER LOWER", "O HYPHEN O O",
     "LOWER LOWER LOWER LOWER"),  # "all-star" stays so where the tagger does not capitalize "star"
    ("so all americans agree", "O O O O", "CAPITAL LOWER CAPITAL LOWER", "O O O O",
     "CAPITAL LOWER CAPITAL LOWER"),  # neither joined nor capitalized: every American
    ("ok. all americans agree", "PERIOD O O O", "CAPITAL CAPITAL CAPITAL LOWER", "PERIOD O O O",
     "CAPITAL CAPITAL CAPITAL LOWER"),  # a capital at a sentence's start is no evidence
])
def test_all_honour_joins(spoken: str, punct: str, case: str, joined: str, cased: str) -> None:
    words = spoken.replace(".", "").split()
    assert combining_form_joins(words, punct.split(), case.split()) == (joined.split(), cased.split())


@pytest.mark.parametrize("spoken,punct,itn,out", [
    ("a v neck pullover", "O HYPHEN O O", "O B O O", "O O O O"),  # V-neck, not "V.-neck"
    ("a v neck", "O O O", "O B O", "O B O"),  # no hyphen: the span stands
    ("ab neck", "HYPHEN O", "B O", "B O"),  # two letters
    ("5 k run", "O HYPHEN O", "B I O", "B I O"),  # a span of more than one word
    ("v neck", "HYPHEN O", "O O", "O O"),
    ("in saint denis", "O HYPHEN O", "O B O", "O O O"),  # Saint-Denis, not "St.-Denis"
    ("saint paul's", "O O", "B O", "B O"),  # no hyphen: "St. Paul's"
    ("eleven thousand first class runs", "O O O O O", "B I I O O", "B I O O O"),  # 11,000 first-class runs
    ("one hundred first time buyers", "O O HYPHEN O O", "B I I O O", "B I O O O"),
    ("one hundred first airborne", "O O O O", "B I I O", "B I I O"),  # the 101st
    ("twenty first century", "O HYPHEN O", "B I O", "B I O"),  # no scale before: the 21st-century
])
def test_joined_letters_leave_a_hyphenated_letter_out_of_its_span(spoken: str, punct: str, itn: str, out: str) -> None:
    assert joined_letters(spoken.split(), punct.split(), itn.split()) == out.split()
