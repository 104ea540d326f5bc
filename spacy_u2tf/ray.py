"""Formatting datasets on Ray Data (extra ``ray``): :class:`Formatter` for ``Dataset.map_batches`` and
:func:`format_file`, which reads JSONL, Parquet or text, formats it on a Ray cluster and writes the same format.

Every input row comes out exactly once; a row that cannot be formatted (not a string, longer than ``max_words``,
invalid JSON) gets a message in the ``error`` column instead of stopping the job. Ray is imported only inside the
functions that need it, so this module loads without it.
"""
from __future__ import annotations

import gc
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

from .core.api import DEFAULT_DTYPE

ERROR_COLUMN = "error"
LABELS_COLUMN = "labels"
ALIGNMENT_COLUMN = "alignment"
FORMATS = ("jsonl", "parquet", "text")
TEXT_OUTPUT = "written"  # text files: the column of the formatted lines (a failing line is written unchanged)
ROWS_PER_BLOCK = 2_000
MAX_WORDS = 100_000  # longer rows are reported as errors: one such row would hold a whole batch's memory
_SUFFIXES = {".jsonl": "jsonl", ".json": "jsonl", ".parquet": "parquet", ".txt": "text", ".text": "text"}


class Formatter:
    """A stateful callable for ``ray.data.Dataset.map_batches`` (``batch_format="numpy"``): each actor loads the
    model once, then formats ``column`` of every batch into ``output_column`` (default: ``column`` itself).

    ``labels`` / ``alignment`` add JSON-string columns: the per-word punct/case/ITN labels, and the alignment
    groups ``[[spoken word indices], [written word indices], class]``. ``jsonl``: ``column`` holds raw JSON lines;
    each is parsed, its ``field`` formatted into ``output_field`` and written back as a JSON line (a failing line
    keeps its text and gets an ``"error"`` key). Other ``options`` go to :meth:`spacy_u2tf.U2TF.from_pretrained`.

    >>> ds.map_batches(Formatter, fn_constructor_kwargs={"column": "text"}, batch_format="numpy",
    ...                batch_size=64, concurrency=4, num_cpus=1)
    """

    def __init__(self, model: Optional[str] = None, *, column: str = "text", output_column: Optional[str] = None,
                 labels: bool = False, alignment: bool = False, max_words: int = MAX_WORDS, jsonl: bool = False,
                 field: str = "text", output_field: Optional[str] = None, threads: Optional[int] = 1,
                 device: str = "cpu", dtype: Optional[str] = DEFAULT_DTYPE, **options: Any) -> None:
        from .core.api import U2TF
        from .core.threads import set_threads
        from .format_io import LineGuard

        set_threads(threads)
        self.guard = LineGuard(U2TF.from_pretrained(model, device=device, dtype=dtype, **options))
        self.column = column
        self.output_column = output_column or column
        self.labels = labels
        self.alignment = alignment
        self.max_words = max_words
        self.jsonl = jsonl
        self.field = field
        self.output_field = output_field or field

    def __call__(self, batch: Dict[str, np.ndarray]) -> Dict[str, np.ndarray]:
        values = list(batch[self.column])
        records: List[Optional[dict]] = [None] * len(values)
        texts: List[Any] = values
        errors: List[Optional[str]] = [None] * len(values)
        if self.jsonl:
            texts = []
            for i, line in enumerate(values):
                record, text, errors[i] = _parse_record(line, self.field)
                records[i] = record
                texts.append(text)
        for i, text in enumerate(texts):
            if errors[i] is None:
                errors[i] = self._check(text)
        todo = [i for i, e in enumerate(errors) if e is None]
        results: List[Any] = [None] * len(values)
        for i, (result, error) in zip(todo, self.guard.results([texts[i] for i in todo])):
            results[i], errors[i] = result, error
        out = dict(batch)
        if self.jsonl:
            out[self.output_column] = _object_array(
                [_dump_record(records[i], values[i], self.output_field, results[i], errors[i])
                 for i in range(len(values))])
        else:
            out[self.output_column] = _object_array([None if r is None else r.text for r in results])
        out[ERROR_COLUMN] = _object_array(errors)
        if self.labels:
            out[LABELS_COLUMN] = _object_array([None if r is None else json.dumps(
                {"punct": r.punct, "case": r.case, "itn": r.itn}) for r in results])
        if self.alignment:
            out[ALIGNMENT_COLUMN] = _object_array([None if r is None else json.dumps(
                [[list(g.source), list(g.target), g.cls] for g in r.groups]) for r in results])
        return out

    def _check(self, text: Any) -> Optional[str]:
        """Why ``text`` is not formatted (not a string, too long), else ``None``."""
        if not isinstance(text, str):
            return f"TypeError: expected a string, got {type(text).__name__}"
        if len(text) > self.max_words:  # a text of at most max_words characters has at most as many words
            words = len(text.split())
            if words > self.max_words:
                return f"ValueError: {words} words, more than max_words={self.max_words}"
        return None


