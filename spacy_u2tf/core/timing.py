"""Word timestamps through formatting, for any recognizer: spoken words with times in, written words with times out.

Re-timing reads the alignment groups (:mod:`.assemble`): a group's written words share the time range of its spoken
words. Recognizers' word lists (NeMo ``timestamp["word"]``, Whisper-style ``word/start/end/probability``, Vosk-style
``word/start/end/conf``) are read by :func:`word_entry`; keys other than the word and its times (confidence,
speaker, ...) are carried to the written words of their group.

A time is a finite real number (Python's or numpy's; integral frame offsets stay integers). ``None`` and NaN (pandas'
missing value) stand for no time: a word without times is a word whose time keys are left out, so times missing on
every word mean a text without times, and times missing on only some words are a ``ValueError`` naming the first
such word, as a time key missing from some words is. Any other time (a string, ``inf``, ``True``) is a
``ValueError`` naming the word and the value. A ``None`` or NaN ``speaker`` is no speaker, the same as no
``speaker`` key.
"""
from __future__ import annotations

import dataclasses
import math
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from .assemble import whole_group
from .labels import PLAIN_CLASS
from .written_input import WRITTEN_CLASS

if TYPE_CHECKING:
    from .api import U2TF, Result

SENTENCE_MARKS = (".", "?", "!")
TIME_KEYS: Tuple[Tuple[str, str], ...] = (("start_offset", "end_offset"), ("start", "end"))
_TIME_KEY_SET = frozenset(k for pair in TIME_KEYS for k in pair)
SPEAKER_KEY = "speaker"


def is_missing(value: Any) -> bool:
    """Whether a time or speaker value stands for none: ``None``, NaN or ``pandas.NA`` (pandas' missing values)."""
    return (value is None or (isinstance(value, numbers.Real) and value != value)
            or type(value).__name__ == "NAType")  # pandas.NA, without importing pandas


def _is_time(value: Any) -> bool:
    """Whether ``value`` is a usable time: a finite real number, not a bool."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    return isinstance(value, numbers.Integral) or math.isfinite(value)


def _without_missing_times(entry: Dict[str, Any]) -> Dict[str, Any]:
    """``entry`` without its time keys whose value is missing (see :func:`is_missing`)."""
    if not any(k in entry and is_missing(entry[k]) for k in _TIME_KEY_SET):
        return entry
    return {k: v for k, v in entry.items() if k not in _TIME_KEY_SET or not is_missing(v)}


def _checked_entries(stamps: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """``stamps`` checked (:func:`check_word_stamps`), with their missing times left out."""
    check_word_stamps(list(stamps))
    return [_without_missing_times(e) for e in stamps]


def speaker_of(entry: Dict[str, Any]) -> Any:
    """The entry's speaker; ``None`` when it has none (no ``speaker`` key, ``None`` or NaN)."""
    value = entry.get(SPEAKER_KEY)
    return None if is_missing(value) else value


def word_entry(item: Any) -> Dict[str, Any]:
    """One recognizer word as a dict with a ``"word"``: a string, a ``(word, start, end)`` tuple, a dict with
    ``word`` (or ``text``, as whisper-timestamped names it), or an object such as faster-whisper's ``Word``
    (a dataclass or named tuple with ``word``/``start``/``end``/``probability``)."""
    if isinstance(item, str):
        return {"word": item}
    if isinstance(item, dict):
        entry = dict(item)
    elif dataclasses.is_dataclass(item) and not isinstance(item, type):
        entry = dataclasses.asdict(item)
    elif hasattr(item, "_asdict"):
        entry = dict(item._asdict())
    elif isinstance(item, (tuple, list)):
        if len(item) != 3:
            raise ValueError(f"a word tuple is (word, start, end), got {item!r}")
        entry = {"word": item[0], "start": item[1], "end": item[2]}
    else:
        raise TypeError(f"a word is a string, a (word, start, end) tuple or a dict, got {type(item).__name__}")
    if "word" not in entry and "text" in entry:
        entry["word"] = entry.pop("text")
    return entry


