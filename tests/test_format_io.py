"""The library side of ``u2tf format`` without a model: JSONL records, the policy for a line that failed or holds
no record, and the word lines of ``--stream``."""
from __future__ import annotations

import io
import json
from types import SimpleNamespace
from typing import Iterator, List

import pytest

from spacy_u2tf.format_io import (BadRecord, Failure, InputError, LineFailed, Record, formatted_records, read_records,
                                  stream_words, write_records, write_words)

BATCHES = [([Record("one", None, 1), Record("two", None, 2)], [("One.", None), (None, "ValueError: boom")]),
           ([Record("three", None, 3)], [("Three.", None)])]


@pytest.mark.parametrize("mode,written", [("skip", "One.\n\nThree.\n"), ("keep", "One.\ntwo\nThree.\n")])
def test_a_failed_line_is_written_empty_or_as_read(mode: str, written: str) -> None:
    out, done = io.StringIO(), []
    assert write_records(BATCHES, out, "text", mode, done.append) == [Failure(2, "ValueError: boom", False)]
    assert out.getvalue() == written and done == [2, 1]


def test_a_failed_line_stops_the_run_with_its_number() -> None:
    out = io.StringIO()
    with pytest.raises(LineFailed) as err:
        write_records(BATCHES, out, "text", "stop")
    assert (err.value.lineno, err.value.error) == (2, "ValueError: boom") and out.getvalue() == "One.\n"


def test_jsonl_records_keep_their_other_fields() -> None:
    records = list(read_records(['{"id": 1, "text": "hi there"}'], True, "text"))
    assert records == [Record("hi there", {"id": 1, "text": "hi there"}, 1)]
    out = io.StringIO()
    write_records([(records, [("Hi there.", None)])], out, "written")
    assert json.loads(out.getvalue()) == {"id": 1, "text": "hi there", "written": "Hi there."}


def test_a_record_with_a_lone_surrogate_is_written_escaped(tmp_path) -> None:
    records = list(read_records(['{"id": 1, "text": "hi \\ud83d there"}'], True, "text"))
    path = tmp_path / "out.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        write_records([(records, [("Hi \ud83d there.", None)])], out, "written")
    line = path.read_text(encoding="utf-8")
    assert "\\ud83d" in line and json.loads(line)["written"] == "Hi \ud83d there."
    with open(path, "w", encoding="utf-8") as out:  # other records keep their characters as they are
        write_records([(list(read_records(['{"text": "é"}'], True, "text")), [("É.", None)])], out, "text")
    assert path.read_text(encoding="utf-8") == '{"text": "É."}\n'


def test_a_number_json_cannot_hold_makes_no_record() -> None:
    records = list(read_records(['{"text": "hi", "n": 1e999}', '{"text": "hi", "n": NaN}'], True, "text"))
    assert records[0].obj is None and "too large" in records[0].error
    assert records[1].error is None and records[1].obj["text"] == "hi"  # given as NaN, written back as NaN


def test_blank_jsonl_lines_are_skipped_and_the_rest_keep_their_numbers() -> None:
    lines = ['{"text": "a"}', "", '{"text": "b"}', "  \t ", '{"text": "c"}', "", ""]
    assert [(r.text, r.lineno) for r in read_records(lines, True, "text")] == [("a", 1), ("b", 3), ("c", 5)]
    assert [r.lineno for r in read_records(["", "x", ""], False, "text")] == [1, 2, 3]  # text lines: every one


BAD_LINES = [('{"id": 1}', "no string field 'text' (missing)"), ('{"text": null}', "no string field 'text' (null)"),
             ('{"text": 3}', "no string field 'text' (a number)"), ("{oops", "not valid JSON (Expecting property"),
             ('["text"]', "not a JSON object (an array)"), ('"text"', "not a JSON object (a string)")]


@pytest.mark.parametrize("line,message", BAD_LINES)
def test_a_jsonl_line_without_a_record_comes_back_with_why(line: str, message: str) -> None:
    (record,) = read_records([line], True, "text")
    assert (record.text, record.obj, record.lineno) == (line, None, 1) and record.error.startswith(message)


def _bad_record_batches(line: str) -> list:
    records = list(read_records(['{"text": "one"}', "", line, '{"text": "two"}'], True, "text"))
    return [(records[:2], [("One.", None), (None, records[1].error)]), (records[2:], [("Two.", None)])]


@pytest.mark.parametrize("line,message", BAD_LINES)
def test_a_jsonl_line_without_a_record_stops_after_the_lines_before_it(line: str, message: str) -> None:
    out = io.StringIO()
    with pytest.raises(BadRecord) as err:
        write_records(_bad_record_batches(line), out, "text", "stop")
    assert err.value.lineno == 3 and err.value.error.startswith(message)
    assert out.getvalue() == '{"text": "One."}\n'


@pytest.mark.parametrize("line,message", BAD_LINES)
@pytest.mark.parametrize("mode", ["skip", "keep"])
def test_a_jsonl_line_without_a_record_is_left_out_or_kept_as_read(line: str, message: str, mode: str) -> None:
    out = io.StringIO()
    (failure,) = write_records(_bad_record_batches(line), out, "formatted", mode)
    assert (failure.lineno, failure.bad_record) == (3, True) and failure.error.startswith(message)
    kept = [line] if mode == "keep" else []
    assert out.getvalue().splitlines() == ['{"text": "one", "formatted": "One."}', *kept,
                                           '{"text": "two", "formatted": "Two."}']


class _Upper:
    """A formatter that upper-cases each text and remembers the batches it was given."""

    def __init__(self) -> None:
        self.batches: List[List[str]] = []

    def process_batch(self, texts: List[str]) -> list:
        self.batches.append(list(texts))
        return [SimpleNamespace(text=t.upper()) for t in texts]


def test_lines_without_a_record_are_not_formatted_and_keep_their_place() -> None:
    formatter = _Upper()
    records = read_records(['{"text": "a"}', "{oops", "[1]", "{}", '{"text": "b"}'], True, "text")
    batches = list(formatted_records(formatter, records, 2, 1))
    assert formatter.batches == [["a"], ["b"]]  # a batch with no record never reaches it
    assert [[r.lineno for r in batch] for batch, _ in batches] == [[1, 2], [3, 4], [5]]
    assert [[text for text, _ in results] for _, results in batches] == [["A", None], [None, None], ["B"]]


def test_an_unreadable_line_stops_after_the_lines_before_it_are_formatted() -> None:
    def lines() -> Iterator[str]:
        yield from ["one", "two", "three"]
        raise InputError("in.txt:4: not UTF-8 text")

    got = formatted_records(_Upper(), read_records(lines(), False, "text"), 2, 1)
    out = io.StringIO()
    with pytest.raises(InputError, match="in.txt:4"):
        write_records(got, out, "text")
    assert out.getvalue() == "ONE\nTWO\nTHREE\n"  # the short last batch too


def test_stream_word_lines() -> None:
    assert stream_words("so we met", False) == ["so", "we", "met"]
    assert stream_words('{"word": "hi", "start": 0.5}', True) == [{"word": "hi", "start": 0.5}]
    assert stream_words('[{"word": "a"}, {"word": "b"}]', True) == [{"word": "a"}, {"word": "b"}]
    with pytest.raises(ValueError, match="not valid JSON"):
        stream_words("so we", True)
    out = io.StringIO()
    write_words(out, [], False)
    write_words(out, [{"word": "So,"}, {"word": "we"}], False)
    write_words(out, [{"word": "met.", "start": 1.0}], True)
    assert out.getvalue() == 'So, we\n{"word": "met.", "start": 1.0}\n'
