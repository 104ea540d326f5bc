"""``U2TFPostProcessor``: formats NeMo ``transcribe()`` output (Hypothesis objects or strings)."""
from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from spacy_u2tf.core.api import U2TF, looks_written

from .timestamps import rebuild_segments, retime_words

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
    batch_size: int = 64
    written_input: str = "passthrough"
    in_place: bool = False
    punctuation: bool = True
    truecase: bool = True
    itn: bool = True


class U2TFPostProcessor:
    """Formats hypotheses and re-times their words.

    ``written_input``: hypotheses that already look written (cased, punctuated) are left intact
    (``"passthrough"``) or turned back into spoken form and formatted again (``"normalize"``). New objects are
    returned unless ``in_place``.
    """

    def __init__(self, model: Union[str, U2TF, None] = None, *, device: str = "cpu", batch_size: int = 64,
                 written_input: str = "passthrough", in_place: bool = False, punctuation: bool = True,
                 truecase: bool = True, itn: bool = True) -> None:
        if written_input not in WRITTEN_MODES:
            raise ValueError(f"written_input must be one of {WRITTEN_MODES}, got {written_input!r}")
        if isinstance(model, U2TF):
            self.u2tf = model
        else:
            self.u2tf = U2TF.from_pretrained(model, device=device, batch_size=batch_size, punctuation=punctuation,
                                             truecase=truecase, itn=itn, written_input="ignore")
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

    def _spoken_words(self, hyp: Any) -> List[str]:
        stamps = _word_stamps(hyp)
        if stamps:
            return [str(w.get("word", "")) for w in stamps]
        text = hyp if isinstance(hyp, str) else getattr(hyp, "text", None)
        if not isinstance(text, str):
            raise TypeError(f"a hypothesis needs a text string, got {type(hyp).__name__}")
        return text.split()

    def _batch(self, hyps: Sequence[Any]) -> List[Any]:
        words = [self._spoken_words(h) for h in hyps]
        todo = [i for i, w in enumerate(words) if not (self.written_input == "passthrough" and looks_written(w))]
        if self.written_input == "normalize":
            from spacy_u2tf.core.api import U2TF as _U2TF

            for i in todo:
                if looks_written(words[i]) and not _word_stamps(hyps[i]):
                    words[i] = _U2TF._spoken_form(words[i])
        results = dict(zip(todo, self.u2tf.process_batch([words[i] for i in todo]))) if todo else {}
        out = []
        for i, hyp in enumerate(hyps):
            result = results.get(i)
            if result is None:
                out.append(hyp if self.in_place or isinstance(hyp, str) else copy.deepcopy(hyp))
                continue
            if isinstance(hyp, str):
                out.append(result.text)
                continue
            target = hyp if self.in_place else copy.deepcopy(hyp)
            target.text = result.text
            stamps = _word_stamps(hyp)
            if stamps and len(stamps) == len(result.spoken):
                new_words = retime_words(stamps, result.words, result.groups)
                timestamp = dict(getattr(target, "timestamp", None) or {})
                timestamp["word"] = new_words
                timestamp["segment"] = rebuild_segments(new_words)
                target.timestamp = timestamp
            out.append(target)
        return out


def _word_stamps(hyp: Any) -> List[Dict[str, Any]]:
    ts = getattr(hyp, "timestamp", None)
    if isinstance(ts, dict) and isinstance(ts.get("word"), list) and ts["word"] and isinstance(ts["word"][0], dict):
        return ts["word"]
    return []


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
