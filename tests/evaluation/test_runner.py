from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from spacy_u2tf.evaluation.readers import fix_dialogsum, read_iwslt, read_nemo_cases, read_references
from spacy_u2tf.evaluation.runner import evaluate_nemo_cases, evaluate_systems, format_table, load_examples
from spacy_u2tf.evaluation.systems import CommandSystem, make_system


def test_dialogsum_artifacts() -> None:
    assert fix_dialogsum("#Person1#: I ' Ve got it.\n#Person2#: Don ' t.") == "I've got it.\nDon't."


def test_readers(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(json.dumps({"text": "Hi there."}) + "\n\n" + json.dumps({"text": "Bye."}) + "\n")
    assert list(read_references(tmp_path / "a.jsonl")) == ["Hi there.", "Bye."]
    (tmp_path / "bad.jsonl").write_text('{"text": "ok"}\n{oops\n')
    with pytest.raises(ValueError, match=":2:"):
        list(read_references(tmp_path / "bad.jsonl"))
    (tmp_path / "x.tsv").write_text("hello\tCOMMA\nworld\tPERIOD\nhow\tO\nare\tO\nyou\tQUESTION\n")
    docs = list(read_iwslt(tmp_path / "x.tsv", doc_words=2))
    assert [d.written for d in docs] == ["hello, world.", "how are you?"]
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "test_cases_money.txt").write_text("twelve dollars~$12\n")
    (cases / "test_cases_money_cased.txt").write_text("Twelve dollars~$12\n")
    (cases / "data_text_normalization").mkdir()
    (cases / "data_text_normalization" / "test_cases_money.txt").write_text("$12~twelve dollars\n")
    assert list(read_nemo_cases(cases)) == [("money", "twelve dollars", "$12")]
    assert list(read_nemo_cases(cases, cased=True)) == [("money", "Twelve dollars", "$12")]
    (cases / "test_cases_word.txt").write_text("~\nhello~hello\n")
    assert ("word", "hello", "hello") in list(read_nemo_cases(cases)) and len(list(read_nemo_cases(cases))) == 2


def test_command_system_and_runner(tmp_path: Path) -> None:
    upper = CommandSystem(f"{sys.executable} -c \"import sys; [print(l.strip().capitalize() + '.') for l in sys.stdin]\"")
    (tmp_path / "r.txt").write_text("It costs $5 today.\nHello there.\n")
    examples, failed = load_examples(tmp_path / "r.txt", "text", "own", None, 0)
    assert failed == 0 and [ex.spoken for ex in examples][1] == ["hello", "there"]
    report = evaluate_systems(examples, [upper])
    scores = report[upper.name]
    # "five dollars" is not "$5": "five" substituted, "dollars" inserted right after it
    assert scores["punct_f1_PERIOD"] == 1.0 and scores["I-WER"] == 2.0 and scores["iwer_spans"] == 1.0
    assert "PER" in format_table(report)
    broken = CommandSystem(f"{sys.executable} -c \"print('one line only')\"")
    with pytest.raises(RuntimeError, match="wrote 1 lines for 2"):
        broken.format_batch([["a"], ["b"]])
    cases = tmp_path / "test_cases_cardinal.txt"
    cases.write_text("twelve~Twelve.\nthree~3\n")
    nemo_report = evaluate_nemo_cases(cases, [upper], None)[upper.name]
    assert nemo_report["exact_cardinal"] == 0.5 and nemo_report["loose_cardinal"] == 0.5
    assert nemo_report["style_free_cardinal"] == 0.5


def test_style_free_comparison_keeps_values_apart() -> None:
    from spacy_u2tf.evaluation.runner import _style_free

    assert _style_free("147,451.") == _style_free("147451") and _style_free("02:30") == _style_free("2:30")
    assert _style_free("1,000,000") == "1000000" and _style_free("Two p.m.") == "two p.m"
    assert _style_free("12:30") != _style_free("2:30") and _style_free("1,5") != _style_free("15")


def test_make_system_rejects_unknown() -> None:
    with pytest.raises(ValueError, match="unknown system"):
        make_system("gpt")


def test_detect_format_and_dialogsum_reader(tmp_path: Path) -> None:
    from spacy_u2tf.evaluation.readers import detect_format

    assert detect_format(tmp_path) == "nemo"
    assert detect_format(Path("x/test_cases_money.txt")) == "nemo"
    assert detect_format(Path("dev.tsv")) == "iwslt"
    assert detect_format(Path("a.examples.jsonl")) == "examples"
    assert detect_format(Path("dialogsum.dev.jsonl")) == "dialogsum"
    assert detect_format(Path("b.jsonl.gz")) == "jsonl"
    assert detect_format(Path("c.txt")) == "text"
    path = tmp_path / "dialogsum.dev.jsonl"
    path.write_text(json.dumps({"dialogue": "#Person1#: I ' m fine.\n#Person2#: Good."}) + "\n")
    assert list(read_references(path)) == ["I'm fine.\nGood."]
    (tmp_path / "f.jsonl").write_text(json.dumps({"body": "Hi."}) + "\n")
    assert list(read_references(tmp_path / "f.jsonl", field="body")) == ["Hi."]
    with pytest.raises(ValueError, match="no string field 'text'"):
        list(read_references(tmp_path / "f.jsonl"))


