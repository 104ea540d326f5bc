"""``U2TFPostProcessor``: formats NeMo ``transcribe()`` output (Hypothesis objects or strings)."""
from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from spacy_u2tf.core.api import U2TF, looks_written
from spacy_u2tf.core.precision import DEFAULT_DTYPE
from spacy_u2tf.core.timing import check_word_stamps, process_words_batch, word_entry

WRITTEN_MODES = ("passthrough", "normalize")


@dataclass
class U2TFPostProcessorConfig:
    """Config for Hydra/OmegaConf ``instantiate`` in user scripts::

        cfg = OmegaConf.structured(U2TFPostProcessorConfig(device="cuda"))
        post = hydra.utils.instantiate(cfg)

    NeMo's own model configs reject foreign ``_target_`` classes, so keep this in your script's config, not in
    the ASR model's config (see examples/nemo/transcribe_and_format.py).
    """

    _target_: str = "nemo_adapter.postprocessor.U2TFPostProcessor"
    model: Optional[str] = None
    device: str = "cpu"
    dtype: Optional[str] = DEFAULT_DTYPE
    batch_size: int = 64
    written_input: str = "passthrough"
    in_place: bool = False
    punctuation: bool = True
    truecase: bool = True
    itn: bool = True
    disfluencies: str = "keep"


class U2TFPostProcessor:
    """Formats hypotheses and re-times their words.

    ``written_input``: hypotheses that already look written (cased, punctuated) are left intact
    (``"passthrough"``) or turned back into spoken form and formatted again (``"normalize"``). New objects are
    returned unless ``in_place``.

    Word timestamps (``hyp.timestamp["word"]``, as NeMo's ``transcribe(timestamps=True)`` gives them) are the
    words that get formatted, and a formatted hypothesis always gets ``timestamp["word"]`` re-timed to its
    written words (through the alignment groups, by :mod:`spacy_u2tf.core.timing`) and ``timestamp["segment"]``
    rebuilt from them; other keys are kept. A hypothesis without word timestamps is formatted from ``text`` and
    its ``timestamp`` is left as it is. Malformed word timestamps (see
    :func:`~spacy_u2tf.core.timing.check_word_stamps`) raise ``ValueError``.

    ``disfluencies`` (``"keep"``, ``"fillers"``, ``"all"``; see :class:`~spacy_u2tf.core.api.U2TF`): the words it
    drops leave ``timestamp["word"]`` and the segments, and the words around them keep their own times. The
    formatter's results say which spoken words were dropped: alignment groups of class ``"disfluency"``.

    ``device`` and ``dtype`` load a model given by name or folder, as
    :meth:`~spacy_u2tf.core.api.U2TF.from_pretrained` takes them.
    """

    def __init__(self, model: Union[str, U2TF, None] = None, *, device: str = "cpu",
                 dtype: Optional[str] = DEFAULT_DTYPE, batch_size: int = 64, written_input: str = "passthrough",
                 in_place: bool = False, punctuation: bool = True, truecase: bool = True, itn: bool = True,
                 disfluencies: str = "keep") -> None:
        if written_input not in WRITTEN_MODES:
            raise ValueError(f"written_input must be one of {WRITTEN_MODES}, got {written_input!r}")
        if isinstance(model, U2TF):
            self.u2tf = model
        else:
            self.u2tf = U2TF.from_pretrained(model, device=device, dtype=dtype, batch_size=batch_size,
                                             punctuation=punctuation, truecase=truecase, itn=itn,
                                             written_input="ignore", disfluencies=disfluencies)
        self.written_input = written_input
        self.in_place = in_place
        self.batch_size = batch_size

    # -- hypotheses --------------------------------------------------------------------------------------
    def __call__(self, hypotheses: Sequence[Any]) -> List[Any]:
        return self.process(hypotheses)

    def process(self, hypotheses: Sequence[Any]) -> List[Any]:
        """Formatted copies of ``hypotheses`` (strings in → strings out; Hypothesis-like objects in → out)."""
        if isinstance(hypotheses, (str, bytes)) or not isinstance(hypotheses, Sequence):
            raise TypeError("process() takes a list of hypotheses or strings")
        out: List[Any] = []
        for start in range(0, len(hypotheses), self.batch_size):
            out.extend(self._batch(hypotheses[start:start + self.batch_size]))
        return out

    @staticmethod
    def _text_words(hyp: Any) -> List[str]:
        text = hyp if isinstance(hyp, str) else getattr(hyp, "text", None)
        if not isinstance(text, str):
            raise TypeError(f"a hypothesis needs a text string, got {type(hyp).__name__}")
        return text.split()

    def _formatter(self) -> U2TF:
        """The formatter for this adapter's ``written_input``: with ``"normalize"``, the model reading written-looking
        words again (the same weights; only its ``written_input`` differs)."""
        if self.written_input != "normalize" or self.u2tf.written_input == "normalize":
            return self.u2tf
        twin = copy.copy(self.u2tf)
        twin.written_input = "normalize"
        return twin

    def _batch(self, hyps: Sequence[Any]) -> List[Any]:
        stamps = [_word_stamps(h) for h in hyps]  # None: no word timestamps
        docs = [st if st is not None else self._text_words(h) for h, st in zip(hyps, stamps)]
        todo = [i for i, d in enumerate(docs)
                if not (self.written_input == "passthrough" and looks_written([word_entry(w)["word"] for w in d]))]
        timed = dict(zip(todo, process_words_batch(self._formatter(), [docs[i] for i in todo]))) if todo else {}
        out = []
        for i, hyp in enumerate(hyps):
            formatted = timed.get(i)
            if formatted is None:
                out.append(hyp if self.in_place or isinstance(hyp, str) else copy.deepcopy(hyp))
                continue
            if isinstance(hyp, str):
                out.append(formatted.text)
                continue
            target = hyp if self.in_place else copy.deepcopy(hyp)
            target.text = formatted.text
            if stamps[i] is not None:
                timestamp = dict(getattr(target, "timestamp", None) or {})
                timestamp["word"] = formatted.words
                timestamp["segment"] = formatted.segments
                target.timestamp = timestamp
            out.append(target)
        return out


