"""Property-based fuzzing of the API (format, process, process_batch, pipe) with the shipped model: any Unicode,
long tokens, repeated words, already-written text and bad types. Bounded example counts keep it fast."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacy_u2tf.core.api import U2TF

from .strategies import check_result, documents

# derandomize: the same examples on every run, so CI never fails on a draw nobody has seen locally
FUZZ = settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="session")
def model(shipped_model) -> U2TF:
    return shipped_model


@pytest.mark.parametrize("mode", ["normalize", "ignore"])
def test_process_batch_properties(model: U2TF, mode: str) -> None:
    @FUZZ
    @given(st.lists(documents(), min_size=1, max_size=4))
    def run(texts):
        model.written_input = mode
        results = model.process_batch(texts)
        assert len(results) == len(texts)
        for text, result in zip(texts, results):
            check_result(text, result)
        assert [r.text for r in model.process_batch(texts)] == [r.text for r in results]  # deterministic

    try:
        run()
    finally:
        model.written_input = "normalize"


@FUZZ
@given(st.lists(documents(), max_size=4))
def test_format_and_pipe_agree_with_process_batch(model: U2TF, texts) -> None:
    expected = [r.text for r in model.process_batch(texts)]
    assert [model.format(t) for t in texts] == expected
    assert [r.text for r in model.pipe(iter(texts), batch_size=2)] == expected


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.one_of(st.integers(), st.none(), st.binary(), st.floats(), st.lists(st.integers(), min_size=1),
                 st.lists(st.one_of(st.none(), st.integers(), st.binary()), min_size=1),
                 st.dictionaries(st.text(), st.text())))
def test_bad_types_raise_type_error(model: U2TF, bad) -> None:
    """The one documented exception for bad input: a TypeError naming what was expected."""
    with pytest.raises(TypeError):
        model.format(bad)
    with pytest.raises(TypeError):
        model.process_batch([bad] if not isinstance(bad, list) else [bad, "ok"])
    if not isinstance(bad, (list, dict, bytes)):
        with pytest.raises(TypeError):
            model.process_batch(bad)
        with pytest.raises(TypeError):
            list(model.pipe(bad))
