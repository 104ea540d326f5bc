"""The NeMo adapter on real NeMo objects: a tiny random ``EncDecCTCModel`` transcribing generated audio with
``timestamps=True``, and hand-built ``Hypothesis`` objects with a formatter whose output the test controls.

Nothing is downloaded: the ASR model is built from an inline config with random weights.
"""
from __future__ import annotations

import copy

import numpy as np
import pytest

pytest.importorskip("nemo.collections.asr", reason="NeMo ASR (nemo-toolkit[asr]) is not installed")

import torch  # noqa: E402
from omegaconf import OmegaConf  # noqa: E402

from nemo.collections.asr.models import EncDecCTCModel  # noqa: E402
from nemo.collections.asr.parts.utils.rnnt_utils import Hypothesis  # noqa: E402
from nemo.collections.asr.parts.utils.timestamp_utils import process_timestamp_outputs  # noqa: E402

from nemo_adapter import U2TFPostProcessor  # noqa: E402
from nemo_adapter.timestamps import retime_words  # noqa: E402
from spacy_u2tf.core.api import U2TF, Result  # noqa: E402
from spacy_u2tf.core.assemble import SpanRewrite, assemble  # noqa: E402

SR = 16000
VOCAB = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [" ", "'"]
PAIRS = (("start_offset", "end_offset"), ("start", "end"))


def _ctc_config():
    feats, filters = 32, 32
    return OmegaConf.create({
        "sample_rate": SR,
        "labels": VOCAB,
        "train_ds": None,
        "validation_ds": None,
        "test_ds": None,
        "optim": None,
        "preprocessor": {
            "_target_": "nemo.collections.asr.modules.AudioToMelSpectrogramPreprocessor",
            "sample_rate": SR, "window_size": 0.02, "window_stride": 0.01, "features": feats, "n_fft": 512,
            "dither": 0.0, "pad_to": 0, "normalize": "per_feature",
        },
        "encoder": {
            "_target_": "nemo.collections.asr.modules.ConvASREncoder",
            "feat_in": feats, "activation": "relu", "conv_mask": True,
            "jasper": [
                {"filters": filters, "repeat": 1, "kernel": [11], "stride": [2], "dilation": [1], "dropout": 0.0,
                 "residual": False, "separable": True},
                {"filters": filters, "repeat": 1, "kernel": [5], "stride": [1], "dilation": [1], "dropout": 0.0,
                 "residual": False, "separable": True},
            ],
        },
        "decoder": {
            "_target_": "nemo.collections.asr.modules.ConvASRDecoder",
            "feat_in": filters, "num_classes": len(VOCAB), "vocabulary": VOCAB,
        },
    })


@pytest.fixture(scope="module")
def ctc_model():
    with torch.random.fork_rng():
        torch.manual_seed(0)
        model = EncDecCTCModel(cfg=_ctc_config())
    return model.eval()


@pytest.fixture(scope="module")
def wav_files(tmp_path_factory):
    sf = pytest.importorskip("soundfile")
    folder = tmp_path_factory.mktemp("wav")
    rng = np.random.default_rng(0)
    t = np.arange(2 * SR) / SR
    signals = [
        0.3 * np.sin(2 * np.pi * 220 * t),
        0.1 * rng.standard_normal(t.size),
        0.2 * np.sin(2 * np.pi * 440 * t) * (t % 0.5 < 0.3) + 0.02 * rng.standard_normal(t.size),
    ]
    paths = []
    for i, x in enumerate(signals):
        path = folder / f"gen{i}.wav"
        sf.write(str(path), x.astype(np.float32), SR)
        paths.append(str(path))
    return paths


@pytest.fixture(scope="module")
def transcribed(ctc_model, wav_files):
    """Hypotheses exactly as NeMo's transcribe(timestamps=True) returned them."""
    with torch.no_grad():
        hyps = ctc_model.transcribe(wav_files, batch_size=len(wav_files), timestamps=True, verbose=False)
    if isinstance(hyps, tuple):  # older NeMo: (best, all)
        hyps = hyps[0]
    return hyps


