"""``u2tf format``: one spoken transcript per line in, one formatted line out (same count and order).

Lines are split only on ``\\n`` (and ``\\r\\n``), from a file or stdin alike; an output file is written whole or
not at all; a line the formatter fails on stops the run with its number (``--on-error stop``) or is written empty
(``skip``) or unformatted (``keep``) and counted.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import json
import sys
from pathlib import Path
from typing import Deque, Iterable, Iterator, List, Optional, TextIO, Tuple

from . import stream_cli
from .core.api import DEFAULT_DTYPE, DTYPES
from .core.labels import DISFLUENCY_MODES
from .format_io import ERROR_MODES, ON_ERROR_MODES, AtomicOutput, InputError, LineGuard, read_lines


def _records(lines: Iterable[str], name: str, jsonl: bool, field: str) -> Iterator[Tuple[str, Optional[dict]]]:
    for lineno, line in enumerate(lines, 1):
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
    parser.add_argument("--field", default=None, help="JSONL field to read (default: text)")
    parser.add_argument("--output-field", default=None, help="JSONL field to write (default: same as --field)")
    parser.add_argument("--model", default=None, help="model folder or name: u2tf-default (the default) or u2tf-fast")
    parser.add_argument("--batch-size", type=int, default=64, help="transcripts formatted together")
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes, one per core is fastest on CPU (-1: every core); each runs one thread")
    parser.add_argument("--device", default="cpu", help="cpu (the default), cuda or cuda:N")
    parser.add_argument("--threads", type=int, default=None,
                        help="torch threads of this process (default: the cores it may run on; with --processes "
                             "each worker runs one)")
    parser.add_argument("--errors", default="strict", choices=ERROR_MODES,
                        help="invalid UTF-8 in the input: stop with its line number (strict), or read it as U+FFFD")
    parser.add_argument("--on-error", default="stop", choices=ON_ERROR_MODES,
                        help="a line the formatter fails on: stop with its line number and write nothing to "
                             "--output (stop), write an empty line (skip) or the line unformatted (keep) and go on")
    parser.add_argument("--dtype", default=DEFAULT_DTYPE, choices=DTYPES,
                        help="tagger precision or runtime: auto is bf16 where the hardware computes it natively "
                             "(AVX-512 BF16 or AMX CPUs, CUDA GPUs with bf16), else fp32; int8 and onnx* run on CPU; only "
                             "fp32 gives a line the same text whatever else is in its batch")
    parser.add_argument("--no-punctuation", action="store_true", help="add no punctuation")
    parser.add_argument("--no-truecase", action="store_true", help="leave every word lowercase")
    parser.add_argument("--no-itn", action="store_true",
                        help="keep numbers, dates, money etc. as spoken words")
    parser.add_argument("--written-input", default="normalize", choices=["normalize", "passthrough", "ignore"],
                        help="input that already looks written (cased or punctuated): normalize predicts case and "
                             ",.? of its plain words again and keeps every other token as it is; passthrough "
                             "returns it unchanged; ignore formats it like spoken words")
    parser.add_argument("--disfluencies", default="keep", choices=DISFLUENCY_MODES,
                        help="keep them (verbatim), drop fillers (um, uh), or drop fillers and repeated or abandoned "
                             "words; removal needs a model with a disfluency head")
    parser.add_argument("--progress", action="store_true", help="force a progress bar")
    parser.add_argument("--engine", default="local", choices=("local", "ray"),
                        help="local: this machine (--processes); ray: Ray Data actors (extra 'ray'), each loading "
                             "the model once; needs --input and --output, reads and writes JSONL (--jsonl or "
                             "*.jsonl), Parquet (*.parquet) or text, rows in input order, a failing row gets an "
                             "'error' field instead of stopping the job")
    parser.add_argument("--address", default=None,
                        help="--engine ray: the Ray cluster to join (e.g. auto or ray://HOST:10001; default: start a "
                             "local Ray instance on this machine's cores)")
    parser.add_argument("--actors", type=int, default=None,
                        help="--engine ray: model replicas, one CPU each (default: one per CPU of the cluster)")
    stream_cli.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Format the transcripts named by ``args``; 0 on success, 2 (with a one-line message) on a user error, 1 when a
    line fails under ``--on-error stop``."""
    if args.stream:
        return stream_cli.run(args)
    problem = _check_args(args)
    if problem:
        print(f"u2tf format: {problem}", file=sys.stderr)
        return 2
    if args.engine == "ray":
        return _run_ray(args)
    from tqdm import tqdm

    from .core.api import U2TF, batched
    from .core.parallel import map_batches
    from .core.threads import set_threads

    field = args.field or "text"
    name = str(args.input) if args.input else "<stdin>"
    with contextlib.ExitStack() as files:  # closes --input and discards an unfinished --output on every way out
        try:
            # binary lines for files and stdin alike: split on "\n" only, decoded with a line number on errors
            source = files.enter_context(open(args.input, "rb")) if args.input else getattr(sys.stdin, "buffer",
                                                                                            sys.stdin)
        except OSError as err:
            print(f"u2tf format: cannot read {args.input}: {err.strerror or err}", file=sys.stderr)
            return 2
        set_threads(args.threads)
        try:
            formatter = U2TF.from_pretrained(args.model, device=args.device, dtype=args.dtype,
                                             punctuation=not args.no_punctuation, truecase=not args.no_truecase,
                                             itn=not args.no_itn, written_input=args.written_input,
                                             disfluencies=args.disfluencies,
                                             batch_size=args.batch_size)
        except (FileNotFoundError, ValueError) as err:
            print(f"u2tf format: {err}", file=sys.stderr)
            return 2
        try:
            target = files.enter_context(AtomicOutput(args.output)) if args.output else None
        except OSError as err:
            print(f"u2tf format: cannot write {args.output}: {err.strerror or err}", file=sys.stderr)
            return 2
        out: TextIO = target.file if target else sys.stdout
        lines = read_lines(source, name, args.errors)
        records = iter([(t, None) for t in args.text]) if args.text else _records(lines, name, args.jsonl, field)
        show = args.progress or (args.input is not None and (args.output is not None or sys.stdout.isatty()))
        bar = files.enter_context(tqdm(unit="line", disable=not show, file=sys.stderr, dynamic_ncols=True))
        out_field = args.output_field or field
        pending: Deque[List[Tuple[str, Optional[dict]]]] = collections.deque()  # batches sent, oldest first

        def texts() -> Iterator[List[str]]:
            for batch in batched(records, args.batch_size):
                pending.append(batch)
                yield [t for t, _ in batch]

        try:
            formatted = map_batches(LineGuard(formatter), texts(), args.processes)
        except ValueError as err:
            print(f"u2tf format: --processes {args.processes}: {err}", file=sys.stderr)
            return 2
        failed: List[int] = []
        lineno = 0
        try:
            for results in formatted:
                batch = pending.popleft()
                for (line, obj), (text, error) in zip(batch, results):
                    lineno += 1
                    if error is not None:
                        if args.on_error == "stop":
                            bar.close()  # the message gets a line of its own
                            print(f"u2tf format: {name}:{lineno}: cannot format this line ({error}); "
                                  f"{'nothing written to ' + str(args.output) if args.output else 'stopped'} "
                                  "(--on-error skip|keep writes it empty|unformatted and goes on)", file=sys.stderr)
                            return 1
                        failed.append(lineno)
                        text = "" if args.on_error == "skip" else line
                    if obj is not None:
                        obj[out_field] = text
                        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
                    else:
                        out.write(text + "\n")
                bar.update(len(batch))
            out.flush()
        except InputError as err:
            bar.close()
            print(f"u2tf format: {err}", file=sys.stderr)
            return 2
        bar.close()
        if target is not None:
            try:
                target.commit()
            except OSError as err:
                print(f"u2tf format: cannot write {args.output}: {err.strerror or err}", file=sys.stderr)
                return 2
    if failed:
        shown = ", ".join(map(str, failed[:10])) + (", ..." if len(failed) > 10 else "")
        how = "written empty" if args.on_error == "skip" else "written unformatted"
        print(f"u2tf format: {len(failed)} line(s) could not be formatted and were {how}: {shown}", file=sys.stderr)
    return 0


