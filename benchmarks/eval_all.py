"""The paper-protocol table: models next to NeMo WFST ITN on every dev set, with each verbalizer, via `u2tf eval`.

Dev sets (written references; spoken input made once per verbalizer and cached as saved Examples, so every run
scores the same input): DialogSum dev dialogues, WikiText-2 test paragraphs, QMSum validation meetings cut into
paragraphs of about 100 words, and the mixed-case dev set (every sentence of those three files that holds a
mixed-case word, ``u2tf eval --mixed-only``). Each set is scored with ``u2tf eval --system ... --json`` into
``OUT/<set>.<verbalizer>.json``; the script then prints one markdown table of the headline figures.

    DEV=<folder with the dev sets>
    python benchmarks/eval_all.py --dev $DEV --out docs/eval/paper_protocol/shipped
    python benchmarks/eval_all.py --dev $DEV --system model --system model:runs/new \\
        --out docs/eval/paper_protocol/retrained          # old and new model side by side, NeMo ITN beside them
    python benchmarks/eval_all.py --table docs/eval/paper_protocol/shipped   # the table of an earlier run

``--verbalizer nemo`` (NeMo's normalizer makes the spoken input) uses the smaller ``--nemo-limit``.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

# name → (file under --dev, extra `u2tf eval` arguments, default limit); a limit of None uses every reference
DEV_SETS = {
    "dialogsum": ("dialogsum.dev.jsonl", [], 200),
    "wikitext2": ("wikitext2.test.raw", [], 300),
    "qmsum": ("qmsum.val.jsonl.gz", ["--chunk-words", "100"], 300),
    "mixed": (None, ["--mixed-only"], None),
}
MIXED_SOURCES = ("wikitext2.test.raw", "qmsum.val.jsonl.gz", "dialogsum.dev.jsonl")
COLUMNS = [("I-WER", "I-WER"), ("iwer_spans", "I-WER spans"), ("itn_words", "ITN words"),
           ("punct_f1_PERIOD", "PERIOD F1"), ("punct_f1_COMMA", "COMMA F1"), ("punct_f1_QUESTION", "QUESTION F1"),
           ("case_f1_CAPITAL", "CAPITAL F1"), ("case_f1_ACRONYM", "ACRONYM F1"),
           ("M-WER", "M-WER"), ("mixed_words", "mixed words"), ("false_mixed", "false MIXED"),
           ("content_preservation", "content kept")]


def run(cmd: List[str]) -> None:
    print("$ " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True, env={**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")})


def spoken_input(name: str, dev: Path, verbalizer: str, limit: Optional[int], cache: Path) -> Path:
    """The cached saved-Examples file of one dev set and verbalizer (made on first use)."""
    file, extra, _ = DEV_SETS[name]
    path = cache / f"{name}.{limit or 'all'}.{verbalizer}.examples.jsonl"
    if not path.exists() or path.stat().st_size == 0:
        sources = [dev / f for f in MIXED_SOURCES] if file is None else [dev / file]
        data = [arg for f in sources for arg in ("--data", str(f))]
        cmd = ["u2tf", "eval", *data, *extra, "--verbalizer", verbalizer, "--system", "cmd:cat",
               "--save-examples", str(path)]
        run(cmd + (["--limit", str(limit)] if limit else []))
    return path


def table(out: Path) -> str:
    """A markdown table of the headline figures of every ``*.json`` report in ``out``."""
    rows = ["| dev set | input | system | " + " | ".join(title for _, title in COLUMNS) + " |",
            "|---" * (3 + len(COLUMNS)) + "|"]
    for report_path in sorted(out.glob("*.json")):
        name, verbalizer = report_path.stem.rsplit(".", 1)
        for scores_by_system in json.loads(report_path.read_text()).values():
            for system, scores in scores_by_system.items():
                cells = [_fmt(scores.get(key)) for key, _ in COLUMNS]
                rows.append(f"| {name} | {verbalizer} | {system} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, help="folder with the dev files (dialogsum.dev.jsonl, wikitext2.test.raw, "
                                              "qmsum.val.jsonl.gz)")
    ap.add_argument("--out", type=Path, help="folder for the JSON reports")
    ap.add_argument("--system", action="append", default=None,
                    help="`u2tf eval` system (repeatable; default: model); nemo-itn is always added")
    ap.add_argument("--set", action="append", choices=sorted(DEV_SETS), default=None, help="default: all")
    ap.add_argument("--verbalizer", action="append", choices=("own", "nemo"), default=None, help="default: own")
    ap.add_argument("--limit", type=int, default=None, help="references per set (default: per set, see DEV_SETS)")
    ap.add_argument("--nemo-limit", type=int, default=100, help="references per set with --verbalizer nemo")
    ap.add_argument("--no-nemo-itn", action="store_true", help="leave NeMo WFST ITN out")
    ap.add_argument("--dtype", default=None, help="`u2tf eval --dtype`: the models' tagger precision (default: auto)")
    ap.add_argument("--cache", type=Path, default=Path(os.environ.get("U2TF_CACHE", Path.home() / ".cache/u2tf"))
                    / "eval" / "paper_protocol", help="where the spoken inputs are cached")
    ap.add_argument("--table", type=Path, default=None, help="only print the table of the reports in this folder")
    args = ap.parse_args()
    if args.table:
        print(table(args.table))
        return
    if not args.dev or not args.out:
        ap.error("--dev and --out are required (or --table)")
    systems = list(args.system or ["model"]) + ([] if args.no_nemo_itn else ["nemo-itn"])
    args.cache.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    for verbalizer in args.verbalizer or ["own"]:
        for name in args.set or list(DEV_SETS):
            default = DEV_SETS[name][2]
            limit = args.limit or default
            if verbalizer == "nemo" and limit:
                limit = min(limit, args.nemo_limit)
            examples = spoken_input(name, args.dev, verbalizer, limit, args.cache)
            system_args = [arg for s in systems for arg in ("--system", s)]
            dtype = ["--dtype", args.dtype] if args.dtype else []
            run(["u2tf", "eval", "--data", str(examples), *system_args, *dtype,
                 "--json", str(args.out / f"{name}.{verbalizer}.json")])
    print(table(args.out))


if __name__ == "__main__":
    main()
