"""``u2tf format``: one spoken transcript per line in, one formatted line out (same count and order); with
``--stream``, words from stdin as a recognizer gives them and committed text out as soon as it is final.

The lines, records and error policy are :mod:`spacy_u2tf.format_io`'s; this module reads the options, opens the
files and turns failures into one-line messages and exit codes.
"""
from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, TextIO

from ..core.labels import DISFLUENCY_MODES
from ..core.precision import DEFAULT_DTYPE
from ..format_io import (ERROR_MODES, ON_ERROR_MODES, AtomicOutput, BadRecord, Failure, InputError, LineFailed,
                         Record, formatted_records, read_lines, read_records, stream_words, write_records,
                         write_words)
from .settings import DTYPE_METAVAR, dtype_option

SHOWN = 10  # failing lines named one by one at the end of a run


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="*", help="transcripts to format (default: read --input or stdin)")
    parser.add_argument("-i", "--input", type=Path, help="file with one transcript per line (or JSONL)")
    parser.add_argument("-o", "--output", type=Path, help="write here instead of stdout")
    parser.add_argument("--jsonl", action="store_true",
                        help="read and write JSON lines (one object per line; blank lines are skipped)")
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
                        help="invalid UTF-8 in the input: stop with its line number (strict), or read it as U+FFFD "
                             "(replace)")
    parser.add_argument("--on-error", default="stop", choices=ON_ERROR_MODES,
                        help="a line the formatter fails on, or with --jsonl a line that is not a JSON object with "
                             "a string --field: stop with its line number, writing nothing to --output (stop); go "
                             "on, writing it empty or leaving such a JSONL line out (skip), or writing it "
                             "unformatted or as read (keep); skip and keep name these lines at the end")
    parser.add_argument("--dtype", default=DEFAULT_DTYPE, type=dtype_option, metavar=DTYPE_METAVAR,
                        help="tagger precision or runtime: auto is bf16 where the hardware computes it natively "
                             "(AVX-512 BF16 or AMX CPUs, CUDA GPUs with bf16), else fp32; int8 and onnx* run on CPU; "
                             "only fp32 gives a line the same text whatever else is in its batch")
    parser.add_argument("--no-punctuation", action="store_true", help="add no punctuation")
    parser.add_argument("--no-truecase", action="store_true", help="leave every word lowercase")
    parser.add_argument("--spell-numbers-below", type=int, default=None, metavar="N",
                        help="write numbers (cardinals) below N in words, except after a noun that labels by "
                             "number (\"room 5\") (default: the model's setting)")
    parser.add_argument("--no-itn", action="store_true",
                        help="keep numbers, dates, money etc. as spoken words")
    parser.add_argument("--written-input", default="normalize", choices=["normalize", "passthrough", "ignore"],
                        help="input that already looks written (cased or punctuated): normalize predicts case and "
                             ",.? of its plain words again and keeps every other token as it is; passthrough "
                             "returns it unchanged; ignore formats it like spoken words")
    parser.add_argument("--disfluencies", default="keep", choices=DISFLUENCY_MODES,
                        help="keep them verbatim (keep), drop fillers such as um, uh (fillers), or drop fillers and "
                             "repeated or abandoned words (all); removal needs a model with a disfluency head, "
                             "as u2tf-default has")
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
    parser.add_argument("--stream", action="store_true",
                        help="live mode: read words from stdin as they arrive and print text once it is committed "
                             "(an empty line ends an utterance)")
    parser.add_argument("--lookahead", type=int, default=8,
                        help="with --stream: spoken words that must follow a word before it is committed (default 8)")


def run(args: argparse.Namespace) -> int:
    """Format the transcripts named by ``args``; 0 on success, 2 (with a one-line message) on a user error, 1 when a
    line fails under ``--on-error stop``."""
    if args.stream:
        return _run_stream(args)
    problem = _check_args(args)
    if problem:
        print(f"u2tf format: {problem}", file=sys.stderr)
        return 2
    if args.engine == "ray":
        return _run_ray(args)
    return _run_local(args)


def formatter_options(args: argparse.Namespace) -> Dict[str, Any]:
    """The :meth:`~spacy_u2tf.core.api.U2TF.from_pretrained` options that the format options give."""
    return dict(device=args.device, dtype=args.dtype, punctuation=not args.no_punctuation,
                truecase=not args.no_truecase, itn=not args.no_itn, written_input=args.written_input,
                disfluencies=args.disfluencies, spell_numbers_below=args.spell_numbers_below)


