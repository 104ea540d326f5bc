"""The framework-free API (:class:`spacy_u2tf.core.api.U2TF`): input handling, options, lexicon, alignment.

Two kinds of model are used:

* the tiny RANDOM model folder (``tiny_model_path``): real tagger/converter plumbing; its labels are garbage
  but deterministic, so only properties that hold for any labels are asserted on it;
* a stub tagger + stub converter with fixed, rule-based outputs: exact expectations for the options,
  the lexicon and alignment groups of rewritten spans.
"""
from __future__ import annotations

import random
import re
import unicodedata
from typing import Dict, List, Sequence, Tuple

import numpy as np
import pytest

from spacy_u2tf.core.api import U2TF, Lexicon, Result, _clean_word, looks_written, to_words
from spacy_u2tf.core.labels import CASE_LABELS, ITN_LABELS, PUNCT_LABELS
from spacy_u2tf.core.spans import SPAN_CLOSE, SPAN_OPEN


# -- helpers -----------------------------------------------------------------------------------------------
def assert_alignment(result: Result) -> None:
    """Sources cover every spoken word exactly once and targets every written word exactly once, in order."""
    sources = [s for g in result.groups for s in g.source]
    targets = [t for g in result.groups for t in g.target]
    assert sources == list(range(len(result.spoken))), "spoken words not covered exactly once, in order"
    assert targets == list(range(len(result.words))), "written words not covered exactly once, in order"
    for g in result.groups:
        assert g.source, f"group with no source words: {g}"
        assert g.target, f"group with no target words: {g}"
        assert list(g.source) == list(range(g.source[0], g.source[-1] + 1)), f"non-contiguous source: {g}"
        assert list(g.target) == list(range(g.target[0], g.target[-1] + 1)), f"non-contiguous target: {g}"


def assert_labels_valid(result: Result) -> None:
    n = len(result.spoken)
    assert len(result.punct) == len(result.case) == len(result.itn) == n
    assert set(result.punct) <= set(PUNCT_LABELS)
    assert set(result.case) <= set(CASE_LABELS)
    assert set(result.itn) <= set(ITN_LABELS)


NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty",
                "thirty", "hundred", "dollars", "percent", "am", "pm"}


class StubTagger:
    """Rule-based stage 1: number words form ITN spans, a few names get case labels, fixed punctuation."""

    CAPITAL = {"john", "paris", "monday"}
    ACRONYM = {"nasa", "fbi"}
    MIXED = {"mcdonald", "youtube"}

    def __init__(self) -> None:
        self.calls: List[int] = []

    def predict(self, docs: Sequence[Sequence[str]], batch_size: int = 64) -> List[Dict[str, List[str]]]:
        self.calls.append(len(docs))
        out = []
        for words in docs:
            punct, case, itn = [], [], []
            for i, w in enumerate(words):
                last = i == len(words) - 1
                punct.append("COMMA" if w in ("yes", "well") else "PERIOD" if w == "okay" or (last and w != "right")
                             else "QUESTION" if w == "right" else "O")
                case.append("CAPITAL" if w in self.CAPITAL else "ACRONYM" if w in self.ACRONYM
                            else "MIXED" if w in self.MIXED else "LOWER")
                if w in NUMBER_WORDS:
                    itn.append("I" if i and words[i - 1] in NUMBER_WORDS else "B")
                else:
                    itn.append("O")
            out.append({"punct": punct, "case": case, "itn": itn})
        return out


class StubConverter:
    """Rule-based stage 2: a fixed table of spoken span → written form (anything else: empty → fallback)."""

    TABLE = {"twenty five": "25", "five": "5", "five dollars": "$5", "twenty five dollars": "$25",
             "ten percent": "10%", "eight am": "8 a.m.", "mcdonald": "McDonald", "youtube": "YouTube",
             "nine hundred": "900"}

    def __init__(self) -> None:
        self.inputs: List[str] = []

    def convert(self, inputs: Sequence[str], **_: object) -> List[str]:
        self.inputs.extend(inputs)
        spans = [text.split(SPAN_OPEN, 1)[1].split(SPAN_CLOSE, 1)[0].strip() for text in inputs]
        return [self.TABLE.get(s, "") for s in spans]


def stub(**options: object) -> U2TF:
    return U2TF(StubTagger(), StubConverter(), **options)


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path)


# -- empty input and wrong types ---------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", " ", "   \t\n  ", "\n", "\u3000\u00a0"])
def test_empty_and_whitespace_only_give_empty_result(tiny: U2TF, text: str) -> None:
    result = tiny.process(text)
    assert isinstance(result, Result)
    assert result.spoken == [] and result.words == [] and result.groups == [] and result.spans == []
    assert result.text == ""
    assert tiny.format(text) == ""
    assert tiny.format_batch([text, text]) == ["", ""]


