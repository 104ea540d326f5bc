"""One meaning for ``dtype`` at every public surface (API, CLI, spaCy component, NeMo adapter): the same names and
aliases accepted, and anything else rejected with the one message of ``core.precision.check_dtype``."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, Optional

import pytest

from spacy_u2tf.core.precision import check_dtype


def _api(model: Path, dtype: Optional[str]) -> Any:
    from spacy_u2tf.core.api import U2TF

    return U2TF.from_pretrained(model, dtype=dtype)


def _spacy(model: Path, dtype: Optional[str]) -> Any:
    spacy = pytest.importorskip("spacy")
    nlp = spacy.blank("en")
    return nlp.add_pipe("u2tf", config={"model": str(model), "dtype": dtype}).u2tf


def _nemo_postprocessor(model: Path, dtype: Optional[str]) -> Any:
    from nemo_adapter.postprocessor import U2TFPostProcessor

    return U2TFPostProcessor(str(model), dtype=dtype).u2tf


def _nemo_stream(model: Path, dtype: Optional[str]) -> Any:
    from nemo_adapter.hypothesis_stream import U2TFStreamingPostProcessor

    return U2TFStreamingPostProcessor(str(model), dtype=dtype).u2tf


def _nemo_normalizer(model: Path, dtype: Optional[str]) -> Any:
    from nemo_adapter.streaming import U2TFInverseNormalizer

    return U2TFInverseNormalizer(str(model), dtype=dtype).u2tf


SURFACES: Dict[str, Callable[[Path, Optional[str]], Any]] = {
    "api": _api, "spacy": _spacy, "nemo postprocessor": _nemo_postprocessor, "nemo stream": _nemo_stream,
    "nemo normalizer": _nemo_normalizer,
}


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("dtype,bf16", [("bfloat16", True), ("bf16", True), (None, False), ("float32", False)])
def test_names_and_aliases_are_accepted(tiny_model_path, surface: str, dtype: Optional[str], bf16: bool) -> None:
    model = SURFACES[surface](tiny_model_path, dtype)
    assert model.tagger.autocast is bf16


@pytest.mark.parametrize("surface", SURFACES)
def test_anything_else_gets_the_one_message(tiny_model_path, surface: str) -> None:
    with pytest.raises(ValueError) as err:
        check_dtype("fp8")
    with pytest.raises(ValueError) as got:
        SURFACES[surface](tiny_model_path, "fp8")
    assert str(got.value) == str(err.value)


def test_the_cli_reads_dtype_the_same_way(tiny_model_path, capsys) -> None:
    from spacy_u2tf.cli import main

    assert main(["format", "--model", str(tiny_model_path), "--dtype", "bfloat16", "hello there"]) == 0
    assert capsys.readouterr().out.strip()
    with pytest.raises(SystemExit):
        main(["format", "--model", str(tiny_model_path), "--dtype", "fp8", "hello there"])
    with pytest.raises(ValueError) as err:
        check_dtype("fp8")
    assert str(err.value) in capsys.readouterr().err
