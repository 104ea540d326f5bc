from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict

import pytest

from spacy_u2tf.core.assemble import AlignmentGroup, SpanRewrite, assemble
from nemo_adapter.timestamps import check_word_stamps, rebuild_segments, retime_words


def stamps(words, step=4, sec=0.08):
    return [{"word": w, "start_offset": i * step, "end_offset": i * step + 3, "start": round(i * step * sec / 4 * 4, 2),
             "end": round((i * step + 3) * sec / 4 * 4, 2)} for i, w in enumerate(words)]


def test_converted_span_takes_its_spoken_time_range() -> None:
    spoken = "revenue reached twelve point three million dollars today".split()
    out = assemble(spoken, ["O"] * 7 + ["PERIOD"], ["CAPITAL"] + ["LOWER"] * 7,
                   [SpanRewrite(2, 7, "money", "$12.3 million")])
    assert out.words == ["Revenue", "reached", "$12.3", "million", "today."]
    st = stamps(spoken)
    words = retime_words(st, out.words, out.groups)
    assert [w["word"] for w in words] == out.words
    assert words[0]["start_offset"] == 0 and words[1]["start_offset"] == 4
    # the span "$12.3 million" covers exactly "twelve" (8..11) to "dollars" (24..27)
    assert words[2]["start_offset"] == st[2]["start_offset"] and words[3]["end_offset"] == st[6]["end_offset"]
    assert words[2]["end_offset"] == words[3]["start_offset"]  # shared by length: 5 of 12 characters
    assert words[2]["end_offset"] == round(8 + (27 - 8) * 5 / 12)
    assert words[2]["start"] == st[2]["start"] and words[3]["end"] == st[6]["end"]
    assert words[4]["start_offset"] == 28 and words[4]["end_offset"] == 31
    starts = [w["start_offset"] for w in words]
    assert starts == sorted(starts) and all(w["start_offset"] <= w["end_offset"] for w in words)


def test_segments_end_at_sentence_marks() -> None:
    words = [{"word": "Hi.", "start": 0.0, "end": 0.2}, {"word": "How", "start": 0.3, "end": 0.4},
             {"word": "are", "start": 0.5, "end": 0.6}, {"word": "you?", "start": 0.7, "end": 0.9},
             {"word": "Fine", "start": 1.0, "end": 1.2}]
    segs = rebuild_segments(words)
    assert [s["segment"] for s in segs] == ["Hi.", "How are you?", "Fine"]
    assert segs[1]["start"] == 0.3 and segs[1]["end"] == 0.9


@dataclass
class FakeHypothesis:
    """Shaped like nemo.collections.asr.parts.utils.rnnt_utils.Hypothesis for the fields the adapter reads."""

    text: str
    timestamp: Dict[str, Any] = field(default_factory=dict)
    score: float = 0.0


def test_postprocessor_on_hypotheses(tiny_model_path) -> None:
    from nemo_adapter import U2TFPostProcessor

    post = U2TFPostProcessor(str(tiny_model_path))
    spoken = "hello there i paid twelve dollars on march fifth".split()
    hyp = FakeHypothesis(" ".join(spoken), {"word": stamps(spoken)})
    out = post([hyp, "plain string input", FakeHypothesis("Already Written, Text.")])
    assert out[0] is not hyp and hyp.text == " ".join(spoken)  # new objects by default
    assert isinstance(out[1], str)
    assert out[2].text == "Already Written, Text."  # written input is left intact
    words = out[0].timestamp["word"]
    assert " ".join(w["word"] for w in words) == out[0].text
    assert all(w["start_offset"] <= w["end_offset"] for w in words)
    assert [w["start_offset"] for w in words] == sorted(w["start_offset"] for w in words)
    assert words[0]["start_offset"] == 0 and words[-1]["end_offset"] == hyp.timestamp["word"][-1]["end_offset"]
    assert out[0].timestamp["segment"] and out[0].timestamp["segment"][-1]["end_offset"] == words[-1]["end_offset"]
    same = post.process([hyp])
    assert same[0].text == out[0].text
    inplace = U2TFPostProcessor(post.u2tf, in_place=True)([hyp])
    assert inplace[0] is hyp and hyp.text == out[0].text
    with pytest.raises(TypeError):
        post.process("not a list")


def test_streaming_interface(tiny_model_path) -> None:
    from nemo_adapter import U2TFInverseNormalizer

    itn = U2TFInverseNormalizer(str(tiny_model_path))
    src, out, alignment = itn.get_word_alignment("one two three four", sep=" ")
    assert src == ["one", "two", "three", "four"]
    assert sorted(i for a in alignment for i in a[0]) == [0, 1, 2, 3]
    assert sorted(i for a in alignment for i in a[1]) == list(range(len(out)))
    assert len(itn.inverse_normalize_list(["one two", "three"], {"batch_size": 1})) == 2