def _object_array(values: List[Any]) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def _parse_record(line: Any, field: str) -> Tuple[Optional[dict], Any, Optional[str]]:
    """``(record, text, None)`` from one JSON line, or ``(record or None, None, error)``."""
    try:
        record = json.loads(line)
    except (TypeError, ValueError) as err:
        return None, None, f"ValueError: not a JSON line ({err})"
    if not isinstance(record, dict):
        return None, None, "ValueError: the JSON line is not an object"
    if field not in record:
        return record, None, f"KeyError: no field {field!r}"
    return record, record[field], None


def _dump_record(record: Optional[dict], line: Any, output_field: str, result: Any, error: Optional[str]) -> str:
    if record is None:  # not a JSON object: keep the line as a string field beside the error
        return json.dumps({"line": str(line), ERROR_COLUMN: error}, ensure_ascii=False)
    record = dict(record)
    if error is None:
        record[output_field] = result.text
    else:
        record[ERROR_COLUMN] = error
    return json.dumps(record, ensure_ascii=False)


@dataclass
class Summary:
    """What :func:`format_file` did: rows read and written, and the failing rows (0-based, in input order when the
    order was kept)."""

    rows_in: int = 0
    rows_out: int = 0
    failed: List[int] = field(default_factory=list)
    errors: List[str] = field(default_factory=list)  # the first messages, one per failing row
    seconds: float = 0.0
    startup_seconds: float = 0.0  # ray.init and the job's first batch


def detect_format(path: Union[str, Path]) -> str:
    """``jsonl``, ``parquet`` or ``text`` from the file's suffix (anything unknown reads as text)."""
    return _SUFFIXES.get(Path(path).suffix.lower(), "text")


def init_ray(address: Optional[str] = None, num_cpus: Optional[int] = None) -> None:
    """Connect to the cluster at ``address``, or start a local Ray instance on ``num_cpus`` (default: the cores
    this process may run on). Does nothing when Ray is already initialized."""
    import ray

    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        from .core.parallel import available_cores

        ray.init(num_cpus=num_cpus or available_cores(), include_dashboard=False, log_to_driver=False)


