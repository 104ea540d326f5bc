"""Ray Data vs ``U2TF.pipe(n_process=N)`` on the same transcripts: words/s, start-up overhead, and that both give
the same lines; with ``--lines-only`` a large text job on local Ray with every row accounted for.

Transcripts are DialogSum turns in spoken form (speaker tags dropped, lowercased, punctuation removed), pairs of
consecutive turns added when the file has fewer turns than asked for::

    python benchmarks/ray_throughput.py --data dialogsum.dev.jsonl --n 10000 --workers 2 --json ray.json
    python benchmarks/ray_throughput.py --data dialogsum.dev.jsonl --n 100000 --workers 2 --lines-only
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List


def spoken_turns(path: Path, n: int) -> List[str]:
    turns: List[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        for turn in json.loads(line)["dialogue"].split("\n"):
            text = re.sub(r"^#\w+#:\s*", "", turn).replace(" ' ", "'").lower()
            words = re.sub(r"[^\w'\s]", " ", text).split()
            if words:
                turns.append(" ".join(words))
    out = list(turns)
    pairs = (f"{a} {b}" for a, b in zip(turns, turns[1:]))
    while len(out) < n:
        out.append(next(pairs, None) or turns[len(out) % len(turns)])
    return out[:n]


def run_pipe(texts: List[str], workers: int, model: str, dtype: str) -> Dict[str, Any]:
    from spacy_u2tf import U2TF

    start = time.perf_counter()
    tf = U2TF.from_pretrained(model, dtype=dtype)
    loaded = time.perf_counter()
    out = [r.text for r in tf.pipe(texts, n_process=workers)]
    done = time.perf_counter()
    return {"load_s": loaded - start, "format_s": done - loaded, "total_s": done - start, "lines": out}


def run_ray(texts: List[str], workers: int, model: str, dtype: str, batch_size: int) -> Dict[str, Any]:
    import ray

    from spacy_u2tf.ray import format_file

    start = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    ready = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "in.txt", Path(tmp) / "out.txt"
        source.write_text("".join(t + "\n" for t in texts), encoding="utf-8")
        summary = format_file(source, target, actors=workers, batch_size=batch_size, model=model, dtype=dtype)
        lines = target.read_text(encoding="utf-8").splitlines()
    done = time.perf_counter()
    ray.shutdown()
    return {"ray_init_s": ready - start, "first_batch_s": summary.startup_seconds, "job_s": summary.seconds,
            "total_s": done - start, "rows_in": summary.rows_in, "rows_out": summary.rows_out,
            "failed": len(summary.failed), "lines": lines}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="DialogSum JSONL (field 'dialogue')")
    parser.add_argument("--n", type=int, default=10000, help="transcripts")
    parser.add_argument("--workers", type=int, default=2, help="pipe processes = Ray actors = Ray CPUs")
    parser.add_argument("--model", default="u2tf-default", help="model name or folder")
    parser.add_argument("--dtype", default="auto", help="tagger precision")
    parser.add_argument("--batch-size", type=int, default=64, help="Ray batch size")
    parser.add_argument("--lines-only", action="store_true", help="only the Ray job (no pipe run)")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args()
    texts = spoken_turns(args.data, args.n)
    words = sum(len(t.split()) for t in texts)
    report: Dict[str, Any] = {"transcripts": len(texts), "words": words, "workers": args.workers,
                              "model": args.model, "dtype": args.dtype}
    ray_run = run_ray(texts, args.workers, args.model, args.dtype, args.batch_size)
    lines = ray_run.pop("lines")
    report["ray"] = {**ray_run, "words_per_s_total": words / ray_run["total_s"],
                     "words_per_s_after_first_batch": words / (ray_run["job_s"] - ray_run["first_batch_s"])}
    report["ray"]["every_row_once"] = ray_run["rows_in"] == ray_run["rows_out"] == len(texts) == len(lines)
    if not args.lines_only:
        pipe_run = run_pipe(texts, args.workers, args.model, args.dtype)
        report["pipe"] = {k: v for k, v in pipe_run.items() if k != "lines"}
        report["pipe"]["words_per_s_total"] = words / pipe_run["total_s"]
        report["pipe"]["words_per_s_formatting"] = words / pipe_run["format_s"]
        report["differing_lines"] = [i for i, (a, b) in enumerate(zip(pipe_run["lines"], lines)) if a != b][:50]
        report["same_lines"] = pipe_run["lines"] == lines
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