def test_empty_word_list_gives_empty_result(tiny: U2TF) -> None:
    assert tiny.process([]).text == ""
    assert tiny.process_batch([]) == []


@pytest.mark.parametrize("bad,type_name", [(None, "NoneType"), (5, "int"), ([1, 2], "int"), (b"hello world", "bytes"),
                                           (3.5, "float"), (["fine", None], "NoneType")])
def test_wrong_types_raise_type_error_naming_the_type(tiny: U2TF, bad: object, type_name: str) -> None:
    with pytest.raises(TypeError, match=type_name):
        tiny.process(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=type_name):
        tiny.process_batch(["ok then", bad])  # type: ignore[list-item]


@pytest.mark.parametrize("bad", [None, 5, ["a", "b"], b"bytes"])
def test_format_rejects_non_strings(tiny: U2TF, bad: object) -> None:
    with pytest.raises(TypeError, match=r"format\(\) takes a string"):
        tiny.format(bad)  # type: ignore[arg-type]


def test_process_batch_rejects_a_single_string(tiny: U2TF) -> None:
    with pytest.raises(TypeError, match="list of documents"):
        tiny.process_batch("hello there")  # type: ignore[arg-type]
    for bad in (None, 5, {"a": "b"}):
        with pytest.raises(TypeError, match=r"list of documents.*" + type(bad).__name__):
            tiny.process_batch(bad)  # type: ignore[arg-type]


def test_bad_written_input_mode_is_rejected(tiny_model_path) -> None:
    with pytest.raises(ValueError, match="written_input"):
        U2TF.from_pretrained(tiny_model_path, written_input="keep")


# -- long input: nothing lost ------------------------------------------------------------------------------
def test_fifty_thousand_words_lose_nothing(tiny: U2TF) -> None:
    """Real (tiny) tagger over many windows; a fast stub converter that rewrites 1→2 and n→1 words."""

    class SplitJoin:
        def convert(self, inputs: Sequence[str], **_: object) -> List[str]:
            out = []
            for text in inputs:
                span = text.split(SPAN_OPEN, 1)[1].split(SPAN_CLOSE, 1)[0].split()
                if len(span) > 1:
                    out.append("-".join(span))  # n words → 1
                elif len(span[0]) >= 4:
                    out.append(span[0][:2] + " " + span[0][2:])  # 1 word → 2 (both substrings: licensed)
                else:
                    out.append(span[0])
            return out

    model = U2TF(tiny.tagger, SplitJoin(), context=tiny.context)
    rng = random.Random(0)
    vocab = ("the quick brown fox jumps over a lazy dog and then twenty five people went to new york um uh yeah "
             "so i think mcdonald nasa").split()
    words = [rng.choice(vocab) for _ in range(50_000)]
    result = model.process(" ".join(words))
    assert result.spoken == words
    assert_labels_valid(result)
    assert_alignment(result)
    # many-to-one and one-to-many groups really occurred, and every written word came from its spoken words
    assert any(len(g.source) > 1 for g in result.groups) or any(len(g.target) > 1 for g in result.groups)
    for g in result.groups:
        written = "".join(result.words[t] for t in g.target).lower()
        letters = re.sub(r"[^a-z]", "", written)
        assert letters == "".join(result.spoken[s] for s in g.source), g


def test_real_tiny_model_alignment_covers_everything(tiny: U2TF) -> None:
    rng = random.Random(1)
    vocab = "so we met at five thirty on monday and paid twenty dollars for the iphone okay right".split()
    for n in (1, 2, 7, 300):
        result = tiny.process(" ".join(rng.choice(vocab) for _ in range(n)))
        assert len(result.spoken) == n
        assert_labels_valid(result)
        assert_alignment(result)


# -- odd characters ----------------------------------------------------------------------------------------
def test_emoji_and_mixed_scripts_are_kept(tiny: U2TF) -> None:
    text = "😀 привет мир 你好世界 ok 👍🏽 done"
    result = tiny.process(text)
    assert result.spoken == [w.lower() for w in text.split()]
    assert_alignment(result)
    lowered = result.text.lower()
    for word in text.split():
        assert word.lower() in lowered


def test_control_characters_inside_words_are_removed(tiny: U2TF) -> None:
    result = tiny.process("hel\x00lo w\u200borld and\x07 more")
    assert result.spoken == ["hello", "world", "and", "more"]
    assert "\x00" not in result.text and "\u200b" not in result.text and "\x07" not in result.text
    assert_alignment(result)


def test_to_words_cleans_but_never_drops_visible_words() -> None:
    assert to_words("a\u200bb \x00c\x00 d") == ["ab", "c", "d"]
    assert to_words(["two words", "one"]) == ["two", "words", "one"]
    assert to_words("ｆｕｌｌ width") == ["full", "width"]  # NFKC
    assert to_words("") == [] and to_words([]) == []
    # an emoji newer than this Python's Unicode tables (unassigned to it) and a private-use character are visible
    assert to_words("i feel \U0001fae8 today") == ["i", "feel", "\U0001fae8", "today"]
    assert to_words("the \ue000 logo") == ["the", "\ue000", "logo"]
    assert to_words("x \udcff y") == ["x", "\ufffd", "y"]  # a lone surrogate, which no encoding writes


