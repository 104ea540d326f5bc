"""Streaming vs whole-text formatting: agreement, latency, commit delay and memory over a long session.

Each document's spoken input (made as ``u2tf eval`` makes it: ``load_examples``, own verbalizer for DialogSum,
IWSLT's words as they are) is pushed into ``U2TF.stream()`` one word at a time and flushed at its end. The streamed
text is compared with ``process_batch`` on the same words (share of identical written words after alignment) and
both are scored against the references with the evaluation metrics. Then one stream takes ``--session-words``
words (documents back to back) while its process's resident memory is read.

    DEV=<folder with the dev sets>
    python benchmarks/streaming.py --data $DEV/dialogsum.dev.jsonl \
        --data $DEV/iwslt2011.dev2012.tsv --limit 50 --json docs/eval/streaming.json
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Dict, List

import numpy as np
from report_io import emit

SCORES = ("punct_f1_COMMA", "punct_f1_PERIOD", "punct_f1_QUESTION", "I-WER")


def _rss_mb(field: str = "VmRSS") -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def stream_document(tf: Any, words: List[str], lookahead: int, early_commit: Any) -> Dict[str, Any]:
    """Push ``words`` one by one; the streamed words, each push's seconds, and per committed word the seconds of
    the push that committed it and its delay in words (words received after it before its commit)."""
    stream = tf.stream(lookahead=lookahead, early_commit=early_commit)
    out: List[str] = []
    push_s: List[float] = []
    commit_s: List[float] = []
    delays: List[int] = []
    for word in words:
        before = stream.committed
        start = time.perf_counter()
        got = stream.push(word)
        push_s.append(time.perf_counter() - start)
        out += [w["word"] for w in got]
        commit_s += [push_s[-1]] * (stream.committed - before)
        delays += [stream.received - 1 - i for i in range(before, stream.committed)]
    before = stream.committed
    out += [w["word"] for w in stream.flush()]
    delays += [stream.received - 1 - i for i in range(before, stream.committed)]
    return {"words": out, "push_s": push_s, "commit_s": commit_s, "delays": delays,
            "flushed": stream.committed - before}


def agreement(batch: List[List[str]], streamed: List[List[str]]) -> float:
    """Share of the batch's written words that the streamed text has identically at the aligned position."""
    from spacy_u2tf.evaluation.align import align

    same = total = 0
    for ref, hyp in zip(batch, streamed):
        total += len(ref)
        same += sum(1 for r, h in align(ref, hyp) if r is not None and h is not None and ref[r] == hyp[h])
    return same / max(1, total)


def _ms(values: List[float]) -> Dict[str, float]:
    arr = np.asarray(values) * 1000
    return {"p50": round(float(np.percentile(arr, 50)), 2), "p95": round(float(np.percentile(arr, 95)), 2),
            "mean": round(float(arr.mean()), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, action="append", required=True, help="reference file (repeatable)")
    ap.add_argument("--limit", type=int, default=50, help="documents per file")
    ap.add_argument("--lookahead", type=int, action="append", default=None, help="default: 4, 8, 16")
    ap.add_argument("--early-commit", type=float, default=None, help="also run lookahead 8 with this threshold")
    ap.add_argument("--session-words", type=int, default=9000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--model", default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()

    import torch

    from spacy_u2tf import U2TF
    from spacy_u2tf.evaluation.metrics import evaluate
    from spacy_u2tf.evaluation.runner import load_examples

    torch.set_num_threads(args.threads)
    tf = U2TF.from_pretrained(args.model)
    runs = [(k, None) for k in (args.lookahead or [4, 8, 16])]
    if args.early_commit is not None:
        runs.append((8, args.early_commit))
    report: Dict[str, Any] = {"threads": args.threads, "model": args.model or "u2tf-default"}
    pool: List[str] = []
    for path in args.data:
        examples, _ = load_examples(path, "auto", "own", args.limit, 0)
        spoken = [ex.spoken for ex in examples]
        pool += [w for doc in spoken for w in doc]
        batch = [r.words for r in tf.process_batch(spoken)]
        scores = evaluate(examples, [" ".join(b) for b in batch])
        entry: Dict[str, Any] = {"documents": len(examples), "words": sum(map(len, spoken)),
                                 "batch": {k: scores.get(k) for k in SCORES}}
        for lookahead, early in runs:
            docs = [stream_document(tf, words, lookahead, early) for words in spoken]
            streamed = [d["words"] for d in docs]
            scores = evaluate(examples, [" ".join(s) for s in streamed])
            delays = [x for d in docs for x in d["delays"]]
            key = f"lookahead_{lookahead}" + (f"_early_{early}" if early is not None else "")
            entry[key] = {
                "identical_words": round(agreement(batch, streamed), 4),
                **{k: scores.get(k) for k in SCORES},
                "ms_per_pushed_word": _ms([x for d in docs for x in d["push_s"]]),
                "ms_per_committed_word": _ms([x for d in docs for x in d["commit_s"]]),
                "mean_delay_words": round(float(np.mean(delays)), 2),
                "mean_delay_words_before_flush": round(float(np.mean(
                    [x for d in docs for x in d["delays"][:len(d["delays"]) - d["flushed"]]])), 2),
            }
            print(path.name, key, entry[key], flush=True)
        report[path.name] = entry

    stream = tf.stream(lookahead=8)
    rss = {"before": round(_rss_mb(), 1)}
    start = time.perf_counter()
    for i in range(args.session_words):
        stream.push(pool[i % len(pool)])
        if (i + 1) % 1000 == 0:
            rss[str(i + 1)] = round(_rss_mb(), 1)
            print(f"session: {i + 1} words, RSS {rss[str(i + 1)]} MB", flush=True)
    stream.flush()
    report["session"] = {"words": args.session_words, "lookahead": 8, "rss_mb": rss,
                         "peak_rss_mb_process": round(_rss_mb("VmHWM"), 1),
                         "seconds": round(time.perf_counter() - start, 1)}
    emit(report, args.json)


if __name__ == "__main__":
    main()