def test_manifest(tmp_path, tiny_model_path) -> None:
    import json

    from nemo_adapter import U2TFPostProcessor, format_manifest

    src = tmp_path / "in.json"
    src.write_text("\n".join(json.dumps({"audio_filepath": f"{i}.wav", "pred_text": "hello there"}) for i in range(5)))
    n = format_manifest(src, tmp_path / "out.json", post=U2TFPostProcessor(str(tiny_model_path)), batch_size=2,
                        progress=False)
    rows = [json.loads(x) for x in (tmp_path / "out.json").read_text().splitlines()]
    assert n == 5 and len(rows) == 5 and all("pred_text_formatted" in r and r["audio_filepath"] for r in rows)


def test_config_dataclass_instantiates(tiny_model_path) -> None:
    omegaconf = pytest.importorskip("omegaconf")
    hydra_utils = pytest.importorskip("hydra.utils")
    from nemo_adapter import U2TFPostProcessorConfig

    cfg = omegaconf.OmegaConf.structured(U2TFPostProcessorConfig(model=str(tiny_model_path)))
    post = hydra_utils.instantiate(cfg)
    assert post.process(["hello"])[0]


def test_numpy_integer_offsets_stay_integral() -> None:
    np = pytest.importorskip("numpy")
    st = [{"word": "twelve", "start_offset": np.int64(8), "end_offset": np.int64(27)}]
    words = retime_words(st, ["$12.3", "million"], [AlignmentGroup((0,), (0, 1), "money")])
    assert [(w["start_offset"], w["end_offset"]) for w in words] == [(8, 16), (16, 27)]
    assert all(isinstance(w[k], int) for w in words for k in ("start_offset", "end_offset"))


def test_check_word_stamps() -> None:
    check_word_stamps(stamps(["a", "b"]))
    check_word_stamps([{"word": "a"}, {"word": "b"}])  # no times at all is fine
    with pytest.raises(ValueError, match="list"):
        check_word_stamps("a b")
    with pytest.raises(ValueError, match="word timestamp 1 is not a dict"):
        check_word_stamps([{"word": "a"}, "b"])
    with pytest.raises(ValueError, match="word timestamp 0 is not a dict with a string 'word'"):
        check_word_stamps([{"word": None}])
    with pytest.raises(ValueError, match=r"word timestamp 1 lacks \['end'\]"):
        check_word_stamps([{"word": "a", "start": 0.0, "end": 0.1}, {"word": "b", "start": 0.2}])


def _assert_consistent(hyp: FakeHypothesis, first: Dict[str, Any], last: Dict[str, Any]) -> None:
    words = hyp.timestamp["word"]
    assert [w["word"] for w in words] == hyp.text.split()
    assert " ".join(seg["segment"] for seg in hyp.timestamp["segment"]) == hyp.text
    assert words[0]["start_offset"] == first["start_offset"] and words[-1]["end_offset"] == last["end_offset"]
    assert [w["start_offset"] for w in words] == sorted(w["start_offset"] for w in words)
    assert all(w["start_offset"] <= w["end_offset"] for w in words)


def test_postprocessor_word_timestamps_follow_words_it_cannot_read_one_to_one(tiny_model_path) -> None:
    from nemo_adapter import U2TFPostProcessor

    post = U2TFPostProcessor(str(tiny_model_path))
    spoken = ["hello", "\x00", "there", "", "caf\u00b4", "\u200b", "twelve", "dollars"]
    st = stamps(spoken)
    hyp = FakeHypothesis(" ".join(spoken), {"word": st, "char": ["kept"]})
    [out] = post([hyp])
    assert out.text == post.u2tf.format(" ".join(spoken))
    _assert_consistent(out, st[0], st[-1])
    assert out.timestamp["char"] == ["kept"]
    # all word entries empty: nothing to format, and nothing stale left behind
    [empty] = post([FakeHypothesis("", {"word": stamps(["", "\x00"])})])
    assert empty.text == "" and empty.timestamp["word"] == [] and empty.timestamp["segment"] == []


def test_postprocessor_timestamps_when_the_model_rewrites_written_words(tiny_model_path) -> None:
    from nemo_adapter import U2TFPostProcessor
    from spacy_u2tf.core.api import U2TF

    model = U2TF.from_pretrained(str(tiny_model_path), written_input="normalize")
    post = U2TFPostProcessor(model, written_input="normalize")
    written = "Hello, World. I paid $5.".split()
    st = stamps(written)
    [out] = post([FakeHypothesis(" ".join(written), {"word": st})])
    assert out.text == model.process(written).text  # formatted as the model formats the written words
    _assert_consistent(out, st[0], st[-1])