def test_to_words_drops_control_only_words_and_resplits_after_nfkc() -> None:
    assert to_words("hello \x00 \u200b \u200d\u200d world") == ["hello", "world"]
    assert to_words(["a", "\x00\x07", "b"]) == ["a", "b"]
    assert to_words("\x00 \u200b") == []
    assert to_words("caf\u00b4 au") == ["caf", "\u0301", "au"]  # NFKC: '\u00b4' → ' \u0301'
    assert to_words("\U0001F469\u200d\U0001F4BB ok") == ["\U0001F469\u200d\U0001F4BB", "ok"]  # ZWJ emoji kept


@pytest.mark.parametrize("code", range(128))
def test_to_words_ascii_fast_path_cleans_like_the_word_by_word_path(code: int) -> None:
    text = f"ab{chr(code)}cd ef {chr(code)} g"
    word_by_word = [piece for word in text.split() for piece in _clean_word(word)]
    assert to_words(text) == to_words(text.split()) == word_by_word, repr(text)


@pytest.mark.parametrize("text", ["hello \x00 world", "hello \u200b world"])
def test_control_character_only_words_do_not_reach_the_output(tiny: U2TF, text: str) -> None:
    result = tiny.process(text)
    assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in result.text), repr(result.text)


def test_nfkc_never_puts_whitespace_inside_a_word(tiny: U2TF) -> None:
    result = tiny.process("caf\u00b4 au lait")
    assert all(len(w.split()) == 1 for w in result.spoken + result.words), result.words
    assert result.text.split() == result.words


# -- already written input ---------------------------------------------------------------------------------
WRITTEN = "Hello, World. I paid $5."


def test_looks_written() -> None:
    assert looks_written(WRITTEN.split())
    assert not looks_written("hello world i paid five dollars".split())
    assert not looks_written([])


def test_written_input_passthrough_returns_it_unchanged(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, written_input="passthrough")
    result = model.process(WRITTEN)
    assert result.passthrough
    assert result.text == WRITTEN
    assert model.format(WRITTEN) == WRITTEN
    assert_alignment(result)
    # spoken input is still formatted
    assert not model.process("hello world i paid five dollars").passthrough


def test_written_input_normalize_reads_plain_words_again_and_keeps_the_rest(tiny: U2TF) -> None:
    result = tiny.process(WRITTEN)
    assert not result.passthrough
    # one spoken word per written word: plain words lose their case and final mark, other tokens are kept
    assert result.spoken == ["hello", "world", "i", "paid", "$5."]
    assert result.words[-1] == "$5." and [(s.start, s.written) for s in result.spans if s.kind == "written"] == \
        [(4, "$5.")]
    assert_alignment(result)


def test_written_input_ignore_treats_it_as_spoken(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, written_input="ignore")
    result = model.process(WRITTEN)
    assert result.spoken == [w.lower() for w in WRITTEN.split()]
    assert not result.passthrough


# -- options -----------------------------------------------------------------------------------------------
SENTENCE = "yes john paid twenty five dollars at eight am okay what about mcdonald right"


def test_stub_model_reference_output() -> None:
    result = stub().process(SENTENCE)
    assert result.text == "Yes, John paid $25 at 8 a.m. okay. What about McDonald right?"
    assert_alignment(result)
    assert [(g.source, g.target, g.cls) for g in result.groups if g.cls != "plain"] == [
        ((3, 4, 5), (3,), "money"), ((7, 8), (5, 6), "time"), ((12,), (10,), "mixed")]
    assert {s.cls for s in result.spans if s.written} == {"money", "time", "mixed"}


def test_a_text_never_ends_on_a_comma() -> None:
    """The tagger's comma on the last word ("..., well,") becomes the period that ends the text."""
    result = stub().process("i think so well")
    assert result.text == "I think so well." and result.punct[-1] == "PERIOD"
    assert stub().format("is it right") == "Is it right?"


def test_no_double_period_after_a_written_abbreviation() -> None:
    assert stub().format("we met at eight am") == "We met at 8 a.m."


def test_punctuation_off_tiny(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, punctuation=False)
    for text in (SENTENCE, "so how are you doing today is it raining where you are"):
        result = model.process(text)
        assert not re.search(r"[,.?]", result.text), result.text
        assert set(result.punct) == {"O"}
        assert_alignment(result)


