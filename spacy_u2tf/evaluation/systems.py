"""Systems to evaluate: the project's model, any external command, NeMo's WFST ITN."""
from __future__ import annotations

import subprocess
from typing import Any, List, Optional, Protocol, Sequence, Tuple

from ..core.guard_stats import GuardStats
from ..core.labels import PLAIN_CLASS


def words_kept_outside_spans(result: Any) -> Tuple[int, int]:
    """(kept, total) over a Result's spoken words outside converted spans: a word is kept when its written word
    equals it apart from case and trailing punctuation; a spoken word in no alignment group counts as lost."""
    groups = getattr(result, "groups", None)
    if groups is None:  # a model that gives text only
        return 0, 0
    covered: set = set()
    kept = total = 0
    for g in groups:
        covered.update(g.source)
        if g.cls == PLAIN_CLASS or g.fallback:
            written = [result.words[t].rstrip(",.?").lower() for t in g.target]
            spoken = [result.spoken[s] for s in g.source]
            total += len(spoken)
            kept += sum(a == b for a, b in zip(spoken, written)) if len(spoken) == len(written) else 0
    lost = len(result.spoken) - len(covered)
    return kept, total + lost


class System(Protocol):
    """Anything with a ``name`` that turns spoken documents (word lists) into written text, one per document."""

    name: str

    def format_batch(self, spoken_docs: Sequence[Sequence[str]]) -> List[str]:
        ...


class ModelSystem:
    """The two-stage model: loaded from ``path`` (default: the shipped model) with ``options`` passed to
    ``U2TF.from_pretrained``, or an already loaded ``model`` (any object with ``process_batch``)."""

    def __init__(self, path: Optional[str] = None, *, model: Any = None, name: Optional[str] = None,
                 **options: Any) -> None:
        if model is None:
            from ..core.api import U2TF

            model = U2TF.from_pretrained(path, **options)
        self.name = name or (f"u2tf:{path}" if path else "u2tf")
        self.model = model

    def format_batch(self, spoken_docs: Sequence[Sequence[str]]) -> List[str]:
        """Written text per document; ``last_stats`` gets the spans converted and the guard fallbacks of the call."""
        stats = getattr(self.model, "stats", None) or GuardStats()  # a model without counters counts nothing
        before = stats.copy()
        results = self.model.process_batch([list(d) for d in spoken_docs])
        out = [r.text for r in results]
        # stage-1 labels on the spoken words, for label-level scores (None when a model gives text only)
        self.last_labels = [{"punct": r.punct, "case": r.case, "itn": r.itn} for r in results] \
            if all(hasattr(r, "punct") for r in results) else None
        kept, total = map(sum, zip(*(words_kept_outside_spans(r) for r in results))) if results else (0, 0)
        call = stats.since(before)
        spans = call.spans_converted
        self.last_stats = {"spans_converted": spans, "fallbacks": dict(call.fallbacks),
                           "alternatives": call.alternatives,
                           "fallback_rate": round(call.guard_fallbacks() / spans, 4) if spans else 0.0,
                           "words_outside_spans": total,
                           "words_outside_spans_kept": round(kept / total, 6) if total else 1.0}
        return out


class CommandSystem:
    """A shell command that reads one spoken document per line on stdin and writes one line each on stdout."""

    def __init__(self, command: str) -> None:
        self.name = f"cmd:{command}"
        self.command = command

    def format_batch(self, spoken_docs: Sequence[Sequence[str]]) -> List[str]:
        data = "".join(" ".join(d) + "\n" for d in spoken_docs)
        proc = subprocess.run(self.command, shell=True, input=data, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{self.command!r} exited with {proc.returncode}: {proc.stderr.strip()[:300]}")
        lines = [line.rstrip("\r") for line in proc.stdout.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != len(spoken_docs):
            raise RuntimeError(f"{self.command!r} wrote {len(lines)} lines for {len(spoken_docs)} input lines")
        return lines


def make_system(spec: str, **model_options: Any) -> System:
    """``model``, ``model:PATH``, ``nemo-itn`` or ``cmd:COMMAND``; ``model_options`` (e.g. ``dtype="fp32"``) go to
    ``U2TF.from_pretrained`` for the model systems."""
    if spec == "model":
        return ModelSystem(**model_options)
    if spec.startswith("model:"):
        return ModelSystem(spec[len("model:"):], **model_options)
    if spec == "nemo-itn":
        from .baselines import NemoITN

        return NemoITN()
    if spec.startswith("cmd:"):
        return CommandSystem(spec[len("cmd:"):])
    raise ValueError(f"unknown system {spec!r}: use model, model:PATH, nemo-itn or cmd:COMMAND")
