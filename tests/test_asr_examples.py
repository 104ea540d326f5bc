"""examples/asr: Whisper-style and Vosk/PocketSphinx word formats (as documented) through U2TF.process_words."""
from __future__ import annotations

import pytest

from spacy_u2tf.core.api import U2TF


@pytest.fixture()
def whisper(repo_script):
    return repo_script("examples/asr/whisper_words.py", "asr_example_whisper_words")


@pytest.fixture()
def vosk(repo_script):
    return repo_script("examples/asr/vosk_words.py", "asr_example_vosk_words")


@pytest.fixture(scope="module")
def tiny(tiny_model_path) -> U2TF:
    return U2TF.from_pretrained(tiny_model_path)


def _check(timed, spoken, confidence_key) -> None:
    assert [w["word"] for w in timed.words] == timed.text.split() and timed.words
    assert timed.words[0]["start"] == spoken[0]["start"] and timed.words[-1]["end"] == spoken[-1]["end"]
    for prev, cur in zip(timed.words, timed.words[1:]):
        assert prev["start"] <= prev["end"] <= cur["start"] <= cur["end"]
    lowest = min(w[confidence_key] for w in spoken)
    assert all(lowest <= w[confidence_key] <= 1 for w in timed.words)


def test_faster_whisper_words(tiny, whisper) -> None:
    words = whisper.faster_whisper_words(whisper.demo_segments())
    assert set(words[0]) == {"word", "start", "end", "probability"} and words[1]["word"] == " i"
    timed = tiny.process_words(words)
    assert timed.text == tiny.format(" ".join(w["word"].strip() for w in words))
    _check(timed, words, "probability")


def test_whisper_timestamped_words(tiny, whisper) -> None:
    result = whisper.demo_timestamped()
    words = whisper.whisper_words(result)
    assert set(words[0]) == {"text", "start", "end", "confidence"}
    timed = tiny.process_words(words)
    assert timed.text == tiny.process_words(whisper.faster_whisper_words(whisper.demo_segments())).text
    _check(timed, words, "confidence")


def test_vosk_words(tiny, vosk) -> None:
    words = vosk.vosk_words(vosk.DEMO_VOSK)
    assert set(words[0]) == {"word", "start", "end", "conf"}
    timed = tiny.process_words(words)
    assert timed.text == tiny.format(" ".join(w["word"] for w in words))
    _check(timed, words, "conf")
    stream = tiny.stream(lookahead=2)  # the same words live
    live = [w for word in words for w in stream.push(word)] + stream.flush()
    assert live[0]["start"] == words[0]["start"] and live[-1]["end"] == words[-1]["end"]


def test_pocketsphinx_words(tiny, vosk) -> None:
    segments = list(vosk.DEMO_POCKETSPHINX) + [("meters(2)", 0, 261, 280)]
    words = vosk.pocketsphinx_words(segments)
    assert [w["word"] for w in words] == ["go", "forward", "ten", "meters", "meters"]
    assert words[0]["start"] == 0.46 and words[0]["end"] == 0.64 and words[2]["conf"] < words[0]["conf"] <= 1
    _check(tiny.process_words(words), words, "conf")