def test_punctuation_off_stub() -> None:
    text = "yes john paid twenty five dollars okay what about mcdonald right"
    result = stub(punctuation=False).process(text)
    # case labels are kept as predicted (options are independent): the sentence start stays capitalised
    assert result.text == "Yes John paid $25 okay What about McDonald right"
    assert not re.search(r"[,.?]", result.text)
    assert_alignment(result)


def test_punctuation_off_does_not_mangle_a_m() -> None:
    text = stub(punctuation=False).format("we met at eight am okay")
    assert not re.search(r"\b[ap]\.m(?!\.)", text), text
    assert text == "We met at 8 a.m. okay"


def test_truecase_off_tiny(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, truecase=False)
    result = model.process(SENTENCE)
    assert result.text == result.text.lower()
    assert set(result.case) == {"LOWER"}
    assert not any(s.kind == "mixed" for s in result.spans)


def test_truecase_off_stub() -> None:
    result = stub(truecase=False).process(SENTENCE)
    assert result.text == "yes, john paid $25 at 8 a.m. okay. what about mcdonald right?"


def test_itn_off_tiny(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, itn=False)
    result = model.process(SENTENCE)
    assert not any(s.kind == "itn" for s in result.spans)
    assert {g.cls for g in result.groups} <= {"plain", "mixed"}


def test_itn_off_stub_converts_no_span() -> None:
    model = stub(itn=False)
    result = model.process(SENTENCE)
    assert result.text == "Yes, John paid twenty five dollars at eight am okay. What about McDonald right?"
    assert [s.kind for s in result.spans] == ["mixed"]
    assert all(SPAN_OPEN + " mcdonald " + SPAN_CLOSE in i for i in model.converter.inputs)


def test_itn_off_writes_no_normalizer_forms_back() -> None:
    """The forms written without stage 2 ("No.", "18th-century", "24/7") are ITN too: off with it."""
    text = "amendment no twelve and an eighteen th century church open twenty four sevenths"
    assert stub(itn=False).format(text).lower() == text + "."
    assert stub().format("amendment no twelve").startswith("Amendment No. ")


def test_itn_class_switch_and_spell_numbers_below() -> None:
    text = "nine hundred people paid five dollars for ten percent"
    assert stub().format(text) == "900 people paid $5 for 10%."
    only_money = stub(itn={"money"}).process(text)
    assert only_money.text == "Nine hundred people paid $5 for ten percent."
    assert {s.reason for s in only_money.spans if s.written is None} == {"class disabled"}
    assert stub(spell_numbers_below=1000).format("nine hundred people paid five dollars") == \
        "Nine hundred people paid $5."
    # a number after a noun that labels by number keeps its digits
    assert stub(spell_numbers_below=1000).format("room nine hundred") == "Room 900."


def test_options_are_independent() -> None:
    result = stub(punctuation=False, truecase=False, itn=False).process(SENTENCE)
    assert result.text == SENTENCE


def test_fallback_keeps_spoken_words() -> None:
    result = stub().process("we have thirty two left")  # "thirty two": not in the stub table → empty → fallback
    assert result.text == "We have thirty two left."
    assert [g.fallback for g in result.groups] == [False, False, True, True, False]
    assert_alignment(result)


# -- lexicon -----------------------------------------------------------------------------------------------
LEX = {"iphone": "iPhone", "new york": "New York"}


def test_lexicon_matches_whole_words_longest_first() -> None:
    lex = Lexicon({"new": "NEW", "new york": "New York", "iphone": "iPhone"})
    words = "my iphone and iphones in new york and new yorkers renew york".split()
    assert lex.matches(words) == [(1, 2, "iPhone"), (5, 7, "New York"), (8, 9, "NEW")]
    assert Lexicon().matches(words) == [] and not Lexicon()
    with pytest.raises(ValueError):
        Lexicon({"   ": "x"})
    with pytest.raises(ValueError):
        Lexicon({"x": "  "})


@pytest.mark.parametrize("options", [{"spell_numbers_below": "10"}, {"spell_numbers_below": 2.5},
                                     {"spell_numbers_below": True}])
def test_a_spell_numbers_below_that_is_no_count_is_refused_at_once(options) -> None:
    with pytest.raises(TypeError, match="spell_numbers_below"):
        stub(**options)
    assert stub(spell_numbers_below=None).spell_numbers_below == 0


@pytest.mark.parametrize("call", ["pipe", "process_words"])
def test_a_mapping_is_no_list_of_documents_or_words(call: str) -> None:
    with pytest.raises(TypeError, match="dict"):
        result = getattr(stub(), call)({"one": 1, "two": 2})
        list(result) if call == "pipe" else result


@pytest.mark.parametrize("bad", [{"iphone": None}, {1: "x"}, {"iphone": 3}, "lexicon.tsv", ["iphone"], 5])
def test_a_lexicon_of_the_wrong_type_is_refused_by_name(bad) -> None:
    with pytest.raises(TypeError, match="lexicon"):
        Lexicon(bad)
    with pytest.raises(TypeError, match="lexicon"):
        stub(lexicon=bad)


