"""``u2tf eval``: score several systems on the same spoken inputs in one run (:mod:`spacy_u2tf.evaluation.runner`);
a table and JSON."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Dict

from ..core.precision import DEFAULT_DTYPE
from ..evaluation.readers import detect_format
from ..evaluation.runner import FORMATS, IWSLT_NOTE, evaluate_nemo_cases, evaluate_systems, format_table, load_examples
from ..evaluation.systems import make_system
from .settings import DTYPE_METAVAR, dtype_option


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, action="append", required=True,
                        help="reference file or NeMo case folder (repeatable)")
    parser.add_argument("--format", choices=FORMATS, default="auto",
                        help="how to read --data: text (one document per line), jsonl (one JSON object per line, "
                             "--field), dialogsum (DialogSum JSONL, one dialogue per document), wikitext (WikiText "
                             "raw, one paragraph per document), iwslt (IWSLT word<TAB>punctuation label TSV, "
                             "punctuation scored only), nemo (NeMo ITN test case files or their folder), examples "
                             "(Examples saved by --save-examples); auto: from the file name")
    parser.add_argument("--field", default=None, help="JSONL field with the written text (default: text)")
    parser.add_argument("--verbalizer", choices=("own", "nemo"), default="own",
                        help="how written references become spoken input")
    parser.add_argument("--system", action="append", default=None,
                        help="model | model:PATH | nemo-itn | cmd:COMMAND (repeatable; default: model)")
    parser.add_argument("--dtype", default=DEFAULT_DTYPE, type=dtype_option, metavar=DTYPE_METAVAR,
                        help="the model systems' tagger precision (fp32 scores alike on every CPU; auto: bf16 where "
                             "the hardware computes it natively)")
    parser.add_argument("--limit", type=int, default=None, help="use the first N documents (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the verbalizer")
    parser.add_argument("--mixed-only", action="store_true",
                        help="score only the sentences of written references that hold a mixed-case word "
                             "(iPhone, McDonald's, O'Brien): a mixed-case dev set for M-WER and false_mixed")
    parser.add_argument("--chunk-words", type=int, default=None, metavar="N",
                        help="cut written reference documents at sentence ends into pieces of about N words "
                             "(e.g. whole meetings into paragraphs); --limit then counts pieces")
    parser.add_argument("--json", type=Path, default=None, help="write all scores here")
    parser.add_argument("--nemo-cased", action="store_true",
                        help="with NeMo case files: read the test_cases_*_cased.txt files instead")
    parser.add_argument("--save-examples", type=Path, default=None,
                        help="also write the reference Examples (spoken input; all --data files) as JSONL; reload with "
                             "--format examples (a file named *.examples.jsonl)")


def run(args: argparse.Namespace) -> int:
    try:
        systems = [make_system(s, dtype=args.dtype) for s in (args.system or ["model"])]
    except (ValueError, FileNotFoundError, ImportError) as err:
        print(f"u2tf eval: {err}", file=sys.stderr)
        return 2
    full: Dict[str, Dict] = {}
    saved = False
    for path in args.data:
        if not path.exists():
            print(f"u2tf eval: no such file: {path}", file=sys.stderr)
            return 2
        fmt = detect_format(path) if args.format == "auto" else args.format
        if fmt == "nemo":
            report = evaluate_nemo_cases(path, systems, args.limit, args.nemo_cased)
            key = f"{path.name} (nemo{' cased' if args.nemo_cased else ''} cases)"
        else:
            try:
                examples, failed = load_examples(path, fmt, args.verbalizer, args.limit, args.seed, args.field,
                                                 mixed_only=args.mixed_only, chunk_words=args.chunk_words)
            except (ValueError, ImportError) as err:
                print(f"u2tf eval: {err}", file=sys.stderr)
                return 2
            if args.save_examples:
                with open(args.save_examples, "a" if saved else "w", encoding="utf-8") as fh:
                    fh.writelines(ex.to_json() + "\n" for ex in examples)
                saved = True
            report = evaluate_systems(examples, systems)
            for scores in report.values():
                scores["unusable_references"] = failed
            source = {"iwslt": "labels", "examples": "saved examples"}.get(fmt, f"{args.verbalizer} verbalizer")
            if args.mixed_only and fmt not in ("iwslt", "examples"):
                source += ", mixed-case sentences"
            key = f"{path.name} ({source})"
            if fmt == "iwslt":
                for scores in report.values():
                    scores["note"] = IWSLT_NOTE
        print(f"\n== {key}\n{format_table(report)}")
        if fmt == "iwslt":
            print(f"note: {IWSLT_NOTE}")
        full[key] = report
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(full, indent=2))
    return 0
