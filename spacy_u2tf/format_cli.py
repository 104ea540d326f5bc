"""``u2tf format``: one spoken transcript per line in, one formatted line out (same count and order)."""
from __future__ import annotations

import argparse
import collections
import contextlib
import json
import sys
from pathlib import Path
from typing import Deque, Iterator, List, Optional, TextIO, Tuple

from .core.api import DTYPES


class InputError(Exception):
    """A line that cannot be read; the message names it."""


def _records(fh: TextIO, name: str, jsonl: bool, field: str) -> Iterator[Tuple[str, Optional[dict]]]:
    for lineno, line in enumerate(fh, 1):
        line = line.rstrip("\n").rstrip("\r")
        if not jsonl:
            yield line, None
            continue
        if not line.strip():
            raise InputError(f"{name}:{lineno}: empty line in JSONL input")
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise InputError(f"{name}:{lineno}: not valid JSON ({err.msg})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get(field), str):
            raise InputError(f"{name}:{lineno}: no string field {field!r}")
        yield obj[field], obj


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="*", help="transcripts to format (default: read --input or stdin)")
    parser.add_argument("-i", "--input", type=Path, help="file with one transcript per line (or JSONL)")
    parser.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    parser.add_argument("--jsonl", action="store_true", help="read and write JSON lines")
    parser.add_argument("--field", default="text", help="JSONL field to read (default: text)")
    parser.add_argument("--output-field", default=None, help="JSONL field to write (default: same as --field)")
    parser.add_argument("--model", default=None, help="model folder or name: u2tf-default (the default) or u2tf-fast")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes, one per core is fastest on CPU (-1: every core); each runs one thread")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--dtype", default=None, choices=DTYPES, help="tagger precision or runtime")
    parser.add_argument("--no-punctuation", action="store_true")
    parser.add_argument("--no-truecase", action="store_true")
    parser.add_argument("--no-itn", action="store_true")
    parser.add_argument("--written-input", default="normalize", choices=["normalize", "passthrough", "ignore"],
                        help="what to do with input that is already formatted")
    parser.add_argument("--progress", action="store_true", help="force a progress bar")


def run(args: argparse.Namespace) -> int:
    """Format the transcripts named by ``args``; 0 on success, 2 (with a one-line message) on a user error."""
    from tqdm import tqdm

    from .core.api import U2TF, batched
    from .core.parallel import map_batches

    if args.text and args.input:
        print("u2tf format: give transcripts as arguments or --input, not both", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as files:  # closes --input and --output on every way out
        try:
            source: TextIO = files.enter_context(open(args.input, encoding="utf-8")) if args.input else sys.stdin
        except OSError as err:
            print(f"u2tf format: cannot read {args.input}: {err.strerror or err}", file=sys.stderr)
            return 2
        name = str(args.input) if args.input else "<stdin>"
        try:
            formatter = U2TF.from_pretrained(args.model, device=args.device, dtype=args.dtype,
                                             punctuation=not args.no_punctuation, truecase=not args.no_truecase,
                                             itn=not args.no_itn, written_input=args.written_input,
                                             batch_size=args.batch_size)
        except (FileNotFoundError, ValueError) as err:
            print(f"u2tf format: {err}", file=sys.stderr)
            return 2
        try:
            out: TextIO = files.enter_context(open(args.output, "w", encoding="utf-8")) if args.output else sys.stdout
        except OSError as err:
            print(f"u2tf format: cannot write {args.output}: {err.strerror or err}", file=sys.stderr)
            return 2
        records = iter([(t, None) for t in args.text]) if args.text else _records(source, name, args.jsonl, args.field)
        show = args.progress or (args.input is not None and (args.output is not None or sys.stdout.isatty()))
        bar = files.enter_context(tqdm(unit="line", disable=not show, file=sys.stderr, dynamic_ncols=True))
        out_field = args.output_field or args.field
        pending: Deque[List[Tuple[str, Optional[dict]]]] = collections.deque()  # batches sent, oldest first

        def texts() -> Iterator[List[str]]:
            for batch in batched(records, args.batch_size):
                pending.append(batch)
                yield [t for t, _ in batch]

        try:
            formatted = map_batches(formatter, texts(), args.processes)
        except ValueError as err:
            print(f"u2tf format: --processes {args.processes}: {err}", file=sys.stderr)
            return 2
        try:
            for results in formatted:
                batch = pending.popleft()
                for (_, obj), text in zip(batch, (r.text for r in results)):
                    if obj is not None:
                        obj[out_field] = text
                        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
                    else:
                        out.write(text + "\n")
                bar.update(len(batch))
            out.flush()
        except InputError as err:
            print(f"u2tf format: {err}", file=sys.stderr)
            return 2
        except UnicodeDecodeError as err:
            print(f"u2tf format: {name} is not UTF-8 text ({err.reason} at byte {err.start})", file=sys.stderr)
            return 2
    return 0