def test_lexicon_from_file(tmp_path) -> None:
    path = tmp_path / "lex.txt"
    path.write_text("# comment\n\nnew york\tNew York\niPhone\n", encoding="utf-8")
    lex = Lexicon.from_file(path)
    assert lex.matches(["an", "iphone", "in", "new", "york"]) == [(1, 2, "iPhone"), (3, 5, "New York")]


def test_lexicon_applied_as_whole_words_stub() -> None:
    model = stub(lexicon=LEX)
    result = model.process("my iphone and my iphones are in new york not in new yorkers okay")
    assert result.text == "My iPhone and my iphones are in New York not in new yorkers okay."
    lex_groups = [(g.source, g.target) for g in result.groups if g.cls == "lexicon"]
    assert lex_groups == [((1,), (1,)), ((7, 8), (7, 8))]
    assert_alignment(result)
    # lexicon spans bypass stage 2 entirely
    assert not any("iphone" in i.split(SPAN_OPEN)[1] for i in model.converter.inputs)


def test_lexicon_beats_itn_and_ignores_truecase_off() -> None:
    result = stub(lexicon={"twenty five": "twenty-five"}, truecase=False).process("twenty five dollars in new york")
    assert result.text == "twenty-five dollars in new york."
    assert stub(lexicon=LEX, truecase=False).format("in new york") == "in New York."


def test_lexicon_applied_as_whole_words_tiny(tiny_model_path) -> None:
    model = U2TF.from_pretrained(tiny_model_path, lexicon=Lexicon(LEX))
    result = model.process("so i bought an iphone in new york but not iphones in new yorkers")
    lex = [(s.start, s.end, s.written) for s in result.spans if s.kind == "lexicon"]
    assert lex == [(4, 5, "iPhone"), (6, 8, "New York")]
    for g in result.groups:
        if g.cls == "lexicon":
            written = [result.words[t].rstrip(",.?") for t in g.target]
            assert " ".join(written) in ("iPhone", "New York")
    assert_alignment(result)


def test_lexicon_value_verbatim_at_sentence_start() -> None:
    assert stub(lexicon=LEX).format("iphone sales rose okay iphone sales fell").split()[0] == "iPhone"


# -- alignment and batching --------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [SENTENCE, "nine hundred people paid five dollars for ten percent",
                                  "youtube", "mcdonald okay mcdonald", "we met at eight am"])
def test_alignment_groups_stub(text: str) -> None:
    result = stub(lexicon=LEX).process(text)
    assert_alignment(result)
    assert_labels_valid(result)


BATCH = ["", "so we met at five thirty on monday", WRITTEN, "😀 привет 你好", "hello",
         "i paid twenty dollars for the iphone okay right " * 20, "   "]


def test_process_batch_equals_process_one_by_one(tiny: U2TF) -> None:
    batched = [r.text for r in tiny.process_batch(BATCH)]
    assert batched == [tiny.process(x).text for x in BATCH]
    assert tiny.format_batch(BATCH) == batched
    assert [r.text for r in tiny.process_batch(BATCH, batch_size=2)] == batched


def test_process_batch_one_tagger_pass_for_all_docs() -> None:
    model = stub()
    texts = ["one two", "", "five dollars", "mcdonald"]
    assert [r.text for r in model.process_batch(texts)] == ["One two.", "", "$5.", "McDonald."]
    assert model.tagger.calls == [3]  # the empty doc never reaches the tagger


def test_word_list_input_equals_string_input(tiny: U2TF) -> None:
    assert tiny.process(SENTENCE.split()).text == tiny.process(SENTENCE).text
    assert tiny.process(tuple(SENTENCE.split())).text == tiny.process(SENTENCE).text


def test_result_to_dict_is_json_ready(tiny: U2TF) -> None:
    import json

    d = tiny.process(SENTENCE).to_dict()
    assert json.loads(json.dumps(d))["text"] == d["text"]
    assert set(d) >= {"text", "spoken", "words", "punct", "case", "itn", "spans", "groups", "passthrough"}


# -- loading -----------------------------------------------------------------------------------------------
def test_from_pretrained_missing_folder_names_it(tmp_path) -> None:
    missing = tmp_path / "no-such-model"
    with pytest.raises(FileNotFoundError, match=re.escape(str(missing))):
        U2TF.from_pretrained(missing)
    with pytest.raises(FileNotFoundError, match="no-such-model"):
        U2TF.from_pretrained(str(missing))


def test_from_pretrained_folder_without_config(tmp_path) -> None:
    with pytest.raises(FileNotFoundError, match="config.json"):
        U2TF.from_pretrained(tmp_path)