def _run_local(args: argparse.Namespace) -> int:
    """Format on this machine: arguments, --input or stdin → --output or stdout."""
    from tqdm import tqdm

    from ..core.api import U2TF
    from ..core.threads import set_threads

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
            formatter = U2TF.from_pretrained(args.model, batch_size=args.batch_size, **formatter_options(args))
        except (FileNotFoundError, ValueError) as err:
            print(f"u2tf format: {err}", file=sys.stderr)
            return 2
        try:
            target = files.enter_context(AtomicOutput(args.output)) if args.output else None
        except OSError as err:
            print(f"u2tf format: cannot write {args.output}: {err.strerror or err}", file=sys.stderr)
            return 2
        out: TextIO = target.file if target else sys.stdout
        records = ((Record(t, None, i) for i, t in enumerate(args.text, 1)) if args.text
                   else read_records(read_lines(source, name, args.errors), args.jsonl, field))
        show = args.progress or (args.input is not None and (args.output is not None or sys.stdout.isatty()))
        bar = files.enter_context(tqdm(unit="line", disable=not show, file=sys.stderr, dynamic_ncols=True))
        try:
            batches = formatted_records(formatter, records, args.batch_size, args.processes)
        except ValueError as err:
            print(f"u2tf format: --processes {args.processes}: {err}", file=sys.stderr)
            return 2
        try:
            failed = write_records(batches, out, args.output_field or field, args.on_error, bar.update)
        except LineFailed as err:
            bar.close()  # the message gets a line of its own
            print(f"u2tf format: {name}:{err.lineno}: cannot format this line ({err.error}); {_stopped(args)} "
                  "(--on-error skip|keep writes it empty|unformatted and goes on)", file=sys.stderr)
            return 1
        except BadRecord as err:
            bar.close()
            print(f"u2tf format: {name}:{err.lineno}: {err.error}; {_stopped(args)} "
                  "(--on-error skip|keep leaves such a line out|writes it as read and goes on)", file=sys.stderr)
            return 2
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
    _report(failed, name, args.on_error)
    return 0


def _stopped(args: argparse.Namespace) -> str:
    """What a run that stops on a line leaves: no --output file, or on stdout the lines before it."""
    return f"nothing written to {args.output}" if args.output else "stopped"


def _report(failed: List[Failure], name: str, on_error: str) -> None:
    """Name the lines that were not formatted under --on-error skip or keep on stderr: each JSONL line without a
    record with its reason (the first few), and the count and numbers of the lines the formatter failed on."""
    bad = [f for f in failed if f.bad_record]
    how = "left out" if on_error == "skip" else "written as read"
    for f in bad[:SHOWN]:
        print(f"u2tf format: {name}:{f.lineno}: {f.error}; {how}", file=sys.stderr)
    if len(bad) > SHOWN:
        print(f"u2tf format: {len(bad) - SHOWN} more JSONL line(s) without a record {how}", file=sys.stderr)
    unformatted = [f.lineno for f in failed if not f.bad_record]
    if unformatted:
        shown = ", ".join(map(str, unformatted[:SHOWN])) + (", ..." if len(unformatted) > SHOWN else "")
        how = "written empty" if on_error == "skip" else "written unformatted"
        print(f"u2tf format: {len(unformatted)} line(s) could not be formatted and were {how}: {shown}",
              file=sys.stderr)


def _run_stream(args: argparse.Namespace) -> int:
    """``--stream``: stdin through the formatter's stream; 0 on success, 2 (with a one-line message) on a user
    error."""
    from ..core.api import U2TF

    if args.text or args.input or args.output or args.processes != 1:
        print("u2tf format --stream: reads stdin and writes stdout only (no transcripts, --input, --output or "
              "--processes)", file=sys.stderr)
        return 2
    try:
        stream = U2TF.from_pretrained(args.model, **formatter_options(args)).stream(lookahead=args.lookahead)
    except (FileNotFoundError, ValueError) as err:
        print(f"u2tf format: {err}", file=sys.stderr)
        return 2
    out = sys.stdout
    for lineno, line in enumerate(iter(sys.stdin.readline, ""), 1):
        line = line.strip()
        try:
            write_words(out, stream.push(stream_words(line, args.jsonl)) if line else stream.flush(), args.jsonl)
        except (ValueError, TypeError) as err:
            print(f"u2tf format: <stdin>:{lineno}: {err}", file=sys.stderr)
            return 2
    write_words(out, stream.flush(), args.jsonl)
    return 0


def _run_ray(args: argparse.Namespace) -> int:
    """``--engine ray``: format --input into --output on Ray; failing rows are counted on stderr."""
    try:
        from ..ray import detect_format, format_file
    except ImportError as err:
        print(f"u2tf format: --engine ray needs Ray ({err}); pip install 'spacy-u2tf[ray]'", file=sys.stderr)
        return 2
    fmt = "jsonl" if args.jsonl else detect_format(args.input)
    summary = format_file(args.input, args.output, fmt=fmt, column=args.field or "text",
                          output_column=args.output_field, actors=args.actors, batch_size=args.batch_size,
                          address=args.address, model=args.model, **formatter_options(args))
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
