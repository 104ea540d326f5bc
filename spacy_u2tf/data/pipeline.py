"""``u2tf data``: written text files → sharded, compressed training examples (spoken words + labels + spans).

Deterministic for a given seed: every document gets its own RNG seeded from (seed, file name, document index),
and worker results are written in input order whatever the number of processes.
"""
from __future__ import annotations

import gzip
import io
import itertools
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from .clean import CleanStats, chunk_document
from .example import Example

BACKENDS = ("own", "nemo")


def read_documents(path: Path, field_name: str = "text") -> Iterator[str]:
    """Documents of a UTF-8 text or JSONL file (``.gz`` allowed): one JSON object per line with ``field_name``,
    or for plain text one document per paragraph (blank-line separated)."""
    opener = gzip.open if path.suffix == ".gz" else open
    is_jsonl = ".jsonl" in path.suffixes or ".json" in path.suffixes
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        if is_jsonl:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as err:
                    raise ValueError(f"{path}:{lineno}: not valid JSON ({err.msg})") from None
                value = obj.get(field_name) if isinstance(obj, dict) else None
                if isinstance(value, str):
                    yield value
        else:
            para: List[str] = []
            for line in fh:
                if line.strip():
                    para.append(line.rstrip("\n"))
                elif para:
                    yield "\n".join(para)
                    para = []
            if para:
                yield "\n".join(para)


def source_name(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".jsonl", ".json", ".txt"):
        name = name[: -len(suffix)] if name.endswith(suffix) else name
    return name


