"""Lines in and out for ``u2tf format``: the same line splitting for files and stdin, UTF-8 errors with a line
number, JSONL records (blank lines skipped, a line that holds no record carried to the policy below), output files
written whole or not at all, a formatter that reports a failing line instead of raising and the policy for a line
that failed or holds no record, and the word lines of ``--stream``.
"""
from __future__ import annotations

import collections
import contextlib
import json
import math
import os
import tempfile
import traceback
from pathlib import Path
from typing import (IO, Any, Callable, Deque, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence,
                    TextIO, Tuple, Union)

ERROR_MODES = ("strict", "replace")
ON_ERROR_MODES = ("stop", "skip", "keep")


class InputError(Exception):
    """A line that cannot be read; the message names it."""


class LineFailed(Exception):
    """A line the formatter failed on, under ``on_error="stop"``: its number and the error."""

    def __init__(self, lineno: int, error: str) -> None:
        super().__init__(f"line {lineno}: {error}")
        self.lineno = lineno
        self.error = error


class BadRecord(Exception):
    """A JSONL line that holds no record to format (see :func:`read_records`), under ``on_error="stop"``: its
    number and why."""

    def __init__(self, lineno: int, error: str) -> None:
        super().__init__(f"line {lineno}: {error}")
        self.lineno = lineno
        self.error = error


class Record(NamedTuple):
    """One input line to format: its text, the JSONL object it came from (``None`` for a text line) and its line
    number. A JSONL line that holds no record to format has ``error`` (why) and the line as read in ``text``."""

    text: str
    obj: Optional[Dict[str, Any]]
    lineno: int
    error: Optional[str] = None


class Failure(NamedTuple):
    """A line that was not formatted under ``on_error="skip"`` or ``"keep"``: its number, the error, and whether
    it was a JSONL line that holds no record (never given to the formatter)."""

    lineno: int
    error: str
    bad_record: bool


_JSON_TYPES = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number",
               float: "a number", type(None): "null"}


def strip_line_end(line: str) -> str:
    """``line`` without its ``\\n`` or ``\\r\\n``."""
    if line.endswith("\n"):
        line = line[:-1]
    return line[:-1] if line.endswith("\r") else line


def read_lines(source: Union[IO[bytes], IO[str]], name: str, errors: str = "strict") -> Iterator[str]:
    """The lines of ``source``, split only on ``\\n`` (a ``\\r`` before it is dropped; any other ``\\r`` stays
    inside its line). Bytes are decoded as UTF-8: an invalid byte raises :class:`InputError` naming the line and
    the byte (``errors="strict"``) or reads as U+FFFD (``"replace"``). A text source must not translate newlines
    (a binary stream's lines are read for files and stdin alike)."""
    for lineno, line in enumerate(source, 1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8", errors)
            except UnicodeDecodeError as err:
                raise InputError(f"{name}:{lineno}: not UTF-8 text ({err.reason} at byte {err.start + 1} of the "
                                 "line; --errors replace reads such bytes as U+FFFD)") from None
        yield strip_line_end(line)


def _finite_float(text: str) -> float:
    """``text`` as a float, or ``ValueError`` where it overflows ("1e999" would be written back as "Infinity")."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"a number too large for JSON ({text})")
    return value


def read_records(lines: Iterable[str], jsonl: bool, field: str) -> Iterator[Record]:
    """A :class:`Record` per line, numbered from 1. With ``jsonl``, a blank line (empty or only whitespace) is
    skipped, as JSON Lines readers do, and a line that is not JSON, not a JSON object or without a string ``field``
    comes back with ``error`` set, for :func:`write_records` to stop on, leave out or keep."""
    for lineno, line in enumerate(lines, 1):
        if not jsonl:
            yield Record(line, None, lineno)
            continue
        if not line.strip():
            continue
        try:
            obj = json.loads(line, parse_float=_finite_float)  # NaN and Infinity, if given, go back as given
        except json.JSONDecodeError as err:
            yield Record(line, None, lineno, f"not valid JSON ({err.msg})")
            continue
        except ValueError as err:  # a number JSON cannot hold, which would be written back as "Infinity"
            yield Record(line, None, lineno, str(err))
            continue
        if not isinstance(obj, dict):
            yield Record(line, None, lineno, f"not a JSON object ({_JSON_TYPES[type(obj)]})")
        elif not isinstance(obj.get(field), str):
            what = _JSON_TYPES[type(obj[field])] if field in obj else "missing"
            yield Record(line, None, lineno, f"no string field {field!r} ({what})")
        else:
            yield Record(obj[field], obj, lineno)


class AtomicOutput:
    """A text file written through a temporary file beside ``path``: :meth:`commit` renames it over ``path``,
    :meth:`discard` (also the way out of a ``with`` block that did not commit) removes it, so a run that stops
    leaves no half-written output and an older file of that name untouched."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=str(self.path.parent))
        self.file: IO[str] = os.fdopen(fd, "w", encoding="utf-8", newline="")

    def commit(self) -> None:
        self.file.close()
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.tmp, 0o666 & ~umask)  # mkstemp makes the file private; the output gets a new file's mode
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        self.file.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.tmp)

    def __enter__(self) -> "AtomicOutput":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.discard()


LineResult = Tuple[Optional[str], Optional[str]]  # (formatted text, None) or (None, error)


