"""The library side of ``u2tf format`` without a model: JSONL records, the policy for a line that failed, and the
word lines of ``--stream``."""
from __future__ import annotations

import io
import json

import pytest

from spacy_u2tf.format_io import InputError, LineFailed, read_records, stream_words, write_records, write_words

BATCHES = [([("one", None), ("two", None)], [("One.", None), (None, "ValueError: boom")]),
           ([("three", None)], [("Three.", None)])]


@pytest.mark.parametrize("mode,written", [("skip", "One.\n\nThree.\n"), ("keep", "One.\ntwo\nThree.\n")])
def test_a_failed_line_is_written_empty_or_as_read(mode: str, written: str) -> None:
    out, done = io.StringIO(), []
    assert write_records(BATCHES, out, "text", mode, done.append) == [2]
    assert out.getvalue() == written and done == [2, 1]


def test_a_failed_line_stops_the_run_with_its_number() -> None:
    out = io.StringIO()
    with pytest.raises(LineFailed) as err:
        write_records(BATCHES, out, "text", "stop")
    assert (err.value.lineno, err.value.error) == (2, "ValueError: boom") and out.getvalue() == "One.\n"


def test_jsonl_records_keep_their_other_fields() -> None:
    records = list(read_records(['{"id": 1, "text": "hi there"}'], "in.jsonl", True, "text"))
    assert records == [("hi there", {"id": 1, "text": "hi there"})]
    out = io.StringIO()
    write_records([(records, [("Hi there.", None)])], out, "written")
    assert json.loads(out.getvalue()) == {"id": 1, "text": "hi there", "written": "Hi there."}


@pytest.mark.parametrize("line,message", [("", "in.jsonl:1: empty line"), ("{", "in.jsonl:1: not valid JSON"),
                                          ('{"text": 3}', "in.jsonl:1: no string field 'text'")])
def test_bad_jsonl_lines_are_named(line: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        list(read_records([line], "in.jsonl", True, "text"))


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
