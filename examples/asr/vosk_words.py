"""Format Vosk and PocketSphinx word results with spacy-u2tf, keeping each written word's time and confidence.

Vosk (``KaldiRecognizer.SetWords(True)``) returns JSON whose ``result`` is a list of ``{"conf", "start", "end",
"word"}`` (seconds); ``PartialResult()`` has the words heard so far. PocketSphinx gives detailed segments as
``(word, prob, start_frame, end_frame)`` (``Pocketsphinx.segments(detailed=True)``; ``Decoder.seg()`` items have
the same fields as attributes), frames of 10 ms, ``prob`` a log-probability in PocketSphinx's log base (1.0001), with
filler entries (``<s>``, ``</s>``, ``<sil>``, ``[NOISE]``) and alternate pronunciations marked ``word(2)``.

Run it on hand-made results in those formats (no recognizer needed)::

    python examples/asr/vosk_words.py
"""
from __future__ import annotations

import json
import re
from typing import Any, Dict, Iterable, List, Union

POCKETSPHINX_LOG_BASE = 1.0001
_FILLER = re.compile(r"^(?:<.*>|\[.*\]|\+\+.*\+\+)$")
_ALTERNATE = re.compile(r"\(\d+\)$")


def vosk_words(result: Union[str, Dict[str, Any]]) -> List[Dict[str, Any]]:
    """A Vosk ``Result()``/``FinalResult()`` (JSON text or parsed) as word dicts: word, start, end, conf."""
    data = json.loads(result) if isinstance(result, str) else result
    return [dict(w) for w in data.get("result", [])]


def pocketsphinx_words(segments: Iterable[Any], frame_rate: int = 100) -> List[Dict[str, Any]]:
    """PocketSphinx detailed segments as word dicts (fillers dropped, ``word(2)`` → ``word``; ``conf`` from the
    log-probability)."""
    out: List[Dict[str, Any]] = []
    for seg in segments:
        if isinstance(seg, (tuple, list)):
            word, prob, start, end = seg
        else:
            word, prob, start, end = seg.word, seg.prob, seg.start_frame, seg.end_frame
        if _FILLER.match(word):
            continue
        out.append({"word": _ALTERNATE.sub("", word), "start": start / frame_rate, "end": (end + 1) / frame_rate,
                    "conf": min(1.0, POCKETSPHINX_LOG_BASE ** prob)})
    return out


DEMO_VOSK = json.dumps({"result": [
    {"conf": 1.0, "end": 0.42, "start": 0.12, "word": "call"},
    {"conf": 0.98, "end": 0.66, "start": 0.42, "word": "me"},
    {"conf": 1.0, "end": 0.87, "start": 0.66, "word": "at"},
    {"conf": 0.87, "end": 1.14, "start": 0.87, "word": "five"},
    {"conf": 0.91, "end": 1.5, "start": 1.14, "word": "thirty"},
    {"conf": 1.0, "end": 1.83, "start": 1.5, "word": "tomorrow"},
    {"conf": 1.0, "end": 2.1, "start": 1.83, "word": "okay"},
], "text": "call me at five thirty tomorrow okay"})

DEMO_POCKETSPHINX = [("<s>", 0, 0, 24), ("<sil>", -3778, 25, 45), ("go", -27, 46, 63), ("forward", -38, 64, 116),
                     ("ten", -14105, 117, 152), ("meters", -2152, 153, 211), ("</s>", 0, 212, 260)]


def main() -> None:
    from spacy_u2tf import U2TF

    tf = U2TF.from_pretrained()
    words = vosk_words(DEMO_VOSK)
    timed = tf.process_words(words)
    print(f"vosk: {timed.text}")
    for segment in timed.segments:
        print(f"  {segment['start']:5.2f}-{segment['end']:5.2f}  {segment['segment']}")
    stream = tf.stream(lookahead=2)  # the same words live, pushed as Vosk finalizes them
    for word in words:
        committed = stream.push(word)
        print(f"  heard {word['word']!r:12} committed {[w['word'] for w in committed]}")
    print(f"  end of utterance: committed {[w['word'] for w in stream.flush()]}")
    print(f"pocketsphinx: {tf.process_words(pocketsphinx_words(DEMO_POCKETSPHINX)).text}")


if __name__ == "__main__":
    main()
