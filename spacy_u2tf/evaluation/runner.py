"""Score several systems on the same spoken inputs in one run (``u2tf eval``, :mod:`spacy_u2tf.cli.eval`).

Each ``--data`` file is read by format (``readers.detect_format`` unless ``--format``): written references are
verbalized into spoken input (``--verbalizer own|nemo``) and every ``--system`` formats the same inputs once,
timed, then scored by :func:`evaluate` (re-exported here from ``metrics``); NeMo case folders are scored per
case and class instead. Python callers use :func:`load_examples`, :func:`evaluate_systems` and :func:`evaluate`.
"""
from __future__ import annotations

import random
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..data.example import Example
from .metrics import evaluate
from .readers import FORMATS as READER_FORMATS
from .readers import chunked, detect_format, mixed_case_sentences, read_iwslt, read_nemo_cases, read_references
from .systems import System

FORMATS = ("auto",) + READER_FORMATS
IWSLT_NOTE = "IWSLT references are lowercase: only the punctuation scores are meaningful"


def load_examples(path: Path, fmt: str, verbalizer: str, limit: Optional[int], seed: int,
                  field: Optional[str] = None, *, mixed_only: bool = False,
                  chunk_words: Optional[int] = None) -> Tuple[List[Example], int]:
    """Reference Examples and how many documents could not be used. Written references (``text``, ``jsonl``,
    ``dialogsum``) are cleaned and verbalized by ``verbalizer`` (``own``: the data pipeline's ExampleBuilder with
    ``random.Random(seed + i)`` per document; ``nemo``: NeMo's WFST normalizer); ``iwslt`` and ``examples`` files
    hold Examples already. ``fmt="auto"`` guesses from the file name. ``mixed_only``: one reference per sentence
    that holds a mixed-case word (:func:`.readers.mixed_case_sentences`) instead of whole documents;
    ``chunk_words``: documents cut into pieces of about that many words (:func:`.readers.chunked`)."""
    if fmt == "auto":
        fmt = detect_format(path)
    if fmt == "nemo":
        raise ValueError(f"{path}: NeMo case files are scored per case (evaluate_nemo_cases), not as Examples")
    if fmt in ("iwslt", "examples"):
        examples = list(read_iwslt(path)) if fmt == "iwslt" else [
            Example.from_json(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        return examples[:limit] if limit else examples, 0
    from ..data.clean import clean_text

    if verbalizer == "nemo":
        from ..data.nemo_backend import make_example_nemo
    else:
        from ..data.examples import ExampleBuilder

        builder = ExampleBuilder()
    out: List[Example] = []
    failed = 0
    references = read_references(path, fmt, field)
    if mixed_only:
        references = mixed_case_sentences(references)
    elif chunk_words:
        references = chunked(references, chunk_words)
    for i, text in enumerate(references):
        if limit and len(out) >= limit:
            break
        cleaned = clean_text(text)
        if not cleaned:
            continue
        ex = make_example_nemo(cleaned) if verbalizer == "nemo" else builder.build(cleaned, random.Random(seed + i))
        if ex is None:
            failed += 1
        else:
            out.append(ex)
    return out, failed


def _loose(text: str) -> str:
    text = text.strip().rstrip(".?,")
    return text[:1].lower() + text[1:]


def _style_free(text: str) -> str:
    """:func:`_loose`, lowercased, without house-style differences that keep the value: digit-group commas
    (``147,451`` = ``147451``) and a zero-padded hour (``02:30`` = ``2:30``)."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", _loose(text).lower())
    return re.sub(r"\b0(\d:\d\d)", r"\1", text)


# How a NeMo case output is compared with its written form: exact, loose, style-free (see evaluate_nemo_cases).
_CASE_VIEWS: Dict[str, Callable[[str], str]] = {"exact": lambda t: t, "loose": _loose, "style_free": _style_free}


def evaluate_nemo_cases(path: Path, systems: Sequence[System], limit: Optional[int],
                        cased: bool = False) -> Dict[str, Dict]:
    """Share of NeMo's own ITN test cases each system reproduces, by class: ``exact``; ``loose``, ignoring a
    capitalized first letter and a final mark, which the formatter adds and NeMo's cases leave out; ``style_free``,
    also ignoring case, digit-group commas and zero-padded hours (same value, other house style)."""
    cases = list(read_nemo_cases(path, cased))
    if limit:
        cases = cases[:limit]
    report: Dict[str, Dict] = {}
    for system in systems:
        start = time.perf_counter()
        spoken = [spoken.split() for _, spoken, _ in cases]
        outputs = system.format_batch(spoken)
        elapsed = time.perf_counter() - start
        hits: Dict[str, Dict[str, int]] = {name: defaultdict(int) for name in _CASE_VIEWS}
        counts: Dict[str, int] = defaultdict(int)
        for (cls, _, written), got in zip(cases, outputs):
            counts[cls] += 1
            for name, view in _CASE_VIEWS.items():
                hits[name][cls] += view(got) == view(written)
        scores: Dict[str, float] = {f"{name}_{c}": round(hits[name][c] / counts[c], 4)
                                    for name in _CASE_VIEWS for c in sorted(counts)}
        total = sum(counts.values())
        scores.update({f"{name}_all": round(sum(hits[name].values()) / max(1, total), 4) for name in _CASE_VIEWS})
        scores.update({"cases": total,
                       "seconds": round(elapsed, 2),
                       "words_per_s": round(sum(map(len, spoken)) / max(elapsed, 1e-9), 1)})
        report[system.name] = scores
    return report


def evaluate_systems(examples: Sequence[Example], systems: Sequence[System]) -> Dict[str, Dict]:
    """``{system name: scores}``: each system formats all spoken inputs in one ``format_batch`` call (timed:
    ``seconds``, ``words_per_s``), scored by :func:`evaluate`."""
    report: Dict[str, Dict] = {}
    spoken = [ex.spoken for ex in examples]
    words = sum(len(s) for s in spoken)
    for system in systems:
        start = time.perf_counter()
        outputs = system.format_batch(spoken)
        elapsed = time.perf_counter() - start
        scores = evaluate(examples, outputs)
        scores.update({"seconds": round(elapsed, 2), "words_per_s": round(words / max(elapsed, 1e-9), 1)})
        scores.update(getattr(system, "last_stats", {}))
        scores.update(_stage1_scores(examples, getattr(system, "last_labels", None)))
        report[system.name] = scores
    return report


def _stage1_scores(examples: Sequence[Example], labels: Optional[Sequence[Dict]]) -> Dict[str, float]:
    """Label-level F1 of the tagger on the same spoken words (``label_`` keys: punctuation per mark, casing per
    class outside ITN spans, exact ITN span F1); empty when the system gives no labels."""
    if not labels:
        return {}
    from .label_scores import label_scores

    try:
        scores = label_scores(examples, labels)
    except ValueError:  # labels not on the same spoken words (e.g. written input normalized first)
        return {}
    keep = [k for k in scores if "_f1" in k]
    return {f"label_{k}": scores[k] for k in keep}


def _cell(value: Optional[float]) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}" if abs(value) < 100 else f"{value:.0f}"
    return str(value)


def format_table(report: Dict[str, Dict]) -> str:
    """Metric rows × system columns (numeric scores only; a missing or undefined score prints ``-``)."""
    systems = list(report)
    keys: List[str] = []
    for scores in report.values():
        keys += [k for k, v in scores.items() if k not in keys and (v is None or isinstance(v, (int, float)))]
    width = max([len(k) for k in keys] + [6])
    cols = [max(12, len(s)) for s in systems]
    lines = [" " * width + "  " + "  ".join(s.rjust(c) for s, c in zip(systems, cols))]
    for k in keys:
        cells = []
        for s, c in zip(systems, cols):
            v = report[s].get(k)
            cells.append(_cell(v).rjust(c))
        lines.append(k.ljust(width) + "  " + "  ".join(cells))
    return "\n".join(lines)