def _word_stamps(hyp: Any) -> Optional[List[Dict[str, Any]]]:
    """The hypothesis' word timestamps (checked); ``None`` when it has none. ``ValueError`` when they are
    malformed (see :func:`~spacy_u2tf.core.timing.check_word_stamps`)."""
    ts = getattr(hyp, "timestamp", None)
    stamps = ts.get("word") if isinstance(ts, dict) else None
    if stamps is None or (isinstance(stamps, list) and not stamps):
        return None
    check_word_stamps(stamps)
    return stamps


def _read_manifest(path: Path) -> Iterator[Dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as err:
                raise ValueError(f"{path}:{lineno}: not valid JSON ({err.msg})") from None


def format_manifest(in_path: Union[str, Path], out_path: Union[str, Path], *, field: str = "pred_text",
                    out_field: str = "pred_text_formatted", post: Optional[U2TFPostProcessor] = None,
                    batch_size: int = 256, progress: bool = True) -> int:
    """Stream a NeMo JSON-lines manifest, format ``field`` into ``out_field``; returns the line count."""
    from tqdm import tqdm

    post = post or U2TFPostProcessor()
    count = 0
    batch: List[Dict[str, Any]] = []
    with open(out_path, "w", encoding="utf-8") as out, tqdm(unit="line", disable=not progress, file=sys.stderr) as bar:
        def flush() -> None:
            nonlocal count
            texts = post.process([str(r.get(field, "")) for r in batch])
            for record, text in zip(batch, texts):
                record[out_field] = text
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += len(batch)
            bar.update(len(batch))
            batch.clear()

        for record in _read_manifest(Path(in_path)):
            if field not in record:
                raise ValueError(f"{in_path}: record {count + len(batch) + 1} has no field {field!r}")
            batch.append(record)
            if len(batch) >= batch_size:
                flush()
        if batch:
            flush()
    return count
