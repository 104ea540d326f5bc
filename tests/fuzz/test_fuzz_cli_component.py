"""Property-based fuzzing of ``u2tf format`` (in-process ``main()`` on temporary files) and the spaCy component:
line count in = out for any bytes, and the component formats any text as the API does."""
from __future__ import annotations

import tempfile
from pathlib import Path
from unittest import mock

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacy_u2tf.cli import main
from spacy_u2tf.core.api import U2TF

from .strategies import documents

# derandomize: the same examples on every run, so CI never fails on a draw nobody has seen locally
FUZZ = settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
line_bytes = st.one_of(documents().map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=40))


@pytest.fixture(scope="module")
def loaded(shipped_model):
    """``U2TF.from_pretrained`` handing out the session's model, so each ``main()`` call skips loading."""
    with mock.patch.object(U2TF, "from_pretrained", lambda *a, **k: shipped_model):
        yield shipped_model


@FUZZ
@given(st.lists(line_bytes, max_size=6), st.sampled_from([b"\n", b"\r\n"]), st.booleans(),
       st.sampled_from(["skip", "keep"]))
def test_cli_keeps_line_count_for_any_bytes(loaded, lines, newline: bytes, final: bool, on_error: str) -> None:
    lines = [line.replace(b"\n", b" ") for line in lines]  # each drawn line is one line
    data = newline.join(lines) + (newline if final and lines else b"")
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "in.txt", Path(tmp) / "out.txt"
        src.write_bytes(data)
        rc = main(["format", "-i", str(src), "-o", str(dst), "--errors", "replace", "--on-error", on_error])
        assert rc == 0
        out = dst.read_bytes().decode("utf-8")
        in_lines = data.split(b"\n")
        if in_lines[-1] == b"":  # a final newline ends the last line, it does not start one
            in_lines.pop()
        assert out.count("\n") == len(in_lines)  # one line out per line in
        expected = [loaded.format(line.decode("utf-8", "replace").removesuffix("\r")) for line in in_lines]
        assert out.split("\n")[:-1] == expected


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@FUZZ
@given(st.lists(documents().filter(_encodable), max_size=5))  # spaCy's own tokenizer refuses lone surrogates
def test_spacy_component_formats_any_text(loaded, texts) -> None:
    nlp = spacy.blank("en")
    component = nlp.add_pipe("u2tf")
    component._u2tf = loaded
    docs = list(nlp.pipe(texts, batch_size=2))
    assert [d._.u2tf_error for d in docs] == [None] * len(texts)
    assert [d._.u2tf_written for d in docs] == loaded.format_batch(texts)