@pytest.mark.parametrize("name", ["./relative-missing", "plainname"])
def test_from_pretrained_local_looking_names(name: str) -> None:
    with pytest.raises(FileNotFoundError, match=re.escape(name)):
        U2TF.from_pretrained(name)


def test_from_pretrained_hub_like_id_not_cached(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    name = "u2tf-test-nobody/definitely-not-a-cached-model"
    with pytest.raises(FileNotFoundError, match=re.escape(name)):
        U2TF.from_pretrained(name)


def test_from_pretrained_bad_dtype(tiny_model_path) -> None:
    with pytest.raises(ValueError, match="dtype"):
        U2TF.from_pretrained(tiny_model_path, dtype="int4")


@pytest.mark.parametrize("dtype", ["fp32", "bf16", "int8"])
def test_from_pretrained_precisions_keep_every_word(tiny_model_path, dtype) -> None:
    words = "so we paid twelve dollars on march fifth and left".split()
    r = U2TF.from_pretrained(tiny_model_path, dtype=dtype).process(words)
    assert len(r.punct) == len(r.case) == len(r.itn) == len(words)
    covered = sorted(i for g in r.groups for i in g.source)
    assert covered == list(range(len(words)))


class ProbStubTagger(StubTagger):
    """The stub's labels plus probabilities: "mcallister" gets CAPITAL 0.7 and MIXED 0.2."""

    labels = {"punct": PUNCT_LABELS, "case": CASE_LABELS, "itn": ITN_LABELS}

    def predict(self, docs, batch_size=64, return_probs=False):
        out = super().predict(docs, batch_size)
        for words, entry in zip(docs, out):
            entry["case"] = ["CAPITAL" if w == "mcallister" else c for w, c in zip(words, entry["case"])]
        if return_probs:
            for words, entry in zip(docs, out):
                for head in ("punct", "case", "itn"):
                    names = self.labels[head]
                    probs = np.zeros((len(words), len(names)), dtype=np.float32)
                    for i, label in enumerate(entry[head]):
                        probs[i, names.index(label)] = 1.0
                    entry[f"{head}_probs"] = probs
                for i, w in enumerate(words):
                    if w == "mcallister":
                        entry["case_probs"][i] = [0.1, 0.7, 0.0, 0.2]
        return out


def test_label_thresholds_turn_probable_mixed_words_mixed() -> None:
    words = ["we", "met", "mcallister", "okay"]
    assert U2TF(ProbStubTagger()).process(words).case[2] == "CAPITAL"
    assert U2TF(ProbStubTagger(), label_thresholds={"case": {"MIXED": 0.15}}).process(words).case[2] == "MIXED"
    assert U2TF(ProbStubTagger(), label_thresholds={"case": {"MIXED": 0.3}}).process(words).case[2] == "CAPITAL"


def test_a_hyphen_between_names_needs_the_names_threshold() -> None:
    """``{"punct": {"HYPHEN_NAMES": p}}``: "du fu" (both capitalized, HYPHEN 0.8) stays two words below ``p``;
    "second hand" (lowercase) is joined at HYPHEN's own threshold either way."""
    class Joining(ProbStubTagger):
        def predict(self, docs, batch_size=64, return_probs=False):
            out = super().predict(docs, batch_size, return_probs)
            for words, entry in zip(docs, out):
                for i, w in enumerate(words):
                    if w in ("du", "fu"):
                        entry["case"][i] = "CAPITAL"
                        if return_probs:
                            entry["case_probs"][i] = [0.0, 1.0, 0.0, 0.0]
                    if w in ("du", "second"):
                        entry["punct"][i] = "HYPHEN"
                        if return_probs:
                            entry["punct_probs"][i] = [0.2, 0.0, 0.0, 0.0, 0.8]
            return out

    text = "the poet du fu drove a second hand car"
    held = U2TF(Joining(), label_thresholds={"punct": {"HYPHEN": 0.7, "HYPHEN_NAMES": 0.9}}).process(text)
    assert "Du" in held.words and "Fu" in held.words and "second-hand" in held.words
    assert held.punct[held.words.index("Du")] == "O"
    for thresholds in ({"punct": {"HYPHEN": 0.7, "HYPHEN_NAMES": 0.75}}, {"punct": {"HYPHEN": 0.7}}, None):
        joined = U2TF(Joining(), label_thresholds=thresholds).process(text)
        assert "Du-Fu" in joined.words and "second-hand" in joined.words


def test_rejected_mixed_case_word_falls_back_to_its_next_likeliest_case() -> None:
    """A MIXED word whose conversion the guards reject is written with the likeliest other case label."""
    class Garbling(StubConverter):
        def convert(self, inputs: Sequence[str], **_: object) -> List[str]:
            return ["Xyz" for _ in inputs]  # letters changed: rejected

    class AcronymLike(ProbStubTagger):
        def predict(self, docs, batch_size=64, return_probs=False):
            out = super().predict(docs, batch_size, return_probs)
            for words, entry in zip(docs, out):
                for i, w in enumerate(words):
                    if w == "mcallister":
                        entry["case"][i] = "MIXED"
                        if return_probs:
                            entry["case_probs"][i] = [0.0, 0.1, 0.3, 0.6]
            return out

    words = ["we", "met", "mcallister", "okay"]
    thresholds = {"case": {"MIXED": 0.25, "ACRONYM": 0.2}}
    result = U2TF(AcronymLike(), Garbling(), label_thresholds=thresholds).process(words)
    assert result.case[2] == "ACRONYM" and result.words[2].rstrip(".") == "MCALLISTER"
    assert [s.reason for s in result.spans if s.start == 2][0] is not None
    result = U2TF(AcronymLike(), Garbling()).process(words)  # no probabilities: capitalized, as before
    assert result.words[2].rstrip(".") == "Mcallister"
    # a context threshold in the case table (ACRONYM_PLAIN) is no label of the head: the fallback still works
    plain = {"case": {**thresholds["case"], "ACRONYM_PLAIN": 0.9}}
    result = U2TF(AcronymLike(), Garbling(), label_thresholds=plain, plain_words=["okay"]).process(words)
    assert result.case[2] == "ACRONYM" and result.words[2].rstrip(".") == "MCALLISTER"

    class Shouting(StubConverter):
        def convert(self, inputs: Sequence[str], **_: object) -> List[str]:
            return ["MCALLISTER" for _ in inputs]  # not a mixed-case shape: rejected, but it reads as an acronym

    result = U2TF(AcronymLike(), Shouting()).process(words)
    assert result.case[2] == "ACRONYM" and result.words[2].rstrip(".") == "MCALLISTER"


@pytest.mark.parametrize("bad", [{"case": {"MIXED": 0}}, {"case": {"MIXED": 1.5}}, {"casing": {"MIXED": 0.1}},
                                 {"case": {"MIXED": "high"}}, {"punct": {"BOGUS": 0.5}}])
def test_bad_label_thresholds_raise(bad) -> None:
    with pytest.raises(ValueError, match="label_thresholds"):
        U2TF(ProbStubTagger(), label_thresholds=bad)
    assert U2TF(ProbStubTagger(), label_thresholds={"punct": {"HYPHEN_NAMES": 0.9}, "case": {"ACRONYM_PLAIN": 0.9}})


def test_model_config_sets_default_label_thresholds(tiny_model_path, tmp_path) -> None:
    import json
    import shutil

    folder = tmp_path / "model"
    shutil.copytree(tiny_model_path, folder)
    config = json.loads((folder / "config.json").read_text())
    config["label_thresholds"] = {"case": {"MIXED": 0.2}}
    (folder / "config.json").write_text(json.dumps(config))
    assert U2TF.from_pretrained(folder).label_thresholds == {"case": {"MIXED": 0.2}}
    assert U2TF.from_pretrained(folder, label_thresholds={}).label_thresholds == {}  # the caller overrides
    assert U2TF.from_pretrained(tiny_model_path).label_thresholds == {}
    assert U2TF.from_pretrained(folder).format("we met mcallister okay")  # runs with probabilities on a real tagger


class SlipConverter(StubConverter):
    """Writes "nine hundred" as "910" unless its digits are imposed, as a converter that slips a digit would."""

    TABLE = {**StubConverter.TABLE, "nine hundred": "910"}

    def __init__(self) -> None:
        super().__init__()
        self.digits: List[object] = []

    def convert(self, inputs: Sequence[str], **options: object) -> List[str]:
        out = super().convert(inputs)
        if options.get("digits") is None:
            return out
        self.digits.append(options["digits"])
        return [o if not d else "".join(d if c.isdigit() else c for c, d in zip(o, d + " " * len(o)))
                for o, d in zip(out, options["digits"])]  # type: ignore[arg-type]


def test_wrong_digits_get_a_second_try_with_the_spoken_digits() -> None:
    model = U2TF(StubTagger(), SlipConverter())
    result = model.process("it was nine hundred okay")
    assert [s.written for s in result.spans] == ["900"]
    assert model.converter.digits == [["900"]] and model.digit_retries == 1 and not model.fallbacks


def test_a_second_try_that_fails_the_guards_still_falls_back() -> None:
    class Stubborn(SlipConverter):
        def convert(self, inputs: Sequence[str], **options: object) -> List[str]:
            if options.get("digits") is not None:
                self.digits.append(options["digits"])
            return StubConverter.convert(self, inputs) if not inputs or "nine" not in inputs[0] else ["910"]

    model = U2TF(StubTagger(), Stubborn())
    result = model.process("it was nine hundred okay")
    assert result.spans[0].written is None and result.spans[0].reason.startswith("number changed")
    assert model.fallbacks["number changed"] == 1 and model.digit_retries == 0
    assert result.text == "It was nine hundred okay."


def test_a_plain_word_is_not_written_in_mixed_case() -> None:
    """A word the plain words list writes in lowercase or capitalized keeps no mixed case from stage 2."""
    from spacy_u2tf.core.api import PLAIN_NOT_MIXED

    assert "YouTube" in stub().format("we watch youtube okay")
    result = stub(plain_words=["youtube"]).process("we watch youtube okay")
    assert "YouTube" not in result.text and "youtube" in result.text.lower()
    assert [s.reason for s in result.spans] == [PLAIN_NOT_MIXED]

    class Recasing(StubConverter):
        TABLE = {**StubConverter.TABLE, "ten percent": "10 PerCent"}

    result = U2TF(StubTagger(), Recasing(), plain_words=["percent"]).process("it was ten percent okay")
    assert result.spans[0].reason == PLAIN_NOT_MIXED and "PerCent" not in result.text
    assert U2TF(StubTagger(), Recasing()).process("it was ten percent okay").spans[0].reason != PLAIN_NOT_MIXED


class LooseEdgeTagger(StubTagger):
    """Stage 1 that runs a number's span on over the word after it ("twenty five northwest")."""

    def predict(self, docs: Sequence[Sequence[str]], batch_size: int = 64) -> List[Dict[str, List[str]]]:
        out = super().predict(docs, batch_size)
        for words, entry in zip(docs, out):
            for i, w in enumerate(words):
                if w in ("northwest", "about") and entry["itn"][i] == "O":
                    after = i + 1 < len(words) and words[i + 1] in NUMBER_WORDS
                    if w == "about" and after:
                        entry["itn"][i], entry["itn"][i + 1] = "B", "I"
                    elif w == "northwest" and i and entry["itn"][i - 1] != "O":
                        entry["itn"][i] = "I"
        return out


class DroppingConverter(StubConverter):
    """Writes a span's number and drops the loose word at its edge, which the guards reject."""

    TABLE = {**StubConverter.TABLE, "twenty five northwest": "25", "about twenty five": "25"}


@pytest.mark.parametrize("text,written,span", [
    ("we drove twenty five northwest okay", "We drove 25 northwest okay.", (2, 4)),
    ("we drove about twenty five okay", "We drove about 25 okay.", (3, 5)),
])
def test_a_rejected_span_is_converted_again_without_its_loose_edge_word(text: str, written: str,
                                                                        span: Tuple[int, int]) -> None:
    model = U2TF(LooseEdgeTagger(), DroppingConverter())
    result = model.process(text)
    assert result.text == written
    assert [(s.start, s.end, s.written, s.reason) for s in result.spans] == [(*span, "25", None)]
    edge = 4 if span[0] == 2 else 2
    assert result.itn[edge] == "O" and result.itn[span[0]] == "B"
    assert model.stats.narrowed == 1 and not model.fallbacks


def test_a_narrower_span_the_guards_reject_too_leaves_the_span_as_said() -> None:
    class Dropping(DroppingConverter):
        TABLE = {**StubConverter.TABLE, "twenty five northwest": "25", "twenty five": "25 blue"}

    model = U2TF(LooseEdgeTagger(), Dropping())
    result = model.process("we drove twenty five northwest okay")
    assert result.text == "We drove twenty five northwest okay."
    assert result.spans[0].reason == "dropped word: northwest" and model.stats.narrowed == 0


@pytest.mark.parametrize("flags,native", [("fpu avx2 avx512f avx512_bf16", True), ("fpu avx2 amx_bf16 amx_tile", True),
                                          ("fpu avx2 avx512f", False), ("avx512_bf16x", False)])
def test_native_bf16_reads_the_cpu_flags(tmp_path, flags: str, native: bool) -> None:
    from spacy_u2tf.core.api import native_bf16

    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(f"processor\t: 0\nflags\t\t: {flags}\n")
    assert native_bf16("cpu", str(cpuinfo)) is native
    assert native_bf16("cpu", str(tmp_path / "missing")) is False


def test_auto_dtype_follows_the_hardware(tiny_model_path) -> None:
    from spacy_u2tf.core.api import native_bf16

    model = U2TF.from_pretrained(tiny_model_path, dtype="auto")
    assert model.tagger.autocast is native_bf16()
    assert U2TF.from_pretrained(tiny_model_path).tagger.autocast is native_bf16()  # auto is the default
    assert not U2TF.from_pretrained(tiny_model_path, dtype="fp32").tagger.autocast


@pytest.mark.parametrize("native", [True, False])
def test_native_bf16_on_cuda_leaves_out_emulation(monkeypatch, native: bool) -> None:
    import torch

    from spacy_u2tf.core.api import native_bf16

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda including_emulation=True: native or including_emulation)
    assert native_bf16("cuda") is native
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert native_bf16("cuda:0") is False
