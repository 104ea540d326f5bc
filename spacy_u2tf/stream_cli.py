"""``u2tf format --stream``: words from stdin as a recognizer gives them, committed text out as soon as it is final.

Each input line holds one or more spoken words (with ``--jsonl``: a JSON word object, ``{"word": ..., "start": ...,
"end": ...}``, or a list of them); an empty line ends an utterance (everything pending is committed). Each line
written holds the words one input line committed (with ``--jsonl``: one JSON object per written word, times
included), flushed at once, so the command can sit behind a live recognizer in a shell pipe.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, TextIO


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stream", action="store_true",
                        help="live mode: read words from stdin as they arrive and print text once it is committed "
                             "(an empty line ends an utterance)")
    parser.add_argument("--lookahead", type=int, default=8,
                        help="with --stream: spoken words that must follow a word before it is committed (default 8)")


def _words(line: str, jsonl: bool) -> List[Any]:
    if not jsonl:
        return line.split()
    try:
        value = json.loads(line)
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON ({err.msg})") from None
    return value if isinstance(value, list) else [value]


def _write(out: TextIO, words: List[Dict[str, Any]], jsonl: bool) -> None:
    if not words:
        return
    if jsonl:
        out.writelines(json.dumps(w, ensure_ascii=False) + "\n" for w in words)
    else:
        out.write(" ".join(w["word"] for w in words) + "\n")
    out.flush()


def run(args: argparse.Namespace) -> int:
    """Stream stdin through the formatter; 0 on success, 2 (with a one-line message) on a user error."""
    from .core.api import U2TF

    if args.text or args.input or args.output or args.processes != 1:
        print("u2tf format --stream: reads stdin and writes stdout only (no transcripts, --input, --output or "
              "--processes)", file=sys.stderr)
        return 2
    try:
        formatter = U2TF.from_pretrained(args.model, device=args.device, dtype=args.dtype,
                                         punctuation=not args.no_punctuation, truecase=not args.no_truecase,
                                         itn=not args.no_itn, written_input=args.written_input,
                                         disfluencies=getattr(args, "disfluencies", "keep"))
        stream = formatter.stream(lookahead=args.lookahead)
    except (FileNotFoundError, ValueError) as err:
        print(f"u2tf format: {err}", file=sys.stderr)
        return 2
    out = sys.stdout
    for lineno, line in enumerate(iter(sys.stdin.readline, ""), 1):
        line = line.strip()
        try:
            _write(out, stream.push(_words(line, args.jsonl)) if line else stream.flush(), args.jsonl)
        except (ValueError, TypeError) as err:
            print(f"u2tf format: <stdin>:{lineno}: {err}", file=sys.stderr)
            return 2
    _write(out, stream.flush(), args.jsonl)
    return 0
