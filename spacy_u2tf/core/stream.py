"""Live formatting: words arrive one push at a time; written words are committed once enough right context follows.

Each push re-tags a bounded window, the last ``left_context`` committed spoken words (their committed punctuation
imposed, so the next word's case follows the text already shown) plus the uncommitted tail, and commits the tail's
words that have ``lookahead`` spoken words after them. A converted span (ITN, mixed case, lexicon) is committed
whole or not at all. Committed words are never revised, and nothing older than the window is kept, so memory does
not grow with the length of the session.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from .api import check_count
from .labels import JOIN, SENTENCE_END
from .timing import TIME_KEYS, end_sentence, retime_entries, speaker_of, spoken_entries
from .written_input import looks_written, spoken_form, typed_marks

if TYPE_CHECKING:
    from .api import U2TF, Result

DEFAULT_LEFT_CONTEXT = 24


class Stream:
    """Streaming formatter over a :class:`~.api.U2TF` (make one with ``U2TF.stream()``).

    ``push(words)`` takes recognizer words as they are finalized (strings, ``(word, start, end)`` tuples or dicts,
    see :func:`.timing.word_entry`) and returns the newly committed written words, as dicts with ``word`` and the
    times and other keys of their spoken words (re-timed as :func:`.timing.retime_words` does). A word is committed
    once ``lookahead`` spoken words follow it, or, with ``early_commit``, as soon as one word follows a word the
    tagger ends a sentence on with at least that probability. ``flush()`` commits everything pending (end of an
    utterance or session); ``partial()`` is the pending tail as last formatted, provisional, for display.

    A change of ``speaker`` ends the turn: its words are all committed, its last word ends a sentence, and the next
    turn starts as a new text (a ``None`` or NaN speaker is no speaker). ``max_pending`` bounds the uncommitted tail
    should spans keep holding words back.

    The words formatted together, the uncommitted ones, all have the same time keys, or none, as
    :meth:`~.api.U2TF.process_words` requires of a text's words: a push whose words differ from the pending words
    is a ``ValueError`` and leaves the stream as it was. Once everything is committed (after ``flush()`` or a speaker
    change) the next words may come with other times.
    """

    def __init__(self, u2tf: "U2TF", lookahead: int = 8, *, left_context: int = DEFAULT_LEFT_CONTEXT,
                 early_commit: Optional[float] = None, max_pending: Optional[int] = None) -> None:
        check_count("lookahead", lookahead, "words")
        check_count("left_context", left_context, "words")
        if max_pending is not None:
            check_count("max_pending", max_pending, "words")
        if lookahead < 1:
            raise ValueError(f"lookahead must be at least 1 word, got {lookahead}")
        if left_context < 0:
            raise ValueError(f"left_context must be 0 or more words, got {left_context}")
        if early_commit is not None and not 0 < early_commit <= 1:
            raise ValueError(f"early_commit is a probability in (0, 1], got {early_commit}")
        self.u2tf = u2tf
        self.lookahead = lookahead
        self.left_context = left_context
        self.early_commit = early_commit
        self.max_pending = max(max_pending or 4 * lookahead + 32, lookahead + 1)
        self.committed = 0  # spoken words committed so far
        self.received = 0  # spoken words pushed so far
        self._context: List[Dict[str, Any]] = []  # committed spoken words kept as left context
        self._context_punct: List[str] = []  # their committed punctuation labels
        self._pending: List[Dict[str, Any]] = []
        self._partial: List[Dict[str, Any]] = []

    def push(self, words: Any) -> List[Dict[str, Any]]:
        """Add recognizer words (one word or a list); returns the written words this push commits."""
        if isinstance(words, (str, dict)) or not isinstance(words, Sequence) or hasattr(words, "_asdict") or (
                isinstance(words, tuple) and len(words) == 3 and isinstance(words[0], str)
                and not isinstance(words[1], str)):
            words = [words]  # one word: a string, a dict or a (word, start, end) tuple
        entries = spoken_entries(words)
        self._check_times(entries)
        out: List[Dict[str, Any]] = []
        for entry in entries:
            last = (self._pending or self._context or [None])[-1]
            if last is not None and speaker_of(entry) != speaker_of(last):
                out += self._end_turn()
            self._pending.append(entry)
            self.received += 1
        return out + self._commit(final=False)

    def flush(self) -> List[Dict[str, Any]]:
        """Commit every pending word (end of an utterance or of the session); later pushes continue the text."""
        return self._commit(final=True)

    def partial(self) -> List[Dict[str, Any]]:
        """The pending words as last formatted: provisional, they may still change before they are committed."""
        return list(self._partial)

    # -- internals ---------------------------------------------------------------------------------------
    def _check_times(self, entries: List[Dict[str, Any]]) -> None:
        """Raise ``ValueError`` unless ``entries`` (checked spoken entries, which agree with each other) have the
        time keys of the pending words."""
        if not entries or not self._pending:
            return
        expected, pairs = _time_pairs(self._pending[-1]), _time_pairs(entries[0])
        if pairs != expected:
            raise ValueError(f"word {self.received} of the stream ({entries[0]['word']!r}) has {_times(pairs)}, the "
                             f"uncommitted words before it {_times(expected)}: words formatted together have the "
                             f"same times, or none (flush() first)")

    def _end_turn(self) -> List[Dict[str, Any]]:
        out = self._commit(final=True)
        if out:
            out[-1] = {**out[-1], "word": end_sentence(out[-1]["word"])}
        self._context, self._context_punct = [], []
        return out

    def _commit(self, final: bool) -> List[Dict[str, Any]]:
        if not self._pending:
            self._partial = []
            return []
        window = self._context + self._pending
        c = len(self._context)
        raw = [e["word"] for e in window]
        kept: Dict[int, str] = {}
        if self.u2tf.written_input != "ignore" and looks_written(raw):
            form = spoken_form(raw)
            words, kept = form.words, {i: t for i, t in form.kept.items() if i >= c}
        elif self.u2tf.written_input != "ignore":
            words, marks = typed_marks([w.lower() for w in raw])
            kept = {i: t for i, t in marks.items() if i >= c}
        else:
            words = [w.lower() for w in raw]
        used: Dict[str, Any] = {}

        def impose_context(_: int, labels: Dict[str, Any]) -> None:
            # committed words keep their punctuation; their case and ITN labels cannot matter to the tail but
            # would send their spans to stage 2 again
            labels["punct"][:c] = self._context_punct
            labels["case"][:c] = ["LOWER"] * c
            labels["itn"][:c] = ["O"] * c
            used.update(labels)

        [result] = self.u2tf._format_with_labels([words], [kept], impose_context)
        k = len(self._pending) if final else self._commit_point(result, used, c)
        cut = c + k
        # only the tail's groups are re-timed: the committed context may have other times (or none)
        own = [g for g in result.groups if g.target and min(g.source) >= c]
        targets = [t for g in own for t in g.target]
        local = {t: i for i, t in enumerate(targets)}
        tail_groups = [g._replace(source=tuple(i - c for i in g.source), target=tuple(local[t] for t in g.target))
                       for g in own]
        timed = dict(zip(targets, retime_entries(self._pending, [result.words[t] for t in targets], tail_groups)))
        committed: List[Dict[str, Any]] = []
        partial: List[Dict[str, Any]] = []
        for group in result.groups:
            if not group.target or max(group.source) < c:
                continue
            into = committed if max(group.source) < cut else partial
            if min(group.source) < c:  # a lexicon match reaching into the committed words: the tail's words
                into.extend({**window[i], "word": result.spoken[i]} for i in group.source if i >= c)
            else:
                into.extend(timed[t] for t in group.target)
        self._context = (self._context + self._pending[:k])[-self.left_context:] if self.left_context else []
        punct = list(used.get("punct", result.punct))
        self._context_punct = (self._context_punct + punct[c:cut])[-self.left_context:] if self.left_context else []
        self._pending = self._pending[k:]
        self._partial = partial
        self.committed += k
        return committed

    def _commit_point(self, result: "Result", labels: Dict[str, Any], c: int) -> int:
        """How many pending words to commit: those with ``lookahead`` words after them (or up to a confident
        sentence end), moved back to the start of a span that would be cut (forward to its end when the pending
        tail has reached ``max_pending``)."""
        pending = len(self._pending)
        k = max(0, pending - self.lookahead)
        probs = labels.get("punct_probs")
        if self.early_commit is not None and probs is not None:
            names = list(self.u2tf.tagger.labels["punct"])
            ends = [names.index(label) for label in SENTENCE_END if label in names]
            for j in range(pending - 2, k - 1, -1):  # one word of right context at least
                if labels["punct"][c + j] in SENTENCE_END and probs[c + j, ends].sum() >= self.early_commit:
                    k = j + 1
                    break
        forced = pending >= self.max_pending
        punct = labels.get("punct", result.punct)
        while 0 < k < pending and punct[c + k - 1] == JOIN:  # never commit half of a hyphenated compound
            k += 1 if forced else -1
        for span in reversed(result.spans):
            if span.start < c + k < span.end:
                k = span.end - c if forced else max(0, span.start - c)
        return k


def _time_pairs(entry: Dict[str, Any]) -> Tuple[Tuple[str, str], ...]:
    return tuple(pair for pair in TIME_KEYS if pair[0] in entry)


def _times(pairs: Tuple[Tuple[str, str], ...]) -> str:
    return f"the times {[k for pair in pairs for k in pair]}" if pairs else "no times"


__all__ = ["Stream", "DEFAULT_LEFT_CONTEXT"]
