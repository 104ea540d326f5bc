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
    assert list(read_nemo_cases(cases)) == [("money", "twelve dollars", "$12")]


def test_command_system_and_runner(tmp_path: Path) -> None:
    upper = CommandSystem(f"{sys.executable} -c \"import sys; [print(l.strip().capitalize() + '.') for l in sys.stdin]\"")
    (tmp_path / "r.txt").write_text("It costs $5 today.\nHello there.\n")
    examples, failed = load_examples(tmp_path / "r.txt", "text", "own", None, 0)
    assert failed == 0 and [ex.spoken for ex in examples][1] == ["hello", "there"]
    report = evaluate_systems(examples, [upper])
    scores = report[upper.name]
    assert scores["punct_f1_PERIOD"] == 1.0 and scores["I-WER"] == 1.0  # "five dollars" is not "$5"
    assert "PER" in format_table(report)
    broken = CommandSystem(f"{sys.executable} -c \"print('one line only')\"")
    with pytest.raises(RuntimeError, match="wrote 1 lines for 2"):
        broken.format_batch([["a"], ["b"]])
    cases = tmp_path / "test_cases_cardinal.txt"
    cases.write_text("twelve~Twelve.\nthree~3\n")
    nemo_report = evaluate_nemo_cases(cases, [upper], None)[upper.name]
    assert nemo_report["exact_cardinal"] == 0.5 and nemo_report["loose_cardinal"] == 0.5


def test_make_system_rejects_unknown() -> None:
    with pytest.raises(ValueError, match="unknown system"):
        make_system("gpt")