def check_word_stamps(stamps: Any) -> None:
    """Raise ``ValueError`` unless ``stamps`` is a list of word entries that :func:`retime_words` can read.

    Each entry is a dict with a string ``"word"``; a time is a finite number, or ``None``/NaN for no time (see
    the module's docstring); a pair of time keys (``start_offset``/``end_offset``, ``start``/``end``) has times in
    every entry, both keys, or in none.
    """
    if not isinstance(stamps, list):
        raise ValueError(f"word timestamps must be a list of dicts, got {type(stamps).__name__}")
    for i, entry in enumerate(stamps):
        if not isinstance(entry, dict) or not isinstance(entry.get("word"), str):
            raise ValueError(f"word timestamp {i} is not a dict with a string 'word': {entry!r}")
        for key, value in entry.items():
            if key in _TIME_KEY_SET and not is_missing(value) and not _is_time(value):
                raise ValueError(f"word timestamp {i} has {key}={value!r} ({type(value).__name__}): a time is a "
                                 f"finite number, or None on every word for no times")
    for pair in TIME_KEYS:
        present = [sum(k in entry and not is_missing(entry[k]) for k in pair) for entry in stamps]
        if any(present) and not all(n == 2 for n in present):
            i = next(i for i, n in enumerate(present) if n != 2)
            missing = [k for k in pair if k not in stamps[i] or is_missing(stamps[i][k])]
            raise ValueError(f"word timestamp {i} lacks {missing}, which other word timestamps have: {stamps[i]!r}")


