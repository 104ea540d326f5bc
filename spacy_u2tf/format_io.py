"""Lines in and out for ``u2tf format``: the same line splitting for files and stdin, UTF-8 errors with a line
number, output files written whole or not at all, and a formatter that reports a failing line instead of raising.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import traceback
from pathlib import Path
from typing import IO, Any, Iterator, List, Optional, Sequence, Tuple, Union

ERROR_MODES = ("strict", "replace")
ON_ERROR_MODES = ("stop", "skip", "keep")


class InputError(Exception):
    """A line that cannot be read; the message names it."""


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
