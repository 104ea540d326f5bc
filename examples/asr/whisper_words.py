"""Format Whisper word timestamps with spacy-u2tf, keeping each written word's time.

faster-whisper (``model.transcribe(audio, word_timestamps=True)``) yields segments whose ``words`` are ``Word``
objects with ``start``, ``end``, ``word`` and ``probability``; openai-whisper (``word_timestamps=True``) gives the same
fields as dicts in ``result["segments"][i]["words"]``; whisper-timestamped gives dicts with ``text``, ``start``,
``end`` and ``confidence``. Each becomes a list of word dicts that ``U2TF.process_words`` (whole transcripts) or
``U2TF.stream().push`` (live) reads; the probability or confidence is carried to the written words.

Run it on a hand-made transcript in those formats (no Whisper model needed)::

    python examples/asr/whisper_words.py
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List


def faster_whisper_words(segments: Iterable[Any]) -> List[Dict[str, Any]]:
    """faster-whisper segments (``segment.words``: objects with start/end/word/probability) as word dicts."""
    return [{"word": w.word, "start": w.start, "end": w.end, "probability": w.probability}
            for segment in segments for w in (segment.words or [])]


def whisper_words(result: Dict[str, Any]) -> List[Dict[str, Any]]:
    """openai-whisper or whisper-timestamped ``transcribe()`` output as word dicts (whisper-timestamped's ``text``
    is read as the word by ``U2TF.process_words``; its ``confidence`` is carried as it is)."""
    return [dict(w) for segment in result.get("segments", []) for w in segment.get("words", [])]


@dataclass
class _Word:  # shaped like faster_whisper.transcribe.Word
    start: float
    end: float
    word: str
    probability: float


@dataclass
class _Segment:  # the part of faster_whisper.transcribe.Segment read here
    words: List[_Word]


def demo_segments() -> List[_Segment]:
    """What faster-whisper gives for a small spoken-style transcript (leading spaces as Whisper writes them)."""
    spoken = [" so", " i", " paid", " twenty", " five", " dollars", " on", " march", " fifth", " is", " that",
              " too", " much"]
    return [_Segment([_Word(round(0.4 * i, 2), round(0.4 * i + 0.35, 2), w, 0.9) for i, w in enumerate(spoken)])]


def demo_timestamped() -> Dict[str, Any]:
    """whisper-timestamped's output for the same words."""
    words = faster_whisper_words(demo_segments())
    return {"text": "".join(w["word"] for w in words),
            "segments": [{"words": [{"text": w["word"].strip(), "start": w["start"], "end": w["end"],
                                     "confidence": w["probability"]} for w in words]}]}


def main() -> None:
    from spacy_u2tf import U2TF

    tf = U2TF.from_pretrained()
    for name, words in (("faster-whisper", faster_whisper_words(demo_segments())),
                        ("whisper-timestamped", whisper_words(demo_timestamped()))):
        timed = tf.process_words(words)
        print(f"{name}: {timed.text}")
        for w in timed.words:
            print(f"  {w['start']:5.2f}-{w['end']:5.2f}  {w['word']}")


if __name__ == "__main__":
    main()