@dataclass
class FileStats:
    """Per-input-file counts: documents, examples, words, round trip, labels, spans, rejections."""

    documents: int = 0
    examples: int = 0
    words: int = 0
    roundtrip_ok: int = 0
    roundtrip_fail: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)
    punct: Counter = field(default_factory=Counter)
    case: Counter = field(default_factory=Counter)
    itn: Counter = field(default_factory=Counter)
    disfl: Counter = field(default_factory=Counter)
    span_classes: Counter = field(default_factory=Counter)
    clean: CleanStats = field(default_factory=CleanStats)

    def add(self, other: "FileStats") -> None:
        for name in ("documents", "examples", "words", "roundtrip_ok"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("roundtrip_fail", "rejected", "punct", "case", "itn", "disfl", "span_classes"):
            getattr(self, name).update(getattr(other, name))
        self.clean.merge(other.clean)

    def to_dict(self) -> dict:
        def shares(c: Counter) -> Dict[str, float]:
            total = sum(c.values()) or 1
            return {k: round(v / total, 5) for k, v in sorted(c.items())}

        checked = self.roundtrip_ok + sum(self.roundtrip_fail.values())
        return {
            "documents": self.documents,
            "examples": self.examples,
            "words": self.words,
            "roundtrip_checked": checked,
            "roundtrip_rate": round(self.roundtrip_ok / checked, 6) if checked else None,
            "roundtrip_failures": dict(self.roundtrip_fail),
            "rejected": dict(self.rejected),
            "label_share": {"punct": shares(self.punct), "case": shares(self.case), "itn": shares(self.itn),
                            **({"disfl": shares(self.disfl)} if self.disfl else {})},
            "span_classes": dict(self.span_classes),
            "cleaning": self.clean.to_dict(),
        }


def _failure_class(ex: Example, got: str) -> str:
    """Name what differs first between a failed round trip and its reference."""
    want_words, got_words = ex.written.split(" "), got.split(" ")
    for w, g in zip(want_words, got_words):
        if w != g:
            if w.lower().strip(",.?") == g.lower().strip(",.?"):
                return "case_or_punct"
            return "word"
    return "length"


_BUILDER = None


def _builder(backend: str):
    global _BUILDER
    if _BUILDER is None:
        if backend == "own":
            from .examples import ExampleBuilder

            _BUILDER = ExampleBuilder()
        else:
            from . import nemo_backend

            class _Nemo:
                rejected: Counter = Counter()
                span_classes: Counter = Counter()

                def build(self, text: str, rng: random.Random, source: str = "") -> Optional[Example]:
                    ex = nemo_backend.make_example_nemo(text)
                    if ex is None:
                        self.rejected["nemo_unaligned"] += 1
                        return None
                    ex.source = source
                    self.span_classes.update(s.cls for s in ex.spans)
                    return ex

            _BUILDER = _Nemo()
    return _BUILDER


@dataclass(frozen=True)
class Augment:
    """What ``u2tf data`` adds to examples: mixed-case words in place of proper nouns (``mixed_case``: the share
    of capitalized words inside sentences replaced, see :mod:`.mixed_case`), disfluency labels and inserted
    disfluencies (``disfluent_share`` of examples get them, about ``disfluency_rate`` per word; see
    :mod:`.disfluency`). All zero: examples as the verbalizer made them, without disfluency labels."""

    mixed_case: float = 0.0
    disfluent_share: float = 0.0
    disfluency_rate: float = 0.05

    def apply(self, ex: Example, rng: random.Random) -> Example:
        if self.mixed_case:
            from .mixed_case import add_mixed_case

            ex = add_mixed_case(ex, rng, self.mixed_case)
        if self.disfluent_share:
            from .disfluency import add_disfluencies, label_real_fillers

            label_real_fillers(ex)
            if rng.random() < self.disfluent_share:
                ex = add_disfluencies(ex, rng, self.disfluency_rate)
        return ex


def round_trip_text(ex: Example) -> str:
    """The written text an example's own labels give, without the words inserted into its spoken side only."""
    from .disfluency import fluent

    return fluent(ex).assemble().text


def process_document(task: Tuple[str, int, str, int, str, int, int, Augment]) -> Tuple[List[str], FileStats]:
    """Worker: one document → serialized examples (JSON lines) and its stats."""
    source, index, text, seed, backend, min_words, max_words, augment = task
    rng = random.Random(f"{seed}:{source}:{index}")
    builder = _builder(backend)
    stats = FileStats(documents=1)
    before_rej, before_cls = Counter(builder.rejected), Counter(builder.span_classes)
    lines: List[str] = []
    target = rng.randint(min_words, max_words)
    for chunk in chunk_document(text, min_words=min_words, max_words=max_words, stats=stats.clean, target_words=target):
        ex = builder.build(chunk, rng, source)
        target = rng.randint(min_words, max_words)
        if ex is None:
            continue
        ex = augment.apply(ex, rng)
        got = round_trip_text(ex)
        if got == ex.written:
            stats.roundtrip_ok += 1
        else:
            stats.roundtrip_fail[_failure_class(ex, got)] += 1
            continue
        stats.examples += 1
        stats.words += len(ex.spoken)
        stats.punct.update(ex.punct)
        stats.case.update(ex.case)
        stats.itn.update(ex.itn)
        stats.disfl.update(ex.disfl or ())
        lines.append(ex.to_json())
    stats.rejected = builder.rejected - before_rej
    stats.span_classes = builder.span_classes - before_cls
    return lines, stats


class ShardWriter:
    """Writes gzip JSONL shards ``{prefix}-{n:05d}.jsonl.gz`` of at most ``size`` examples."""

    def __init__(self, folder: Path, prefix: str, size: int) -> None:
        self.folder, self.prefix, self.size = folder, prefix, size
        self.count = 0
        self.shards = 0
        self._fh: Optional[io.TextIOBase] = None

    def write(self, line: str) -> None:
        if self._fh is None or self.count % self.size == 0:
            self.close()
            path = self.folder / f"{self.prefix}-{self.shards:05d}.jsonl.gz"
            self._fh = gzip.open(path, "wt", encoding="utf-8", compresslevel=6)  # type: ignore[assignment]
            self.shards += 1
        self._fh.write(line + "\n")  # type: ignore[union-attr]
        self.count += 1

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def run_pipeline(
    inputs: Sequence[Path],
    out: Path,
    *,
    backend: str = "own",
    seed: int = 0,
    processes: int = 1,
    max_words: Optional[int] = None,
    max_docs: Optional[int] = None,
    skip_docs: int = 0,
    synthetic: int = 0,
    min_example_words: int = 30,
    max_example_words: int = 250,
    shard_size: int = 5000,
    field_name: str = "text",
    progress: bool = True,
    augment: Augment = Augment(),
) -> Dict[str, dict]:
    """Run the data pipeline over ``inputs`` into ``out``; returns and writes ``stats.json`` per input file.

    ``skip_docs`` leaves out the first documents of each file (a later part of a corpus for a fresh sample);
    ``max_docs`` and ``max_words`` count from there. ``synthetic`` adds that many generated documents with rare
    entities (:mod:`.synthetic`) as the source ``synthetic``; the skip and the document limit do not apply to
    them. ``augment`` adds mixed-case words and disfluencies (:class:`Augment`); the round trip then checks the
    example without its inserted words.
    """
    from multiprocessing import get_context

    from tqdm import tqdm

    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose from {BACKENDS}")
    out.mkdir(parents=True, exist_ok=True)
    report: Dict[str, dict] = {}
    # (name, documents, documents to skip, document limit); generated documents are a fresh draw per seed
    sources: List[Tuple[str, Callable[[], Iterable[str]], int, Optional[int]]] = [
        (source_name(path), lambda path=path: read_documents(path, field_name), skip_docs, max_docs)
        for path in inputs]
    if synthetic:
        from .synthetic import synthetic_documents

        sources.append(("synthetic", lambda: synthetic_documents(synthetic, seed), 0, None))
    for source, read, skip, limit in sources:
        stats = FileStats()
        writer = ShardWriter(out, f"{source}.{backend}", shard_size)
        docs = read()
        stop = None if limit is None else skip + limit
        tasks = (
            (source, i, doc, seed, backend, min_example_words, max_example_words, augment)
            for i, doc in itertools.islice(enumerate(docs), skip, stop)  # reads no further than it needs
        )
        started = time.perf_counter()
        bar = tqdm(desc=source, unit="ex", disable=not progress, dynamic_ncols=True)
        pool = get_context("fork").Pool(processes) if processes > 1 else None
        try:
            results = pool.imap(process_document, tasks, chunksize=4) if pool else map(process_document, tasks)
            for lines, doc_stats in results:
                for line in lines:
                    writer.write(line)
                stats.add(doc_stats)
                bar.update(len(lines))
                bar.set_postfix(words=stats.words, docs=stats.documents)
                if max_words is not None and stats.words >= max_words:
                    break
        finally:
            if pool:
                pool.terminate()
            writer.close()
            bar.close()
        elapsed = time.perf_counter() - started
        entry = stats.to_dict()
        sentences = entry["cleaning"]["kept"]
        entry.update({"seconds": round(elapsed, 2), "examples_per_s": round(stats.examples / max(elapsed, 1e-9), 1),
                      "words_per_s": round(stats.words / max(elapsed, 1e-9), 1), "chunks": sentences,
                      "backend": backend, "processes": processes, "seed": seed, "shards": writer.shards})
        report[source] = entry
    stats_path = out / f"stats.{backend}.json"
    previous = json.loads(stats_path.read_text()) if stats_path.exists() else {}
    previous.update(report)
    stats_path.write_text(json.dumps(previous, indent=2))
    return report
