"""Re-timing written words from spoken word timestamps through alignment groups (pure Python)."""
from __future__ import annotations

import numbers
from typing import Any, Dict, List, Optional, Sequence

SENTENCE_MARKS = (".", "?", "!")
_TIME_KEYS = (("start_offset", "end_offset"), ("start", "end"))


def retime_words(spoken_stamps: Sequence[Dict[str, Any]], written_words: Sequence[str],
                 groups: Sequence[Any]) -> List[Dict[str, Any]]:
    """Word timestamp entries for ``written_words``.

    Each alignment group spans the time of its spoken words: its first written word starts with the first
    spoken word and its last written word ends with the last one. When a group has several written words and a
    different number of spoken words, its time range is shared among them in proportion to their length
    (integral offsets, Python or numpy integers, stay integers). Both offsets (frames) and seconds are carried
    when present.
    """
    out: List[Optional[Dict[str, Any]]] = [None] * len(written_words)
    for group in groups:
        src, tgt = list(group.source), list(group.target)
        if not tgt:
            continue
        if not src:
            raise ValueError(f"alignment group without spoken words: {group}")
        if len(src) == len(tgt):
            for s, t in zip(src, tgt):
                out[t] = {"word": written_words[t], **{k: spoken_stamps[s][k] for pair in _TIME_KEYS for k in pair
                                                        if k in spoken_stamps[s]}}
            continue
        weights = [max(1, len(written_words[t])) for t in tgt]
        total = float(sum(weights))
        for pair in _TIME_KEYS:
            start_key, end_key = pair
            if start_key not in spoken_stamps[src[0]]:
                continue
            start = spoken_stamps[src[0]][start_key]
            end = spoken_stamps[src[-1]][end_key]
            acc = 0.0
            integral = isinstance(start, numbers.Integral) and isinstance(end, numbers.Integral)  # np.int64 too
            for t, w in zip(tgt, weights):
                a = start + (end - start) * acc / total
                acc += w
                b = end if acc == total else start + (end - start) * acc / total
                entry = out[t] if out[t] is not None else {"word": written_words[t]}
                entry[start_key] = int(round(a)) if integral else a
                entry[end_key] = int(round(b)) if integral else b
                out[t] = entry
    missing = [i for i, e in enumerate(out) if e is None]
    if missing:
        raise ValueError(f"written words {missing[:5]} are in no alignment group")
    return out  # type: ignore[return-value]


def check_word_stamps(stamps: Any) -> None:
    """Raise ``ValueError`` unless ``stamps`` is a list of word entries that :func:`retime_words` can read.

    Each entry is a dict with a string ``"word"``; a pair of time keys (``start_offset``/``end_offset``,
    ``start``/``end``) is either in every entry, both keys, or in none.
    """
    if not isinstance(stamps, list):
        raise ValueError(f"word timestamps must be a list of dicts, got {type(stamps).__name__}")
    for i, entry in enumerate(stamps):
        if not isinstance(entry, dict) or not isinstance(entry.get("word"), str):
            raise ValueError(f"word timestamp {i} is not a dict with a string 'word': {entry!r}")
    for pair in _TIME_KEYS:
        present = [sum(k in entry for k in pair) for entry in stamps]
        if any(present) and not all(n == 2 for n in present):
            i = next(i for i, n in enumerate(present) if n != 2)
            missing = [k for k in pair if k not in stamps[i]]
            raise ValueError(f"word timestamp {i} lacks {missing}, which other word timestamps have: {stamps[i]!r}")


def rebuild_segments(words: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Segment entries that end at each written word carrying a sentence mark (and at the last word)."""
    segments: List[Dict[str, Any]] = []
    current: List[Dict[str, Any]] = []
    for k, w in enumerate(words):
        current.append(w)
        if w["word"].endswith(SENTENCE_MARKS) or k == len(words) - 1:
            seg: Dict[str, Any] = {"segment": " ".join(x["word"] for x in current)}
            for start_key, end_key in _TIME_KEYS:
                if start_key in current[0] and end_key in current[-1]:
                    seg[start_key] = current[0][start_key]
                    seg[end_key] = current[-1][end_key]
            segments.append(seg)
            current = []
    return segments
