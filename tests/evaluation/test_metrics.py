from __future__ import annotations

import pytest

from spacy_u2tf.data.example import Example, SpanPair
from spacy_u2tf.evaluation.align import align, edit_distance
from spacy_u2tf.evaluation.label_scores import label_scores
from spacy_u2tf.evaluation.metrics import evaluate, split_words


def ref() -> Example:
    # "Hi Bob, I paid $5 at McDonald's." spoken: hi bob i paid five dollars at mcdonald's
    return Example(
        written="Hi Bob, I paid $5 at McDonald's.",
        spoken="hi bob i paid five dollars at mcdonald's".split(),
        punct=["O", "COMMA", "O", "O", "O", "O", "O", "PERIOD"],
        case=["CAPITAL", "CAPITAL", "CAPITAL", "LOWER", "LOWER", "LOWER", "LOWER", "MIXED"],
        itn=["O", "O", "O", "O", "B", "I", "O", "O"],
        spans=[SpanPair(4, 6, "money", "$5"), SpanPair(7, 8, "mixed", "McDonald's")],
    )


def test_split_words_maps_marks() -> None:
    assert split_words('Hi, "Bob"! Go; now? U.S. ok .') == [
        ("Hi", "COMMA"), ("Bob", "PERIOD"), ("Go", "COMMA"), ("now", "QUESTION"), ("U.S.", "O"), ("ok", "PERIOD")]


def test_align_and_edit_distance() -> None:
    assert align(["a", "b", "c"], ["a", "c"]) == [(0, 0), (1, None), (2, 1)]
    assert edit_distance("kitten", "sitting") == 3


def test_perfect_hypothesis() -> None:
    r = ref()
    m = evaluate([r], [r.written])
    assert m["PER"] == 0 and m["CER"] == 0 and m["I-WER"] == 0 and m["M-WER"] == 0
    assert m["punct_f1_PERIOD"] == 1 and m["punct_f1_COMMA"] == 1
    assert m["exact_money"] == 1 and m["content_preservation"] == 1


def test_hand_computed_errors() -> None:
    # comma missed, period became question, "$5" left as words, McDonald's lowercased, Bob lowercased
    m = evaluate([ref()], ["Hi bob I paid five dollars at mcdonald's?"])
    # ref marks: COMMA after Bob, PERIOD at end; hyp: QUESTION at end -> errors: COMMA deleted, PERIOD->QUESTION
    assert m["PER"] == pytest.approx(2 / 2)
    assert m["punct_f1_COMMA"] == 0 and m["punct_f1_PERIOD"] == 0 and m["punct_f1_QUESTION"] == 0
    # ITN reference words: "$5" (1 word) -> "five" substituted, "dollars" inserted right after it
    assert m["I-WER"] == 2.0 and m["iwer_spans"] == 1.0 and m["exact_money"] == 0
    assert (m["itn_substituted"], m["itn_inserted"], m["itn_deleted"]) == (1, 1, 0)
    # mixed words: McDonald's -> wrong
    assert m["M-WER"] == 1.0
    # plain words: Hi Bob I paid at -> all kept ignoring case
    assert m["content_preservation"] == 1.0
    ref_chars = len("Hi Bob I paid $5 at McDonald's")
    hyp = "Hi bob I paid five dollars at mcdonald's"
    assert m["CER"] == pytest.approx(round(edit_distance("Hi Bob I paid $5 at McDonald's", hyp) / ref_chars, 4))


def test_dropped_word_hurts_content_preservation() -> None:
    m = evaluate([ref()], ["Hi Bob, I $5 at McDonald's."])
    assert m["content_preservation"] == pytest.approx(4 / 5)


def test_label_scores() -> None:
    r = ref()
    pred = {"punct": ["O", "COMMA", "O", "O", "O", "O", "O", "QUESTION"], "case": r.case,
            "itn": ["O", "O", "O", "O", "B", "O", "O", "O"]}
    s = label_scores([r], [pred])
    assert s["punct_f1_COMMA"] == 1 and s["punct_f1_PERIOD"] == 0
    assert s["case_f1_CAPITAL"] == 1 and s["itn_span_f1"] == 0
    with pytest.raises(ValueError):
        label_scores([r], [{"punct": ["O"], "case": ["LOWER"], "itn": ["O"]}])


def plain_example(written: str) -> Example:
    """An Example with no spans whose words are the written words (lowercased, marks as labels)."""
    from spacy_u2tf.core.labels import case_label, split_trailing_punct

    words, punct, case = [], [], []
    for token in written.split():
        word, mark = split_trailing_punct(token)
        words.append(word.lower())
        punct.append(mark)
        case.append(case_label(word))
    return Example(written, words, punct, case, ["O"] * len(words))


def test_inserted_word_mark_is_a_false_positive() -> None:
    # ref marks: PERIOD after Bob (1); hyp inserts "there," -> one inserted COMMA
    m = evaluate([plain_example("Hi Bob.")], ["Hi there, Bob!"])  # "!" counts as PERIOD
    assert m["PER"] == 1.0
    assert m["punct_p_COMMA"] == 0 and m["punct_f1_PERIOD"] == 1
    assert m["content_preservation"] == 1