class LineGuard:
    """Wraps a formatter so that ``process_batch`` never raises for a bad line: a batch that fails is formatted
    again line by line, and each line that still fails comes back as ``(None, "ErrorType: message")``.

    Its other attributes are the formatter's (:func:`~spacy_u2tf.core.parallel.map_batches` reads its device and
    counters)."""

    def __init__(self, formatter: Any) -> None:
        self.formatter = formatter

    def __getattr__(self, name: str) -> Any:
        return getattr(self.formatter, name)

    def process_batch(self, texts: Sequence[str]) -> List[LineResult]:
        if not texts:  # a batch of JSONL lines that hold no record
            return []
        return [(None if result is None else result.text, error) for result, error in self.results(texts)]

    def results(self, texts: Sequence[Any]) -> List[Tuple[Any, Optional[str]]]:
        """``(Result, None)`` or ``(None, "ErrorType: message (file:line)")`` for each of ``texts``."""
        try:
            return [(r, None) for r in self.formatter.process_batch(list(texts))]
        except Exception:  # noqa: BLE001 - which line failed is found below
            out: List[Tuple[Any, Optional[str]]] = []
            for text in texts:
                try:
                    out.append((self.formatter.process(text), None))
                except Exception as err:  # noqa: BLE001 - reported per line by the caller
                    where = traceback.extract_tb(err.__traceback__)[-1]
                    out.append((None, f"{type(err).__name__}: {err} ({Path(where.filename).name}:{where.lineno})"))
            return out


def formatted_records(formatter: Any, records: Iterable[Record], batch_size: int,
                      processes: int) -> Iterator[Tuple[List[Record], List[LineResult]]]:
    """``(batch, results)`` for each batch of ``batch_size`` records, in order, formatted on ``processes``
    processes (:func:`~spacy_u2tf.core.parallel.map_batches`) through a :class:`LineGuard`; a record with an
    ``error`` is not formatted and gets ``(None, error)``. An :class:`InputError` while reading ``records`` is
    raised after the records before it (a short last batch included) have come back. A ``ValueError`` at the call
    when ``batch_size`` is below 1 (:func:`~spacy_u2tf.core.api.check_batch_size`) or ``processes`` cannot run
    here."""
    from .core.api import batched, check_batch_size
    from .core.parallel import map_batches

    check_batch_size(batch_size)
    pending: Deque[List[Record]] = collections.deque()  # batches sent, oldest first
    stopped: List[InputError] = []

    def until_unreadable() -> Iterator[Record]:
        try:
            yield from records
        except InputError as err:  # raised by the caller's loop below, once the lines before it are out
            stopped.append(err)

    def texts() -> Iterator[List[str]]:
        for batch in batched(until_unreadable(), batch_size):
            pending.append(batch)
            yield [r.text for r in batch if r.error is None]

    formatted = map_batches(LineGuard(formatter), texts(), processes)

    def merged() -> Iterator[Tuple[List[Record], List[LineResult]]]:
        for results in formatted:
            batch, good = pending.popleft(), iter(results)
            yield batch, [(None, r.error) if r.error is not None else next(good) for r in batch]
        if stopped:
            raise stopped[0]

    return merged()


def write_records(batches: Iterable[Tuple[List[Record], List[LineResult]]], out: TextIO, out_field: str,
                  on_error: str = "stop", done: Callable[[int], Any] = lambda n: None) -> List[Failure]:
    """Write each formatted line to ``out`` (a JSONL record with its text in ``out_field``), calling
    ``done(lines)`` after each batch; returns the lines that were not formatted.

    A line the formatter failed on raises :class:`LineFailed` (``on_error="stop"``) or is written empty
    (``"skip"``) or as it was read (``"keep"``). A JSONL line that holds no record raises :class:`BadRecord`
    (``"stop"``), is left out (``"skip"``) or is written as read (``"keep"``). Whatever was written before such a
    stop is flushed to ``out``."""
    failed: List[Failure] = []
    try:
        for batch, results in batches:
            for record, (text, error) in zip(batch, results):
                if error is not None:
                    bad_record = record.error is not None
                    if on_error == "stop":
                        raise (BadRecord if bad_record else LineFailed)(record.lineno, error)
                    failed.append(Failure(record.lineno, error, bad_record))
                    if bad_record:
                        if on_error == "keep":
                            out.write(record.text + "\n")
                        continue
                    text = "" if on_error == "skip" else record.text
                if record.obj is not None:
                    record.obj[out_field] = text
                    try:
                        out.write(json.dumps(record.obj, ensure_ascii=False) + "\n")
                    except UnicodeEncodeError:  # a lone surrogate ("\\ud83d" in the input): escaped, as it came
                        out.write(json.dumps(record.obj) + "\n")
                else:
                    out.write(text + "\n")
            done(len(batch))
    finally:
        out.flush()
    return failed


def stream_words(line: str, jsonl: bool) -> List[Any]:
    """The words of one ``--stream`` input line: its whitespace-separated words, or with ``jsonl`` the JSON word
    object or list of them it holds (a ``ValueError`` when it is not JSON)."""
    if not jsonl:
        return line.split()
    try:
        value = json.loads(line)
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON ({err.msg})") from None
    return value if isinstance(value, list) else [value]


def write_words(out: TextIO, words: List[Dict[str, Any]], jsonl: bool) -> None:
    """Committed written words as one line (with ``jsonl``: one JSON object per word), flushed at once; nothing
    for no words."""
    if not words:
        return
    if jsonl:
        out.writelines(json.dumps(w, ensure_ascii=False) + "\n" for w in words)
    else:
        out.write(" ".join(w["word"] for w in words) + "\n")
    out.flush()
