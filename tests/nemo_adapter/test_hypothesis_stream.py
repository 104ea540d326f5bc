"""``U2TFStreamingPostProcessor`` on growing Hypothesis-like objects (NeMo's streaming output shape)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict

import pytest

from spacy_u2tf.core.api import U2TF

SPOKEN = "so we met at five thirty on monday and then we went home".split()


@dataclass
class FakeHypothesis:
    """Shaped like nemo.collections.asr.parts.utils.rnnt_utils.Hypothesis for the fields the adapter reads."""

    text: str
    timestamp: Dict[str, Any] = field(default_factory=dict)


def growing(words, revise_at=None):
    """The utterance so far after each chunk: one more word each time, the newest word first heard in part."""
    stamps = [{"word": w, "start_offset": 4 * i, "end_offset": 4 * i + 3, "start": 0.32 * i, "end": 0.32 * i + 0.24}
              for i, w in enumerate(words)]
    for n in range(1, len(words) + 1):
        partial = [dict(s) for s in stamps[:n]]
        partial[-1]["word"] = partial[-1]["word"][:2]  # the last word is still growing
        if revise_at is not None and n > revise_at + 3:
            partial[revise_at]["word"] = "changed"
        yield FakeHypothesis(" ".join(s["word"] for s in partial), {"word": partial})
    yield FakeHypothesis(" ".join(words), {"word": stamps})


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path, written_input="ignore")


def test_growing_hypotheses_give_committed_retimed_words(tiny) -> None:
    from nemo_adapter import U2TFStreamingPostProcessor

    post = U2TFStreamingPostProcessor(tiny, lookahead=3)
    hyps = list(growing(SPOKEN))
    committed_before_end = []
    for hyp in hyps[:-1]:
        committed_before_end += post.update(hyp)
    assert committed_before_end and post.stream.committed <= len(SPOKEN) - 1 - 3
    words = committed_before_end + post.end_utterance(hyps[-1])
    assert post.stream.committed == len(SPOKEN) and post.revised == 0
    # no half-heard word was pushed: the text is the stream's formatting of the final words
    stream = tiny.stream(lookahead=3)
    replay = [w for word in SPOKEN for w in stream.push(word)] + stream.flush()
    assert [w["word"] for w in words] == [w["word"] for w in replay]
    assert words[0]["start_offset"] == 0 and words[-1]["end_offset"] == 4 * (len(SPOKEN) - 1) + 3
    for prev, cur in zip(words, words[1:]):
        assert prev["start_offset"] <= prev["end_offset"] <= cur["start_offset"]
        assert prev["start"] <= prev["end"] <= cur["start"]


def test_call_yields_words_and_counts_revisions(tiny) -> None:
    from nemo_adapter import U2TFStreamingPostProcessor

    post = U2TFStreamingPostProcessor(tiny, lookahead=2)
    words = list(post(growing(SPOKEN, revise_at=2)))
    assert len(words) >= len(SPOKEN) - 2 and post.revised > 0  # a revised word stays as it was pushed
    assert "changed" not in " ".join(w["word"] for w in words).lower()
    assert list(post(["hello there", "hello there friend"]))  # plain texts (no timestamps) work too
    with pytest.raises(ValueError):
        U2TFStreamingPostProcessor(tiny, unstable_words=-1)