def test_deleted_word_mark_is_missed() -> None:
    # ref: Yes(COMMA) I do(PERIOD); hyp drops "Yes," -> COMMA missed; 1 error / 2 marks
    m = evaluate([plain_example("Yes, I do.")], ["I do."])
    assert m["PER"] == 0.5
    assert m["punct_r_COMMA"] == 0 and m["punct_f1_PERIOD"] == 1
    assert m["content_preservation"] == round(2 / 3, 4)
    # CER: "Yes I do" -> "I do" deletes 4 of 8 characters
    assert m["CER"] == 0.5


def test_substituted_mark_and_cer_counts_case() -> None:
    m = evaluate([plain_example("Is it ok?"), plain_example("It is.")], ["is it ok.", "It is."])
    # marks: QUESTION (wrong: PERIOD), PERIOD (right) -> PER 1/2; PERIOD P = 1/2, R = 1
    assert m["PER"] == 0.5 and m["punct_p_PERIOD"] == 0.5 and m["punct_r_PERIOD"] == 1.0
    assert m["punct_r_QUESTION"] == 0
    # CER: one case error ("Is" -> "is") over 8 + 5 reference characters
    assert m["CER"] == round(1 / 13, 4)


def date_example() -> Example:
    # "On June 5th I paid $5 and $7 to McDonald's and iPhone." — hand-built, round-trips
    return Example(
        written="On June 5th I paid $5 and $7 to McDonald's and iPhone.",
        spoken="on june fifth i paid five dollars and seven dollars to mcdonald's and iphone".split(),
        punct=["O"] * 13 + ["PERIOD"],
        case=["CAPITAL", "LOWER", "LOWER", "CAPITAL", "LOWER", "LOWER", "LOWER", "LOWER", "LOWER", "LOWER",
              "LOWER", "MIXED", "LOWER", "MIXED"],
        itn=["O", "B", "I", "O", "O", "B", "I", "O", "B", "I", "O", "O", "O", "O"],
        spans=[SpanPair(1, 3, "date", "June 5th"), SpanPair(5, 7, "money", "$5"), SpanPair(8, 10, "money", "$7"),
               SpanPair(11, 12, "mixed", "McDonald's"), SpanPair(13, 14, "mixed", "iPhone")],
    )


def test_itn_and_mixed_scores() -> None:
    ex = date_example()
    assert ex.round_trips()
    hyp = "On June the 5th I paid $5 and seven dollars to McDonald's and Iphone."
    m = evaluate([ex], [hyp])
    # ITN span words: June 5th $5 $7 -> only $7 wrong (aligned to "seven"); "the" is inserted inside the date span
    assert m["itn_span_words"] == 4 and m["iwer_spans"] == 0.25
    # paper protocol: "june" is reproduced by the spoken input, so the ITN words are 5th $5 $7; "the" is inserted
    # after "june" (not an ITN word), "$7" -> "seven" and "dollars" inserted after it
    assert m["itn_words"] == 3 and m["I-WER"] == round(2 / 3, 4)
    assert m["exact_date"] == 0 and m["spans_date"] == 1
    assert m["exact_money"] == 0.5 and m["spans_money"] == 2
    # mixed words: McDonald's right, iPhone wrong
    assert m["mixed_words"] == 2 and m["M-WER"] == 0.5
    # plain words: On I paid and to and -> all kept; "dollars" is an inserted word and costs nothing here
    assert m["content_preservation"] == 1.0
    assert m["PER"] == 0


def test_reference_groups_follow_assembled_words() -> None:
    from spacy_u2tf.evaluation.metrics import reference_words

    words, classes, groups = reference_words(date_example())
    assert words[1:3] == [("June", "O"), ("5th", "O")] and classes[1:3] == ["date", "date"]
    assert groups[1] == groups[2] != groups[5]
    assert classes[-1] == "mixed" and words[-1] == ("iPhone", "PERIOD")


def test_reference_that_does_not_round_trip_is_scored_as_plain() -> None:
    ex = date_example()
    ex.written = "On June 5th, I paid $5 and $7 to McDonald's and iPhone."  # labels miss the comma
    m = evaluate([ex], [ex.written])
    assert m["references_without_groups"] == 1 and m["itn_span_words"] == 0 and m["PER"] == 0
    assert m["itn_words"] == 3 and m["I-WER"] == 0  # the paper protocol needs no labels


def test_empty_documents() -> None:
    m = evaluate([plain_example("")], [""])
    assert m["PER"] == 0 and m["CER"] == 0 and m["I-WER"] is None and m["M-WER"] is None


