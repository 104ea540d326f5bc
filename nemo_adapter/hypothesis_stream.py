"""``U2TFStreamingPostProcessor``: formats NeMo streaming hypotheses as they grow, committing re-timed written words.

NeMo's streaming decoders (cache-aware streaming, buffered CTC/RNNT inference) give, chunk after chunk, the
hypothesis of the current utterance so far: ``text`` and, with timestamps on, ``timestamp["word"]``. The last word
of a partial hypothesis may still grow ("twen" → "twenty"), so all but the last ``unstable_words`` words are taken
as final and pushed into a :class:`spacy_u2tf.core.stream.Stream`, which commits written words once it has enough
right context.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

from spacy_u2tf.core.api import U2TF
from spacy_u2tf.core.precision import DEFAULT_DTYPE

from .postprocessor import _word_stamps


def _hypothesis_words(hyp: Any) -> List[Any]:
    """The hypothesis' words: its word timestamps when it has them, else the words of its text."""
    stamps = _word_stamps(hyp)
    if stamps is not None:
        return stamps
    text = hyp if isinstance(hyp, str) else getattr(hyp, "text", None)
    if not isinstance(text, str):
        raise TypeError(f"a hypothesis needs a text string, got {type(hyp).__name__}")
    return text.split()


class U2TFStreamingPostProcessor:
    """Committed, re-timed written words from a sequence of growing NeMo hypotheses (one audio stream).

    ``update(hyp)`` takes the current utterance's hypothesis so far and returns the written words it commits
    (dicts: ``word`` plus the spoken words' time keys, e.g. ``start_offset``/``end_offset``/``start``/``end``);
    ``end_utterance(hyp)`` takes the utterance's final hypothesis and commits the rest. Words already pushed are
    never taken back: should the recognizer revise one, the revision is counted in ``revised`` and ignored.
    """

    def __init__(self, model: Union[str, U2TF, None] = None, *, lookahead: int = 8, unstable_words: int = 1,
                 device: str = "cpu", dtype: Optional[str] = DEFAULT_DTYPE, **stream_options: Any) -> None:
        if unstable_words < 0:
            raise ValueError(f"unstable_words must be 0 or more, got {unstable_words}")
        self.u2tf = model if isinstance(model, U2TF) else U2TF.from_pretrained(model, device=device, dtype=dtype,
                                                                              written_input="ignore")
        self.stream = self.u2tf.stream(lookahead=lookahead, **stream_options)
        self.unstable_words = unstable_words
        self.revised = 0  # pushed words the recognizer changed afterwards
        self._pushed: List[str] = []  # the current utterance's words pushed so far

    def _take(self, hyp: Any, final: bool) -> List[Any]:
        words = _hypothesis_words(hyp)
        stable = len(words) if final else max(0, len(words) - self.unstable_words)
        taken = len(self._pushed)
        self.revised += sum(1 for old, new in zip(self._pushed, words[:taken]) if old != _text(new))
        new = words[taken:stable]
        self._pushed += [_text(w) for w in new]
        return new

    def update(self, hyp: Any) -> List[Dict[str, Any]]:
        """Push the words of ``hyp`` (the utterance so far) that are final now; returns the committed words."""
        return self.stream.push(self._take(hyp, final=False))

    def end_utterance(self, hyp: Optional[Any] = None) -> List[Dict[str, Any]]:
        """Push the rest of the utterance's final hypothesis (if given) and commit everything pending."""
        out = self.stream.push(self._take(hyp, final=True)) if hyp is not None else []
        self._pushed = []
        return out + self.stream.flush()

    def __call__(self, hypotheses: Iterable[Any]) -> Iterator[Dict[str, Any]]:
        """Committed words from one utterance's growing hypotheses, the last one taken as final."""
        last = None
        for hyp in hypotheses:
            if last is not None:
                yield from self.update(last)
            last = hyp
        yield from self.end_utterance(last)


def _text(word: Any) -> str:
    return word["word"] if isinstance(word, dict) else word


__all__ = ["U2TFStreamingPostProcessor"]
