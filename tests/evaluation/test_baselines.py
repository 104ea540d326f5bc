"""NeMo's WFST inverse normalizer as the ITN-only baseline (grammars built once per session, cached on disk;
skipped unless the cache is filled or ``U2TF_NEMO_GRAMMARS=1``)."""
from __future__ import annotations

import pytest

from spacy_u2tf.evaluation import baselines


@pytest.fixture(scope="module")
def nemo_itn(nemo_itn_grammars):
    baselines.inverse_normalizer()
    return baselines.NemoITN()


def test_inverse_normalizer_is_built_once(nemo_itn):
    assert baselines.inverse_normalizer() is baselines.inverse_normalizer()


def test_money_and_no_punctuation_or_casing(nemo_itn):
    assert nemo_itn.name == "nemo-itn"
    out = nemo_itn.format_batch([["it", "costs", "twelve", "dollars"], "i was born in march".split(), []])
    assert out == ["it costs $12", "i was born in march", ""]