def test_edit_distance_matches_dynamic_program() -> None:
    import random

    def naive(a, b):
        prev = list(range(len(b) + 1))
        for i, x in enumerate(a, 1):
            cur = [i]
            for j, y in enumerate(b, 1):
                cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
            prev = cur
        return prev[-1]

    rng = random.Random(0)
    for _ in range(300):
        a = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 80)))
        b = "".join(rng.choice("abd ") for _ in range(rng.randint(0, 80)))
        assert edit_distance(a, b) == naive(a, b)
        wa, wb = a.split(), (b if rng.random() < 0.5 else a[:-3] + b[:5]).split()
        pairs = align(wa, wb)
        assert [r for r, _ in pairs if r is not None] == list(range(len(wa)))
        assert [h for _, h in pairs if h is not None] == list(range(len(wb)))
        assert sum(r is None or h is None or wa[r] != wb[h] for r, h in pairs) == naive(wa, wb)


def test_label_scores_hand_computed() -> None:
    gold = Example("", ["a", "b", "c", "d"], ["COMMA", "O", "PERIOD", "O"], ["CAPITAL", "ACRONYM", "LOWER", "LOWER"],
                   ["O", "O", "O", "B"])
    pred = {"punct": ["COMMA", "COMMA", "O", "PERIOD"], "case": ["CAPITAL", "CAPITAL", "LOWER", "ACRONYM"],
            "itn": ["O", "O", "B", "B"]}
    s = label_scores([gold], [pred])
    # COMMA: tp 1, fp 1 -> P .5 R 1; PERIOD: tp 0
    assert (s["punct_p_COMMA"], s["punct_r_COMMA"], s["punct_f1_COMMA"]) == (0.5, 1.0, 0.6667)
    assert s["punct_f1_PERIOD"] == 0
    # casing outside ITN spans (word d is inside one): CAPITAL tp 1 fp 1 -> F1 .6667; ACRONYM missed
    assert s["case_f1_CAPITAL"] == 0.6667 and s["case_r_ACRONYM"] == 0
    # spans: gold {(3,4)}, pred {(2,3), (3,4)} -> P .5 R 1
    assert (s["itn_span_p"], s["itn_span_r"], s["itn_span_f1"]) == (0.5, 1.0, 0.6667)


def test_mixed_case_errors_and_false_mixed() -> None:
    ref = plain_example("I use an iPhone at McDonald's with Bob and NASA's CEOs.")
    # iPhone right, McDonald's wrong (M-WER), "BoB" written mixed where the reference is Capitalized, "YouTube"
    # inserted: two false MIXED words; "IPhone"-style errors on a mixed reference word are M-WER errors only
    m = evaluate([ref], ["I use an iPhone at Mcdonald's with BoB YouTube and NASA's CEOs."])
    assert m["mixed_words"] == 3 and m["M-WER"] == round(1 / 3, 4)  # iPhone, McDonald's, CEOs
    assert m["false_mixed_words"] == 2 and m["false_mixed"] == round(2 / 11, 6)
    m = evaluate([ref], ["I use an IPhone at 'McDonald's' with Bob and NASA's CEOs."])
    assert m["M-WER"] == round(1 / 3, 4) and m["false_mixed_words"] == 0  # quotes around a word do not count


def test_sentences_run_together_are_not_mixed_case_words() -> None:
    from spacy_u2tf.evaluation.metrics import _is_mixed

    assert not any(map(_is_mixed, ["days.Yes", "OK.Here", "sorry.I", "NASA's", "Hello", "U.S."]))
    assert all(map(_is_mixed, ["Ph.D", "McDonald's", "iPhone", "'YouTube'", "O'Brien", "CEOs"]))


def test_written_case_scores_what_the_reader_sees() -> None:
    # Reference "Hi Bob, I met NASA at McDonald's." (words outside ITN spans: Hi Bob I met NASA at McDonald's).
    r = Example(
        written="Hi Bob, I met NASA at McDonald's.",
        spoken="hi bob i met nasa at mcdonald's".split(),
        punct=["O", "COMMA", "O", "O", "O", "O", "PERIOD"],
        case=["CAPITAL", "CAPITAL", "CAPITAL", "LOWER", "ACRONYM", "LOWER", "MIXED"],
        itn=["O"] * 7,
        spans=[SpanPair(6, 7, "mixed", "McDonald's")],
    )
    assert evaluate([r], [r.written])["case_f1_ACRONYM"] == 1
    # "bob" lower (CAPITAL missed), "Met" capitalized (false CAPITAL), "Nasa" (ACRONYM missed, false CAPITAL),
    # McDonald's dropped (MIXED missed).
    m = evaluate([r], ["Hi bob, I Met Nasa at."])
    assert (m["case_p_CAPITAL"], m["case_r_CAPITAL"]) == (0.5, round(2 / 3, 4))
    assert (m["case_p_ACRONYM"], m["case_r_ACRONYM"], m["case_f1_ACRONYM"]) == (0, 0, 0)
    assert (m["case_r_MIXED"], m["case_f1_MIXED"]) == (0, 0)
    # Scored on the written words, not on labels: a word written in capitals is an acronym to the reader.
    assert evaluate([r], ["Hi Bob, I met NASA AT McDonald's."])["case_f1_ACRONYM"] == round(2 / 3, 4)