def format_file(source: Union[str, Path], target: Union[str, Path], *, fmt: Optional[str] = None,
                column: str = "text", output_column: Optional[str] = None, actors: Optional[int] = None,
                batch_size: int = 64, preserve_order: bool = True, address: Optional[str] = None,
                num_cpus: Optional[int] = None, **formatter_options: Any) -> Summary:
    """Format ``source`` (JSONL, Parquet or one transcript per line) on Ray and write ``target`` in the same format.

    ``column``: the JSONL field / Parquet column to format (text files: each line), written to ``output_column``
    (default: the same). Failing rows are written with an ``error`` field/column (text files: the line unchanged)
    and listed in the :class:`Summary`. ``actors``: model replicas, one CPU each (default: every CPU of the
    cluster). The output file is written by this process as batches arrive, in input order when
    ``preserve_order``. Other options go to :class:`Formatter`.
    """
    import ray.data

    fmt = fmt or detect_format(source)
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {fmt!r}")
    started = time.perf_counter()
    init_ray(address, num_cpus)
    ctx = ray.data.DataContext.get_current()
    ctx.execution_options.preserve_order = preserve_order
    ctx.enable_progress_bars = False
    actors = actors or max(1, int(ray.cluster_resources().get("CPU", 1)))
    local_rows = _count_rows(Path(source), fmt) if Path(source).is_file() else None
    # blocks of at most ROWS_PER_BLOCK rows, a few per actor: every actor gets work and output starts early
    blocks = max(4 * actors, -(-local_rows // ROWS_PER_BLOCK)) if local_rows else None
    # reading takes no CPU slot of its own: one per actor would leave none to read with on a small machine
    if fmt == "parquet":
        # Ray's newer Parquet reader lists files in a task of one CPU, whatever num_cpus says: behind actors that
        # hold every CPU it would never run. The older reader has no such task.
        ctx.use_datasource_v2 = False
        ds = ray.data.read_parquet(str(source), num_cpus=0, override_num_blocks=blocks)
        options: Dict[str, Any] = {"column": column, "output_column": output_column}
        out_column = output_column or column
    else:  # one row per line, JSONL lines parsed by the Formatter: a bad line is one failing row
        ds = ray.data.read_text(str(source), drop_empty_lines=False, num_cpus=0, override_num_blocks=blocks)
        options = ({"column": "text", "jsonl": True, "field": column, "output_field": output_column}
                   if fmt == "jsonl" else {"column": "text", "output_column": TEXT_OUTPUT})
        out_column = "text" if fmt == "jsonl" else TEXT_OUTPUT
    rows_in = local_rows if local_rows is not None else ds.count()
    formatted = ds.map_batches(Formatter, fn_constructor_kwargs={**options, **formatter_options},
                               batch_format="numpy", batch_size=batch_size,
                               compute=ray.data.ActorPoolStrategy(size=actors), num_cpus=1)
    summary = Summary(rows_in=rows_in)
    with _Writer(Path(target), fmt, out_column) as writer:
        for batch in formatted.iter_batches(batch_format="numpy", batch_size=None):
            if not summary.startup_seconds:
                summary.startup_seconds = time.perf_counter() - started
            for error in batch[ERROR_COLUMN]:
                if isinstance(error, str) and error:  # Ray may hand an all-null column back as NaN
                    summary.failed.append(summary.rows_out)
                    if len(summary.errors) < 10:
                        summary.errors.append(str(error))
                summary.rows_out += 1
            writer.write(batch)
        writer.commit()
    # Ray Data's executor sits in a reference cycle: its actors keep their CPUs until the cycle is collected, and a
    # next job on a small cluster (its read tasks need a CPU) would wait for them forever.
    del formatted, ds
    gc.collect()
    summary.seconds = time.perf_counter() - started
    return summary


def _count_rows(path: Path, fmt: str) -> int:
    """The rows of a local file: Parquet from its metadata, else its lines (a last line without ``\\n`` too)."""
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return pq.ParquetFile(str(path)).metadata.num_rows
    lines, last = 0, b"\n"
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            lines += block.count(b"\n")
            last = block[-1:]
    return lines + (last != b"\n")


class _Writer:
    """The output file, written through a temporary file renamed into place on :meth:`commit`."""

    def __init__(self, path: Path, fmt: str, column: str) -> None:
        from .format_io import AtomicOutput

        self.fmt, self.column = fmt, column
        self.output = AtomicOutput(path)
        self.parquet: Any = None

    def write(self, batch: Dict[str, np.ndarray]) -> None:
        if self.fmt != "parquet":
            texts = batch[self.column]
            if self.fmt == "text":  # a failing line is written unchanged
                texts = [t if isinstance(t, str) else s for t, s in zip(texts, batch["text"])]
            self.output.file.write("".join(f"{t}\n" for t in texts))
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        strings = {self.column, ERROR_COLUMN, LABELS_COLUMN, ALIGNMENT_COLUMN}
        table = pa.table({name: pa.array([v if isinstance(v, str) else None for v in values], type=pa.string())
                          if name in strings else values for name, values in batch.items()})
        if self.parquet is None:
            self.parquet = pq.ParquetWriter(self.output.file.buffer, table.schema)
        self.parquet.write_table(table.cast(self.parquet.schema))

    def commit(self) -> None:
        if self.parquet is not None:
            self.parquet.close()
        self.output.commit()

    def __enter__(self) -> "_Writer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.output.discard()


__all__ = ["Formatter", "Summary", "detect_format", "format_file", "init_ray", "ERROR_COLUMN", "FORMATS"]