def _run_ray(args: argparse.Namespace) -> int:
    """``--engine ray``: format --input into --output on Ray; failing rows are counted on stderr."""
    try:
        from .ray import detect_format, format_file
    except ImportError as err:
        print(f"u2tf format: --engine ray needs Ray ({err}); pip install 'spacy-u2tf[ray]'", file=sys.stderr)
        return 2
    fmt = "jsonl" if args.jsonl else detect_format(args.input)
    summary = format_file(args.input, args.output, fmt=fmt, column=args.field or "text",
                          output_column=args.output_field, actors=args.actors, batch_size=args.batch_size,
                          address=args.address, model=args.model, device=args.device, dtype=args.dtype,
                          punctuation=not args.no_punctuation, truecase=not args.no_truecase, itn=not args.no_itn,
                          written_input=args.written_input, disfluencies=args.disfluencies)
    print(f"u2tf format: {summary.rows_out} of {summary.rows_in} rows written to {args.output} in "
          f"{summary.seconds:.1f} s ({summary.startup_seconds:.1f} s to the first batch)", file=sys.stderr)
    if summary.failed:
        shown = ", ".join(str(i + 1) for i in summary.failed[:10]) + (", ..." if len(summary.failed) > 10 else "")
        print(f"u2tf format: {len(summary.failed)} row(s) could not be formatted (rows {shown}; first error: "
              f"{summary.errors[0]})", file=sys.stderr)
    return 0 if summary.rows_out == summary.rows_in else 1