def test_wikitext_reader_detokenizes_paragraphs_and_skips_headings(tmp_path: Path) -> None:
    from spacy_u2tf.evaluation.readers import detect_format

    raw = (" \n = Robert Boulter = \n \n"
           " He had a guest @-@ starring role in 2000 , worth $ 2 @,@ 000 ( 3 @.@ 5 % more ) . He played \" Craig \" in "
           "\" Teddy 's Story \" ; it was n't the players ' choice . \n"
           " = = Career = = \n")
    path = tmp_path / "wikitext2.test.raw"
    path.write_text(raw)
    assert detect_format(path) == "wikitext"
    assert list(read_references(path)) == [
        'He had a guest-starring role in 2000, worth $2,000 (3.5% more). He played "Craig" in "Teddy\'s Story"; '
        "it wasn't the players' choice."]


@pytest.mark.parametrize("tokenized,written", [
    ("at 16 : 40 , some", "at 16:40, some"), ("in 1934 – 37 with", "in 1934–37 with"),  # a time, a range
    ("43 km / h ; 26 mph", "43 km/h; 26 mph"), ("and / or", "and/or"),  # a unit, a pair of short words
    ("Note : it", "Note: it"), ("Spanish – American War", "Spanish – American War"),
    ("Burn / Chatroom", "Burn / Chatroom"),  # a title or lyrics keep their spaces
])
def test_wikitext_detokenizer_joins_times_ranges_and_units(tokenized: str, written: str) -> None:
    from spacy_u2tf.evaluation.readers import detokenize_wikitext

    assert detokenize_wikitext(tokenized) == written


def test_iwslt_examples_load_with_auto_format(tmp_path: Path) -> None:
    (tmp_path / "x.tsv").write_text("so\tCOMMA\nwe\tO\nwin\tPERIOD\n")
    examples, failed = load_examples(tmp_path / "x.tsv", "auto", "own", None, 0)
    assert failed == 0 and examples[0].written == "so, we win." and examples[0].round_trips()
    with pytest.raises(ValueError, match="tab|TAB"):
        (tmp_path / "bad.tsv").write_text("so COMMA\n")
        list(read_iwslt(tmp_path / "bad.tsv"))


def test_run_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    import argparse

    from spacy_u2tf.cli.eval import add_arguments, run

    (tmp_path / "refs.txt").write_text("Hello there.\nIs it ok?\n")
    (tmp_path / "dev.tsv").write_text("is\tO\nit\tO\nok\tQUESTION\n")
    upper = f"cmd:{sys.executable} -c \"import sys; [print(l.strip().upper()) for l in sys.stdin]\""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--data", str(tmp_path / "refs.txt"), "--data", str(tmp_path / "dev.tsv"),
                              "--system", upper, "--json", str(tmp_path / "out" / "scores.json"),
                              "--save-examples", str(tmp_path / "saved.examples.jsonl")])
    assert run(args) == 0
    out = capsys.readouterr()
    assert "== refs.txt (own verbalizer)" in out.out and "CER" in out.out and "only the punctuation" in out.out
    report = json.loads((tmp_path / "out" / "scores.json").read_text())
    scores = report["refs.txt (own verbalizer)"][upper]
    assert scores["documents"] == 2 and scores["PER"] == 1.0 and scores["content_preservation"] == 1.0
    assert scores["CER"] > 0 and scores["words_per_s"] > 0
    assert "note" in report["dev.tsv (labels)"][upper]
    saved, _ = load_examples(tmp_path / "saved.examples.jsonl", "auto", "own", None, 0)
    assert len(saved) == 3 and saved[0].written == "Hello there." and saved[2].written == "is it ok?"
    missing = parser.parse_args(["--data", str(tmp_path / "nope.txt"), "--system", upper])
    assert run(missing) == 2
    bad = parser.parse_args(["--data", str(tmp_path / "refs.txt"), "--system", "gpt"])
    assert run(bad) == 2


def test_format_table_skips_text_values() -> None:
    table = format_table({"a": {"PER": 0.5, "M-WER": None, "note": "text"}, "b": {"PER": 0.25}})
    lines = table.splitlines()
    assert len(lines) == 3 and "note" not in table
    assert lines[1].split() == ["PER", "0.5000", "0.2500"] and lines[2].split() == ["M-WER", "-", "-"]


def test_model_system_wraps_a_loaded_model() -> None:
    from types import SimpleNamespace

    from spacy_u2tf.evaluation.systems import ModelSystem

    fake = SimpleNamespace(process_batch=lambda docs: [SimpleNamespace(text=" ".join(d).upper()) for d in docs])
    system = ModelSystem(model=fake, name="fake")
    assert system.name == "fake" and system.format_batch([["a", "b"], []]) == ["A B", ""]