HAND_MADE = ["the meeting starts at three thirty on monday", "i paid twelve dollars on march fifth"]


def _hand_fill(hyp: Hypothesis, text: str, ctc_model) -> None:
    """Give a real Hypothesis hand-made words in NeMo's format (numpy offsets, seconds added by NeMo itself)."""
    words = text.split()
    frames = int(hyp.timestamp["word"][-1]["end_offset"]) if hyp.timestamp.get("word") else 99
    step = max(2, frames // len(words))
    hyp.text = text
    hyp.timestamp["word"] = [{"word": w, "start_offset": np.int64(i * step), "end_offset": np.int64(i * step + step - 2)}
                             for i, w in enumerate(words)]
    hyp.timestamp["segment"] = [{"segment": text, "start_offset": hyp.timestamp["word"][0]["start_offset"],
                                 "end_offset": hyp.timestamp["word"][-1]["end_offset"]}]
    hyp.timestamp["char"] = []  # the real chars no longer match the text
    process_timestamp_outputs([hyp], ctc_model.encoder.subsampling_factor,
                              ctc_model.cfg.preprocessor.window_stride)


@pytest.fixture(scope="module")
def asr_hypotheses(transcribed, ctc_model):
    """The first hypothesis stays as the random model decoded it; the others get hand-made words so that
    multi-word re-timing is exercised whatever the random model emits."""
    hyps = [copy.deepcopy(h) for h in transcribed]
    for hyp, text in zip(hyps[1:], HAND_MADE):
        _hand_fill(hyp, text, ctc_model)
    return hyps


@pytest.fixture(scope="module")
def post(tiny_model_path):
    return U2TFPostProcessor(str(tiny_model_path))


def test_transcribe_returns_nemo_word_timestamps(transcribed, wav_files, ctc_model) -> None:
    assert len(transcribed) == len(wav_files)
    for hyp in transcribed:
        assert isinstance(hyp, Hypothesis) and isinstance(hyp.text, str)
        assert isinstance(hyp.timestamp, dict) and {"word", "segment", "char"} <= set(hyp.timestamp)
        words = hyp.timestamp["word"]
        assert [w["word"] for w in words] == hyp.text.split()
        for w in words:
            assert {"word", "start_offset", "end_offset", "start", "end"} <= set(w)
            assert w["start"] == pytest.approx(w["start_offset"] * ctc_model.encoder.subsampling_factor * 0.01)


def test_postprocessor_retimes_transcribed_hypotheses(asr_hypotheses, post) -> None:
    assert any(h.timestamp["word"] for h in asr_hypotheses)
    before = [(h.text, copy.deepcopy(h.timestamp["word"]), copy.deepcopy(h.timestamp["segment"]))
              for h in asr_hypotheses]
    out = post(asr_hypotheses)

    assert len(out) == len(asr_hypotheses)
    for hyp, res, (text, words_before, segs_before) in zip(asr_hypotheses, out, before):
        # new objects by default; the originals are untouched
        assert isinstance(res, Hypothesis) and res is not hyp and res.timestamp is not hyp.timestamp
        assert hyp.text == text and hyp.timestamp["word"] == words_before and hyp.timestamp["segment"] == segs_before
        spoken_stamps = hyp.timestamp["word"]
        if not spoken_stamps:  # the random model emitted nothing: nothing to re-time
            assert res.text == post.u2tf.process(hyp.text.split()).text
            continue
        spoken = [w["word"] for w in spoken_stamps]
        words = res.timestamp["word"]
        assert " ".join(w["word"] for w in words) == res.text
        for w in words:
            for a, b in PAIRS:
                assert a in w and b in w and w[a] <= w[b], w
        for a, _ in PAIRS:
            starts = [w[a] for w in words]
            assert starts == sorted(starts)

        # each alignment group spans exactly its spoken words' time range
        result = post.u2tf.process(spoken)
        assert result.text == res.text
        assert retime_words(spoken_stamps, result.words, result.groups) == words
        for g in result.groups:
            src, tgt = list(g.source), list(g.target)
            for a, b in PAIRS:
                assert words[tgt[0]][a] == spoken_stamps[src[0]][a], g
                assert words[tgt[-1]][b] == spoken_stamps[src[-1]][b], g
            if len(src) == len(tgt):
                for s, t in zip(src, tgt):
                    assert (words[t]["start_offset"], words[t]["end_offset"]) == (
                        spoken_stamps[s]["start_offset"], spoken_stamps[s]["end_offset"])
        assert sorted(t for g in result.groups for t in g.target) == list(range(len(words)))

        segs = res.timestamp["segment"]
        assert segs and " ".join(s["segment"] for s in segs) == res.text
        for a, b in PAIRS:
            assert segs[0][a] == words[0][a] and segs[-1][b] == words[-1][b]
        # the keys the adapter does not touch are carried over
        assert res.timestamp["char"] == hyp.timestamp["char"]


# -- hand-built hypotheses, formatter output under the test's control -----------------------------------------

SPOKEN = "revenue reached twelve point three million dollars today".split()
FRAMES = [(2, 8), (10, 16), (18, 23), (24, 28), (29, 33), (34, 40), (41, 47), (49, 55)]
SEC = 0.08  # seconds per frame (10 ms hop, 8x subsampling)


def _money_result(spoken):
    out = assemble(spoken, ["O"] * 7 + ["PERIOD"], ["CAPITAL"] + ["LOWER"] * 7,
                   [SpanRewrite(2, 7, "money", "$12.3 million")])
    assert out.words == ["Revenue", "reached", "$12.3", "million", "today."]
    return Result(list(spoken), out.words, groups=out.groups)


@pytest.fixture(scope="module")
def tiny_u2tf(tiny_model_path):
    return U2TF.from_pretrained(str(tiny_model_path), written_input="ignore")


@pytest.mark.parametrize("offset_type", [int, np.int64])
def test_hand_built_hypothesis_with_controlled_formatter(tiny_u2tf, monkeypatch, offset_type) -> None:
    seen = []

    def fake_process_batch(docs, batch_size=None):
        seen.append([list(d) for d in docs])
        return [_money_result(d) for d in docs]

    monkeypatch.setattr(tiny_u2tf, "process_batch", fake_process_batch)
    post = U2TFPostProcessor(tiny_u2tf)

    stamps = [{"word": w, "start_offset": offset_type(s), "end_offset": offset_type(e), "start": s * SEC,
               "end": e * SEC} for w, (s, e) in zip(SPOKEN, FRAMES)]
    text = " ".join(SPOKEN)
    segment = [{"segment": text, "start_offset": offset_type(2), "end_offset": offset_type(55), "start": 2 * SEC,
                "end": 55 * SEC}]
    hyp = Hypothesis(score=0.0, y_sequence=[], text=text,
                     timestamp={"word": stamps, "segment": segment, "char": []})
    original = copy.deepcopy(hyp.timestamp)

    [res] = post([hyp])

    assert seen == [[SPOKEN]]
    assert isinstance(res, Hypothesis) and res is not hyp
    assert hyp.text == text and hyp.timestamp == original
    assert res.text == "Revenue reached $12.3 million today."

    split = round(18 + (47 - 18) * 5 / 12)  # "$12.3" gets 5 of the span's 12 characters
    split_sec = 18 * SEC + (47 - 18) * SEC * 5 / 12
    expected = [
        {"word": "Revenue", "start_offset": 2, "end_offset": 8, "start": 2 * SEC, "end": 8 * SEC},
        {"word": "reached", "start_offset": 10, "end_offset": 16, "start": 10 * SEC, "end": 16 * SEC},
        {"word": "$12.3", "start_offset": 18, "end_offset": split, "start": 18 * SEC, "end": split_sec},
        {"word": "million", "start_offset": split, "end_offset": 47, "start": split_sec, "end": 47 * SEC},
        {"word": "today.", "start_offset": 49, "end_offset": 55, "start": 49 * SEC, "end": 55 * SEC},
    ]
    words = res.timestamp["word"]
    assert [sorted(w) for w in words] == [sorted(e) for e in expected]  # offsets and seconds both present
    for got, want in zip(words, expected):
        assert got["word"] == want["word"]
        assert got["start_offset"] == want["start_offset"] and got["end_offset"] == want["end_offset"], got
        assert float(got["start_offset"]).is_integer() and float(got["end_offset"]).is_integer(), got
        assert got["start"] == pytest.approx(want["start"]) and got["end"] == pytest.approx(want["end"]), got
    # the span's edges are the spoken edges exactly, not approximately
    assert words[2]["start_offset"] == stamps[2]["start_offset"] and words[2]["start"] == stamps[2]["start"]
    assert words[3]["end_offset"] == stamps[6]["end_offset"] and words[3]["end"] == stamps[6]["end"]
    assert words[2]["end"] == words[3]["start"] and words[2]["end_offset"] == words[3]["start_offset"]

    assert res.timestamp["segment"] == [{"segment": "Revenue reached $12.3 million today.", "start_offset": 2,
                                         "end_offset": 55, "start": 2 * SEC, "end": 55 * SEC}]
    assert res.timestamp["char"] == []


def _assert_words_match_text(hyp: Hypothesis) -> None:
    words = hyp.timestamp["word"]
    assert [w["word"] for w in words] == hyp.text.split()
    assert " ".join(seg["segment"] for seg in hyp.timestamp["segment"]) == hyp.text
    for a, b in PAIRS:
        assert all(w[a] <= w[b] for w in words), words
        assert [w[a] for w in words] == sorted(w[a] for w in words), words


@pytest.mark.parametrize("odd", ["", "\x00", "\u200b", "caf\u00b4"])
def test_hand_built_hypothesis_with_odd_word_keeps_words_and_timestamps_consistent(tiny_u2tf, odd) -> None:
    """A word entry the formatter does not read 1:1 (empty, control characters only, split by NFKC): the
    formatted text and timestamp["word"] still agree word for word, and the time range is kept."""
    spoken = SPOKEN[:3] + [odd] + SPOKEN[3:]
    frames = FRAMES[:3] + [(23, 24)] + FRAMES[3:]
    stamps = [{"word": w, "start_offset": np.int64(s), "end_offset": np.int64(e), "start": s * SEC, "end": e * SEC}
              for w, (s, e) in zip(spoken, frames)]
    text = " ".join(w for w in spoken if w)
    hyp = Hypothesis(score=0.0, y_sequence=[], text=text, timestamp={"word": stamps, "segment": [], "char": []})

    [res] = U2TFPostProcessor(tiny_u2tf)([hyp])

    assert res.text == tiny_u2tf.format(" ".join(spoken))
    _assert_words_match_text(res)
    words = res.timestamp["word"]
    assert words[0]["start_offset"] == 2 and words[-1]["end_offset"] == 55
    assert all(isinstance(w["start_offset"], (int, np.integer)) for w in words)


def test_hand_built_hypothesis_with_malformed_word_timestamps(tiny_u2tf) -> None:
    stamps = [{"word": "hello", "start_offset": 0, "end_offset": 3}, {"word": "there", "start_offset": 4}]
    hyp = Hypothesis(score=0.0, y_sequence=[], text="hello there", timestamp={"word": stamps})
    with pytest.raises(ValueError, match="word timestamp 1 lacks"):
        U2TFPostProcessor(tiny_u2tf)([hyp])