def _carried(entries: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """The keys other than the word and its times, merged over a group's spoken words: a number (a confidence)
    takes the lowest value, anything else (a speaker) the first word's."""
    out: Dict[str, Any] = {}
    for entry in entries:
        for key, value in entry.items():
            if key == "word" or key in _TIME_KEY_SET:
                continue
            if key not in out:
                out[key] = value
            elif isinstance(value, numbers.Real) and isinstance(out[key], numbers.Real):
                out[key] = min(out[key], value)
    return out


def retime_words(spoken_stamps: Sequence[Dict[str, Any]], written_words: Sequence[str],
                 groups: Sequence[Any]) -> List[Dict[str, Any]]:
    """Word entries for ``written_words``: the written word, its times and the keys carried from its group.

    Each alignment group spans the time of its spoken words: its first written word starts with the first
    spoken word and its last written word ends with the last one. When a group has several written words and a
    different number of spoken words, its time range is shared among them in proportion to their length
    (integral offsets, Python or numpy integers, stay integers). Both offsets (frames) and seconds are carried
    when present; other keys as :func:`_carried` merges them. ``spoken_stamps`` are checked as
    :func:`check_word_stamps` checks them, and their missing times are left out.
    """
    return retime_entries(_checked_entries(spoken_stamps), written_words, groups)


def retime_entries(spoken_stamps: Sequence[Dict[str, Any]], written_words: Sequence[str],
                   groups: Sequence[Any]) -> List[Dict[str, Any]]:
    """:func:`retime_words` for entries already checked, without missing times (:func:`spoken_entries`'s)."""
    out: List[Optional[Dict[str, Any]]] = [None] * len(written_words)
    for group in groups:
        src, tgt = list(group.source), list(group.target)
        if not tgt:
            continue
        if not src:
            raise ValueError(f"alignment group without spoken words: {group}")
        if len(src) == len(tgt):
            for s, t in zip(src, tgt):
                out[t] = {**spoken_stamps[s], "word": written_words[t]}
            continue
        extra = _carried([spoken_stamps[s] for s in src])
        for t in tgt:
            out[t] = {"word": written_words[t], **extra}
        weights = [max(1, len(written_words[t])) for t in tgt]
        total = float(sum(weights))
        for start_key, end_key in TIME_KEYS:
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
                out[t][start_key] = int(round(a)) if integral else a  # type: ignore[index]
                out[t][end_key] = int(round(b)) if integral else b  # type: ignore[index]
    missing = [i for i, e in enumerate(out) if e is None]
    if missing:
        raise ValueError(f"written words {missing[:5]} are in no alignment group")
    return out  # type: ignore[return-value]


def rebuild_segments(words: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Segment entries that end at each written word carrying a sentence mark, at a speaker change and at the last
    word; a segment has the time range of its words and their speaker when they have one."""
    segments: List[Dict[str, Any]] = []
    current: List[Dict[str, Any]] = []
    for k, w in enumerate(words):
        current.append(w)
        last = k == len(words) - 1
        if last or w["word"].endswith(SENTENCE_MARKS) or speaker_of(words[k + 1]) != speaker_of(w):
            seg: Dict[str, Any] = {"segment": " ".join(x["word"] for x in current)}
            for start_key, end_key in TIME_KEYS:
                if start_key in current[0] and end_key in current[-1]:
                    seg[start_key] = current[0][start_key]
                    seg[end_key] = current[-1][end_key]
            if SPEAKER_KEY in current[0]:
                seg[SPEAKER_KEY] = current[0][SPEAKER_KEY]
            segments.append(seg)
            current = []
    return segments


def spoken_entries(items: Sequence[Any]) -> List[Dict[str, Any]]:
    """Recognizer words (see :func:`word_entry`) as entries of exactly one clean word each, checked.

    Each word is cleaned as :func:`~.api.to_words` cleans it: an entry whose word is no content (empty, control
    characters only) is dropped, one whose word splits in several shares its time among them. Missing times
    (``None``, NaN) are left out; other bad times are a ``ValueError`` (see :func:`check_word_stamps`).
    """
    from .api import to_words

    entries = _checked_entries([word_entry(item) for item in items])
    out: List[Dict[str, Any]] = []
    for entry in entries:
        pieces = to_words(entry["word"])
        if len(pieces) == 1:
            out.append({**entry, "word": pieces[0]})
        elif pieces:
            out.extend(retime_entries([entry], pieces, [whole_group(1, len(pieces), PLAIN_CLASS)]))
    return out


def speaker_turns(entries: Sequence[Dict[str, Any]]) -> List[Tuple[int, int]]:
    """``[start, end)`` ranges of consecutive entries with the same speaker (one range when none has one; a
    ``None`` or NaN speaker is none, see :func:`speaker_of`)."""
    if not entries:
        return []
    cuts = [i for i in range(1, len(entries)) if speaker_of(entries[i]) != speaker_of(entries[i - 1])]
    bounds = [0] + cuts + [len(entries)]
    return list(zip(bounds[:-1], bounds[1:]))


def end_sentence(word: str) -> str:
    """``word`` ending a sentence: a final comma becomes a period, a word without a sentence mark gets one."""
    if word.endswith(SENTENCE_MARKS):
        return word
    return (word[:-1] if word.endswith((",", ";", ":")) else word) + "."


def end_turn(result: "Result") -> None:
    """Make a speaker turn's formatted text end a sentence (in place: last written word and punctuation label)."""
    if not result.words:
        return
    result.words[-1] = end_sentence(result.words[-1])
    if result.punct and result.punct[-1] not in ("PERIOD", "QUESTION"):
        result.punct[-1] = "PERIOD"


def concat_results(results: Sequence["Result"]) -> "Result":
    """One :class:`~.api.Result` for consecutive documents (speaker turns): word lists and labels joined, span
    positions and alignment groups shifted."""
    from .api import Result

    out = Result([], [])
    for r in results:
        ns, nt = len(out.spoken), len(out.words)
        out.spans += [dataclasses.replace(s, start=s.start + ns, end=s.end + ns) for s in r.spans]
        out.groups += [g._replace(source=tuple(i + ns for i in g.source), target=tuple(i + nt for i in g.target))
                       for g in r.groups]
        for f in dataclasses.fields(out):  # per-word lists (spoken, words, labels) are joined
            value = getattr(r, f.name)
            if f.name not in ("spans", "groups") and isinstance(value, list):
                getattr(out, f.name).extend(value)
        out.passthrough = out.passthrough or r.passthrough
    return out


@dataclass
class TimedResult:
    """Written words with their times (dicts: ``word``, the recognizer's time keys, carried keys) and the
    :class:`~.api.Result` behind them."""

    words: List[Dict[str, Any]]
    result: "Result"

    @property
    def text(self) -> str:
        return " ".join(w["word"] for w in self.words)

    @property
    def segments(self) -> List[Dict[str, Any]]:
        """Sentences (and speaker turns) with their time ranges, see :func:`rebuild_segments`."""
        return rebuild_segments(self.words)


def process_words_batch(u2tf: "U2TF", docs: Sequence[Sequence[Any]],
                        batch_size: Optional[int] = None) -> List[TimedResult]:
    """Format documents of recognizer words (see :func:`word_entry`) and re-time the written words.

    Words with a ``speaker`` are formatted one speaker turn at a time, and each turn's last written word ends a
    sentence, so no sentence spans a speaker change and the next turn starts with a capital.
    """
    entries = [spoken_entries(doc) for doc in docs]
    turns = [speaker_turns(e) for e in entries]
    flat = [[w["word"] for w in e[a:b]] for e, spans in zip(entries, turns) for a, b in spans]
    formatted = iter(u2tf.process_batch(flat, batch_size=batch_size) if flat else [])
    out: List[TimedResult] = []
    for doc_entries, spans in zip(entries, turns):
        parts = [next(formatted) for _ in spans]
        for part in parts[:-1]:
            if not part.passthrough:
                end_turn(part)
        result = parts[0] if len(parts) == 1 else concat_results(parts)
        groups = result.groups
        if len(result.spoken) != len(doc_entries) and result.words:
            # the formatter rewrote the words before tagging: the written words share the whole time range
            groups = [whole_group(len(doc_entries), len(result.words), WRITTEN_CLASS)]
        out.append(TimedResult(retime_entries(doc_entries, result.words, groups), result))
    return out


__all__ = ["TimedResult", "word_entry", "spoken_entries", "check_word_stamps", "retime_words", "rebuild_segments",
           "speaker_turns", "speaker_of", "is_missing", "end_sentence", "end_turn", "concat_results",
           "process_words_batch", "SENTENCE_MARKS", "TIME_KEYS"]