def test_words_kept_outside_spans_counts_changed_and_lost_words() -> None:
    from spacy_u2tf.core.api import Result
    from spacy_u2tf.core.assemble import AlignmentGroup
    from spacy_u2tf.evaluation.systems import words_kept_outside_spans

    spoken = ["i", "paid", "twelve", "dollars", "today"]
    ok = Result(spoken=spoken, words=["I", "paid", "$12", "today."],
                groups=[AlignmentGroup((0,), (0,), "plain"), AlignmentGroup((1,), (1,), "plain"),
                        AlignmentGroup((2, 3), (2,), "money"), AlignmentGroup((4,), (3,), "plain")])
    assert words_kept_outside_spans(ok) == (3, 3)
    # "today" changed and "paid" in no group: one kept of three
    bad = Result(spoken=spoken, words=["I", "$12", "tomorrow."],
                 groups=[AlignmentGroup((0,), (0,), "plain"), AlignmentGroup((2, 3), (1,), "money"),
                         AlignmentGroup((4,), (2,), "plain")])
    assert words_kept_outside_spans(bad) == (1, 3)
    fallback = Result(spoken=["at", "three", "thirty"], words=["At", "three", "thirty."],
                      groups=[AlignmentGroup((0,), (0,), "plain"), AlignmentGroup((1, 2), (1, 2), "time", True)])
    assert words_kept_outside_spans(fallback) == (3, 3)


def test_runner_adds_stage1_label_scores_for_models_with_labels() -> None:
    import random

    from spacy_u2tf.core.api import Result
    from spacy_u2tf.data.examples import make_example
    from spacy_u2tf.evaluation.runner import evaluate_systems
    from spacy_u2tf.evaluation.systems import ModelSystem

    ex = make_example("Hello, how are you? I am fine.", random.Random(0))
    assert ex is not None

    class Echo:  # returns the gold labels: every stage-1 score must be perfect
        def process_batch(self, docs):
            return [Result(spoken=list(d), words=ex.written.split(), punct=list(ex.punct), case=list(ex.case),
                           itn=list(ex.itn)) for d in docs]

    scores = evaluate_systems([ex], [ModelSystem(model=Echo(), name="echo")])["echo"]
    assert scores["label_punct_f1_COMMA"] == scores["label_punct_f1_PERIOD"] == 1.0
    assert scores["label_case_f1_CAPITAL"] == 1.0


def test_mixed_case_sentences_make_a_dev_set(tmp_path: Path) -> None:
    from spacy_u2tf.evaluation.readers import mixed_case_sentences

    docs = ["I bought an iPhone. It was fine.\nWe met Mr. O'Brien at noon. He left.",
            "Watch it on YouTube. I bought an iPhone.\nNothing here. MACBOOK in capitals is not mixed."]
    assert list(mixed_case_sentences(docs)) == [
        "I bought an iPhone.", "We met Mr. O'Brien at noon.", "Watch it on YouTube."]
    (tmp_path / "r.jsonl").write_text("".join(json.dumps({"text": d}) + "\n" for d in docs))
    examples, failed = load_examples(tmp_path / "r.jsonl", "jsonl", "own", 2, 0, mixed_only=True)
    assert failed == 0 and [ex.written for ex in examples] == ["I bought an iPhone.", "We met Mr. O'Brien at noon."]
    report = evaluate_systems(examples, [CommandSystem("cat")])["cmd:cat"]
    assert report["mixed_words"] == 2 and report["M-WER"] == 1.0 and report["false_mixed"] == 0


def test_chunked_cuts_long_documents(tmp_path: Path) -> None:
    from spacy_u2tf.evaluation.readers import chunked

    meeting = "\n".join(f"This is turn number {i} of the meeting, said the chair." for i in range(20))
    pieces = list(chunked([meeting], 30))
    assert len(pieces) > 3 and all(20 <= len(p.split()) <= 60 for p in pieces[:-1])
    assert " ".join(pieces).count("This is turn") == 20


def test_make_system_passes_the_precision_to_the_model() -> None:
    fp32 = make_system("model", dtype="fp32")
    bf16 = make_system("model", dtype="bf16")
    assert fp32.model.tagger.autocast is False and bf16.model.tagger.autocast is True
    with pytest.raises(ValueError):
        make_system("model", dtype="fp8")


def test_eval_cli_takes_a_precision(tmp_path: Path) -> None:
    from spacy_u2tf.cli import main

    (tmp_path / "r.txt").write_text("It costs $5 today.\n")
    assert main(["eval", "--data", str(tmp_path / "r.txt"), "--dtype", "float32", "--json", str(tmp_path / "s.json")]) == 0
    assert json.loads((tmp_path / "s.json").read_text())
    with pytest.raises(SystemExit):
        main(["eval", "--data", str(tmp_path / "r.txt"), "--dtype", "fp8"])