def test_postprocessor_rejects_malformed_word_timestamps(tiny_model_path) -> None:
    from nemo_adapter import U2TFPostProcessor

    post = U2TFPostProcessor(str(tiny_model_path))
    bad = stamps(["hello", "there"])
    del bad[1]["end_offset"]
    hyp = FakeHypothesis("hello there", {"word": bad})
    with pytest.raises(ValueError, match=r"word timestamp 1 lacks \['end_offset'\]"):
        post([hyp])
    assert hyp.text == "hello there"  # nothing changed
    # no word timestamps at all: formatted from the text, timestamp left as it is
    plain = FakeHypothesis("hello there", {"char": []})
    [out] = post([plain])
    assert out.text == post.u2tf.format("hello there") and out.timestamp == {"char": []}



def test_postprocessor_missing_and_bad_offsets(shipped_model) -> None:
    """Offsets missing (None) on every word: formatted without times; on some words, or not numbers: ValueError."""
    from nemo_adapter import U2TFPostProcessor

    post = U2TFPostProcessor(shipped_model)
    spoken = "i paid twenty dollars".split()
    untimed = [{"word": w, "start_offset": None, "end_offset": None} for w in spoken]
    [out] = post([FakeHypothesis(" ".join(spoken), {"word": untimed})])
    assert out.text == shipped_model.format(" ".join(spoken)) and "$20." in out.text
    assert [sorted(w) for w in out.timestamp["word"]] == [["word"]] * len(out.text.split())
    some = stamps(spoken)
    some[3]["start_offset"] = some[3]["end_offset"] = None
    with pytest.raises(ValueError, match=r"word timestamp 3 lacks \['start_offset', 'end_offset'\]"):
        post([FakeHypothesis(" ".join(spoken), {"word": some})])
    text = stamps(spoken)
    text[2]["start"] = "0.16"
    with pytest.raises(ValueError, match="word timestamp 2 has start='0.16'"):
        post([FakeHypothesis(" ".join(spoken), {"word": text})])


# -- disfluency removal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["fillers", "all"])
def test_postprocessor_drops_disfluent_words_and_keeps_the_others_times(rule_disfluency_model, mode: str) -> None:
    from nemo_adapter import U2TFPostProcessor

    model = rule_disfluency_model(mode)
    post = U2TFPostProcessor(model)
    spoken = "um so we went uh to the the store".split()
    st = stamps(spoken)
    [out] = post([FakeHypothesis(" ".join(spoken), {"word": st, "char": ["kept"]})])
    result = model.process(spoken)
    assert out.text == result.text and out.timestamp["char"] == ["kept"]
    words = out.timestamp["word"]
    assert [w["word"] for w in words] == result.words
    dropped = [g.source[0] for g in result.groups if not g.target]
    assert dropped == ([0, 4, 6] if mode == "all" else [0, 4])  # um, uh (and the first "the")
    kept = [i for i in range(len(spoken)) if i not in dropped]
    times = ("start_offset", "end_offset", "start", "end")
    assert [{k: w[k] for k in times} for w in words] == [{k: st[i][k] for k in times} for i in kept]
    assert not {st[i]["start_offset"] for i in dropped} & {w["start_offset"] for w in words}
    segments = out.timestamp["segment"]
    assert " ".join(s["segment"] for s in segments) == out.text
    assert segments[0]["start_offset"] == st[1]["start_offset"]  # "so": the dropped "um" is no part of it
    assert segments[-1]["end_offset"] == st[-1]["end_offset"]


def test_postprocessor_disfluency_option(tiny_model_path, tiny_disfluency_model_path) -> None:
    from nemo_adapter import U2TFPostProcessor, U2TFPostProcessorConfig

    assert U2TFPostProcessorConfig().disfluencies == "keep"
    with pytest.raises(ValueError, match="no disfluency head"):
        U2TFPostProcessor(str(tiny_model_path), disfluencies="fillers")
    post = U2TFPostProcessor(str(tiny_disfluency_model_path), disfluencies="all")
    assert post.u2tf.disfluencies == "all"
    spoken = "so um i went uh to the store and and we bought bread".split()
    st = stamps(spoken)
    [out] = post([FakeHypothesis(" ".join(spoken), {"word": st})])
    result = post.u2tf.process(spoken)
    assert out.text == result.text
    assert any(not g.target for g in result.groups)  # this random head drops some words
    by_written = {t: g for g in result.groups for t in g.target}
    for t, w in enumerate(out.timestamp["word"]):
        group = by_written[t]
        if len(group.source) == len(group.target) == 1:
            assert (w["start_offset"], w["end_offset"]) == (st[group.source[0]]["start_offset"],
                                                            st[group.source[0]]["end_offset"])


def test_streaming_alignment_says_which_words_were_dropped(rule_disfluency_model) -> None:
    from nemo_adapter import U2TFInverseNormalizer

    itn = U2TFInverseNormalizer(rule_disfluency_model("fillers"))
    src, out, alignment = itn.get_word_alignment("i went um to the store")
    assert src == ["i", "went", "um", "to", "the", "store"]
    assert "um" not in " ".join(out).lower().split()
    assert [a for a in alignment if not a[1]] == [([2], [], "disfluency")]