def _check_args(args: argparse.Namespace) -> Optional[str]:
    """A one-line message for options that cannot work together or cannot run here, else ``None``."""
    if args.engine == "ray" and (args.input is None or args.output is None or args.text):
        return "--engine ray formats a file: give --input and --output"
    if args.engine == "ray" and (args.processes != 1 or args.threads is not None):
        return "--engine ray runs its own actors (--actors): --processes and --threads do not apply"
    if args.engine == "local" and (args.address is not None or args.actors is not None):
        return "--address and --actors go with --engine ray"
    if args.text and args.input:
        return "give transcripts as arguments or --input, not both"
    if args.text and (args.jsonl or args.field is not None or args.output_field is not None):
        return "--jsonl, --field and --output-field read --input or stdin, not transcripts given as arguments"
    if args.batch_size < 1:
        return f"--batch-size must be at least 1, got {args.batch_size}"
    if args.threads is not None and args.threads < 1:
        return f"--threads must be at least 1, got {args.threads}"
    return _device_problem(args.device)


def _device_problem(device: str) -> Optional[str]:
    """Why ``device`` cannot run here (unknown, or CUDA without a GPU), else ``None``."""
    import torch

    try:
        parsed = torch.device(device)
    except (RuntimeError, ValueError, TypeError):
        return f"--device {device}: unknown device (use cpu, cuda or cuda:N)"
    if parsed.type == "cuda":
        if not torch.cuda.is_available():
            return f"--device {device}: CUDA is not available here (torch sees no GPU); use --device cpu"
        if parsed.index is not None and parsed.index >= torch.cuda.device_count():
            return f"--device {device}: no such GPU ({torch.cuda.device_count()} available)"
    elif parsed.type != "cpu":
        return f"--device {device}: not supported (use cpu, cuda or cuda:N)"
    return None
